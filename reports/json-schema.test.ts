import { describe, expect, it } from 'vitest';
import { runResultValidator } from './schema.ts';
import { renderReports } from './write.ts';
import { sampleReport, SAMPLE_SECRET } from './testing/sample-report.ts';
import type { SuiteVersion } from './suite-version.ts';

const suite: SuiteVersion = { name: 'disco', version: '0.1.0' };

describe('run-result.schema.json', () => {
  const validate = runResultValidator();

  it('accepts the JSON report of a run, as written', () => {
    const { files } = renderReports(sampleReport(), { secrets: [SAMPLE_SECRET], suite });
    const ok = validate(JSON.parse(files.json));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('accepts an interrupted run in the simulator profile with a rate', () => {
    const report = sampleReport({ interrupted: 'SIGINT', profile: 'simulator', options: { only: ['b-auth'], readOnly: true, rate: 5, timeoutMs: 2000, allowIncomplete: true } });
    expect(validate(JSON.parse(JSON.stringify(report)))).toBe(true);
  });

  it('accepts a run that halted, with its reason, and refuses a reason that is no text', () => {
    const halted = (reason: unknown) => validate({ ...JSON.parse(JSON.stringify(sampleReport())), halted: reason });
    expect(halted("the target's ids reach the ids the run takes by default for ones that name nothing")).toBe(true);
    expect(halted(true)).toBe(false);
  });

  it('accepts what a target document declared, the absent ids among it, and refuses a half range', () => {
    const declared = (absentIds: Record<string, number>) => {
      const report = JSON.parse(JSON.stringify(sampleReport())) as { target: Record<string, unknown> };
      report.target.declared = { interface_b: { paging: { offset: 'start' } }, permissions: ['rotate_api_key'], absent_ids: absentIds };
      return validate(report);
    };
    expect(declared({ min: 1000, max: 999_999_999 })).toBe(true);
    const hooks = [{ type: 'http', settings: { endpoint: 'https://h.example.invalid/x' }, events: ['job:*'] }, { type: 'mail', settings: { emails: 'o@h.example.invalid' }, events: ['job:*'] }];
    const report = JSON.parse(JSON.stringify(sampleReport())) as { target: Record<string, unknown> };
    report.target.declared = { interface_b: { hooks } };
    expect(validate(report)).toBe(true);
    expect(declared({ min: 1000 })).toBe(false);
  });

  it('refuses what the contract does not allow', () => {
    const bad = (mutate: (r: Record<string, unknown>) => void) => {
      const r = JSON.parse(JSON.stringify(sampleReport())) as Record<string, unknown>;
      mutate(r);
      return validate(r);
    };
    expect(bad((r) => ((r.checks as Record<string, unknown>[])[0]!.verdict = 'passed'))).toBe(false);
    expect(bad((r) => ((r.checks as Record<string, unknown>[])[1]!.failures = []))).toBe(false);
    expect(bad((r) => (r.exitCode = 4))).toBe(false);
    expect(bad((r) => (r.outcome = 'pass'))).toBe(false);
    expect(bad((r) => ((r.clauses as Record<string, unknown>[])[0]!.verdict = 'skip'))).toBe(false);
    expect(bad((r) => ((r.clauses as Record<string, unknown>[])[0]!.id = 'b-auth-1'))).toBe(false);
    expect(bad((r) => (r.extra = true))).toBe(false);
    expect(bad((r) => delete r.summary)).toBe(false);
  });
});
