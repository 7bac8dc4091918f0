import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';
import { bodyShows, errorObjectOf, pathOf } from './answers.ts';
import { UNUSUAL_METHODS } from './arbitraries/methods.ts';

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
  const { status } = exchange.response;
  t.expect.that(status < 500, {
    clause: clauses.crash,
    message: `${exchange.request.method} ${pathOf(exchange)}${what ? ` ${what}` : ''} answered ${status}: malformed input must never cause a server error`,
    expected: 'a status below 500 (a 4xx for bad input)',
    received: describeResponse(exchange),
    exchange,
  });
  expectNoTraceOrLeak(t, exchange, clauses, secrets);
}

/** The half of `expectNoCrashOrLeak` that holds whatever the status: no stack trace, none of `secrets`. */
export function expectNoTraceOrLeak(t: CheckContext, exchange: Exchange, clauses: { crash: string; leak: string } = CRASH_AND_LEAK, secrets: readonly string[] = []): void {
  const { body, headers } = exchange.response;
  t.expect.that(!looksLikeStackTrace(body), {
    clause: clauses.crash,
    message: `${exchange.request.method} ${pathOf(exchange)}: the answer shows a stack trace`,
    expected: 'no stack trace in the body',
    received: describeResponse(exchange),
    exchange,
  });
  const headerText = Object.values(headers).join('\n');
  const leaked = secrets.filter((s) => s.length >= 6 && (bodyShows(exchange, s) || headerText.includes(s)));
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

// ---------------------------------------------------------------------------------------------
// Methods beyond the seven (suites/lib/arbitraries/methods.ts)

/** How the checks judge the answers to unusual methods, and what they keep for their notes. */
export interface UnusualMethodAnswers {
  /**
   * Judges one answer to an unusual method. A 501 is held only to no stack trace and no leak of
   * `secrets`, and kept for the note: RFC 9110 9.1 says a server SHOULD answer 501 to a method it
   * does not recognise or implement, where X-ROB-1 says no request gets a 5xx, so there the RFC's
   * answer is taken, never failed (any other 5xx fails X-ROB-1). Outside the simulator profile
   * a 4xx without the interface's error object is held to the same and kept for a note: a front
   * server refuses a method it does not know or pass on before the service sees the request (an
   * HTTP parser's bare 400, Node's among them; stock nginx answers TRACE itself, 405 with its own
   * page; an allow-list proxy or an API gateway its own 405 or 403), as a proxy may answer a
   * path it rewrites (`proxyMayRewrite`). Any other answer goes to `handled`, the
   * interface's own rules (no 5xx, no stack trace, the error object on a 4xx). A 2xx or 3xx must
   * be a 4xx in the simulator profile, which serves none of these methods; elsewhere it is kept
   * for the note: the spec names no such method, so what a deployment does with one (a front
   * server answering TRACE with the request, as Apache does by default) is its own.
   */
  judge(exchange: Exchange, handled: () => void, secrets?: readonly string[]): void;
  /** Notes what was kept: the methods answered 501, those refused without the error object outside the simulator profile, and those served. Called once all is sent. */
  note(): void;
}

/**
 * Methods as a note shows them, with how often each was answered so: the listed ones by name,
 * the made-up tokens (a different one in most cases) counted together.
 */
function shownMethods(counts: ReadonlyMap<string, number>): string {
  const named = [...counts].filter(([method]) => UNUSUAL_METHODS.includes(method)).map(([method, times]) => `${method} (${times})`);
  const madeUp = [...counts].filter(([method]) => !UNUSUAL_METHODS.includes(method));
  const made = madeUp.reduce((sum, [, times]) => sum + times, 0);
  return [...named, ...(madeUp.length ? [`${madeUp.length} made-up tokens (${made})`] : [])].join(', ');
}

/** `errorMember`: the member the interface's error object carries (`error` on A, `message` on B). */
export function unusualMethodAnswers(t: CheckContext, errorMember: 'error' | 'message'): UnusualMethodAnswers {
  const notImplemented = new Map<string, number>();
  const frontRefusals = new Map<string, number>();
  const frontStatuses = new Set<number>();
  const served = new Set<string>();
  const count = (counts: Map<string, number>, method: string): void => void counts.set(method, (counts.get(method) ?? 0) + 1);
  return {
    judge(exchange, handled, secrets = []) {
      const { method } = exchange.request;
      const { status } = exchange.response;
      if (status === 501) {
        count(notImplemented, method);
        expectNoTraceOrLeak(t, exchange, CRASH_AND_LEAK, secrets);
        return;
      }
      if (status >= 400 && status < 500 && t.profile !== 'simulator' && errorObjectOf(exchange, errorMember) === null) {
        count(frontRefusals, method);
        frontStatuses.add(status);
        expectNoTraceOrLeak(t, exchange, CRASH_AND_LEAK, secrets);
        return;
      }
      handled();
      if (status >= 400) return;
      if (t.profile === 'simulator') t.expect.status(exchange, '4xx', CRASH_AND_LEAK.crash, `${method} ${pathOf(exchange)} answered ${status}: the simulator serves no ${method}, so it must refuse it with a 4xx and the error object`);
      else served.add(`${method} ${status}`);
    },
    note() {
      if (notImplemented.size) {
        t.note(`answered 501 Not Implemented, not failed: ${shownMethods(notImplemented)}. RFC 9110 9.1 says a server SHOULD answer 501 to a method it does not recognise or implement; X-ROB-1 says no request gets a 5xx. The two collide there, and the check takes the RFC's answer (any other 5xx fails X-ROB-1)`);
      }
      if (frontRefusals.size) t.note(`refused with ${[...frontStatuses].sort().join(', ')} without the interface's error object, held to no 5xx and no stack trace only (outside the simulator profile: a front server refuses a method it does not know or pass on before the service sees it, as an HTTP parser's bare 400 or nginx's own 405 page for TRACE): ${shownMethods(frontRefusals)}`);
      if (served.size) t.note(`answered below 400 (the spec names none of these methods, so what a deployment does with one is its own): ${[...served].join(', ')}`);
    },
  };
}
