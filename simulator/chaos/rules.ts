import { matchesPath, pathPattern } from '../http/path-pattern.ts';
import type { FieldProblem } from '../http/errors.ts';
import { matchersView, matchesRequest, readRequestMatchers, type RequestFacts, type RequestMatchers } from '../http/request-matchers.ts';

/**
 * Chaos rules: failures a client developer switches on to see how their client copes (WireMock's
 * faults, Toxiproxy's toxics). Separate from the conformance faults (`faults.ts`), which exist to
 * prove the suites. A rule matches requests by method, path pattern, account, interface, headers
 * and query parameters (`http/request-matchers.ts`, as the journal's filters), optionally only
 * with a probability or for the next N matching requests, and then:
 *
 * - adds latency (fixed, or uniform between two bounds), alone or before another action;
 * - answers a status with the interface's own error object (a 429 with `Retry-After` and the
 *   rate-limit headers, a 402, any 4xx or 5xx);
 * - resets the connection, sends an empty or truncated body, or never answers.
 *
 * Plain data and matching here; `middleware.ts` carries the actions out.
 */

export type ChaosFault = 'reset' | 'empty' | 'truncated' | 'hang';

export const CHAOS_FAULTS: readonly ChaosFault[] = ['reset', 'empty', 'truncated', 'hang'];

/** A rule as written in a `--chaos` file or posted to `POST /_disco/chaos`. */
export interface ChaosRuleInput {
  id?: string;
  method?: string;
  /** `*` within a segment, `**` across segments; without it every path. */
  path?: string;
  /** An account slug: interface B requests under `/{account}/api`, interface A requests with one of its keys. */
  account?: string;
  interface?: 'A' | 'B';
  /** `name` (present) or `name: text` (its value contains text); several: all must match. Credentials are matched as the journal shows them. */
  header?: string | string[];
  /** `name` (present) or `name=value` (decoded as the request's query is); several: all must match. */
  query?: string | string[];
  /** Acts on each matching request with this probability (0 to 1, default 1). */
  probability?: number;
  /** Acts on the next N matching requests, then the rule is spent and removed. */
  times?: number;
  /** Milliseconds, or [min, max] for a uniform random delay. */
  latency_ms?: number | [number, number];
  /** Answer this status (400 to 599) with the interface's error object. */
  status?: number;
  /** With status 429 (and 503): the Retry-After seconds (default 1). */
  retry_after_s?: number;
  /**
   * With status: the text of the error object (`message` on interface B, `error` on A); by
   * default it names the rule. A 404 with the interface's own not-found text looks like a route
   * or a thing that is not there, rather than like chaos.
   */
  message?: string;
  /** Break the answer: reset the connection, an empty or a truncated body, or never answer. */
  fault?: ChaosFault;
}

/** No `body`: a rule acts before the request's body is read (see `parseRule`). */
export interface ChaosRule extends Omit<RequestMatchers, 'body'> {
  id: string;
  method?: string;
  path?: string;
  pathRegex?: RegExp;
  account?: string;
  interface?: 'A' | 'B';
  probability: number;
  remaining?: number;
  latency?: { min: number; max: number };
  status?: number;
  retryAfterS?: number;
  message?: string;
  fault?: ChaosFault;
  hits: number;
}

/** What the control API shows of a rule. */
export interface ChaosRuleView {
  id: string;
  method?: string;
  path?: string;
  account?: string;
  interface?: 'A' | 'B';
  /** As written, always as arrays. */
  header?: string[];
  query?: string[];
  probability: number;
  /** Matching requests it will still act on; absent: no limit. */
  remaining?: number;
  latency_ms?: number | [number, number];
  status?: number;
  retry_after_s?: number;
  message?: string;
  fault?: ChaosFault;
  hits: number;
}

