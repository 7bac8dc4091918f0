import type { Context } from 'koa';
import { ApiError, errorCatalog } from './errors.ts';
import { fieldSegments, normalizedJsonPath } from './field-path.ts';
import type { Conventions } from '../conventions.ts';
import type { Faults } from '../faults.ts';

import type { InterfaceName } from '../interfaces/which.ts';

/**
 * The one error renderer. Interface B's error object is `{message}` (plus `errors` naming
 * fields); interface A's is `{error}` (plus `code` and `field`/`problems`). Unknown failures
 * become a generic 500 body without a stack trace; the kit's own tests treat any 500 as a bug.
 * Where the spec leaves interface B's codes and bodies open, the conventions decide (another
 * status for some codes, the not-found text, the member naming the fields).
 */
export function renderError(ctx: Context, err: unknown, iface: InterfaceName, conventions: Conventions, faults?: Faults): void {
  const apiError = err instanceof ApiError ? err : null;
  const b = conventions.b;
  const status = apiError === null ? 500 : iface === 'B' ? (b.statusOverrides[apiError.code] ?? apiError.status) : apiError.status;
  const standardNotFound = apiError?.code === 'not_found' && apiError.message === errorCatalog.not_found.message;
  // b-404-text-by-time-zone: the fixed text in the language guessed from the caller's time zone.
  // b-404-text-by-accept-language: an i18n layer translates it by the client's first language tag.
  const notFoundText = faults?.has('b-404-text-by-time-zone') ? localisedNotFound(ctx, b.notFoundText) : faults?.has('b-404-text-by-accept-language') ? translatedNotFound(ctx, b.notFoundText) : b.notFoundText;
  const message = iface === 'B' && standardNotFound ? notFoundText : (apiError?.message ?? 'Internal error.');
  ctx.status = status;
  for (const [name, value] of Object.entries(apiError?.headers ?? {})) ctx.set(name, value);
  const problems = apiError?.problems ?? [];
  if (iface === 'A') {
    const jsonPaths = conventions.a.fieldPaths === 'json-path' && apiError !== null && problems.length > 0;
    // A validator's paths in the members, and the catalog's text, which names no field.
    const named = jsonPaths ? problems.map((p) => ({ ...p, field: normalizedJsonPath(fieldSegments(p.field)) })) : problems;
    const text = jsonPaths ? errorCatalog[apiError.code].message : message;
    // a-error-text-by-accept-language: the text in the caller's language, from a catalog that has only English.
    const body: Record<string, unknown> = { error: faults?.has('a-error-text-by-accept-language') ? englishOnlyText(ctx, text) : text, code: apiError?.code ?? 'internal' };
    if (named[0]) body.field = named[0].field;
    if (named.length) body.problems = named;
    ctx.body = body;
  } else {
    const body: Record<string, unknown> = { message };
    // The real docs' member for a failed connection check, beside the interface's own.
    if (apiError?.code === 'check_failed') body.error_message = message;
    if (problems.length) body[b.problemsKey] = problems;
    ctx.body = body;
  }
  // The fault: RFC 9457 problem details for clients that ask for them, in place of the error object.
  if (faults?.has('a-problem-details-when-accepted') && iface === 'A' && /application\/problem\+json/i.test(ctx.get('accept'))) {
    ctx.type = 'application/problem+json';
    ctx.body = { type: 'about:blank', title: apiError?.code ?? 'internal', status, detail: message };
    return;
  }
  // The fault answers interface A in the format the client asked for, errors included.
  if (iface === 'A' && faults?.has('a-error-yaml-when-accepted') && /yaml/i.test(ctx.get('accept')) && !/json/i.test(ctx.get('accept'))) {
    ctx.type = 'application/yaml';
    ctx.body = errorAsYaml(ctx.body as Record<string, unknown>);
    return;
  }
  // a-format-suffix-errors-yaml: the path's extension (/pipelines/12.yaml) picks the representation, errors included.
  if (iface === 'A' && faults?.has('a-format-suffix-errors-yaml') && /\.ya?ml$/i.test(ctx.path)) {
    ctx.type = 'application/yaml';
    ctx.body = errorAsYaml(ctx.body as Record<string, unknown>);
    return;
  }
  // a-cross-origin-errors-bodiless: a CORS layer re-raises a cross-origin request's error bare, its body lost.
  if (iface === 'A' && faults?.has('a-cross-origin-errors-bodiless') && ctx.get('origin') !== '') {
    ctx.set('Access-Control-Allow-Origin', ctx.get('origin'));
    ctx.set('Vary', 'Origin');
    ctx.type = 'text/plain';
    ctx.body = '';
    return;
  }
  // a-error-yaml-for-yaml-bodies: a YAML client's errors in the format its body came in.
  if (iface === 'A' && faults?.has('a-error-yaml-for-yaml-bodies') && /yaml/i.test(ctx.get('content-type'))) {
    ctx.type = 'application/yaml';
    ctx.body = errorAsYaml(ctx.body as Record<string, unknown>);
    return;
  }
  // b-415-html-page: the body parser's refusal of another media type is left to a web server's page.
  if (iface === 'B' && status === 415 && faults?.has('b-415-html-page')) {
    ctx.type = 'text/html';
    ctx.body = '<html><body><h1>415 Unsupported Media Type</h1></body></html>';
    return;
  }
  // b-error-page-for-browsers: a framework's error page for a client that mentions HTML in its
  // Accept, wherever it ranks it (a browser's Accept, or the vendor type with HTML beside it).
  if (iface === 'B' && faults?.has('b-error-page-for-browsers') && /text\/html/i.test(ctx.get('accept'))) {
    ctx.type = 'text/html';
    ctx.body = `<html><body><h1>${status}</h1><p>${message}</p></body></html>`;
    return;
  }
  // Error bodies are plain JSON; B-VER-2 governs successful responses only.
  ctx.type = 'application/json';
}

