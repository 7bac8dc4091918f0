import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, parseCheckArgs, reproduceCommand } from './options.ts';
import { UsageError } from '../commands/usage-error.ts';

describe('disco check options', () => {
  it('has defaults: random seed, 100 runs, 10 s timeout, disco-reports/', () => {
    const o = parseCheckArgs([]);
    expect(o).toMatchObject({ only: [], skip: [], allowIncomplete: false, runs: DEFAULT_RUNS, timeoutMs: DEFAULT_TIMEOUT_MS, reportDir: DEFAULT_REPORT_DIR, readOnly: false, faults: [], list: false, seedGiven: false });
    expect(Number.isInteger(o.seed)).toBe(true);
    expect(o.profile).toBeUndefined();
    expect(DEFAULT_RUNS).toBe(100);
    expect(o.runs).toBe(100);
    // A real target gets fewer cases by default: each one writes to it.
    expect(parseCheckArgs(['--target', 't.yaml']).runs).toBe(25);
  });

  it('reads every option', () => {
    const o = parseCheckArgs(['--target', 't.yaml', '--only', 'b-auth,B-LIM-1', '--only', 'x', '--seed=-5', '--runs', '7', '--read-only', '--rate', '2.5', '--timeout', '3000', '--report-dir', 'out', '--profile', 'simulator', '--list']);
    expect(o).toMatchObject({ target: 't.yaml', only: ['b-auth', 'B-LIM-1', 'x'], seed: -5, seedGiven: true, runs: 7, readOnly: true, rate: 2.5, timeoutMs: 3000, reportDir: 'out', profile: 'simulator', list: true });
    expect(parseCheckArgs(['--fault', 'b-limit-uncapped', '--fault', 'b-offset-off-by-one']).faults).toEqual(['b-limit-uncapped', 'b-offset-off-by-one']);
  });

  it('reads --skip like --only; a subset does not imply --allow-incomplete (its exit code has a rule of its own)', () => {
    expect(parseCheckArgs(['--skip', 'b-hook, B-AUTH-2', '--skip', 'b-hook'])).toMatchObject({ skip: ['b-hook', 'B-AUTH-2'], only: [], allowIncomplete: false });
    expect(parseCheckArgs(['--only', 'b-hook', '--allow-incomplete'])).toMatchObject({ only: ['b-hook'], allowIncomplete: true });
  });

  it.each([
    [['--runs', '0'], '--runs must be an integer from 1 to 100000, got 0'],
    [['--runs', '2.5'], '--runs must be an integer'],
    [['--seed', 'abc'], '--seed must be an integer'],
    [['--seed', '99999999999'], '--seed must be an integer'],
    [['--timeout', '10'], '--timeout must be an integer from 100'],
    [['--profile', 'loose'], '--profile must be spec or simulator'],
    [['--rate', '0'], '--rate must be a number of requests per second from 0.001 to 10000'],
    [['--rate', '1e-300'], '--rate must be a number of requests per second from 0.001 to 10000, got 1e-300'],
    [['--rate', 'fast'], '--rate must be'],
    [['--fault', 'no-such-fault'], 'unknown fault no-such-fault'],
    [['--fault', 'b-limit-uncapped', '--target', 'x.yaml'], '--fault applies to the embedded simulator only'],
    [['--report-dir', ' '], '--report-dir must not be empty'],
    [['extra'], 'check takes no positional arguments'],
    [['--certify', '--only', 'b-auth'], '--certify runs every check; it cannot be combined with --only'],
    [['--certify', '--read-only'], 'cannot be combined with --read-only'],
    [['--certify', '--skip', 'b-hook'], '--certify runs every check; it cannot be combined with --skip'],
    [['--certify', '--allow-incomplete'], 'cannot be combined with --allow-incomplete'],
    [['--sign-key', 'k.pem'], '--sign-key signs certificates: give it with --certify'],
    [['--conventions', 'odd'], '--conventions must be standard or alt'],
    [['--conventions', 'alt', '--target', 'x.yaml'], '--conventions applies to the embedded simulator only'],
    [['--max-failures', '0'], '--max-failures must be an integer from 1 to 100000, got 0'],
    [['--fail-fast', '--max-failures', '2'], '--fail-fast is --max-failures 1: give one of them'],
    [['--certify', '--fail-fast'], '--certify runs every check; it cannot be combined with --fail-fast'],
    [['--certify', '--max-failures', '3'], '--certify runs every check; it cannot be combined with --max-failures'],
    [['--har', 'x.har', '--plan'], '--har records the exchanges of a run; --plan sends none'],
    [['--har', ' '], '--har must name a file'],
    [['--certify', '--last-failed'], '--certify runs every check; it cannot be combined with --last-failed'],
    [['--wait', '4000'], '--wait must be an integer from 0 to 3600, got 4000'],
    // An unset variable in CI must not widen the run: not the embedded simulator, not every check.
    [['--target', ''], '--target must name a target document (it is empty)'],
    [['--only', ''], '--only names no check (it is empty)'],
    [['--only', ',, ,'], '--only names no check (it is empty)'],
    [['--skip', ''], '--skip names no check (it is empty)'],
    // The HAR is written over what is there: never the target, the signing key or a report.
    [['--target', 't.json', '--har', './t.json'], '--har ./t.json would be written over the target document (--target)'],
    [['--certify', '--sign-key', 'k.pem', '--har', 'k.pem'], 'would be written over the signing key (--sign-key)'],
    [['--report-dir', 'out', '--har', 'out/result.json'], 'would be written over a report of the run (result.json in --report-dir)'],
  ])('refuses %j', (args, message) => {
    expect(() => parseCheckArgs(args)).toThrow(UsageError);
    expect(() => parseCheckArgs(args)).toThrow(message);
  });

  it('reads --no-shrink (shrinking is on without it) and repeats it in the command that reproduces the run', () => {
    expect(parseCheckArgs([]).shrink).toBe(true);
    expect(parseCheckArgs(['--no-shrink']).shrink).toBe(false);
    expect(reproduceCommand(parseCheckArgs(['--no-shrink', '--seed', '3']), 'simulator')).toBe('disco check --seed 3 --runs 100 --no-shrink');
    expect(reproduceCommand(parseCheckArgs(['--seed', '3']), 'simulator')).not.toContain('--no-shrink');
  });

  it('reads --max-failures, --fail-fast (one), --har and --wait', () => {
    expect(parseCheckArgs(['--max-failures', '3']).maxFailures).toBe(3);
    expect(parseCheckArgs(['--fail-fast']).maxFailures).toBe(1);
    expect(parseCheckArgs([]).maxFailures).toBeUndefined();
    expect(parseCheckArgs(['--har', 'run.har']).har).toBe('run.har');
    expect(parseCheckArgs(['--wait', '120']).waitSeconds).toBe(120);
    expect(parseCheckArgs([]).waitSeconds).toBeUndefined();
  });

  it('reads --last-failed and whether --seed and --runs were given, which it then keeps', () => {
    expect(parseCheckArgs(['--last-failed'])).toMatchObject({ lastFailed: true, allowIncomplete: false, seedGiven: false, runsGiven: false });
    expect(parseCheckArgs(['--last-failed', '--seed', '9', '--runs', '4'])).toMatchObject({ seed: 9, seedGiven: true, runs: 4, runsGiven: true });
    expect(parseCheckArgs([])).toMatchObject({ lastFailed: false, allowIncomplete: false });
  });

  it('reads --certify, --sign-key and --plan', () => {
    expect(parseCheckArgs(['--certify', '--sign-key', 'k.pem'])).toMatchObject({ certify: true, signKey: 'k.pem', plan: false, allowIncomplete: false });
    expect(parseCheckArgs(['--plan', '--target', 't.yaml'])).toMatchObject({ plan: true, certify: false });
    expect(reproduceCommand(parseCheckArgs(['--certify', '--seed', '3']), 'simulator')).toContain('--certify');
  });

  it('refuses unknown options (node:util parseArgs, mapped to exit 2 by bin/disco.ts)', () => {
    expect(() => parseCheckArgs(['--bogus'])).toThrow(/bogus/);
  });
});

describe('reproduce command', () => {
  it('repeats exactly what selects the checks and drives the properties', () => {
    const o = parseCheckArgs(['--target', 'my target.yaml', '--only', 'b-auth', '--seed', '12', '--runs', '3', '--read-only', '--rate', '1', '--serial', '--report-dir', 'x']);
    expect(reproduceCommand(o, 'spec')).toBe("disco check --target 'my target.yaml' --only b-auth --seed 12 --runs 3 --read-only --serial");
    expect(reproduceCommand(parseCheckArgs(['--only', 'b', '--skip', 'b-hook/signed-delivery,B-AUTH-2', '--seed', '4']), 'simulator')).toBe('disco check --only b --skip b-hook/signed-delivery,B-AUTH-2 --seed 4 --runs 100');
    const embedded = parseCheckArgs(['--seed', '1', '--fault', 'b-limit-uncapped', '--profile', 'spec']);
    expect(reproduceCommand(embedded, 'spec')).toBe('disco check --seed 1 --runs 100 --profile spec --fault b-limit-uncapped');
  });
});
