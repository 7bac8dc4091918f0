import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCertification } from '../../reports/certification.ts';
import { sampleReport } from '../../reports/testing/sample-report.ts';
import { verifyCert } from './verify-cert.ts';

describe('disco verify-cert', () => {
  let dir: string;
  let out = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-cert-'));
    out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts an untouched certificate and refuses an edited one', async () => {
    const cert = buildCertification(sampleReport(), { name: 'disco', version: '0.1.0' });
    const file = join(dir, 'certification.json');
    await writeFile(file, JSON.stringify(cert, null, 2));
    expect(await verifyCert([file])).toBe(0);
    expect(out).toContain('digest OK');
    await writeFile(file, JSON.stringify({ ...cert, outcome: 'conformant' }, null, 2));
    expect(await verifyCert([file])).toBe(1);
    expect(out).toContain('the digest does not match the content');
    expect(await verifyCert([join(dir, 'missing.json')])).toBe(2);
  });
});
