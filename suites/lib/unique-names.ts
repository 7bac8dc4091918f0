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

/**
 * `document` under a name no other thing of the run has had, made when a property's case runs:
 * fast-check runs a failing case again while it shrinks, and a name generated with the case
 * would then be the one the first run's pipeline still holds; the create would be refused (409)
 * and the failure would name that instead of what went wrong.
 */
export function withFreshName<T extends object>(t: Pick<CheckContext, 'name'>, document: T, base: string): T & { name: string } {
  return { ...document, name: uniqueName(t, base) };
}
