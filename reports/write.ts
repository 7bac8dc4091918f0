import type { KeyObject } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildCertification, type Certification } from './certification.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { RunReport } from './model.ts';
import { redactDeep, reportRedactor } from './redact-report.ts';
import type { SuiteVersion } from './suite-version.ts';

export const REPORT_FILES = {
  junit: 'junit.xml',
  json: 'result.json',
  html: 'report.html',
  markdown: 'summary.md',
  certification: 'certification.json',
} as const;

export type ReportKind = keyof typeof REPORT_FILES;

export interface RenderedReports {
  files: Record<ReportKind, string>;
  certification: Certification;
}

export interface ReportOptions {
  /** Every secret of the target: nothing written may contain one. */
  secrets: readonly string[];
  suite: SuiteVersion;
  /** The one-line command that reproduces the run. */
  reproduce?: string;
  /** `--certify`, and the key that signs a certificate. */
  certify?: boolean;
  signKey?: KeyObject;
}

/** Renders the five reports as text, secrets removed before rendering and again after. */
export function renderReports(report: RunReport, options: ReportOptions): RenderedReports {
  const redactor = reportRedactor(options.secrets);
  const clean = redactDeep(report, redactor);
  const reproduce = options.reproduce === undefined ? undefined : redactor.text(options.reproduce);
  const certification = buildCertification(clean, options.suite, { certify: options.certify === true, ...(options.signKey ? { signKey: options.signKey } : {}) });
  const files: Record<ReportKind, string> = {
    junit: renderJunit(clean),
    json: `${JSON.stringify(clean, null, 2)}\n`,
    html: renderHtml(clean, certification, reproduce),
    markdown: renderMarkdown(clean, certification, reproduce),
    certification: `${JSON.stringify(certification, null, 2)}\n`,
  };
  for (const kind of Object.keys(files) as ReportKind[]) {
    const text = redactor.text(files[kind]);
    // The certificate was hashed (and signed) over what it says: a change now would break it,
    // and means a secret got past the redaction of the structure above.
    if (kind === 'certification' && text !== files[kind]) throw new Error('a secret reached the certification document past the redaction of the report: it is not written');
    files[kind] = text;
  }
  return { files, certification };
}

/**
 * Writes the reports into `dir` (created if needed); returns the absolute path of each. Every
 * file is written beside its place first and only then renamed over it, so a folder never mixes
 * two runs' reports (a certificate of one beside a result of another): a write that fails leaves
 * the last run's reports as they were.
 */
export async function writeReports(report: RunReport, dir: string, options: ReportOptions): Promise<{ paths: Record<ReportKind, string>; certification: Certification }> {
  const { files, certification } = renderReports(report, options);
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const kinds = Object.keys(REPORT_FILES) as ReportKind[];
  const paths = Object.fromEntries(kinds.map((kind) => [kind, join(root, REPORT_FILES[kind])])) as Record<ReportKind, string>;
  const staged = (kind: ReportKind) => `${paths[kind]}.${process.pid}.partial`;
  try {
    // A place taken by something else than a file (a folder) would stop the renames half done.
    for (const kind of kinds) {
      const there = await stat(paths[kind]).catch(() => undefined);
      if (there && !there.isFile()) throw new Error(`${paths[kind]} is not a file`);
    }
    for (const kind of kinds) await writeFile(staged(kind), files[kind], 'utf8');
  } catch (e) {
    await Promise.all(kinds.map((kind) => rm(staged(kind), { force: true })));
    throw e;
  }
  for (const kind of kinds) await rename(staged(kind), paths[kind]);
  return { paths, certification };
}
