import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../reports/model.ts';
import { sampleReport } from '../../reports/sample-report.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, parseCheckArgs, reproduceCommand, summaryText } from './check.ts';
import { UsageError } from './usage-error.ts';

describe('disco check options', () => {
  it('has defaults: random seed, 25 runs, 10 s timeout, disco-reports/', () => {
    const o = parseCheckArgs([]);
    expect(o).toMatchObject({ only: [], runs: DEFAULT_RUNS, timeoutMs: DEFAULT_TIMEOUT_MS, reportDir: DEFAULT_REPORT_DIR, readOnly: false, faults: [], list: false, seedGiven: false });
    expect(Number.isInteger(o.seed)).toBe(true);
    expect(o.profile).toBeUndefined();
    expect(DEFAULT_RUNS).toBe(25);
  });

  it('reads every option', () => {
    const o = parseCheckArgs(['--target', 't.yaml', '--only', 'b-auth,B-LIM-1', '--only', 'x', '--seed=-5', '--runs', '7', '--read-only', '--rate', '2.5', '--timeout', '3000', '--report-dir', 'out', '--profile', 'simulator', '--list']);
    expect(o).toMatchObject({ target: 't.yaml', only: ['b-auth', 'B-LIM-1', 'x'], seed: -5, seedGiven: true, runs: 7, readOnly: true, rate: 2.5, timeoutMs: 3000, reportDir: 'out', profile: 'simulator', list: true });
    expect(parseCheckArgs(['--fault', 'b-limit-uncapped', '--fault', 'b-offset-off-by-one']).faults).toEqual(['b-limit-uncapped', 'b-offset-off-by-one']);
  });

  it.each([
    [['--runs', '0'], '--runs must be an integer from 1 to 100000, got 0'],
    [['--runs', '2.5'], '--runs must be an integer'],
    [['--seed', 'abc'], '--seed must be an integer'],
    [['--seed', '99999999999'], '--seed must be an integer'],
    [['--timeout', '10'], '--timeout must be an integer from 100'],
    [['--profile', 'loose'], '--profile must be spec or simulator'],
    [['--rate', '0'], '--rate must be a number of requests per second above 0'],
    [['--rate', 'fast'], '--rate must be'],
    [['--fault', 'no-such-fault'], 'unknown fault no-such-fault'],
    [['--fault', 'b-limit-uncapped', '--target', 'x.yaml'], '--fault applies to the embedded simulator only'],
    [['--report-dir', ' '], '--report-dir must not be empty'],
    [['extra'], 'check takes no positional arguments'],
  ])('refuses %j', (args, message) => {
    expect(() => parseCheckArgs(args)).toThrow(UsageError);
    expect(() => parseCheckArgs(args)).toThrow(message);
  });

  it('refuses unknown options (node:util parseArgs, mapped to exit 2 by bin/disco.ts)', () => {
    expect(() => parseCheckArgs(['--bogus'])).toThrow(/bogus/);
  });
});

describe('reproduce command', () => {
  it('repeats exactly what selects the checks and drives the properties', () => {
    const o = parseCheckArgs(['--target', 'my target.yaml', '--only', 'b-auth', '--seed', '12', '--runs', '3', '--read-only', '--rate', '1', '--report-dir', 'x']);
    expect(reproduceCommand(o, 'spec')).toBe("disco check --target 'my target.yaml' --only b-auth --seed 12 --runs 3 --read-only");
    const embedded = parseCheckArgs(['--seed', '1', '--fault', 'b-limit-uncapped', '--profile', 'spec']);
    expect(reproduceCommand(embedded, 'spec')).toBe('disco check --seed 1 --runs 25 --profile spec --fault b-limit-uncapped');
  });
});

describe('summary lines', () => {
  it('give the outcome, counts, each failed clause, the seed, the reproduce command and the reports', () => {
    const report: RunReport = sampleReport();
    const text = summaryText(report, 'disco check --seed 42 --runs 25', { html: '/x/report.html', junit: '/x/junit.xml', json: '/x/result.json', markdown: '/x/summary.md', certification: '/x/certification.json' });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^disco check: FAIL: 5 checks against staging <eu> & "friends" in 11\.0 s \(profile spec\)$/);
    expect(text).toMatch(/ {2}FAILED {2}B-LIM-2 {5}b-lim\/page-size: a page held 150 invoices/);
    expect(text).toMatch(/ {2}ERROR {3}B-JOB-1 {5}b-job\/create: POST/);
    expect(text).toContain('advisory (gap clauses, not binding in the spec profile): B-GAP-3');
    expect(text).toContain('LEFT OVER on the target (created by this run, could not be removed): 1');
    expect(text).toContain('  seed 42, 25 runs per property, run id a1b2c3d4');
    expect(text).toContain('  reproduce: disco check --seed 42 --runs 25');
    expect(lines.slice(-5)).toEqual(['  reports: /x/report.html', '           /x/junit.xml', '           /x/result.json', '           /x/summary.md', '           /x/certification.json']);
  });
});
