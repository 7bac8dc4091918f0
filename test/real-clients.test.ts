import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';

/**
 * The header shapes the real service's own clients send (read from xplenty/xplenty.py,
 * xplenty.rb and xplenty.jar), byte for byte, against the lenient profile; the strict profile
 * keeps refusing what the spec does not allow.
 */

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** What each client puts on the wire. */
function clientHeaders(key: string): Record<string, { headers: Record<string, string>; bodyType: string }> {
  return {
    // xplenty.py (Python 3 version): base64 of the key alone, Accept without a semicolon.
    'xplenty.py': { headers: { authorization: `Basic ${b64(key)}`, accept: 'application/vnd.xplenty+json version=2' }, bodyType: 'application/json' },
    // xplenty.rb: Base64.encode64 of the key alone (newline stripped), the type with "; version=N" when given.
    'xplenty.rb': { headers: { authorization: `Basic ${b64(key)}`, accept: 'application/vnd.xplenty+json; version=2', 'user-agent': 'xplenty-rb/0.1.0' }, bodyType: 'application/json' },
    // xplenty.jar: Jersey's HTTPBasicAuthFilter(key, ""), no version by default, bodies as the vendor type.
    'xplenty.jar': { headers: { authorization: `Basic ${b64(`${key}:`)}`, accept: 'application/vnd.xplenty+json' }, bodyType: 'application/vnd.xplenty+json' },
  };
}

describe('the real clients\' header shapes', () => {
  let lenient: RunningSimulator;
  let strict: RunningSimulator;
  beforeAll(async () => {
    lenient = await startSimulator({ profile: 'lenient' });
    strict = await startSimulator({ profile: 'strict' });
  });
  afterAll(async () => {
    await lenient.close();
    await strict.close();
  });

  it.each(['xplenty.py', 'xplenty.rb', 'xplenty.jar'])('%s: its reads, a job run and stopped, and its rate-limit call work on the lenient profile', async (client) => {
    const account = lenient.accounts[0]!;
    const { headers, bodyType } = clientHeaders(account.users[0]!.api_key)[client]!;
    const base = lenient.interfaceB();
    const limits = await fetch(`${base}/rate_limit_status`, { headers });
    expect(limits.status).toBe(200);
    const { limits: l } = (await limits.json()) as { limits: { limit: number; remaining: number } };
    expect(l.limit).toBe(5000);
    expect(l.remaining).toBeLessThan(5000);
    for (const path of ['/clusters', '/jobs', '/packages?offset=0&limit=20', `/packages/${account.package_ids[0]}`]) expect((await fetch(`${base}${path}`, { headers })).status, path).toBe(200);
    const run = await fetch(`${base}/jobs`, { method: 'POST', headers: { ...headers, 'content-type': bodyType }, body: JSON.stringify({ cluster_id: account.cluster_ids[0], package_id: account.package_ids[0], variables: {}, dynamic_variables: {} }) });
    expect(run.status).toBe(201);
    const { id } = (await run.json()) as { id: number };
    expect((await fetch(`${base}/jobs/${id}`, { method: 'DELETE', headers })).status).toBe(200);
  });

  it('the strict profile refuses those shapes (406), and every profile refuses another version', async () => {
    const key = strict.accounts[0]!.users[0]!.api_key;
    for (const { headers } of Object.values(clientHeaders(key))) expect((await fetch(`${strict.interfaceB()}/clusters`, { headers })).status).toBe(406);
    const v1 = { authorization: `Basic ${b64(`${lenient.accounts[0]!.users[0]!.api_key}:`)}`, accept: 'application/vnd.xplenty+json; version=1' };
    expect((await fetch(`${lenient.interfaceB()}/clusters`, { headers: v1 })).status).toBe(406);
  });

  it('GET /rate_limit_status counts the caller\'s own window, per user', async () => {
    const key = lenient.accounts[1]!.users[0]!.api_key;
    const headers = { authorization: `Basic ${b64(`${key}:`)}`, accept: 'application/vnd.service+json; version=2' };
    const first = (await (await fetch(`${lenient.interfaceB(lenient.accounts[1]!.account_id)}/rate_limit_status`, { headers })).json()) as { limits: { remaining: number; reset_at: string } };
    const second = (await (await fetch(`${lenient.interfaceB(lenient.accounts[1]!.account_id)}/rate_limit_status`, { headers })).json()) as { limits: { remaining: number } };
    expect(second.limits.remaining).toBe(first.limits.remaining - 1);
    expect(first.limits.reset_at).toMatch(/Z$/);
  });
});
