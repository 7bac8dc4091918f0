import { describe, expect, it } from 'vitest';
import { startSimulator } from './index.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';

/** The options `disco serve` has that a test suite starting the simulator in-process needs as much: job pace, key prefix, id numbering. */
describe('startSimulator options shared with disco serve', () => {
  it('keyPrefix, idNumbering and jobPace do what their serve flags do', async () => {
    const sim = await startSimulator({ clock: 'frozen', keyPrefix: 'acme', idNumbering: 'account', jobPace: 0.1 });
    try {
      const [first, second] = sim.accounts;
      // Keys with the prefix, which interface A takes.
      const admin = first!.pipeline_keys.find((k) => k.admin)!.key;
      expect(admin).toMatch(/^acme_[A-Za-z0-9]{40}$/);
      expect((await fetch(`${sim.interfaceA}/pipelines`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
      // Each account numbers its own records from the same start.
      expect(first!.package_ids[0]).toBe(second!.package_ids[0]);
      // A job's 35 s take 3.5 s of simulator time.
      const headers = { accept: VENDOR_MEDIA_TYPE, authorization: `Basic ${Buffer.from(`${first!.users[0]!.api_key}:`).toString('base64')}`, 'content-type': 'application/json' };
      const made = (await (await fetch(`${sim.interfaceB()}/jobs`, { method: 'POST', headers, body: JSON.stringify({ cluster_id: first!.cluster_ids[0], package_id: first!.package_ids[0] }) })).json()) as { id: number };
      await sim.control.clock.advance(3_600);
      const job = (await (await fetch(`${sim.interfaceB()}/jobs/${made.id}`, { headers })).json()) as { status: string };
      expect(job.status).toBe('completed');
    } finally {
      await sim.close();
    }
  });

  it.each([
    [{ jobPace: 0 }, /jobPace must be a number above 0 and at most 100/],
    [{ keyPrefix: 'a_b' }, /keyPrefix must be letters and digits/],
    [{ idNumbering: 'per-user' as 'account' }, /idNumbering must be simulator or account/],
  ])('refuses %o as serve refuses its flag', async (options, said) => {
    await expect(startSimulator(options)).rejects.toThrow(said);
  });
});
