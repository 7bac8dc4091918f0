import type { CheckDefinition } from './types.ts';

const registered: CheckDefinition[] = [];

/** Registers a conformance check. Spec files call this at import time. */
export function check(definition: CheckDefinition): void {
  if (registered.some((c) => c.id === definition.id)) throw new Error(`duplicate check id ${definition.id}`);
  if (definition.clauses.length === 0) throw new Error(`check ${definition.id} names no clause`);
  registered.push(definition);
}

/**
 * The checks in run order: as declared, except that those marked `runsLast` come after all the
 * others (in their declared order). Nothing else about the order carries meaning.
 */
export function registeredChecks(): CheckDefinition[] {
  return inRunOrder(registered);
}

export function inRunOrder<T extends Pick<CheckDefinition, 'runsLast'>>(checks: readonly T[]): T[] {
  return [...checks.filter((c) => !c.runsLast), ...checks.filter((c) => c.runsLast)];
}

/** The family of a check: the part of its id before `/` (`b-auth/invalid-keys` -> `b-auth`). */
export function familyOf(check: Pick<CheckDefinition, 'id'>): string {
  return check.id.split('/')[0] ?? check.id;
}
