import type { CheckContext } from './types.ts';

let counter = 0;

/**
 * A run-scoped name no other thing of the run has had: a deployment may keep an archived
 * pipeline's name (or a revoked key's) taken, so a name is never used twice, not even after the
 * thing that had it is gone.
 */
export function uniqueName(t: Pick<CheckContext, 'name'>, base: string): string {
  counter = (counter + 1) % 1_000_000;
  return t.name(`${base}-${counter}`);
}
