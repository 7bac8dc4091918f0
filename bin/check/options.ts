import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { join, resolve as resolvePath } from 'node:path';
import { isFaultName, type FaultName } from '../../simulator/faults.ts';
import { isConventionsName, type ConventionsName } from '../../simulator/conventions.ts';
import { shellQuote } from '../../suites/lib/curl.ts';
import type { Profile } from '../../suites/lib/types.ts';
import { UsageError } from '../commands/usage-error.ts';
import { parseOnly } from './select.ts';
import { REPORT_FILES } from '../../reports/write.ts';

/** Stage 1 of `disco check`: what the user asked for, validated, and the help that explains it. */

/** Cases per property against the embedded simulator. */
export const DEFAULT_RUNS = 100;
/**
 * Against a real target (--target) each case is real writes, some of which cannot be undone
 * (archived pipelines, connection groups, notifications marked read): a quarter of the cases by
 * default, and --runs for more.
 */
export const DEFAULT_TARGET_RUNS = 25;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_REPORT_DIR = 'disco-reports';

export const checkHelp = `disco check: run the conformance checks against a target, write reports

  --target FILE       target document (JSON or YAML: base URLs, accounts, keys, fixture ids);
                      without it, an embedded simulator is started and provisioned
  --only LIST         comma-separated (repeatable): clause ids (B-AUTH-1), clause families
                      (B-AUTH, A), check families (b-auth) or check ids (b-auth/unknown-keys-refused);
                      a clause selects the checks that verify it and those that can fail it
  --skip LIST         the same tokens: leave those checks out (a known failure quarantined);
                      their clauses are reported not selected, never passed
  --last-failed       run again only the checks that failed or errored in the runs in
                      --report-dir and have not passed since (its last-failed.json), with the
                      last run's seed and runs (unless --seed or --runs is given), so its
                      failures come back as they were
  --seed N            fast-check seed (default: random, printed; the same seed reproduces a run)
  --runs N            cases per property (default ${DEFAULT_RUNS}; ${DEFAULT_TARGET_RUNS} with --target, where every
                      case writes to a real deployment)
  --read-only         run no check that creates, changes or deletes anything
  --rate N            at most N requests per second
  --timeout MS        per-request timeout (default ${DEFAULT_TIMEOUT_MS})
  --wait SECONDS      a target that does not answer yet (a deployment still starting), or answers
                      its API paths 5xx, is asked again until it is ready or SECONDS have passed,
                      instead of ending the run at once (exit 2)
  --serial            one check at a time, in order (default: the interface A and interface B
                      checks run side by side, each interface's in order; checks that use both
                      interfaces, the control API or time responses run alone)
  --report-dir DIR    where reports go (default ${DEFAULT_REPORT_DIR}/): report.html, junit.xml,
                      result.json, summary.md, certification.json
  --max-failures N    start no further check once N checks have failed (those left are reported
                      not run, their clauses not verified); --fail-fast is --max-failures 1
  --no-shrink         a failing property reports its first failing case instead of shrinking it
                      to a smaller one (shrinking repeats the case's requests many times over):
                      the same verdicts, sooner, with larger counterexamples
  --har FILE          also write every exchange of the run to FILE as an HTTP Archive (HAR 1.2,
                      redacted like the reports, bodies past 64 KiB clipped; 0600), each entry
                      naming its check and clauses; a request that got no answer has status 0
  --profile P         spec (gap clauses advisory; default with --target and with --conventions
                      alt) | simulator (gap clauses binding; default for the embedded simulator)
  --conventions C     embedded simulator only: standard (the real service's choices, default) or
                      alt (another deployment's choices wherever the spec leaves them open,
                      checked without the control API, as a real deployment is)
  --fault NAME        embedded simulator only: switch on a fault (repeatable; self-tests)
  --allow-incomplete  exit 0 when no must clause failed but some were not verified; a subset
                      (--only, --skip, --last-failed) ends 0 without it when only the clauses of
                      the checks it left out are not verified
  --certify           a certification run: every check (refuses --only, --skip, --last-failed,
                      --read-only, --allow-incomplete and --max-failures); certification.json
                      is a certificate (certified: true) only when the outcome is CONFORMANT
  --sign-key FILE     with --certify: sign the certificate with this Ed25519 private key (PEM;
                      disco keygen makes one); disco verify-cert --public-key checks it
  --list              print the checks (with --only or --skip: the selected ones) and their clauses
  --plan              print what the run would do to the target (writes by endpoint and count,
                      what cannot be undone, what would be skipped) without sending it anything:
                      the run is rehearsed on an embedded simulator shaped like the target document

Exit codes: 0 CONFORMANT, every must clause (simulator profile: every clause) verified and
passed; 1 FAIL, one failed; 2 ERROR, the run could not be done (bad options or target file,
target unreachable or redirecting its API, a clause unverifiable for transport errors or a
halted run); 3 INCOMPLETE, none failed but some were not verified (0 with --allow-incomplete,
and 0 for --only, --skip or --last-failed when only what they left out is not verified); 130 / 143
interrupted by Ctrl-C / SIGTERM (reports still written).
`;

