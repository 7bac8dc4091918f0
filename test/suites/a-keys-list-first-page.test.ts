import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * a-keys/management-conventions reads one page of the key list (the simulator's convention lists
 * the newest key first). A list oldest first holds the new key on a later page (the sixth freedom
 * audit's variation 14): the failure says it was not on the first page read, not that the list
 * lacks it. Here a front leaves the newest key off the first page and says more follow.
 */
const newestOnLaterPage = rewriting((req, reply) => {
  if (req.method !== 'GET' || req.url !== '/api/public/v1/api-keys' || reply.status !== 200) return undefined;
  const body = JSON.parse(reply.body) as { items: unknown[]; pagination: Record<string, unknown> };
  return { body: JSON.stringify({ items: body.items.slice(1), pagination: { ...body.pagination, has_more: true, next_page: 2 } }) };
});

describe('a-keys/management-conventions with the new key past the first page', () => {
  it('says the key was not on the first page read', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/management-conventions'], front: newestOnLaterPage, seed: 7, runs: 2 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/^GET \/api-keys does not list the key just created on its first page, the one read \(\d+ items; its answer says more follow\): the convention lists the newest key first$/);
  });
});
