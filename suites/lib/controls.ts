import type { CheckContext } from './types.ts';

/**
 * Positive controls. A check that verifies "absent things are 404" proves nothing against a
 * target that answers 404 to everything: before its 404s count, the target must be seen finding
 * something. `GET /connections/types` is in the spec and needs no id or fixture.
 */
export async function targetFindsWhatExists(t: CheckContext, clause: string): Promise<void> {
  const ex = await t.b().get('/connections/types');
  if (ex.response.status !== 200) {
    t.partial(clause, `GET /connections/types (in the spec, needs no id) answered ${ex.response.status}, not 200: a target that does not find what exists makes its 404s for absent things prove nothing`);
  }
}
