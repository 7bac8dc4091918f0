import { describe, expect, it } from 'vitest';
import { buildRunReport, type RunFacts } from './run-report.ts';

const facts = (interrupted?: 'SIGINT' | 'SIGTERM'): RunFacts => ({
  target: { name: 't' },
  profile: 'spec',
  seed: 1,
  runs: 1,
  options: { only: [], readOnly: false, timeoutMs: 1000, allowIncomplete: false },
  checks: [],
  unselected: [],
  leftovers: [],
  runId: 'r',
  startedAt: new Date(0),
  finishedAt: new Date(1000),
  durationMs: 1000,
  ...(interrupted ? { interrupted } : {}),
});

describe('the report\'s exit code', () => {
  it('is the one the process ends with: 130 after SIGINT, 143 after SIGTERM, whatever the outcome', () => {
    expect(buildRunReport(facts()).exitCode).toBe(3);
    expect(buildRunReport(facts('SIGINT')).exitCode).toBe(130);
    expect(buildRunReport(facts('SIGTERM')).exitCode).toBe(143);
  });
});

describe('the outcome sentence of an ERROR run', () => {
  it('counts the binding clauses it could not verify, not the gap clauses of another deployment', async () => {
    const { sampleReport } = await import('./testing/sample-report.ts');
    const { outcomeSentence } = await import('./model.ts');
    const report = { ...sampleReport(), outcome: 'error' as const, exitCode: 2 as const };
    report.clauses = report.clauses.map((c) => (c.id === 'B-AUTH-1' || c.id === 'B-GAP-1' ? { ...c, verdict: 'error' as const } : c));
    const errored = report.clauses.filter((c) => c.verdict === 'error');
    expect(errored.some((c) => !c.binding)).toBe(true);
    report.summary = { ...report.summary, error: errored.length };
    const binding = errored.filter((c) => c.binding).length;
    expect(outcomeSentence(report)).toBe(`no must clause failed, but the target did not answer well enough to verify ${binding} of them`);
  });
});