/** What a request looks like to the rules; without headers or a query, it has none. */
export interface ChaosRequest extends Partial<Pick<RequestFacts, 'headers' | 'query'>> {
  method: string;
  path: string;
  /** How the journal shows a path (keys redacted): what a rule's `path` is matched against. */
  pathAsShown?: (path: string) => string;
  interface: 'A' | 'B';
  /** The account the path names (interface B) or the key belongs to (interface A), if known. */
  account?: string;
}

const MAX_LATENCY_MS = 120_000;
const MAX_RULES = 1000;

export class ChaosRules {
  private rules: ChaosRule[] = [];
  private nextId = 1;

  /** Validates and adds a rule; returns the problems instead when it is not one. */
  add(input: unknown): { rule: ChaosRuleView } | { problems: FieldProblem[] } {
    const parsed = parseRule(input, this.rules.length >= MAX_RULES);
    if ('problems' in parsed) return parsed;
    const id = parsed.id ?? `rule-${this.nextId++}`;
    if (this.rules.some((r) => r.id === id)) return { problems: [{ field: 'id', message: `is taken by another rule (${id})` }] };
    const rule: ChaosRule = { ...parsed, id, hits: 0 };
    this.rules.push(rule);
    return { rule: view(rule) };
  }

  /**
   * Adds every rule or none: the problems of all of them, named `[i].field`, when any is not a
   * rule (ids are checked against the present rules and each other).
   */
  addAll(inputs: readonly unknown[]): { rules: ChaosRuleView[] } | { problems: FieldProblem[] } {
    const problems: FieldProblem[] = [];
    const ids = new Set(this.rules.map((r) => r.id));
    if (this.rules.length + inputs.length > MAX_RULES) problems.push({ field: 'rules', message: `at most ${MAX_RULES} rules at a time` });
    inputs.forEach((input, i) => {
      const parsed = parseRule(input);
      if ('problems' in parsed) problems.push(...parsed.problems.map((p) => ({ ...p, field: `[${i}].${p.field}` })));
      else if (parsed.id !== undefined) {
        if (ids.has(parsed.id)) problems.push({ field: `[${i}].id`, message: `is taken by another rule (${parsed.id})` });
        ids.add(parsed.id);
      }
    });
    if (problems.length) return { problems };
    const rules: ChaosRuleView[] = [];
    for (const input of inputs) {
      const added = this.add(input);
      if ('rule' in added) rules.push(added.rule);
    }
    return { rules };
  }

