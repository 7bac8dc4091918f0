import type { Context } from 'koa';
import type { Sim } from '../../context.ts';
import type { AState } from './types.ts';
import { readBody, type BodyFormat } from '../../http/body.ts';
import { wrongShape } from '../../http/a-errors.ts';
import { isMediaType, parsesAsMediaType } from '../../http/accept.ts';
import { ApiError } from '../../http/errors.ts';

/** Deeper than any valid document by far; deeper bodies are the wrong shape, never recursed into. */
export const MAX_BODY_DEPTH = 32;

/** The top-level keys of a definition (fixtures/schemas/pipeline-definition.json) the fault's YAML loader keeps. */
const YAML_LOADER_KEYS = ['name', 'description', 'source', 'destination', 'sync'];

/** The JSON media type of RFC 7396, which PATCH also takes. */
const MERGE_PATCH_TYPE = /^\s*application\/merge-patch\+json\s*(;|$)/i;

/**
 * Reads an interface A request body (415 / 400 / 413 come from `readBody`). Returns undefined
 * when there is none. Nesting is bounded before any code walks the value.
 */
export async function readABody(
  ctx: Context,
  sim: Sim,
  options: { formats: readonly BodyFormat[]; mergePatch?: boolean },
): Promise<unknown> {
  // A merge patch is JSON text under its own media type; read it as JSON.
  if (options.mergePatch && MERGE_PATCH_TYPE.test(ctx.get('content-type'))) ctx.request.headers['content-type'] = 'application/json';
  if (sim.faults.has('a-content-type-parse-500') && ctx.get('content-type') !== '' && !parsesAsMediaType(ctx.get('content-type'))) throw new TypeError('invalid media type');
  let body;
  try {
    body = await readBody(ctx, { formats: options.formats, limitBytes: sim.options.bodyLimitBytes });
  } catch (err) {
    // The faults of a careless body reader: errors it does not catch become 500s.
    if (err instanceof ApiError && err.code === 'malformed_body' && sim.faults.has('a-yaml-error-500') && !isMediaType(ctx.get('content-type'), ['application/json'])) throw new SyntaxError('YAMLParseError: unexpected end of the stream');
    if (err instanceof ApiError && err.code === 'unprocessable' && sim.faults.has('a-deep-body-500')) throw new RangeError('Maximum call stack size exceeded');
    throw err;
  }
  if (body === undefined) return undefined;
  if (depthExceeds(body.value, MAX_BODY_DEPTH)) {
    if (sim.faults.has('a-deep-body-500')) throw new RangeError('Maximum call stack size exceeded');
    throw wrongShape([{ field: 'body', message: `nests deeper than ${MAX_BODY_DEPTH} levels` }]);
  }
  // The fault: a YAML loader configured to keep only a definition's known top-level keys.
  if (sim.faults.has('a-yaml-unknown-keys-dropped') && options.formats.includes('yaml') && !isMediaType(ctx.get('content-type'), ['application/json']) && typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)) {
    return Object.fromEntries(Object.entries(body.value as Record<string, unknown>).filter(([k]) => YAML_LOADER_KEYS.includes(k)));
  }
  // The fault: stray blanks around keys (`name :` in YAML, `"name "` from templates) trimmed, and
  // a key left empty dropped, before the schema sees them.
  if (sim.faults.has('a-body-keys-trimmed')) body.value = trimmedKeys(body.value);
  // The fault: a "defensive copy" by Object.assign, which sets each key: an own __proto__ key of
  // the JSON goes through the prototype setter and vanishes (or becomes the copy's prototype).
  if (sim.faults.has('a-body-copy-drops-proto-key') && typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)) return Object.assign({}, body.value);
  return body.value;
}

/** Iterative, so a hostile body cannot exhaust the stack here. */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** The root of interface A as the client addressed it: absolute URLs in bodies start here. */
export function aBase(ctx: { state: AState }, prefix: string): string {
  return `${ctx.state.origin}${prefix}`;
}

/** The fault `a-body-keys-trimmed`: every object key trimmed at any depth, an empty one dropped (a later twin wins). */
function trimmedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(trimmedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const k = key.trim();
    if (k === '') continue;
    Object.defineProperty(out, k, { value: trimmedKeys(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
