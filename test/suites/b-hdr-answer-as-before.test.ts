import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A connection rename applied but answered with another name (the twelfth freedom audit's fh
 * variation 7: the connection as it was before). B-HDR-1 judges whether a JSON body was read and
 * applied: the answer alone does not tell, so b-hdr reads the connection back before blaming the
 * body's media type or framing. b-conn/rename still fails B-CONN-2 on the answer (left arguable),
 * saying what it saw rather than guessing the name was cut short.
 */

/** The rename's answer names the connection by the first 12 characters of the name sent; the simulator stores the whole name. */
const answeredShort = rewriting((req, reply) => {
  if (req.method !== 'PUT' || !/\/api\/connections\/[^/]+\/\d+$/.test((req.url ?? '').split('?')[0] ?? '') || reply.status >= 300) return undefined;
  const body = JSON.parse(reply.body) as Record<string, unknown>;
  const record = (typeof body.connection === 'object' && body.connection !== null ? body.connection : body) as Record<string, unknown>;
  if (typeof record.name === 'string') record.name = record.name.slice(0, 12);
  return { body: JSON.stringify(body) };
});

async function checkOf(id: string) {
  const run = await runSuitesAgainstSimulator({ only: [id], front: answeredShort });
  return run.checks.find((c) => c.id === id)!;
}

describe('a rename applied and answered with another name', () => {
  it.each(['b-hdr/json-media-type-on-every-write', 'b-hdr/chunked-body'])('%s does not charge B-HDR-1: the connection read back holds the name sent', { timeout: 90_000 }, async (id) => {
    const check = await checkOf(id);
    expect(check.verdict, describeChecks([check])).toBe('pass');
  });

  it('b-conn/rename fails B-CONN-2 saying the read shows the name sent, not that it was cut short', { timeout: 90_000 }, async () => {
    const check = await checkOf('b-conn/rename');
    expect(check.verdict).toBe('fail');
    const message = check.failures.find((f) => f.clause === 'B-CONN-2')?.message ?? '';
    expect(message).toContain('a read afterwards shows the name sent');
    expect(message).not.toContain('characters sent, its first');
  });
});
