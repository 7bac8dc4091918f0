import type { Context } from 'koa';
import { asObject, readBody } from './body.ts';

/**
 * Reads a request body that must be a JSON object. No body at all reads as `{}`, so optional
 * fields need no special case; 415 / 400 / 413 come from `readBody`, and a JSON value that is
 * not an object (an array, a scalar) is the 422 of `asObject`.
 */
export async function readJsonObject(ctx: Context, limitBytes: number): Promise<Record<string, unknown>> {
  const body = await readBody(ctx, { formats: ['json'], limitBytes });
  return body === undefined ? {} : asObject(body.value);
}
