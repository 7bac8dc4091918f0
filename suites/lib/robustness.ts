import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';
import { pathOf } from './answers.ts';

/**
 * X-ROB-1 and X-ISO-1 on any answer: no 5xx, no stack trace, no other account's key; and which
 * paths a proxy in front of the service may rewrite before the service sees them.
 */

/** `at fn (file:1:2)` frames of V8, Python "Traceback", Java "at x.y(Z.java:1)", Node internals. */
const STACK_TRACE = /(\bat [^\s()]+ \([^()]*:\d+:\d+\))|(\bat (file|node):[^\s]*:\d+:\d+)|node:internal|Traceback \(most recent call last\)|\bat [\w$.]+\([\w$]+\.java:\d+\)/;

export function looksLikeStackTrace(text: string): boolean {
  return STACK_TRACE.test(text);
}

/** Which clause each kind of problem names: a crash is X-ROB-1, a leaked key X-ISO-1. */
export const CRASH_AND_LEAK = { crash: 'X-ROB-1', leak: 'X-ISO-1' } as const;

/**
 * Fails `clauses.crash` when the answer is a 5xx or shows a stack trace, and `clauses.leak` when
 * it carries any of `secrets` (keys of other accounts) in its body or headers. `what` says what
 * was odd about a request its line does not show (a header), for the 5xx's message.
 */
export function expectNoCrashOrLeak(t: CheckContext, exchange: Exchange, clauses: { crash: string; leak: string } = CRASH_AND_LEAK, secrets: readonly string[] = [], what = ''): void {
  const { status, body, headers } = exchange.response;
  t.expect.that(status < 500, {
    clause: clauses.crash,
    message: `${exchange.request.method} ${pathOf(exchange)}${what ? ` ${what}` : ''} answered ${status}: malformed input must never cause a server error`,
    expected: 'a status below 500 (a 4xx for bad input)',
    received: describeResponse(exchange),
    exchange,
  });
  t.expect.that(!looksLikeStackTrace(body), {
    clause: clauses.crash,
    message: `${exchange.request.method} ${pathOf(exchange)}: the answer shows a stack trace`,
    expected: 'no stack trace in the body',
    received: describeResponse(exchange),
    exchange,
  });
  const headerText = Object.values(headers).join('\n');
  const leaked = secrets.filter((s) => s.length >= 6 && (body.includes(s) || headerText.includes(s)));
  t.expect.that(leaked.length === 0, {
    clause: clauses.leak,
    message: `${exchange.request.method} ${pathOf(exchange)}: the answer carries another account's key`,
    expected: "no other account's credentials in the answer",
    received: `${leaked.length} key(s) of another account in the answer`,
    exchange,
  });
}

// ---------------------------------------------------------------------------------------------
// Paths a proxy may rewrite

/**
 * Whether a proxy or gateway in front of the service (or the HTTP client itself: WHATWG URL
 * parsing resolves `%2e%2e`) may normalise this wire-encoded path segment out of the interface
 * root before the service sees it: dot segments (plain, percent-encoded or overlong UTF-8) and
 * encoded slashes or backslashes. Whatever answers such a path may not be the service, so only
 * "no 5xx" is judged there, never the error object.
 */
export function proxyMayRewrite(segment: string): boolean {
  const lower = segment.toLowerCase();
  if (/%2f|%5c|%c0%ae|%c0%af|%c1%9c/.test(lower)) return true;
  let decoded = lower.replace(/%2e/g, '.');
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A broken escape stays as it is: no proxy resolves it to a dot segment.
  }
  return decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\');
}

/** Whether any segment of a wire path (query aside) is one `proxyMayRewrite` flags. */
export function pathProxyMayRewrite(path: string): boolean {
  return (path.split('?')[0] ?? '').split('/').some(proxyMayRewrite);
}
