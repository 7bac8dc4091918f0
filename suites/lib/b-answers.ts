import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';

/**
 * Comparing answers and screening them for leaks: the helpers of the isolation, error and
 * robustness checks (b-iso, b-err, x-rob).
 */

/**
 * The body of an answer with the echoes of the request taken out: each `echo` (the id or the
 * account id the request named) is replaced by a placeholder, so that two not-found answers
 * that only repeat what they were asked still compare equal. Key order does not matter (JSON is
 * re-serialised with sorted keys).
 */
export function normalisedBody(exchange: Exchange, echoes: readonly string[] = []): string {
  const replace = (text: string): string => {
    let out = text;
    // Whole tokens only: the id 5 must not blank out every digit 5 of the body.
    for (const echo of [...echoes].filter((e) => e !== '').sort((a, b) => b.length - a.length)) {
      out = out.replace(new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(echo)}(?![0-9A-Za-z])`, 'g'), '{echo}');
    }
    return out;
  };
  if (exchange.json === undefined) return replace(exchange.response.body);
  return replace(JSON.stringify(sortKeys(exchange.json)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Fails `clause` unless `subject` got the same answer as `reference` (status and body, request
 * echoes aside). `what` names the two requests for the message.
 */
export function expectSameAnswer(
  t: CheckContext,
  subject: Exchange,
  reference: Exchange,
  options: { clause: string; what: string; echoes?: { subject: string[]; reference: string[] } },
): void {
  const a = normalisedBody(subject, options.echoes?.subject);
  const b = normalisedBody(reference, options.echoes?.reference);
  t.expect.that(subject.response.status === reference.response.status && a === b, {
    clause: options.clause,
    message: `${options.what}: the answers differ, so the caller can tell them apart`,
    expected: describeResponse(reference),
    received: describeResponse(subject),
    exchange: subject,
  });
}

/** `at fn (file:1:2)` frames of V8, Python "Traceback", Java "at x.y(Z.java:1)", Node internals. */
const STACK_TRACE = /(\bat [^\s()]+ \([^()]*:\d+:\d+\))|(\bat (file|node):[^\s]*:\d+:\d+)|node:internal|Traceback \(most recent call last\)|\bat [\w$.]+\([\w$]+\.java:\d+\)/;

export function looksLikeStackTrace(text: string): boolean {
  return STACK_TRACE.test(text);
}

/** Which clause each kind of problem names: a crash is X-ROB-1, a leaked key X-ISO-1. */
export const CRASH_AND_LEAK = { crash: 'X-ROB-1', leak: 'X-ISO-1' } as const;

/**
 * Fails `clauses.crash` when the answer is a 5xx or shows a stack trace, and `clauses.leak` when
 * it carries any of `secrets` (keys of other accounts) in its body or headers.
 */
export function expectNoCrashOrLeak(t: CheckContext, exchange: Exchange, clauses: { crash: string; leak: string } = CRASH_AND_LEAK, secrets: readonly string[] = []): void {
  const { status, body, headers } = exchange.response;
  t.expect.that(status < 500, {
    clause: clauses.crash,
    message: `${exchange.request.method} ${pathOf(exchange)} answered ${status}: malformed input must never cause a server error`,
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

export function pathOf(exchange: Exchange): string {
  try {
    return new URL(exchange.request.url).pathname;
  } catch {
    return exchange.request.url;
  }
}

export function isSuccess(exchange: Exchange): boolean {
  return exchange.response.status >= 200 && exchange.response.status < 300;
}

/**
 * The part of a user (GET /user) that only a write of the user changes, as comparable text.
 * Counts such as `unread_notifications_count` are left out: they move by themselves when a job
 * of the account finishes.
 */
export function userFieldsOf(exchange: Exchange): string {
  const u = exchange.json && typeof exchange.json === 'object' ? (exchange.json as Record<string, unknown>) : {};
  return JSON.stringify([u.name, u.email, u.time_zone, u.location, u.notification_settings, u.updated_at]);
}