export interface CheckOptions {
  target?: string;
  only: string[];
  /** Checks left out by `--skip` (same tokens as `--only`). */
  skip: string[];
  seed: number;
  seedGiven: boolean;
  runs: number;
  runsGiven: boolean;
  /** Run only what failed or errored in the report folder's last run, with its seed and runs (`--last-failed`, bin/check/last-failed.ts). */
  lastFailed: boolean;
  readOnly: boolean;
  rate?: number;
  /** One check at a time instead of the two interface lanes. */
  serial: boolean;
  timeoutMs: number;
  reportDir: string;
  /** How long to wait for a target that does not answer yet (`--wait`). */
  waitSeconds?: number;
  /** Start no further check once this many checks have failed (`--max-failures`, `--fail-fast`: 1). */
  maxFailures?: number;
  /** false (`--no-shrink`): failing properties are not shrunk. */
  shrink: boolean;
  /** Where every exchange of the run is written, as an HTTP Archive (`--har`). */
  har?: string;
  profile?: Profile;
  faults: FaultName[];
  /** The embedded simulator's conventions. */
  conventions: ConventionsName;
  /** --allow-incomplete: exit 0 rather than 3 whenever the run is incomplete (a subset's own rule: aggregate.ts, exitCodeFor). */
  allowIncomplete: boolean;
  list: boolean;
  /** Rehearse and print what the run would do; send nothing to the target. */
  plan: boolean;
  /** A certification run: everything, nothing allowed incomplete. */
  certify: boolean;
  /** The Ed25519 private key (PEM file) that signs the certificate. */
  signKey?: string;
  help: boolean;
}

