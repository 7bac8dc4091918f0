import { notFound } from './errors.ts';

const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

/** A path id: a positive integer written in plain decimal (no sign, no leading zero), or null. */
export function parsePositiveId(raw: string | undefined): number | null {
  if (raw === undefined || !POSITIVE_INTEGER.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Reads an integer id from a path segment. Anything that is not a positive integer names no
 * record, so it gets the same not-found answer as an absent id (never a 400 or a 5xx): a caller
 * cannot tell a malformed id from a missing one, and nothing is looked up for it.
 */
export function pathId(raw: string | undefined): number {
  const id = parsePositiveId(raw);
  if (id === null) throw notFound();
  return id;
}
