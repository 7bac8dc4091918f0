/**
 * A full `disco check` against its embedded simulator with the default cases per property, as a
 * user runs it: wall time from process start to exit, cases per second, the slowest checks.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onAllCores } from './load.ts';

export interface SuiteFigures {
  wallMs: number;
  exitCode: number | null;
  checks: number;
  runsPerProperty: number;
  cases: number;
  casesPerSecond: number;
  slowest: { id: string; ms: number; requests: number }[];
}

interface ResultFile {
  checks: { id: string; durationMs: number; requests: number; properties: { runs: number }[] }[];
}

/** `extraArgs`: more options of `disco check` (`--har FILE`), to measure what they cost beside the plain run. */
export async function measureSuite(seed = 1, extraArgs: string[] = []): Promise<SuiteFigures> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'disco-suite-'));
  try {
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(...onAllCores(process.execPath, ['bin/disco.mjs', 'check', '--seed', String(seed), '--report-dir', dir, ...extraArgs]), { cwd: root, stdio: 'ignore' });
      child.once('exit', (c) => resolve(c));
    });
    const wallMs = performance.now() - started;
    const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as ResultFile;
    const cases = result.checks.reduce((sum, c) => sum + c.properties.reduce((s, p) => s + p.runs, 0), 0);
    const runs = Math.max(0, ...result.checks.flatMap((c) => c.properties.map((p) => p.runs)));
    return {
      wallMs,
      exitCode: code,
      checks: result.checks.length,
      runsPerProperty: runs,
      cases,
      casesPerSecond: cases / (wallMs / 1000),
      slowest: [...result.checks].sort((a, b) => b.durationMs - a.durationMs).slice(0, 5).map((c) => ({ id: c.id, ms: c.durationMs, requests: c.requests })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
