import { readFile } from 'node:fs/promises';
import type { RunResult } from '../suites/lib/types.ts';
import { runResultValidator } from './schema.ts';

/**
 * A `result.json` of `disco check`, read back and checked against its schema (`disco diff`, and
 * `disco check --last-failed`), or what is wrong with the file, in words naming it.
 */
export async function readRunResult(file: string): Promise<{ result: RunResult } | { problem: string }> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    return { problem: `cannot read ${file} as JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const validate = runResultValidator();
  if (!validate(doc)) {
    const first = validate.errors?.[0];
    return { problem: `${file} is not a result.json of disco check (${first ? `${first.instancePath || '/'} ${first.message ?? ''}` : 'invalid'})` };
  }
  return { result: doc as RunResult };
}
