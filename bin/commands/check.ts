import type { KeyObject } from 'node:crypto';
import type { Profile } from '../../suites/lib/types.ts';
import { Redactor } from '../../suites/lib/redact.ts';
import { targetSecrets } from '../../suites/lib/target.ts';
import { buildRunReport } from '../../reports/run-report.ts';
import { readSuiteVersion } from '../../reports/suite-version.ts';
import { listChecks } from '../check/list.ts';
import { checkHelp, defaultProfile, parseCheckArgs, reproduceCommand } from '../check/options.ts';
import { shownUrl } from '../check/probe.ts';
import { formatPlan, rehearse } from '../check/plan.ts';
import { publishReport, readSignKey } from '../check/report.ts';
import { baseUrlsOf, loadAllChecks, runSelectedChecks } from '../check/run.ts';
import { lastFailedSelection, recordFailing } from '../check/last-failed.ts';
import { watchInterruptions } from '../check/signals.ts';
import { RunStopped } from '../check/stop.ts';
import { openTarget, type OpenedTarget } from '../check/target.ts';
import { proxiesFor } from '../../suites/lib/proxy.ts';
import { declaredOf } from '../../suites/catalog/declared.ts';

/**
 * `disco check`: options, then the target, then the run, then the report. Each stage lives in
 * `bin/check/` (the report model in `reports/`) and ends the command early by throwing
 * `RunStopped` with its exit code; a signal turns the exit code into 130 / 143 once the reports
 * of what ran are written.
 */
export async function check(argv: string[]): Promise<number> {
  let options = parseCheckArgs(argv);
  if (options.help) {
    process.stdout.write(checkHelp);
    return 0;
  }
  if (options.lastFailed) {
    try {
      const again = await lastFailedSelection(options, await loadAllChecks());
      if ('nothing' in again) {
        process.stdout.write(`disco check: ${again.nothing}\n`);
        return 0;
      }
      options = again.options;
      process.stderr.write(`disco check: ${again.said}\n`);
    } catch (e) {
      if (!(e instanceof RunStopped)) throw e;
      process.stderr.write(`disco check: ${e.message}\n`);
      return e.exitCode;
    }
  }
  if (options.list) return listChecks(options);

  // The signing key is read before anything runs: a run must not end unable to sign.
  let signKey: KeyObject | undefined;
  try {
    signKey = options.signKey === undefined ? undefined : await readSignKey(options.signKey);
  } catch (e) {
    process.stderr.write(`disco check: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const interruption = watchInterruptions();
  let opened: OpenedTarget | undefined;
  try {
    opened = await openTarget(options, interruption);
    const { target } = opened;
    const secrets = targetSecrets(target);
    const redactor = new Redactor(secrets);
    const out = (text: string) => void process.stdout.write(text);
    const profile: Profile = options.profile ?? defaultProfile(options);
    if (options.plan) {
      out(redactor.text(formatPlan(await rehearse(options, target, profile, interruption))));
      return interruption.exitCode() ?? 0;
    }

    // Asked now, while the run goes on, not when the reports are written (after a Ctrl-C too); a
    // plan writes no report, so it starts no git process.
    const suite = readSuiteVersion();
    const run = await runSelectedChecks(options, target, profile, interruption, { out, redact: (s) => redactor.text(s), tty: process.stdout.isTTY === true, color: !process.env.NO_COLOR });
    const proxies = proxiesFor(baseUrlsOf(target));
    const declared = declaredOf(target);
    const report = buildRunReport({
      target: {
        name: target.name,
        ...(target.baseUrl ? { baseUrl: shownUrl(target.baseUrl) } : {}),
        ...(target.cdcBaseUrl ? { cdcBaseUrl: shownUrl(target.cdcBaseUrl) } : {}),
        ...(proxies.length ? { proxy: proxies.join(', ') } : {}),
        ...(target.tls?.clientCertShown ? { clientCertificate: target.tls.clientCertShown } : {}),
        ...(target.headers ? { headers: Object.keys(target.headers) } : {}),
        ...(declared ? { declared } : {}),
        ...(run.announced ? { announced: run.announced } : {}),
      },
      profile,
      seed: options.seed,
      runs: options.runs,
      options: { only: options.only, ...(options.skip.length ? { skip: options.skip } : {}), readOnly: options.readOnly, ...(options.rate !== undefined ? { rate: options.rate } : {}), timeoutMs: options.timeoutMs, allowIncomplete: options.allowIncomplete, ...(options.maxFailures !== undefined ? { maxFailures: options.maxFailures } : {}), ...(options.shrink ? {} : { shrink: false as const }) },
      ...run,
      interrupted: interruption.received(),
    });
    await publishReport(report, { reportDir: options.reportDir, secrets, reproduce: reproduceCommand(options, profile), suite, certify: options.certify, ...(signKey ? { signKey } : {}) }, (s) => out(redactor.text(s)));
    try {
      await recordFailing(options.reportDir, report.checks, run.finishedAt);
    } catch (e) {
      process.stderr.write(`disco check: cannot keep the failing checks for --last-failed in ${options.reportDir}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    return interruption.exitCode() ?? report.exitCode;
  } catch (e) {
    if (!(e instanceof RunStopped)) throw e;
    if (e.message) process.stderr.write(`disco check: ${e.message}\n`);
    return e.exitCode;
  } finally {
    interruption.dispose();
    await opened?.close();
  }
}
