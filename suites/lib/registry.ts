import type { CheckDefinition } from './types.ts';

const registered: CheckDefinition[] = [];

/** Registers a conformance check. Spec files call this at import time. */
export function check(definition: CheckDefinition): void {
  if (registered.some((c) => c.id === definition.id)) throw new Error(`duplicate check id ${definition.id}`);
  if (definition.clauses.length === 0) throw new Error(`check ${definition.id} names no clause`);
  registered.push(definition);
}

export function registeredChecks(): CheckDefinition[] {
  return [...registered];
}

/** The family of a check: the part of its id before `/` (`b-auth/invalid-keys` -> `b-auth`). */
export function familyOf(check: Pick<CheckDefinition, 'id'>): string {
  return check.id.split('/')[0] ?? check.id;
}
