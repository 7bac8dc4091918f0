import type { Context } from 'koa';
import type { Sim } from '../context.ts';
import { invalidField } from './errors.ts';
import { carryParameter, queryValue } from './query.ts';
import type { Direction, ListOrder, ListSorts } from '../domains/shared/list-order.ts';

/** The real service's `since` format: UTC, ISO 8601 (`2013-01-17T22:41:21Z`; fractions of a second allowed). */
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/**
 * Reads `sort` (one of the list's sort names, the keys of its `ListSorts`), `direction` (`asc` or
 * `desc`) and `since` (a UTC time) from the query. A value outside those, or one given twice, is a 422 naming the parameter, as the paging
 * parameters are: a filter silently ignored would hand a client the wrong list.
 */
export function readListOrder<S extends string>(sim: Sim, ctx: Context, list: ListSorts<never, S>): ListOrder<S | 'created'> {
  const sorts = Object.keys(list.keys);
  const sort = queryValue(ctx, 'sort');
  const direction = queryValue(ctx, 'direction');
  const since = queryValue(ctx, 'since');
  if (sort !== undefined && !sorts.includes(sort)) throw invalidField('sort', `must be one of ${sorts.join(', ')}`);
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') throw invalidField('direction', 'must be asc or desc');
  // b-since-500: the time is parsed before it is checked, and a Date that is no time throws.
  if (since !== undefined && sim.faults.has('b-since-500')) new Date(since).toISOString();
  const sinceMs = since === undefined ? null : Date.parse(since);
  if (since !== undefined && (!UTC_TIME.test(since) || !Number.isFinite(sinceMs))) throw invalidField('since', 'must be a UTC time such as 2013-01-17T22:41:21Z');
  return { sort: (sort as S | 'created' | undefined) ?? null, direction: (direction as Direction | undefined) ?? null, since: sinceMs };
}

/** A filter that takes one of `values`, or undefined when not given (`all`, where a list takes it, is also undefined). */
export function readChoice<V extends string>(ctx: Context, name: string, values: readonly V[], options: { all?: boolean } = {}): V | undefined {
  const value = queryValue(ctx, name);
  if (value === undefined || (options.all && value === 'all')) return undefined;
  if (!(values as readonly string[]).includes(value)) throw invalidField(name, `must be one of ${[...(options.all ? ['all'] : []), ...values].join(', ')}`);
  return value as V;
}

/**
 * A filter that takes names of `values` joined with commas (`type=s3,postgres`), or `all`, as the
 * real service's type filters; the set asked for, or undefined for every one. A name outside
 * `values`, or an empty one, is a 422 naming the parameter. With `all: false` (a list of things
 * to add, as `include`), `all` is no word of it and an empty value asks for nothing.
 */
export function readNames<V extends string>(ctx: Context, name: string, values: readonly V[], options: { all?: boolean } = {}): Set<V> | undefined {
  const all = options.all ?? true;
  const value = queryValue(ctx, name);
  if (value === undefined) return undefined;
  if (all && value.trim() === 'all') {
    carryParameter(ctx, name, 'all');
    return undefined;
  }
  if (!all && value === '') return new Set();
  const names = value.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(values as readonly string[]).includes(n));
  if (unknown.length > 0) throw invalidField(name, `must be ${all ? 'all, or ' : ''}names joined with commas out of ${values.join(', ')}`);
  const asked = new Set(names as V[]);
  // The paging links carry each name once (`type=s3,s3,...` repeated to 10 KB asks for S3 alone).
  carryParameter(ctx, name, [...asked].join(','));
  return asked;
}

/** A filter that takes a positive integer id (`package_id`), or undefined when not given. */
export function readIdFilter(ctx: Context, name: string): number | undefined {
  const value = queryValue(ctx, name);
  if (value === undefined) return undefined;
  const id = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw invalidField(name, 'must be a positive integer id');
  return id;
}
