import type { Context } from 'koa';
import { invalidField } from '../../http/errors.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { queryValue } from '../../http/query.ts';

/**
 * The parameters of a metadata read at the real docs' paths (`/connections/metadata/...`). The
 * docs send them as a JSON body on the GET (`curl -d '{"object_name": "Account"}'`); clients
 * that cannot send a body on a GET send query parameters. Both are read: the query's value when
 * it is given, else the body's. A value of the wrong kind is a 422 naming it.
 */
export interface MetadataParams {
  text(name: string): string | undefined;
  /** `true`/`false`, as a JSON boolean or the words; absent is false. */
  flag(name: string): boolean;
  /** A list of ids: a JSON array of strings or numbers, or the words joined with commas. */
  list(name: string): string | undefined;
  /** Named strings (a request's headers): a JSON object of strings, or its JSON text in a query parameter. */
  strings(name: string): Record<string, string> | undefined;
  /** How many rows a preview takes (`lines`, `row_count`): a whole number from 1 to MAX_ROWS, as a number or its digits. */
  rows(name: string): number | undefined;
}

export const MAX_ROWS = 10_000;

export async function readMetadataParams(ctx: Context, limitBytes: number): Promise<MetadataParams> {
  const body = await readJsonObject(ctx, limitBytes);
  const raw = (name: string): unknown => queryValue(ctx, name) ?? body[name] ?? undefined;
  const params: MetadataParams = {
    text(name) {
      const value = raw(name);
      if (value === undefined || typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw invalidField(name, 'must be a string');
    },
    flag(name) {
      const value = raw(name);
      if (value === undefined || value === false || value === 'false') return false;
      if (value === true || value === 'true') return true;
      throw invalidField(name, 'must be true or false');
    },
    list(name) {
      const value = raw(name);
      if (value === undefined || typeof value === 'string') return value;
      if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v)))) return value.join(',');
      throw invalidField(name, 'must be a list of ids: an array, or the ids joined with commas');
    },
    strings(name) {
      const value = raw(name);
      if (value === undefined) return undefined;
      const object = typeof value === 'string' ? parsedJson(value) : value;
      if (typeof object === 'object' && object !== null && !Array.isArray(object) && Object.values(object).every((v) => typeof v === 'string')) return object as Record<string, string>;
      throw invalidField(name, 'must be an object of strings, such as {"Accept": "application/json"}');
    },
    rows(name) {
      const value = params.text(name);
      if (value === undefined || value === '') return undefined;
      const count = /^\d{1,6}$/.test(value) ? Number(value) : 0;
      if (count < 1 || count > MAX_ROWS) throw invalidField(name, `must be a whole number from 1 to ${MAX_ROWS}`);
      return count;
    },
  };
  return params;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
