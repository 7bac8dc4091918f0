import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { REPORT_FILES } from '../../reports/write.ts';

/**
 * Every report a run wrote to `dir` names `shown`, and no file there (the reports, and
 * last-failed.json beside them) holds any of `hidden` (secrets).
 */
export async function expectEveryReport(dir: string, shown: string, hidden: readonly string[]): Promise<void> {
  const names = await readdir(dir);
  const reports = new Set<string>(Object.values(REPORT_FILES));
  expect(names.filter((n) => reports.has(n)).sort()).toEqual([...reports].sort());
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    if (reports.has(name)) expect(text, name).toContain(shown);
    for (const secret of hidden) expect(text, name).not.toContain(secret);
  }
}
