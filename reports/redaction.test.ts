import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReports, writeReports, REPORT_FILES } from './write.ts';
import { sampleReport, SAMPLE_SECRET } from './testing/sample-report.ts';
import { verifyCertification } from './certification.ts';

describe('redaction in reports', () => {
  const forms = [SAMPLE_SECRET, Buffer.from(`${SAMPLE_SECRET}:`).toString('base64'), Buffer.from(SAMPLE_SECRET).toString('base64')];

  it('keeps a secret planted in an exchange, a reason, a note and a leftover out of all five outputs', () => {
    const report = sampleReport();
    report.checks[0]!.notes.push(`note with ${SAMPLE_SECRET}`);
    report.target.name = `target ${SAMPLE_SECRET}`;
    // The secret must really be there to begin with, or the test proves nothing.
    expect(JSON.stringify(report)).toContain(SAMPLE_SECRET);
    const { files } = renderReports(report, { secrets: [SAMPLE_SECRET], suite: { name: 'disco', version: '0.1.0' }, reproduce: `disco check # ${SAMPLE_SECRET}` });
    expect(Object.keys(files).sort()).toEqual(['certification', 'html', 'json', 'junit', 'markdown']);
    for (const [kind, text] of Object.entries(files)) {
      for (const form of forms) expect(text.includes(form), `${kind} contains a form of the secret`).toBe(false);
      expect(text, kind).toContain('[REDACTED]');
    }
  });

  it('writes the five files, with the same guarantee and a certificate that still verifies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-reports-'));
    try {
      const { paths } = await writeReports(sampleReport(), join(dir, 'nested'), { secrets: [SAMPLE_SECRET], suite: { name: 'disco', version: '0.1.0' } });
      expect((await readdir(join(dir, 'nested'))).sort()).toEqual(Object.values(REPORT_FILES).sort());
      for (const path of Object.values(paths)) {
        const text = await readFile(path, 'utf8');
        for (const form of forms) expect(text.includes(form), path).toBe(false);
      }
      expect(verifyCertification(JSON.parse(await readFile(paths.certification, 'utf8'))).ok).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A target document may declare a hook whose settings hold a secret (a PagerDuty hook wants a
 * `service_key`), though the README asks for none: the declaration is shown in every report, so
 * the member is hidden there, in the structure, and the certificate, hashed before the last pass
 * over the text, still verifies.
 */
describe('a declared hook with a secret-named setting', () => {
  const SERVICE_KEY = 'pd-service-key-5f2c9e1d';

  it('is hidden in all five outputs, and the certificate still verifies', () => {
    const report = sampleReport();
    report.target.declared = { interface_b: { hook: { type: 'pagerduty', settings: { service_name: 'etl', service_key: SERVICE_KEY }, events: ['job.failed'] } } };
    const { files } = renderReports(report, { secrets: [SAMPLE_SECRET], suite: { name: 'disco', version: '0.1.0' } });
    for (const [kind, text] of Object.entries(files)) expect(text.includes(SERVICE_KEY), `${kind} shows the service key`).toBe(false);
    expect(files.markdown).toContain('service_name');
    expect(verifyCertification(JSON.parse(files.certification)).ok).toBe(true);
  });
});

/** A folder never mixes two runs' reports: a write that fails leaves the last run's as they were. */
describe('writing the reports over an earlier run\'s', () => {
  it('writes all of them or none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-reports-atomic-'));
    try {
      const first = sampleReport();
      await writeReports(first, dir, { secrets: [], suite: { name: 'disco', version: '0.1.0' } });
      const before = await Promise.all(Object.values(REPORT_FILES).map((f) => readFile(join(dir, f), 'utf8').catch(() => '')));
      // summary.md's place taken by a folder: the second run's reports cannot all be written.
      await rm(join(dir, REPORT_FILES.markdown));
      await mkdir(join(dir, REPORT_FILES.markdown));
      await expect(writeReports({ ...sampleReport(), seed: 7 }, dir, { secrets: [], suite: { name: 'disco', version: '0.1.0' } })).rejects.toThrow(/is not a file/);
      const after = await Promise.all(Object.values(REPORT_FILES).map((f) => readFile(join(dir, f), 'utf8').catch(() => '')));
      expect(after.filter((_, i) => Object.values(REPORT_FILES)[i] !== REPORT_FILES.markdown)).toEqual(before.filter((_, i) => Object.values(REPORT_FILES)[i] !== REPORT_FILES.markdown));
      expect((await readdir(dir)).sort()).toEqual(Object.values(REPORT_FILES).sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
