import { describe, expect, it } from 'vitest';
import type { RunReport } from './model.ts';
import { sampleReport } from './testing/sample-report.ts';
import { summaryText } from './terminal-summary.ts';

describe('summary lines', () => {
  it('give the outcome, counts, each failed clause, the seed, the reproduce command and the reports', () => {
    const report: RunReport = sampleReport();
    const text = summaryText(report, 'disco check --seed 42 --runs 25', { html: '/x/report.html', junit: '/x/junit.xml', json: '/x/result.json', markdown: '/x/summary.md', certification: '/x/certification.json' });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('disco check: FAIL: 5 checks against staging <eu> & "friends" in 11.0 s (profile spec): a must clause failed');
    expect(lines[2]).toBe('  clauses: 1 passed, 1 failed, 1 errored, 52 not verified, 1 advisory');
    expect(text).toMatch(/ {2}FAILED {7}B-LIM-2 {5}b-lim\/page-size: a page held 150 invoices/);
    expect(text).toMatch(/ {2}ERROR {8}B-JOB-1 {5}b-job\/create: POST/);
    expect(text).toMatch(/ {2}NOT VERIFIED A-AUTH-4 {4}a-auth\/expiry: needs the simulator control API/);
    expect(text).toMatch(/ {2}\.\.\. and \d+ more: see the report/);
    expect(text).toContain("advisory (differ from the simulator's conventions; gap clauses, never failures in the spec profile): B-GAP-3");
    expect(text).toContain('LEFT OVER on the target (created by this run, could not be removed): 1');
    expect(text).toContain('  seed 42, 25 runs per property, run id a1b2c3d4');
    expect(text).toContain('  reproduce: disco check --seed 42 --runs 25');
    expect(lines.slice(-5)).toEqual(['  reports: /x/report.html', '           /x/junit.xml', '           /x/result.json', '           /x/summary.md', '           /x/certification.json']);
  });
});
