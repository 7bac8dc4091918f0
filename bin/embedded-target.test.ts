import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTarget, type EmbeddedTarget } from './embedded-target.ts';

const ACCEPT = 'application/vnd.service+json; version=2';

describe('embedded target', () => {
  let embedded: EmbeddedTarget;
  beforeAll(async () => {
    embedded = await startEmbeddedTarget();
  });
  afterAll(async () => {
    await embedded?.close();
  });

  it('listens on loopback and provisions two accounts with every fixture', () => {
    const t = embedded.target;
    expect(t.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.cdcBaseUrl).toBe(t.baseUrl);
    expect(t.controlUrl).toBe(`${t.baseUrl}/_disco`);
    expect(t.keyPrefix).toBe('fdk');
    expect(t.b.map((b) => b.accountId)).toEqual(['disco-one', 'disco-two']);
    for (const [i, b] of t.b.entries()) {
      expect(b.fixtures.package_id).toEqual(expect.any(Number));
      expect(b.fixtures.cluster_id).toEqual(expect.any(Number));
      // The seed's package whose jobs fail (broken-export), another than the fixture package.
      expect(b.fixtures.failing_package_id).toEqual(expect.any(Number));
      expect(b.fixtures.failing_package_id).not.toBe(b.fixtures.package_id);
      expect(Object.keys(b.fixtures.connections ?? {}).sort()).toEqual(['adwords', 'analytics', 'bingads', 'facebookadsinsights', 'mysql', 'postgres', 's3', 'salesforce', 'sftp']);
      expect(b.fixtures.delivery_ids).toHaveLength(3);
      // More unread than a page of them (B-NTF-1's mark of all): 44 and 28, every fourth read.
      expect(b.fixtures.notification_ids).toHaveLength([44, 28][i]!);
      expect(t.a[i]?.adminKey).toMatch(/^fdk_/);
      expect(t.a[i]?.nonAdminKey).toMatch(/^fdk_/);
    }
  });

  it('gives keys that work on interface B, and 250 invoices to the first account', async () => {
    const [one, two] = embedded.target.b;
    if (!one || !two) throw new Error('two accounts expected');
    const auth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const user = await fetch(`${embedded.target.baseUrl}/${one.accountId}/api/user`, { headers: { accept: ACCEPT, authorization: auth(one.apiKey) } });
    expect(user.status).toBe(200);
    const snapshot = (await (await fetch(`${embedded.target.controlUrl}/accounts/${one.accountId}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(snapshot)).toContain('250');
    const page = await fetch(`${embedded.target.baseUrl}/${two.accountId}/api/invoices?limit=100`, { headers: { accept: ACCEPT, authorization: auth(two.apiKey) } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBe(12);
  });

  it('starts with the requested faults', async () => {
    const faulty = await startEmbeddedTarget({ faults: ['b-limit-uncapped'] });
    try {
      const health = (await (await fetch(`${faulty.target.controlUrl}/health`)).json()) as { faults: string[] };
      expect(health.faults).toEqual(['b-limit-uncapped']);
      expect(faulty.target.name).toContain('b-limit-uncapped');
    } finally {
      await faulty.close();
    }
  });
});