export function parseCheckArgs(argv: string[]): CheckOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      only: { type: 'string', multiple: true, default: [] },
      skip: { type: 'string', multiple: true, default: [] },
      seed: { type: 'string' },
      runs: { type: 'string' },
      'last-failed': { type: 'boolean', default: false },
      'read-only': { type: 'boolean', default: false },
      rate: { type: 'string' },
      serial: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
      har: { type: 'string' },
      'max-failures': { type: 'string' },
      wait: { type: 'string' },
      'fail-fast': { type: 'boolean', default: false },
      'no-shrink': { type: 'boolean', default: false },
      profile: { type: 'string' },
      fault: { type: 'string', multiple: true, default: [] },
      conventions: { type: 'string', default: 'standard' },
      'allow-incomplete': { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      plan: { type: 'boolean', default: false },
      certify: { type: 'boolean', default: false },
      'sign-key': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`check takes no positional arguments (got ${positionals.join(' ')}); see disco check --help`);
  const integer = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined) return undefined;
    const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got ${raw}`);
    return n;
  };
  let rate: number | undefined;
  if (values.rate !== undefined) {
    rate = Number(values.rate);
    // Below one request in about 17 minutes the pacer's wait outgrows what a timer can hold.
    if (!Number.isFinite(rate) || rate < 0.001 || rate > 10_000) throw new UsageError(`--rate must be a number of requests per second from 0.001 to 10000, got ${values.rate}`);
  }
  const profile = values.profile;
  if (profile !== undefined && profile !== 'spec' && profile !== 'simulator') throw new UsageError(`--profile must be spec or simulator, got ${profile}`);
  const faults: FaultName[] = [];
  for (const name of values.fault) {
    if (!isFaultName(name)) throw new UsageError(`unknown fault ${name}; see disco serve --list-faults`);
    faults.push(name);
  }
  if (faults.length && values.target) throw new UsageError('--fault applies to the embedded simulator only; it cannot be combined with --target');
  const conventions = values.conventions;
  if (!isConventionsName(conventions)) throw new UsageError(`--conventions must be standard or alt, got ${conventions}`);
  if (conventions !== 'standard' && values.target) throw new UsageError('--conventions applies to the embedded simulator only; it cannot be combined with --target');
  if (values['report-dir'].trim() === '') throw new UsageError('--report-dir must not be empty');
  // An empty --target (an unset variable in CI) must not fall back to the embedded simulator: that
  // run would pass a deployment it never contacted.
  if (values.target !== undefined && values.target.trim() === '') throw new UsageError('--target must name a target document (it is empty); leave --target out to check the embedded simulator');
  if (values.har !== undefined && values.har.trim() === '') throw new UsageError('--har must name a file');
  if (values.har !== undefined) {
    // The HAR is written over whatever is there: never the target document, the signing key or a report of the run.
    const har = resolvePath(values.har);
    const taken: [string, string | undefined][] = [
      ['the target document (--target)', values.target],
      ['the signing key (--sign-key)', values['sign-key']],
      ...Object.values(REPORT_FILES).map((file): [string, string] => [`a report of the run (${file} in --report-dir)`, join(values['report-dir'], file)]),
    ];
    const clash = taken.find(([, path]) => path !== undefined && resolvePath(path) === har);
    if (clash) throw new UsageError(`--har ${values.har} would be written over ${clash[0]}: name another file`);
  }
  if (values.har !== undefined && (values.plan || values.list)) throw new UsageError(`--har records the exchanges of a run; --${values.plan ? 'plan' : 'list'} sends none`);
  const seed = integer('seed', values.seed, -2147483648, 4294967295);
  const only = parseOnly(values.only);
  const skip = parseOnly(values.skip);
  // --only "" (an unset variable) would otherwise select every check: against a target, every write.
  if (values.only.length > 0 && only.length === 0) throw new UsageError('--only names no check (it is empty); leave it out to run every check');
  if (values.skip.length > 0 && skip.length === 0) throw new UsageError('--skip names no check (it is empty)');
  if (values.certify) {
    // A certificate speaks for the whole spec: nothing may be left out or excused.
    const excluded = [only.length ? '--only' : '', skip.length ? '--skip' : '', values['last-failed'] ? '--last-failed' : '', values['read-only'] ? '--read-only' : '', values['allow-incomplete'] ? '--allow-incomplete' : '', values['max-failures'] !== undefined ? '--max-failures' : '', values['fail-fast'] ? '--fail-fast' : ''].filter(Boolean);
    if (excluded.length) throw new UsageError(`--certify runs every check; it cannot be combined with ${excluded.join(', ')}`);
  }
  if (values['fail-fast'] && values['max-failures'] !== undefined) throw new UsageError('--fail-fast is --max-failures 1: give one of them');
  const maxFailures = values['fail-fast'] ? 1 : integer('max-failures', values['max-failures'], 1, 100_000);
  if (values['sign-key'] !== undefined && !values.certify) throw new UsageError('--sign-key signs certificates: give it with --certify');
  return {
    ...(values.target !== undefined ? { target: values.target } : {}),
    only,
    skip,
    seed: seed ?? randomInt(0, 2 ** 31 - 1),
    seedGiven: seed !== undefined,
    runs: integer('runs', values.runs, 1, 100_000) ?? (values.target !== undefined ? DEFAULT_TARGET_RUNS : DEFAULT_RUNS),
    runsGiven: values.runs !== undefined,
    lastFailed: values['last-failed'],
    readOnly: values['read-only'],
    ...(rate !== undefined ? { rate } : {}),
    serial: values.serial,
    timeoutMs: integer('timeout', values.timeout, 100, 600_000) ?? DEFAULT_TIMEOUT_MS,
    reportDir: values['report-dir'],
    ...(values.har !== undefined ? { har: values.har } : {}),
    ...(maxFailures !== undefined ? { maxFailures } : {}),
    shrink: !values['no-shrink'],
    ...(values.wait !== undefined ? { waitSeconds: integer('wait', values.wait, 0, 3600)! } : {}),
    ...(profile ? { profile } : {}),
    faults,
    conventions,
    // A subset (--only, --skip, --last-failed) may leave clauses unverified on purpose: the exit
    // code takes that from the selection itself (aggregate.ts, exitCodeFor).
    allowIncomplete: values['allow-incomplete'],
    list: values.list,
    plan: values.plan,
    certify: values.certify,
    ...(values['sign-key'] !== undefined ? { signKey: values['sign-key'] } : {}),
    help: values.help,
  };
}

/**
 * The profile a run uses when --profile is not given: spec against a target file or the
 * simulator's alt conventions (gap clauses there are another deployment's choices), simulator
 * against the embedded simulator with its standard conventions.
 */
export function defaultProfile(o: Pick<CheckOptions, 'target' | 'conventions'>): Profile {
  return o.target || o.conventions !== 'standard' ? 'spec' : 'simulator';
}

/** The one-line command that repeats this run exactly (same checks, seed, runs, target). */
export function reproduceCommand(o: CheckOptions, profile: Profile): string {
  const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : shellQuote(s));
  const parts = ['disco', 'check'];
  if (o.target) parts.push('--target', q(o.target));
  if (o.conventions !== 'standard') parts.push('--conventions', o.conventions);
  if (o.only.length) parts.push('--only', q(o.only.join(',')));
  if (o.skip.length) parts.push('--skip', q(o.skip.join(',')));
  parts.push('--seed', String(o.seed), '--runs', String(o.runs));
  if (o.profile && o.profile !== defaultProfile(o)) parts.push('--profile', profile);
  if (o.readOnly) parts.push('--read-only');
  if (o.serial) parts.push('--serial');
  if (!o.shrink) parts.push('--no-shrink');
  if (o.allowIncomplete) parts.push('--allow-incomplete');
  if (o.certify) parts.push('--certify');
  for (const f of o.faults) parts.push('--fault', f);
  return parts.join(' ');
}