  list(): ChaosRuleView[] {
    return this.rules.map(view);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The rules `inputs` make (already checked: the ones a simulator started with), afresh: hits 0, `times` whole, ids counted from 1 again. */
  restart(inputs: readonly unknown[]): void {
    this.rules = [];
    this.nextId = 1;
    this.addAll(inputs);
  }

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /**
   * The rules that act on this request, in the order they were added, each hit counted and its
   * count spent: every matching rule that only adds latency, up to and with the first that
   * answers (a status or a transport fault), as Toxiproxy stacks its toxics. A latency rule does
   * not hide the rules after it: `slow-jobs` then "429 for the next 3" slows and refuses those 3.
   * Empty when none acts. `random` decides probabilities.
   */
  take(request: ChaosRequest, random: () => number = Math.random): ChaosRule[] {
    const acting: ChaosRule[] = [];
    // A spent rule is taken out by putting a new array in place: this loop goes on over the old one.
    for (const rule of this.rules) {
      if (!matches(rule, request)) continue;
      if (rule.probability < 1 && random() >= rule.probability) continue;
      rule.hits++;
      if (rule.remaining !== undefined) {
        rule.remaining--;
        if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
      }
      acting.push(rule);
      if (rule.status !== undefined || rule.fault !== undefined) break;
    }
    return acting;
  }
}

function matches(rule: ChaosRule, request: ChaosRequest): boolean {
  return (
    // The routers answer HEAD with the GET route: a GET rule is about that route.
    (rule.method === undefined || rule.method === request.method || (rule.method === 'GET' && request.method === 'HEAD')) &&
    (rule.pathRegex === undefined || matchesPath(rule.pathRegex, request.path, request.pathAsShown)) &&
    (rule.interface === undefined || rule.interface === request.interface) &&
    (rule.account === undefined || rule.account === request.account) &&
    ((rule.header === undefined && rule.query === undefined) || matchesRequest(rule, { headers: request.headers ?? none, query: request.query ?? none, body: () => undefined }))
  );
}

const none = (): Readonly<Record<string, never>> => ({});

/** How the action is named in the journal. */
export function actionOf(rule: ChaosRule): string {
  const parts: string[] = [];
  if (rule.latency) parts.push(rule.latency.min === rule.latency.max ? `latency ${rule.latency.min} ms` : `latency ${rule.latency.min}-${rule.latency.max} ms`);
  if (rule.status !== undefined) parts.push(`status ${rule.status}`);
  if (rule.fault) parts.push(rule.fault);
  return parts.join(', ');
}

function view(rule: ChaosRule): ChaosRuleView {
  return {
    id: rule.id,
    ...(rule.method ? { method: rule.method } : {}),
    ...(rule.path ? { path: rule.path } : {}),
    ...(rule.account ? { account: rule.account } : {}),
    ...(rule.interface ? { interface: rule.interface } : {}),
    ...matchersView(rule),
    probability: rule.probability,
    ...(rule.remaining !== undefined ? { remaining: rule.remaining } : {}),
    ...(rule.latency ? { latency_ms: rule.latency.min === rule.latency.max ? rule.latency.min : ([rule.latency.min, rule.latency.max] as [number, number]) } : {}),
    ...(rule.status !== undefined ? { status: rule.status } : {}),
    ...(rule.retryAfterS !== undefined ? { retry_after_s: rule.retryAfterS } : {}),
    ...(rule.message !== undefined ? { message: rule.message } : {}),
    ...(rule.fault ? { fault: rule.fault } : {}),
    hits: rule.hits,
  };
}

const FIELDS = new Set(['id', 'method', 'path', 'account', 'interface', 'header', 'query', 'probability', 'times', 'latency_ms', 'status', 'retry_after_s', 'message', 'fault']);
const MAX_MESSAGE_LENGTH = 500;

/** Every problem of a rule document, named by field; nothing is guessed. */
export function parseRule(input: unknown, full = false): Omit<ChaosRule, 'id' | 'hits'> & { id?: string } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (full) return { problems: [{ field: 'rules', message: `at most ${MAX_RULES} rules at a time` }] };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { problems: [{ field: 'body', message: 'must be a rule object' }] };
  const doc = input as Record<string, unknown>;
  for (const key of Object.keys(doc)) {
    // The journal's filters take `body`; a rule cannot. It acts before the route reads the body
    // (chaos/middleware.ts): what has arrived by then depends on how the client's writes fell into
    // packets, so a rule would act or not by chance; waiting for the body would hold up the
    // answers the service gives without reading it (a 401, a 415), and reading it would need a
    // second reader handing it on to the route's. A rule with `body` is refused, not ignored.
    if (key === 'body') problems.push({ field: 'body', message: 'is not matched by chaos rules: a rule acts before the request body is read (match header or query instead)' });
    else if (!FIELDS.has(key)) problems.push({ field: key, message: `is not a rule field (${[...FIELDS].join(', ')})` });
  }
  const out: Omit<ChaosRule, 'id' | 'hits'> & { id?: string } = { probability: 1 };
  if (doc.id !== undefined) {
    if (typeof doc.id === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(doc.id)) out.id = doc.id;
    else problems.push({ field: 'id', message: 'must be 1 to 64 letters, digits, _ . or -' });
  }
  if (doc.method !== undefined) {
    if (typeof doc.method === 'string' && /^[A-Za-z]{1,16}$/.test(doc.method)) out.method = doc.method.toUpperCase();
    else problems.push({ field: 'method', message: 'must be an HTTP method' });
  }
  if (doc.path !== undefined) {
    if (typeof doc.path === 'string' && doc.path.startsWith('/') && doc.path.length <= 500) {
      out.path = doc.path;
      out.pathRegex = pathPattern(doc.path);
    } else problems.push({ field: 'path', message: 'must be a path pattern starting with / (* within a segment, ** across)' });
  }
  if (doc.account !== undefined) {
    if (typeof doc.account === 'string' && doc.account !== '') out.account = doc.account;
    else problems.push({ field: 'account', message: 'must be an account slug' });
  }
  if (doc.interface !== undefined) {
    if (doc.interface === 'A' || doc.interface === 'B') out.interface = doc.interface;
    else problems.push({ field: 'interface', message: 'must be A or B' });
  }
  const request = readRequestMatchers(doc, ['header', 'query']);
  problems.push(...request.problems);
  Object.assign(out, request.matchers);
  if (doc.probability !== undefined) {
    if (typeof doc.probability === 'number' && doc.probability > 0 && doc.probability <= 1) out.probability = doc.probability;
    else problems.push({ field: 'probability', message: 'must be a number above 0 and at most 1' });
  }
  if (doc.times !== undefined) {
    if (typeof doc.times === 'number' && Number.isSafeInteger(doc.times) && doc.times >= 1) out.remaining = doc.times;
    else problems.push({ field: 'times', message: 'must be a positive integer' });
  }
  if (doc.latency_ms !== undefined) {
    const l = doc.latency_ms;
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= MAX_LATENCY_MS;
    if (ok(l)) out.latency = { min: l, max: l };
    else if (Array.isArray(l) && l.length === 2 && ok(l[0]) && ok(l[1]) && l[0] <= l[1]) out.latency = { min: l[0], max: l[1] };
    else problems.push({ field: 'latency_ms', message: `must be milliseconds (0 to ${MAX_LATENCY_MS}) or [min, max]` });
  }
  if (doc.status !== undefined) {
    if (typeof doc.status === 'number' && Number.isInteger(doc.status) && doc.status >= 400 && doc.status <= 599) out.status = doc.status;
    else problems.push({ field: 'status', message: 'must be an HTTP error status (400 to 599)' });
  }
  if (doc.retry_after_s !== undefined) {
    if (typeof doc.retry_after_s === 'number' && Number.isSafeInteger(doc.retry_after_s) && doc.retry_after_s >= 0 && doc.retry_after_s <= 86_400) out.retryAfterS = doc.retry_after_s;
    else problems.push({ field: 'retry_after_s', message: 'must be whole seconds from 0 to 86400' });
  }
  if (doc.message !== undefined) {
    // Printable text only: it goes into a JSON body and into the journal.
    if (typeof doc.message === 'string' && doc.message.length >= 1 && doc.message.length <= MAX_MESSAGE_LENGTH && !/[\u0000-\u001f\u007f]/.test(doc.message)) out.message = doc.message;
    else problems.push({ field: 'message', message: `must be text of 1 to ${MAX_MESSAGE_LENGTH} characters, without control characters` });
  }
  if (doc.fault !== undefined) {
    if (typeof doc.fault === 'string' && (CHAOS_FAULTS as readonly string[]).includes(doc.fault)) out.fault = doc.fault as ChaosFault;
    else problems.push({ field: 'fault', message: `must be one of ${CHAOS_FAULTS.join(', ')}` });
  }
  if (out.message !== undefined && out.status === undefined && !problems.some((p) => p.field === 'status')) problems.push({ field: 'message', message: 'needs status: it is the text of the error object a status answers with' });
  if (out.status !== undefined && out.fault !== undefined) problems.push({ field: 'fault', message: 'cannot be combined with status: a rule answers a status or breaks the answer' });
  if (out.latency === undefined && out.status === undefined && out.fault === undefined && !problems.some((p) => ['latency_ms', 'status', 'fault'].includes(p.field))) {
    problems.push({ field: 'body', message: 'a rule needs an action: latency_ms, status or fault' });
  }
  return problems.length ? { problems } : out;
}
