import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { parseYaml } from './yaml.ts';
import { ApiError } from './errors.ts';
import { isMediaType } from './accept.ts';
import { rememberRequestText } from './request-text.ts';
import { bracketedObject, hasBracketedFields } from './form-body.ts';
import { allowLeniently, shownValue } from './leniency.ts';

export type BodyFormat = 'json' | 'yaml';

const JSON_TYPES = ['application/json'];
/** The lenient profile also reads JSON sent as the vendor types (xplenty.jar sends its bodies as `application/vnd.xplenty+json`). */
const LENIENT_JSON_TYPES = ['application/json', 'application/vnd.service+json', 'application/vnd.xplenty+json'];
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/** True when the request announces a body (length > 0 or chunked). */
export function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  if (length !== '') return Number(length) > 0;
  return ctx.get('transfer-encoding') !== '';
}

/**
 * Reads and parses the request body. Returns `undefined` when there is none. A body in a media
 * type not in `formats` is 415; unparseable text is 400; one above the limit is 413. Media types
 * are compared as media types, so `application/json; charset=utf-8` is JSON.
 */
export async function readBody(
  ctx: Context,
  options: { formats: readonly BodyFormat[]; limitBytes: number },
): Promise<{ value: unknown; format: BodyFormat } | undefined> {
  const lenient = (ctx.state as { lenientBodies?: boolean } | undefined)?.lenientBodies === true;
  if (!hasBody(ctx)) {
    // The Ruby client sends a POST's fields as bracketed query parameters and no body.
    if (lenient && ctx.method !== 'GET' && hasBracketedFields(ctx.query)) {
      allowLeniently(ctx, 'B-HDR-1', 'the fields came as bracketed query parameters, not as a JSON body under Content-Type: application/json');
      return { value: bracketedObject(Object.entries(ctx.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : v === undefined ? [] : [[k, v] as [string, string]]))), format: 'json' };
    }
    return undefined;
  }
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw new ApiError('unsupported_media_type', {
      message: `Unsupported media type: bodies are read without a Content-Encoding (got ${encoding.slice(0, 40)}).`,
      problems: [{ field: 'Content-Encoding', message: 'must be absent or identity' }],
    });
  }
  const contentType = ctx.get('content-type');
  if (lenient && isMediaType(contentType, ['application/x-www-form-urlencoded'])) {
    allowLeniently(ctx, 'B-HDR-1', 'the body came as application/x-www-form-urlencoded, not as application/json');
    return { value: bracketedObject(new URLSearchParams(await readText(ctx, options.limitBytes))), format: 'json' };
  }
  if (lenient && !isMediaType(contentType, JSON_TYPES) && isMediaType(contentType, LENIENT_JSON_TYPES)) {
    allowLeniently(ctx, 'B-HDR-1', `the body came as Content-Type: ${shownValue(contentType)}, not as application/json`);
  }
  const format: BodyFormat | null = isMediaType(contentType, lenient ? LENIENT_JSON_TYPES : JSON_TYPES)
    ? 'json'
    : options.formats.includes('yaml') && isMediaType(contentType, YAML_TYPES)
      ? 'yaml'
      : null;
  if (!format || !options.formats.includes(format)) {
    const wanted = options.formats.includes('yaml') ? 'application/json or application/yaml' : 'application/json';
    throw new ApiError('unsupported_media_type', {
      message: `Unsupported media type: send the body as ${wanted}.`,
      problems: [{ field: 'Content-Type', message: `must be ${wanted}` }],
    });
  }
  const text = await readText(ctx, options.limitBytes);
  // Only whitespace is not an empty body (that is Content-Length: 0) and not a JSON document.
  if (text.trim() === '') throw new ApiError('malformed_body', { message: 'Malformed request body: it holds only whitespace.', problems: [{ field: 'body', message: 'holds only whitespace' }] });
  const value = parseText(text, format);
  if (nestingDepth(value, MAX_NESTING) > MAX_NESTING) {
    throw new ApiError('unprocessable', {
      message: `The request body nests deeper than ${MAX_NESTING} levels.`,
      problems: [{ field: 'body', message: `nests deeper than ${MAX_NESTING} levels` }],
    });
  }
  return { value, format };
}

/** The body's text, within the limit (413 beyond it, 400 when it cannot be read), remembered for the journal. */
export async function readText(ctx: Context, limitBytes: number): Promise<string> {
  let text: string;
  try {
    const length = ctx.get('content-length') || undefined;
    const state = ctx.state as { bodyDecodedByBuffer?: boolean; charsetBySpelling?: boolean; latin1WithoutCharset?: boolean } | undefined;
    text = state?.bodyDecodedByBuffer === true
      ? decodedByBuffer(await getRawBody(ctx.req, { limit: limitBytes, length }))
      : await getRawBody(ctx.req, { limit: limitBytes, encoding: (state?.charsetBySpelling === true && latin1BySpelling(ctx.get('content-type'))) || (state?.latin1WithoutCharset === true && !/charset=/i.test(ctx.get('content-type'))) ? 'latin1' : 'utf8', length });
  } catch (err) {
    const status = typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : 400;
    if (status === 413) throw new ApiError('payload_too_large', { message: `Request body too large: the limit is ${limitBytes} bytes.` });
    throw new ApiError('malformed_body', { message: 'The request body could not be read.' });
  }
  rememberRequestText(ctx.req, text);
  return text;
}

/**
 * b-hdr-charset-spelling-latin1: a charset named any way but exactly lowercase `charset=utf-8` at
 * the end (`charset=UTF-8`, `charset="utf-8"`) taken for another charset, read as Latin-1.
 */
