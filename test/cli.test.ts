import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAUSES } from '../suites/clauses.ts';
import { runResultValidator } from '../reports/schema.ts';
import { verifyCertification } from '../reports/certification.ts';
import { packageVersion } from '../reports/suite-version.ts';
import { startEmbeddedTarget, type EmbeddedTarget } from '../bin/embedded-target.ts';
import { targetSecrets } from '../suites/lib/target.ts';
import type { RunResult } from '../suites/lib/types.ts';
import { disco, discoEntry } from './support/cli.ts';

/**
 * Port 2, which nothing serves: below the ephemeral range the other tests' servers get, and not
 * one fetch refuses to dial (1 is). A port freed by closing a server could be taken again by
 * another test's server before the run dials it (as hooks/delivery.test.ts once saw).
 */
const REFUSED_PORT = 2;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'disco-cli-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('disco check: the run cannot be done (exit 2)', () => {
  it('for a target file that does not exist', async () => {
    const r = await disco(['check', '--target', join(dir, 'missing.yaml'), '--report-dir', join(dir, 'r0')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read target file .*missing\.yaml: no such file/);
  });

  it('for a target file that names an unset variable, naming it', async () => {
    const file = join(dir, 'env.yaml');
    await writeFile(file, 'base_url: http://127.0.0.1:1\naccounts:\n  - account_id: a\n    api_key_env: DISCO_CLI_TEST_UNSET_KEY\n');
    const r = await disco(['check', '--target', file], { env: { DISCO_CLI_TEST_UNSET_KEY: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('environment variable DISCO_CLI_TEST_UNSET_KEY (named by accounts[0].api_key_env) is not set');
  });

  it('for a target that does not answer, without printing its key', async () => {
    const file = join(dir, 'unreachable.json');
    const key = 'cli-test-secret-key-123456';
    const port = REFUSED_PORT;
    await writeFile(file, JSON.stringify({ base_url: `http://127.0.0.1:${port}`, accounts: [{ account_id: 'a', api_key: key }] }));
    const r = await disco(['check', '--target', file, '--report-dir', join(dir, 'r1')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`target unreachable: GET http://127.0.0.1:${port}/ failed (connect ECONNREFUSED`);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(existsSync(join(dir, 'r1'))).toBe(false);
  });

  it('for a target whose API redirects elsewhere (http:// where it is on https://), naming what to set', async () => {
    const server = http.createServer((req, res) => res.writeHead(req.url === '/' ? 200 : 308, { location: `https://api.example.invalid${req.url}` }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const file = join(dir, 'redirecting.json');
      const key = 'cli-test-secret-key-654321';
      await writeFile(file, JSON.stringify({ base_url: origin, accounts: [{ account_id: 'a', api_key: key }] }));
      const r = await disco(['check', '--target', file, '--report-dir', join(dir, 'r3')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`target redirects: GET ${origin}/a/api/packages without a key answered 308 to https://api.example.invalid/a/api/packages; the API answers at https://api.example.invalid: set base_url to https://api.example.invalid`);
      expect(r.stdout + r.stderr).not.toContain(key);
      expect(existsSync(join(dir, 'r3'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('for bad options (each option is checked in bin/commands/check.test.ts)', async () => {
    const r = await disco(['check', '--runs', '0', '--report-dir', join(dir, 'r2')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('disco: --runs must be an integer from 1 to 100000, got 0\n');
    const unknown = await disco(['check', '--only', 'zz-nothing', '--report-dir', join(dir, 'r2')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--only zz-nothing matches no check');
  });
});

describe('disco check against the embedded simulator', () => {
  it('lists checks with their clauses', async () => {
    const r = await disco(['check', '--list', '--only', 'b-inv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^b-inv$/m);
    expect(r.stdout).toMatch(/b-inv\/\S+\s+B-INV-1/);
    expect(r.stdout).toMatch(/\d+ checks selected by --only b-inv/);
  });

  it('a selection that verified nothing is no success: --only B-HOOK-1 --read-only skips every check it selected, exit 3', async () => {
    const r = await disco(['check', '--only', 'B-HOOK-1', '--read-only', '--seed', '5', '--runs', '2', '--report-dir', join(dir, 'selected-nothing')]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^disco check: INCOMPLETE/);
    const result = JSON.parse(await readFile(join(dir, 'selected-nothing', 'result.json'), 'utf8')) as RunResult;
    expect(result.checks.length).toBeGreaterThan(0);
    expect(result.checks.every((c) => c.verdict === 'skip')).toBe(true);
    expect(result.exitCode).toBe(3);
  });

  it('passes, writes valid reports, prints the seed and a reproduce command; the seed reproduces the run', async () => {
    const reports = join(dir, 'pass');
    const r = await disco(['check', '--only', 'b-inv,B-PKG-1', '--seed', '5', '--runs', '5', '--report-dir', reports]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // A subset on purpose: not CONFORMANT (most clauses were not selected), exit 0 because only the clauses of the checks left out are not verified.
    expect(r.stdout).toMatch(/^disco check: INCOMPLETE: \d+ checks against disco simulator \(embedded\).*no clause failed.*\(only those of the checks left out of this run: exit 0\)/);
    expect(r.stdout).toContain('seed 5, 5 runs per property');
    expect(r.stdout).toContain('reproduce: disco check --only b-inv,B-PKG-1 --seed 5 --runs 5');
    expect((await readdir(reports)).sort()).toEqual(['certification.json', 'junit.xml', 'last-failed.json', 'report.html', 'result.json', 'summary.md']);

    const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult;
    const validate = runResultValidator();
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    expect(result).toMatchObject({ profile: 'simulator', seed: 5, runs: 5, exitCode: 0, options: { only: ['b-inv', 'B-PKG-1'] } });
    expect(result.clauses.find((c) => c.id === 'B-LIM-1')?.verdict).toBe('pass');
    // Clauses other checks cover are "not selected", not "not covered".
    const notSelected = result.clauses.find((c) => c.id === 'B-AUTH-1');
    expect(notSelected).toMatchObject({ verdict: 'not-verified' });
    expect(notSelected?.reasons[0]).toContain('not selected');

    const xml = await readFile(join(reports, 'junit.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'testsuite' || n === 'testcase' }).parse(xml) as { testsuites: { testsuite: { testcase: unknown[] }[] } };
    expect(parsed.testsuites.testsuite.flatMap((s) => s.testcase ?? [])).toHaveLength(result.checks.length);
    expect(verifyCertification(JSON.parse(await readFile(join(reports, 'certification.json'), 'utf8'))).ok).toBe(true);

    const again = await disco(['check', '--only', 'b-inv,B-PKG-1', '--seed', '5', '--runs', '5', '--report-dir', join(dir, 'pass2')]);
    expect(again.code).toBe(0);
    const second = JSON.parse(await readFile(join(dir, 'pass2', 'result.json'), 'utf8')) as RunResult;
    const shape = (x: RunResult) => x.checks.map((c) => ({ id: c.id, verdict: c.verdict, properties: c.properties }));
    expect(shape(second)).toEqual(shape(result));
  });

  it('--skip leaves checks out: their clauses are not selected (never passed), the reports and the reproduce command say so', async () => {
    const reports = join(dir, 'skip');
    const r = await disco(['check', '--only', 'b-inv', '--skip', 'b-inv/walk-pages', '--seed', '5', '--runs', '5', '--report-dir', reports]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('reproduce: disco check --only b-inv --skip b-inv/walk-pages --seed 5 --runs 5');
    const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult;
    const validate = runResultValidator();
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    expect(result.options).toMatchObject({ only: ['b-inv'], skip: ['b-inv/walk-pages'], allowIncomplete: false });
    expect(result.checks.map((c) => c.id)).not.toContain('b-inv/walk-pages');
    expect(result.checks.map((c) => c.id)).toContain('b-inv/page-size');
    const walked = result.clauses.find((c) => c.id === 'B-LIM-1');
    expect(walked).toMatchObject({ verdict: 'not-verified' });
    expect(walked?.reasons).toEqual(['b-inv/walk-pages: not selected for this run (--only b-inv --skip b-inv/walk-pages)']);
    expect(result.clauses.find((c) => c.id === 'B-LIM-2')?.verdict).toBe('pass');
    expect(await readFile(join(reports, 'summary.md'), 'utf8')).toContain('`--only b-inv --skip b-inv/walk-pages`');
    const record = JSON.parse(await readFile(join(reports, 'certification.json'), 'utf8')) as unknown;
    expect(record).toMatchObject({ complete: false, certified: false, options: { skip: ['b-inv/walk-pages'] } });
    expect(verifyCertification(record).ok).toBe(true);
  });

  it('fails (exit 1) and names the clause when the simulator has a fault', async () => {
    const reports = join(dir, 'fault');
    const r = await disco(['check', '--fault', 'b-limit-uncapped', '--only', 'B-LIM-2', '--seed', '3', '--runs', '5', '--report-dir', reports]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^disco check: FAIL/);
    expect(r.stdout).toMatch(/FAILED\s+B-LIM-2 /);
    expect(r.stdout).toContain('--fault b-limit-uncapped');
    const summary = await readFile(join(reports, 'summary.md'), 'utf8');
    expect(summary).toContain('### Failed clauses (1)');
  });

  it('disco diff gates on regressions: a clause passed at the baseline and failing now is exit 1, the reverse exit 0', async () => {
    const good = join(dir, 'diff-good');
    const bad = join(dir, 'diff-bad');
    expect((await disco(['check', '--only', 'B-LIM-2', '--seed', '3', '--runs', '5', '--report-dir', good])).code).toBe(0);
    expect((await disco(['check', '--fault', 'b-limit-uncapped', '--only', 'B-LIM-2', '--seed', '3', '--runs', '5', '--report-dir', bad])).code).toBe(1);
    const worse = await disco(['diff', join(good, 'result.json'), join(bad, 'result.json')]);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toMatch(/^disco diff: 1 clause regressed, 0 improved, \d+ unchanged/);
    expect(worse.stdout).toMatch(/REGRESSED B-LIM-2 +pass -> fail: /);
    const better = await disco(['diff', join(bad, 'result.json'), join(good, 'result.json'), '--markdown']);
    expect(better.code).toBe(0);
    expect(better.stdout).toContain('| `B-LIM-2` | fail | pass |');
    const json = JSON.parse((await disco(['diff', join(good, 'result.json'), join(bad, 'result.json'), '--json'])).stdout) as { regressed: { id: string }[] };
    expect(json.regressed.map((c) => c.id)).toEqual(['B-LIM-2']);
    const notResult = await disco(['diff', join(good, 'summary.md'), join(bad, 'result.json')]);
    expect(notResult.code).toBe(2);
    expect(notResult.stderr).toContain(`cannot read ${join(good, 'summary.md')} as JSON`);
    const certificate = await disco(['diff', join(good, 'certification.json'), join(bad, 'result.json')]);
    expect(certificate.code).toBe(2);
    expect(certificate.stderr).toContain('is not a result.json of disco check');
  });

  it('--fail-fast starts no check after the first failed: the rest are reported not run, their clauses not verified, the record not complete', async () => {
    const reports = join(dir, 'fail-fast');
    const r = await disco(['check', '--fault', 'b-404-without-message', '--fail-fast', '--only', 'b-err,b-pkg', '--serial', '--seed', '5', '--runs', '5', '--report-dir', reports]);
    expect(r.code).toBe(1);
    const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult;
    const validate = runResultValidator();
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    expect(result.options.maxFailures).toBe(1);
    const verdicts = result.checks.map((c) => c.verdict);
    expect(verdicts.filter((v) => v === 'fail')).toHaveLength(1);
    // In order: the first check fails, and none after it ran.
    expect(verdicts).toEqual(['fail', ...verdicts.slice(1).map(() => 'skip')]);
    for (const c of result.checks.slice(1)) expect(c.reason).toBe('not run: the run stopped starting checks after 1 failed (--max-failures 1)');
    expect(result.clauses.find((c) => c.id === 'B-PKG-1')).toMatchObject({ verdict: 'not-verified' });
    // Clauses --only left out are still "not selected", not blamed on --max-failures.
    expect(result.clauses.find((c) => c.id === 'B-LIM-1')?.reasons?.[0]).toBe('b-inv/walk-pages: not selected for this run (--only b-err,b-pkg)');
    expect(await readFile(join(reports, 'summary.md'), 'utf8')).toContain('`--max-failures 1`');
    const record = JSON.parse(await readFile(join(reports, 'certification.json'), 'utf8')) as unknown;
    expect(record).toMatchObject({ complete: false, certified: false, options: { maxFailures: 1 } });
    expect(verifyCertification(record).ok).toBe(true);
  });

  it('--last-failed runs again only what failed or errored in the report folder, with that run\'s seed and runs, until nothing is left', async () => {
    const reports = join(dir, 'last-failed');
    const first = await disco(['check', '--fault', 'b-404-without-message', '--only', 'b-err,b-pkg,b-lim', '--seed', '5', '--runs', '5', '--report-dir', reports]);
    expect(first.code).toBe(1);
    const before = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult;
    const failed = before.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(before.checks.length);

    // The deployment still broken: the same checks, the same seed and cases, the same failures.
    const state = join(reports, 'last-failed.json');
    const again = await disco(['check', '--fault', 'b-404-without-message', '--last-failed', '--report-dir', reports]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`disco check: --last-failed: ${failed.length} check${failed.length === 1 ? '' : 's'} that failed or errored in the runs in ${reports} (${state}; the last of ${before.finishedAt}): ${failed.map((c) => c.id).join(', ')}; seed 5 as then, 5 runs per property as then`);
    const rerun = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult;
    expect([rerun.seed, rerun.runs]).toEqual([5, 5]);
    expect(rerun.checks.map((c) => [c.id, c.verdict, c.reason])).toEqual(failed.map((c) => [c.id, c.verdict, c.reason]));
    // The reproduce command names the checks, not the folder the next run overwrites.
    expect(again.stdout).toContain(`--only ${failed.map((c) => c.id).join(',')} --seed 5 --runs 5`);

    // --only narrows the selection (here to checks of another family: nothing left to run).
    const narrowed = await disco(['check', '--last-failed', '--only', 'b-lim', '--report-dir', reports]);
    expect([narrowed.code, narrowed.stdout.trim()]).toEqual([0, `disco check: --last-failed: no check failed or errored in the runs in ${reports} (${state}; the last of ${rerun.finishedAt}) among --only b-lim: nothing to run`]);

    // A narrower rerun that fixes one check forgets none of the others (pytest's cache of the last failed).
    const [one, ...others] = failed.map((c) => c.id);
    const part = await disco(['check', '--last-failed', '--only', one!, '--report-dir', reports]);
    expect(part.code, part.stdout).toBe(0);
    expect((JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult).checks.map((c) => c.id)).toEqual([one]);
    expect((JSON.parse(await readFile(state, 'utf8')) as { failing: string[] }).failing).toEqual(others);

    // Fixed: they pass (a subset, so exit 0), and then there is nothing left to run.
    const fixed = await disco(['check', '--last-failed', '--report-dir', reports]);
    expect(fixed.code, fixed.stdout).toBe(0);
    const after = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult;
    expect(after.checks.map((c) => [c.id, c.verdict])).toEqual(others.map((id) => [id, 'pass']));
    const done = await disco(['check', '--last-failed', '--report-dir', reports]);
    expect([done.code, done.stdout.trim()]).toEqual([0, `disco check: --last-failed: no check failed or errored in the runs in ${reports} (${state}; the last of ${after.finishedAt}): nothing to run`]);

    // A damaged last-failed.json is said, never read as "nothing failed".
    await writeFile(state, '{"format": "disco-last-failed/1", "failing": [1, 2]');
    const damaged = await disco(['check', '--last-failed', '--report-dir', reports]);
    expect([damaged.code, damaged.stderr.trim()]).toEqual([2, `disco check: --last-failed: ${state} is not a last-failed.json of disco check; remove it to start from the folder's result.json`]);

    // A folder of an older disco, with a result.json and no last-failed.json: its failures are the result's.
    await rm(state);
    const older = await disco(['check', '--last-failed', '--report-dir', reports]);
    expect([older.code, older.stdout.trim()]).toEqual([0, `disco check: --last-failed: no check failed or errored in the run of ${after.finishedAt} (${join(reports, 'result.json')}): nothing to run`]);

    const none = await disco(['check', '--last-failed', '--report-dir', join(dir, 'no-run-yet')]);
    expect([none.code, none.stderr.trim()]).toEqual([2, `disco check: --last-failed: no earlier run in ${join(dir, 'no-run-yet')} (it has no result.json); run disco check there first`]);
  });
});

describe('disco check against a target file, interrupted', () => {
  let embedded: EmbeddedTarget;
  let file: string;
  beforeAll(async () => {
    embedded = await startEmbeddedTarget();
    const t = embedded.target;
    file = join(dir, 'sim-target.json');
    const doc = {
      name: 'cli simulator',
      base_url: t.baseUrl,
      cdc_base_url: t.cdcBaseUrl,
      control_url: t.controlUrl,
      accounts: t.b.map((b, i) => ({ account_id: b.accountId, api_key_env: `DISCO_CLI_KEY_${i}`, pipeline_admin_key: t.a[i]?.adminKey, pipeline_key: t.a[i]?.nonAdminKey, fixtures: b.fixtures })),
    };
    await writeFile(file, JSON.stringify(doc), { mode: 0o600 });
  });
  afterAll(async () => {
    await embedded?.close();
  });

  it('on SIGINT, cleans up, writes reports marked interrupted, exits 130, and never shows a key', async () => {
    const reports = join(dir, 'interrupted');
    const env = Object.fromEntries(embedded.target.b.map((b, i) => [`DISCO_CLI_KEY_${i}`, b.apiKey]));
    const r = await disco(['check', '--target', file, '--rate', '4', '--seed', '9', '--runs', '3', '--report-dir', reports], {
      env,
      // The report folder is made right before the checks start: then interrupt.
      whenReady: (child) => {
        const poll = setInterval(() => {
          if (existsSync(reports)) {
            clearInterval(poll);
            setTimeout(() => child.kill('SIGINT'), 700);
          }
        }, 50);
        child.on('close', () => clearInterval(poll));
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('Ctrl-C: stopping, cleaning up and writing reports');
    expect(r.stdout).toMatch(/^disco check: INTERRUPTED/);
    const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as RunResult & { interrupted?: string };
    expect(result.interrupted).toBe('SIGINT');
    expect(result.profile).toBe('spec');
    expect(result.checks.some((c) => c.reason === 'the run was interrupted before this check started')).toBe(true);
    // Every report says the exit code the process ended with.
    expect(result.exitCode).toBe(130);
    expect(await readFile(join(reports, 'summary.md'), 'utf8')).toContain('(exit 130)');

    const secrets = targetSecrets(embedded.target);
    expect(secrets.length).toBeGreaterThan(3);
    const written = await Promise.all((await readdir(reports)).map((f) => readFile(join(reports, f), 'utf8')));
    for (const text of [r.stdout, r.stderr, ...written]) for (const s of secrets) expect(text.includes(s)).toBe(false);

    // Every request the run sent (cleanups included) said what it came from.
    const journal = (await (await fetch(`${embedded.target.controlUrl}/journal?limit=1000`)).json()) as { entries: { request: { headers: Record<string, string> } }[] };
    expect(journal.entries.length).toBeGreaterThan(3);
    expect(new Set(journal.entries.map((e) => e.request.headers['user-agent']))).toEqual(new Set([`disco/${packageVersion()}`]));
  });
});

describe('disco clauses', () => {
  it('lists every clause id with its coverage', async () => {
    const r = await disco(['clauses']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const c of CLAUSES) expect(r.stdout).toMatch(new RegExp(`^${c.id}\\s+${c.kind}\\s`, 'm'));
    expect(r.stdout).toMatch(/covered by: b-inv\//);
    expect(r.stdout).toMatch(/^\d+ clauses \(\d+ must, \d+ gap\): \d+ covered, \d+ not covered$/m);
  });

  it('prints JSON with --json', async () => {
    const r = await disco(['clauses', '--json']);
    expect(r.code).toBe(0);
    const table = JSON.parse(r.stdout) as { id: string; checks: string[] }[];
    expect(table.map((c) => c.id)).toEqual(CLAUSES.map((c) => c.id));
    expect(table.find((c) => c.id === 'B-LIM-1')?.checks).toContain('b-inv/walk-pages');
  });
});

describe("the checkout's own entry, bin/disco.mjs (the TypeScript through tsx)", () => {
  it('lists the same checks and clauses as the build the other tests start, and runs checks', async () => {
    // The other tests start the checkout compiled once for the run (test/support/test-build.ts):
    // what they verify is what bin/disco.mjs runs only while the two agree.
    expect(discoEntry()).toMatch(/\.test-build\/run-\d+\/bin\/disco\.js$/);
    const own = (args: string[]) => disco(args, { entry: 'bin/disco.mjs' });
    for (const args of [['check', '--list'], ['clauses', '--json']]) {
      const [built, checkout] = await Promise.all([disco(args), own(args)]);
      expect(checkout.code, args.join(' ')).toBe(0);
      expect(checkout.stdout.length, args.join(' ')).toBeGreaterThan(1_000);
      expect(built, args.join(' ')).toEqual(checkout);
    }
    const run = await own(['check', '--only', 'B-AUTH-1,A-AUTH-1', '--seed', '1', '--runs', '2', '--report-dir', join(dir, 'checkout-entry')]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('--seed 1');
  });
});
