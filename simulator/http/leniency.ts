import type { Context } from 'koa';

/**
 * What the lenient profile let through that the spec refuses, so a client developer learns what
 * a strict deployment would refuse before meeting one (Prism's `sl-violations`). The lenient
 * profile exists for the real service's older clients; without this, a client tested only
 * against it would pass here and fail against any deployment that keeps to the spec.
 *
 * Each allowance is named by the clause a strict deployment would refuse the request under, sent
 * back in `X-Disco-Lenient` (the clauses, comma-separated) and kept in the request's journal entry
 * with what exactly was allowed. The strict profile allows nothing, so never sends the header.
 */
export interface Leniency {
  clause: string;
  /** What was let through, in a sentence. */
  what: string;
}

export const LENIENCY_HEADER = 'X-Disco-Lenient';

/** Records that the request got through only because the profile is lenient. */
export function allowLeniently(ctx: Context, clause: string, what: string): void {
  const state = ctx.state as { leniencies?: Leniency[] };
  const list = (state.leniencies ??= []);
  list.push({ clause, what });
  ctx.set(LENIENCY_HEADER, [...new Set(list.map((l) => l.clause))].join(', '));
}

/** The allowances made for this request, if any. */
export function leniencies(ctx: Context): readonly Leniency[] | undefined {
  return (ctx.state as { leniencies?: Leniency[] }).leniencies;
}

/** A header value as shown in a sentence: short, on one line. */
export function shownValue(value: string): string {
  const line = value.replace(/[\r\n\t]+/g, ' ');
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 79)}…` : line);
}
