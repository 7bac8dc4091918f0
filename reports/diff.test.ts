import { describe, expect, it } from 'vitest';
import { diffMarkdown, diffRuns, diffText } from './diff.ts';
import { sampleReport } from './testing/sample-report.ts';
import type { ClauseVerdict, ClauseVerdictValue, RunResult } from '../suites/lib/types.ts';

/** The sample run with some clauses' verdicts (and reasons) set. */
function withVerdicts(run: RunResult, verdicts: Record<string, ClauseVerdictValue>, reason = 'why'): RunResult {
  return { ...run, clauses: run.clauses.map((c): ClauseVerdict => (c.id in verdicts ? { ...c, verdict: verdicts[c.id]!, reasons: verdicts[c.id] === 'pass' ? [] : [reason] } : c)) };
}

describe('disco diff: two runs clause by clause', () => {
  const base = sampleReport();
  const must = base.clauses.filter((c) => c.kind === 'must').map((c) => c.id);
  const [m1, m2, m3, m4] = must;

  it('a binding clause regressed when its verdict got worse (pass, not verified, error, fail), improved when better', () => {
    const before = withVerdicts(base, { [m1!]: 'pass', [m2!]: 'pass', [m3!]: 'fail', [m4!]: 'not-verified' });
    const after = withVerdicts(base, { [m1!]: 'fail', [m2!]: 'not-verified', [m3!]: 'error', [m4!]: 'pass' }, 'the key still worked | twice');
    const d = diffRuns(before, after);
    expect(d.regressed.map((c) => [c.id, c.before, c.after])).toEqual([
      [m1, 'pass', 'fail'],
      [m2, 'pass', 'not-verified'],
    ]);
    expect(d.improved.map((c) => [c.id, c.before, c.after])).toEqual([
      [m3, 'fail', 'error'],
      [m4, 'not-verified', 'pass'],
    ]);
    expect(d.unchanged).toBe(base.clauses.length - 4);
    expect(d.caveats).toEqual([]);
    expect(diffText(d)).toContain(`REGRESSED ${m1!.padEnd(11)} pass -> fail: the key still worked | twice`);
    // Markdown: the target's text cannot break the table.
    expect(diffMarkdown(d)).toContain(`| \`${m1}\` | pass | fail | the key still worked \\| twice |`);
  });

  it('a gap clause that binds in neither run is listed, never a regression', () => {
    const gap = base.clauses.find((c) => c.kind === 'gap' && !c.binding)!;
    const d = diffRuns(withVerdicts(base, { [gap.id]: 'pass' }), withVerdicts(base, { [gap.id]: 'advisory' }));
    expect(d.regressed).toEqual([]);
    expect(d.advisoryChanges.map((c) => c.id)).toEqual([gap.id]);
  });

  it('says when the runs do not compare like for like', () => {
    const other = { ...base, target: { ...base.target, baseUrl: 'https://staging.example' }, profile: 'simulator' as const, tool: { name: 'disco' as const, version: '0.2.0' }, options: { ...base.options, only: ['b-auth'] } };
    expect(diffRuns(base, other).caveats).toEqual([
      expect.stringMatching(/^the runs checked different targets: /),
      'the runs used different profiles: spec, then simulator',
      'the runs used different versions of disco: 0.1.0, then 0.2.0',
      'the runs selected different checks (--only, --skip or --read-only)',
    ]);
  });
});
