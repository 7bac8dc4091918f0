import type { Context } from 'koa';
import { invalidField } from './errors.ts';

/**
 * The query parameters each request's handler asked for, by name: what a list's paging links
 * carry over (paging.ts). A parameter nobody reads changes nothing, so a link that left it out
 * lists the same; one that carried it would repeat whatever a client sent, up to headers no
 * client can read (three links of a 10 KB parameter overflow Node's 16 KB header limit).
 */
const NAMES_READ = new WeakMap<Context, Set<string>>();

const NONE: ReadonlySet<string> = new Set();

export function queryNamesRead(ctx: Context): ReadonlySet<string> {
  return NAMES_READ.get(ctx) ?? NONE;
}

/** A query parameter given at most once; a repeated one is a 422 naming it. */
export function queryValue(ctx: Context, name: string): string | undefined {
  const read = NAMES_READ.get(ctx);
  if (read) read.add(name);
  else NAMES_READ.set(ctx, new Set([name]));
  const raw = ctx.query[name];
  if (Array.isArray(raw)) throw invalidField(name, 'must be given once');
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
