import type { Context } from 'koa';
import { invalidField } from './errors.ts';

/** A query parameter given at most once; a repeated one is a 422 naming it. */
export function queryValue(ctx: Context, name: string): string | undefined {
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