/** Maps errors thrown by Koa internals and body parsers to catalog errors. */
export function toApiError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  // A path segment with a broken percent-escape fails to decode inside the router.
  if (err instanceof URIError) return new ApiError('bad_request', { message: 'Bad request: the URL is not correctly percent-encoded.' });
  const status = typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : NaN;
  if (status === 413) return new ApiError('payload_too_large');
  if (status === 415) return new ApiError('unsupported_media_type');
  if (status === 400) return new ApiError('malformed_body');
  if (status === 404) return new ApiError('not_found');
  if (status === 405) return new ApiError('method_not_allowed');
  return err;
}

/** b-404-text-by-time-zone: the fixed texts in the user's language, which the dashboard guesses from the user's time zone. */
const NOT_FOUND_BY_ZONE: readonly (readonly [RegExp, string])[] = [
  [/^Europe\/(Berlin|Vienna|Zurich)$/, 'Eintrag nicht gefunden.'],
  [/^Europe\/Paris$/, 'Élément introuvable.'],
  [/^(Europe\/Madrid|America\/(Mexico_City|Bogota|Argentina\/Buenos_Aires))$/, 'Elemento no encontrado.'],
];

/** b-404-text-by-accept-language: the fixed text in the languages the i18n layer has, by primary language tag. */
const NOT_FOUND_BY_LANGUAGE: Readonly<Record<string, string>> = { de: 'Eintrag nicht gefunden.', fr: 'Élément introuvable.', es: 'Elemento no encontrado.' };

/** The text in the language of the first range of Accept-Language (its primary subtag), where the layer has it. */
function translatedNotFound(ctx: Context, text: string): string {
  const language = primaryLanguage(ctx);
  return Object.hasOwn(NOT_FOUND_BY_LANGUAGE, language) ? (NOT_FOUND_BY_LANGUAGE[language] ?? text) : text;
}

function localisedNotFound(ctx: Context, text: string): string {
  const zone = (ctx.state as { user?: { time_zone?: string } }).user?.time_zone ?? '';
  return NOT_FOUND_BY_ZONE.find(([re]) => re.test(zone))?.[1] ?? text;
}

/**
 * a-error-text-by-accept-language: the catalog's text for the primary subtag of the first
 * Accept-Language tag (none: English). The catalog holds English only and there is no fallback,
 * so any other language (or the wildcard) finds nothing: undefined, which JSON.stringify drops.
 */
function englishOnlyText(ctx: Context, text: string): string | undefined {
  const language = primaryLanguage(ctx) || 'en';
  return language === 'en' ? text : undefined;
}

/** The primary subtag of the first range of Accept-Language, lower-cased (`de` of `de-DE,de;q=0.9`); '' where none. */
function primaryLanguage(ctx: Context): string {
  return ctx.get('accept-language').split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0] ?? '';
}

/** The faults' YAML rendering of an interface A error object: one `member: <JSON value>` line each. */
function errorAsYaml(body: Record<string, unknown>): string {
  return Object.entries(body).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n') + '\n';
}
