import type { CheckDefinition } from './types.ts';

const registered: CheckDefinition[] = [];

/** Registers a conformance check. Spec files call this at import time. */
export function check(definition: CheckDefinition): void {
  if (registered.some((c) => c.id === definition.id)) throw new Error(`duplicate check id ${definition.id}`);
  if (definition.clauses.length === 0) throw new Error(`check ${definition.id} names no clause`);
  registered.push(definition);
}

/**
 * The checks in run order: as declared, except that those marked `runsFirst` come before all the
 * others and those marked `runsLast` after them (each in their declared order). Nothing else
 * about the order carries meaning.
 */
export function registeredChecks(): CheckDefinition[] {
  return inRunOrder(registered);
}

export function inRunOrder<T extends Pick<CheckDefinition, 'runsFirst' | 'runsLast'>>(checks: readonly T[]): T[] {
  const first = checks.filter((c) => c.runsFirst !== undefined && !c.runsLast);
  const last = checks.filter((c) => c.runsLast);
  return [...first, ...checks.filter((c) => !first.includes(c) && !last.includes(c)), ...last];
}

/** The family of a check: the part of its id before `/` (`b-auth/unknown-keys-refused` -> `b-auth`). */
export function familyOf(check: Pick<CheckDefinition, 'id'>): string {
  return check.id.split('/')[0] ?? check.id;
}
