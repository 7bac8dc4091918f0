import type { CheckContext } from './types.ts';
import { foundPipeline } from './evidence.ts';
import { is2xx } from './answers.ts';
import { aRoute, aSend } from '../catalog/a-requests.ts';

/**
 * Positive controls. A check that verifies "absent things are 404" proves nothing against a
 * target that answers 404 to everything: before its 404s count, the target must be seen finding
 * something. `GET /connections/types` is in the spec and needs no id or fixture; its success code
 * is not shown, so any 2xx.
 */
export async function targetFindsWhatExists(t: CheckContext, clause: string): Promise<void> {
  const ex = await t.b().get('/connections/types');
  if (!is2xx(ex)) {
    t.partial(clause, `GET /connections/types (in the spec, needs no id) answered ${ex.response.status}, not a 2xx: a target that does not find what exists makes its 404s for absent things prove nothing`);
  }
}

/**
 * The interface A positive control: before "another account's pipeline is a 404 like an absent
 * one" or "a non-integer id is refused" count, the target must be seen finding a pipeline by its
 * integer id for the account it belongs to: a step of the run archived, started or read one (2xx),
 * or this control reads one (account 1's first fixture pipeline, else account 2's with its own
 * key). A target that serves no read cannot show it without archiving a fixture only for that: a
 * check later in the run that archives one gives it (the run then lifts the partial); without one,
 * the clause is covered in part, never passed by a server that answers 404 to everything.
 */
export async function aTargetFindsPipelines(t: CheckContext, clause: string): Promise<void> {
  if (t.evidence.aPipelineFound) return void t.note(`the target finds pipelines by id: ${t.evidence.aPipelineFound}`);
  const unproven = 'a target that does not find what exists makes its 404s and refusals prove nothing';
  if (aRoute(t, 'pipelines.read') === null) {
    return t.partial(clause, `the target was not seen finding a pipeline by its id (it serves no read, and no pipeline was archived or started in this run): ${unproven}`, LATER);
  }
  // Only read: the control must not write (it also runs in --read-only runs).
  const readable = ([0, 1] as const).flatMap((account): OwnPipeline[] => {
    const id = t.target.a[account]?.fixtures.pipeline_ids?.[0];
    return id !== undefined && (account === 0 || t.target.a[1]?.adminKey) ? [{ account, id }] : [];
  });
  if (readable.length === 0) return t.partial(clause, `no pipeline was found in this run and there is none to read (fixtures.pipeline_ids): ${unproven}`, LATER);
  const { found, refused } = await readOwnPipeline(t, readable);
  if (!found) t.partial(clause, `${refused.join('; ')}, not 2xx: ${unproven}`, LATER);
}

/** A pipeline and the account it belongs to, read with that account's own key. */
export interface OwnPipeline {
  account: 0 | 1;
  id: number;
}

/**
 * Reads `pipelines` in turn, each with its own account's key, until one answers 2xx (recorded as
 * the run's evidence that the target finds pipelines): how that one was found, or undefined, and
 * what each read before it answered.
 */
export async function readOwnPipeline(t: CheckContext, pipelines: readonly OwnPipeline[]): Promise<{ found?: string; refused: string[] }> {
  const refused: string[] = [];
  for (const { account, id } of pipelines) {
    const read = await aSend(t, t.a(account), 'pipelines.read', id);
    const how = `account ${account + 1}'s read of its own pipeline ${id}`;
    if (foundPipeline(t, id, read, `${how} with its own key`)) return { found: `${how} answered ${read.response.status}`, refused };
    refused.push(`${how} answered ${read.response.status}`);
  }
  return { refused };
}

/** A check later in the run that finds a pipeline gives the control all the same (run.ts lifts the partial). */
const LATER = { until: 'aPipelineFound' } as const;
