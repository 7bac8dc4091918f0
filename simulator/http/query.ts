import type { Context } from 'koa';
import { invalidField } from './errors.ts';

/**
 * The list parameters each request's handler took, by name, with the value as the handler
 * understood it: what a list's paging links carry over (paging.ts). A parameter nobody reads
 * changes nothing, so a link that left it out lists the same; one that carried it would repeat
 * whatever a client sent, up to headers no client can read (three links of a 10 KB parameter
 * overflow Node's 16 KB header limit). A handler that takes a parameter from elsewhere (a search's
 * JSON body) or reads one it then ignores says so with `carryParameter`.
 */
const PARAMETERS_READ = new WeakMap<Context, Map<string, string>>();

const NONE: ReadonlyMap<string, string> = new Map();

export function parametersRead(ctx: Context): ReadonlyMap<string, string> {
  return PARAMETERS_READ.get(ctx) ?? NONE;
}

/** What the paging links carry for `name`: `value`, or nothing when undefined (the list ignored it). */
export function carryParameter(ctx: Context, name: string, value: string | undefined): void {
  let read = PARAMETERS_READ.get(ctx);
  if (!read) PARAMETERS_READ.set(ctx, (read = new Map()));
  if (value === undefined) read.delete(name);
  else read.set(name, value);
}

/** A query parameter given at most once; a repeated one is a 422 naming it. */
export function queryValue(ctx: Context, name: string): string | undefined {
  const raw = ctx.query[name];
  if (Array.isArray(raw)) throw invalidField(name, 'must be given once');
  if (raw !== undefined) carryParameter(ctx, name, raw);
  return raw;
}

export function requiredQueryValue(ctx: Context, name: string): string {
  const value = queryValue(ctx, name);
  if (value === undefined || value === '') throw invalidField(name, 'is required');
  return value;
}

/** `true` or `false`, spelled exactly so; absent is false. */
export function booleanQuery(ctx: Context, name: string): boolean {
  const value = queryValue(ctx, name);
  if (value === undefined) return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalidField(name, 'must be true or false');
}