function latin1BySpelling(contentType: string): boolean {
  return /charset=/i.test(contentType) && !/;\s*charset=utf-8\s*$/.test(contentType);
}

/** b-body-chunk-decoding: each 64 KiB buffer decoded as UTF-8 on its own, as `text += chunk.toString()` over a stream does. */
function decodedByBuffer(raw: Buffer): string {
  let text = '';
  for (let at = 0; at < raw.length; at += 65_536) text += raw.subarray(at, at + 65_536).toString('utf8');
  return text;
}

/**
 * No field of either interface nests anywhere near this deep. Refusing deeper documents up
 * front keeps recursive validation, storage and JSON.stringify of stored values (which would
 * overflow the stack and break every later read of the record) away from hostile input.
 */
export const MAX_NESTING = 64;

/**
 * An upper estimate of a YAML document's nesting, from its text: flow brackets outside quotes
 * and comments, plus block levels (deeper indentation, and compact `- - -` entries on a line).
 * It may overcount (a rare document near the limit is refused), never undercount by much.
 */
export function yamlNestingEstimate(text: string, limit: number): number {
  let deepest = 0;
  let flow = 0;
  // Enclosing block lines: their indentation and how many levels each opened.
  const open: { indent: number; levels: number }[] = [];
  let enclosing = 0;
  for (const line of text.split(/\r?\n/)) {
    const indent = line.length - line.trimStart().length;
    const content = line.slice(indent);
    // `- - a: 1` opens two sequences and a mapping on one line.
    const dashes = /^(?:[-?][ \t]+)*/.exec(content)?.[0] ?? '';
    const opensMapping = /^[^\s#][^:]*:(\s|$)/.test(content.slice(dashes.length)) ? 1 : 0;
    const levels = dashes.replace(/[ \t]/g, '').length + opensMapping;
    if (flow === 0 && content !== '' && !content.startsWith('#')) {
      while (open.length > 0 && (open.at(-1)?.indent ?? 0) >= indent) enclosing -= open.pop()?.levels ?? 0;
      open.push({ indent, levels });
      enclosing += levels;
    }
    let quote: '"' | "'" | null = null;
    for (let i = 0; i < content.length; i++) {
      const ch = content[i];
      if (quote) {
        if (ch === '\\' && quote === '"') i++;
        else if (ch === quote) quote = null;
        continue;
      }
      if (ch === '#' && (i === 0 || /\s/.test(content[i - 1] ?? ''))) break;
      if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '[' || ch === '{') {
        flow++;
        deepest = Math.max(deepest, enclosing + flow);
        if (deepest > limit) return deepest;
      } else if ((ch === ']' || ch === '}') && flow > 0) flow--;
    }
    deepest = Math.max(deepest, enclosing + flow);
    if (deepest > limit) return deepest;
  }
  return deepest;
}

/** The nesting depth of a parsed value, counted without recursion and stopping past `limit`. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push([child, level]);
  }
  return deepest;
}

function parseText(text: string, format: BodyFormat): unknown {
  if (format === 'json') {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      // V8's message quotes the body around the error, and bodies carry passwords: name the
      // position where V8 gives one, never the text.
      const position = err instanceof Error ? /position (\d+)/.exec(err.message)?.[1] : undefined;
      const where = position === undefined ? '' : ` (syntax error at position ${position})`;
      throw new ApiError('malformed_body', { message: `Malformed JSON body: it is not valid JSON${where}.`, problems: [{ field: 'body', message: 'is not valid JSON' }] });
    }
  }
  // The yaml parser recurses per nesting level, and a few KB of `[[[[...` overflow the stack
  // or crash the process outright, so depth is measured on the raw text before parsing.
  if (yamlNestingEstimate(text, MAX_NESTING) > MAX_NESTING) {
    throw new ApiError('unprocessable', {
      message: `The request body nests deeper than ${MAX_NESTING} levels.`,
      problems: [{ field: 'body', message: `nests deeper than ${MAX_NESTING} levels` }],
    });
  }
  try {
    // Plain data only: tags are not resolved (`!!binary`, `!!set`, `!!timestamp` would make
    // Buffers, Sets and Dates; unknown ones are dropped), and alias expansion is capped
    // ("billion laughs"). logLevel: a client's odd document must not print to the console.
    return parseYaml(text, { schema: 'core', resolveKnownTags: false, customTags: [], maxAliasCount: 100, prettyErrors: false, uniqueKeys: true, logLevel: 'error' }) as unknown;
  } catch (err) {
    // The parser's message can quote the document (and its secrets): give its code and place.
    const { code, linePos } = (err ?? {}) as { code?: unknown; linePos?: { line: number; col: number }[] };
    const place = linePos?.[0] ? ` at line ${linePos[0].line}, column ${linePos[0].col}` : '';
    const what = typeof code === 'string' ? code.toLowerCase().replace(/_/g, ' ') : 'syntax error';
    throw new ApiError('malformed_body', { message: `Malformed YAML body: ${what}${place}.`, problems: [{ field: 'body', message: 'is not valid YAML' }] });
  }
}

/**
 * For operations that take no body: none at all is fine, and so is a JSON body (ignored, as the
 * real service does); another media type is still a 415 and broken JSON a 400, as on every
 * request, so a client's mistake is not silently swallowed.
 */
export async function expectNoBody(ctx: Context, limitBytes: number): Promise<void> {
  await readBody(ctx, { formats: ['json'], limitBytes });
}

/** A JSON object body (not an array, not a scalar); anything else is a 422 naming `body`. */
export function asObject(value: unknown, field = 'body'): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new ApiError('invalid_field', { message: `Validation failed: ${field} must be a JSON object`, problems: [{ field, message: 'must be a JSON object' }] });
}
