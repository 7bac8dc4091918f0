import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { CheckResult } from '../../suites/lib/types.ts';

/*
 * A deployment takes several hook types, each with settings of its own that no run can invent, so
 * its target document declares one hook of each (`interface_b.hooks`; the alt simulator's
 * description declares http, mail, chat and incident hooks). B-HOOK-1 and B-HOOK-2 make, and
 * reset, a hook of every declared type in every run, however few the cases: a reset that re-salts
 * only some types' hooks (b-hook-reset-some-types: web and slack) fails in both conventions, where
 * it passed off the simulator profile while only the document's first (web) hook was ever reset.
 */

const verdicts = (checks: readonly CheckResult[]) => Object.fromEntries(checks.map((c) => [c.id, c.verdict]));

/** Every hook created through the front, by id: its type as the deployment answered it, and how often it was reset. */
interface Seen {
  types: Map<number, string>;
  resets: Map<number, number>;
}

function recordingHooks(seen: Seen): Front {
  return (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const reset = /\/hooks\/(\d+)\/reset$/.exec(path);
      if (req.method === 'PUT' && reset) seen.resets.set(Number(reset[1]), (seen.resets.get(Number(reset[1])) ?? 0) + 1);
      forward(req.url ?? '/', (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (c: Buffer) => chunks.push(c));
        reply.on('end', () => {
          const text = Buffer.concat(chunks);
          if (req.method === 'POST' && /\/hooks$/.test(path) && (reply.statusCode ?? 0) < 300) {
            try {
              const hook = JSON.parse(text.toString('utf8')) as { id?: unknown; type?: unknown };
              if (typeof hook.id === 'number' && typeof hook.type === 'string') seen.types.set(hook.id, hook.type);
            } catch {
              // Not a hook: nothing to record.
            }
          }
          res.writeHead(reply.statusCode ?? 502, reply.headers).end(text);
        });
      });
    });
}

/** Resets by hook type: the sum over the hooks of each type. */
function resetsByType(seen: Seen): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, type] of seen.types) out[type] = (out[type] ?? 0) + (seen.resets.get(id) ?? 0);
  return out;
}

describe('B-HOOK-1 and B-HOOK-2 cover every hook type a target takes', () => {
  it.each(['alt', 'standard'] as const)('a reset that re-salts only web and slack hooks fails B-HOOK-2 (%s conventions), even with two cases', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ conventions, faults: ['b-hook-reset-some-types'], only: ['b-hook/reset-salt'], seed: 7, runs: 2 });
    expect(verdicts(run.checks)).toEqual({ 'b-hook/reset-salt': 'fail' });
    expect([...run.failedClauses]).toEqual(['B-HOOK-2']);
  });

  it('alt (interface_b.hooks: http, mail, chat, incident): with two cases, every declared type is created and read', { timeout: 60_000 }, async () => {
    const seen: Seen = { types: new Map(), resets: new Map() };
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', only: ['b-hook/create-read'], seed: 7, runs: 2, front: recordingHooks(seen) });
    expect(verdicts(run.checks)).toEqual({ 'b-hook/create-read': 'pass' });
    expect(new Set(seen.types.values())).toEqual(new Set(['http', 'mail', 'chat', 'incident']));
  });

  it('alt: with two cases, a hook of every declared type is reset three times, and passes', { timeout: 60_000 }, async () => {
    const seen: Seen = { types: new Map(), resets: new Map() };
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', only: ['b-hook/reset-salt'], seed: 7, runs: 2, front: recordingHooks(seen) });
    expect(verdicts(run.checks)).toEqual({ 'b-hook/reset-salt': 'pass' });
    const byType = resetsByType(seen);
    expect(Object.keys(byType).sort()).toEqual(['chat', 'http', 'incident', 'mail']);
    for (const count of Object.values(byType)) expect(count).toBeGreaterThanOrEqual(3);
    expect(run.leftovers).toEqual([]);
  });
});
