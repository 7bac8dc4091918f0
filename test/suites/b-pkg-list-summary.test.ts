import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-pkg/read holds GET /packages/{package_id} to at least what GET /packages (an extension)
 * shows of the same package. The list's rows are the deployment's to shape: a summary with a
 * field as a count (`"variables": 2`) or a text cut to an excerpt is no loss (the eighteenth
 * freedom audit's v1 and v2 failed B-PKG-1 for both); a member of an object the list shows and
 * the read lacks is (audit 16's mutation 17: the detail's variables `{}`).
 */
describe('b-pkg/read against a deployment whose package list shows summaries', () => {
  const summarised = rewriting((req, reply) => {
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/packages(\?|$)/.test(req.url ?? '') || reply.status !== 200) return undefined;
    const rows = JSON.parse(reply.body) as Record<string, unknown>[];
    return {
      body: JSON.stringify(rows.map((row) => ({
        ...row,
        variables: row.variables !== null && typeof row.variables === 'object' ? Object.keys(row.variables).length : row.variables,
        description: typeof row.description === 'string' && row.description.length > 8 ? `${row.description.slice(0, 8)}…` : row.description,
      }))),
    };
  });

  it('passes, noting the fields shown otherwise', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-pkg/read'], profile: 'spec', seed: 7, front: summarised });
    const check = run.checks.find((c) => c.id === 'b-pkg/read')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/GET \/packages shows .*variables.* otherwise than its read/);
  });

  it('still fails a read lacking a variable the list shows', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-pkg/read'], profile: 'spec', seed: 7, faults: ['b-package-detail-without-variables'] });
    const check = run.checks.find((c) => c.id === 'b-pkg/read')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`).join('\n')).toMatch(/B-PKG-1: GET \/packages\/\d+ lacks variables\.\w+, which GET \/packages lists/);
  });
});
