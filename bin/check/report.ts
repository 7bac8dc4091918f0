import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Certification } from '../../reports/certification.ts';
import type { RunReport } from '../../reports/model.ts';
import { ed25519PrivateKey } from '../../reports/signing.ts';
import type { SuiteVersion } from '../../reports/suite-version.ts';
import { summaryText } from '../../reports/terminal-summary.ts';
import { writeReports } from '../../reports/write.ts';
import { RunStopped } from './stop.ts';

/**
 * Stage 5 of `disco check`: the report files, then the closing lines on the terminal (redacted
 * by `say`). A report directory that cannot be written is exit 2: a run nobody can read did not
 * happen for CI.
 */
export async function publishReport(
  report: RunReport,
  options: { reportDir: string; secrets: readonly string[]; reproduce: string; suite: Promise<SuiteVersion>; certify?: boolean; signKey?: KeyObject },
  say: (text: string) => void,
): Promise<void> {
  let written: { paths: Record<string, string>; certification: Certification };
  try {
    written = await writeReports(report, options.reportDir, { secrets: options.secrets, suite: await options.suite, reproduce: options.reproduce, certify: options.certify === true, ...(options.signKey ? { signKey: options.signKey } : {}) });
  } catch (e) {
    throw new RunStopped(2, `cannot write the reports to ${options.reportDir}: ${e instanceof Error ? e.message : String(e)}`);
  }
  say(summaryText(report, options.reproduce, written.paths));
  if (options.certify) say(`${certificateLine(written.certification)}\n`);
}

/** What `--certify` produced, in one line. */
export function certificateLine(certification: Certification): string {
  if (!certification.certified) return `certificate: none, the outcome is ${certification.outcome.toUpperCase()} (certification.json records the run, certified: false)`;
  if (!certification.signature) return 'certificate: certified, not signed (give --sign-key to sign it)';
  return `certificate: certified and signed (Ed25519, key ${certification.signature.keyFingerprint.slice(0, 16)}…); check it with disco verify-cert certification.json --public-key KEY`;
}

/** The `--sign-key` file, read and checked before the run starts. */
export async function readSignKey(file: string): Promise<KeyObject> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read --sign-key ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const key = ed25519PrivateKey(pem, `--sign-key ${file}`);
  return key;
}
