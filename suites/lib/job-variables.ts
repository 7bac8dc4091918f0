import type { CheckContext, Exchange } from './types.ts';
import { is2xx, isObject, show } from './answers.ts';

/**
 * B-JOB-1 on what a job is created with: the job read back (`GET /jobs/{id}`, an extension of the
 * real service) carries each posted variable. The creation's answer may echo the request; the
 * read shows what was kept. Containment, not equality: a deployment may add the package's defaults
 * or variables of its own. Section 4B gives both maps as name to string (`variables` to a value,
 * `dynamic_variables` to an expression), so each posted name must come back with the same string.
 */

export type PostedVariables = Record<'variables' | 'dynamic_variables', Record<string, string>>;

/** What the read-backs of one check saw, for its notes. */
export interface VariablesReadBack {
  /** The first read not served (its status): later jobs are not read back. */
  unserved?: number;
  /** Reads that showed neither map, so judged nothing (a summary view, say). */
  unshown: number;
  /** Posted names held against a read. */
  compared: number;
}

export function newVariablesReadBack(): VariablesReadBack {
  return { unshown: 0, compared: 0 };
}

/** The posted names missing from `got`, or not carrying the posted string. */
function missingOrChanged(got: unknown, sent: Record<string, string>): string[] {
  return Object.entries(sent)
    .filter(([name, value]) => !(isObject(got) && Object.hasOwn(got, name) && got[name] === value))
    .map(([name]) => name);
}

/**
 * Reads job `id` back and fails B-JOB-1 when a map it shows lacks a posted name or changed its
 * value. A read not served, or one showing neither map, is recorded in `seen`, not judged.
 */
export async function expectVariablesStored(t: CheckContext, id: number, posted: PostedVariables, seen: VariablesReadBack): Promise<void> {
  if (seen.unserved !== undefined) return;
  const ex: Exchange = await t.b().get(`/jobs/${id}`);
  if (!is2xx(ex) || !isObject(ex.json)) {
    seen.unserved = ex.response.status;
    return;
  }
  const job = ex.json;
  const shown = (['variables', 'dynamic_variables'] as const).filter((field) => Object.hasOwn(job, field));
  if (shown.length === 0) {
    seen.unshown++;
    return;
  }
  for (const field of shown) {
    const missing = missingOrChanged(job[field], posted[field]);
    seen.compared += Object.keys(posted[field]).length;
    t.expect.that(missing.length === 0, {
      clause: 'B-JOB-1',
      message: `job ${id}, read back, does not carry the ${field} it was created with: ${missing.map((name) => JSON.stringify(name)).join(', ')} missing or with another value`,
      expected: `${field} ⊇ ${show(posted[field])}`,
      received: `${field} ${show(job[field])}`,
      exchange: ex,
    });
  }
}

/** What a note says of the read-backs, or undefined when every read judged what it was given. */
export function describeVariablesReadBack(seen: VariablesReadBack): string | undefined {
  if (seen.unserved !== undefined) return `GET /jobs/{id} (an extension of the real service) answered ${seen.unserved}: the variables, and the cluster of the jobs posted elsewhere, were seen only in POST /jobs' answers, not read back from the stored jobs`;
  const parts: string[] = [];
  if (seen.unshown > 0) parts.push(`${seen.unshown} job read(s) showed neither variables nor dynamic_variables, so what those jobs kept was not seen`);
  if (seen.compared === 0) parts.push('no generated job was posted with a variable, so none was read back');
  return parts.length ? parts.join('; ') : undefined;
}
