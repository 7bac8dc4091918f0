import { randomBytes } from 'node:crypto';
import type { CheckDefinition, CheckResult, Exchange, Need, Profile, RecordedExchange, RecordedFailure, ResolvedTarget, FailureDetail, PartialCoverage, RunEvidence, SentRequest } from './types.ts';
import { createHttpClient, TransportError, type SharedHttpClient } from './http.ts';
import { tlsRequestOptions } from './tls-settings.ts';
import { CheckFailure, CheckSkipped, RunInterrupted } from './failure.ts';
import { createContext } from './context.ts';
import { Redactor } from './redact.ts';
import { curlCommand, type CurlTls } from './curl.ts';
import { targetSecrets } from './target.ts';
import { laneOf, type Lane } from './lanes.ts';
import { stopMakingKeys } from './arbitraries/ssh-keys.ts';
import { AbsentIdGuard } from './absent-id-guard.ts';
import { WriteLedger } from './write-ledger.ts';

export { laneOf, type Lane } from './lanes.ts';

export interface RunOptions {
  target: ResolvedTarget;
  checks: CheckDefinition[];
  profile: Profile;
  seed: number;
  runs: number;
  readOnly: boolean;
  rate?: number;
  timeoutMs: number;
  /** The run's User-Agent (`disco/<version>` from `disco check`); the client's default otherwise. */
  userAgent?: string;
  /** How long a property may start new cases; 120 s (context.ts) unless a test needs it short. */
  propertyTimeLimitMs?: number;
  /**
   * false (`--no-shrink`): a failing property ends at its first failing case. Shrinking repeats a
   * failing case's requests over and over for a smaller counterexample; the verdict is the same.
   */
  shrink?: boolean;
  signal?: AbortSignal;
  /** Secrets beyond the target's own (keys, URL credentials) to keep out of results. */
  secrets?: string[];
  /** Every exchange of the run with the check that sent it (cleanup included); `disco check --plan` tallies them. */
  onExchange?: (exchange: Exchange, check: CheckDefinition | undefined) => void;
  /** Every exchange of the run, redacted and with bodies clipped past `bodyCap` characters, for a record of it (`disco check --har`). */
  record?: { bodyCap: number; add(exchange: RecordedExchange, check: CheckDefinition): void };
  onProgress?: (event: { kind: 'start' | 'end'; check: CheckDefinition; result?: CheckResult; index: number; total: number }) => void;
  /** Start no further check once this many checks have failed (`--max-failures`); the rest are skipped, saying why. */
  maxFailures?: number;
  /** `lanes` (default): interface A and B checks side by side (see `laneOf`); `serial`: one check at a time, in order. */
  schedule?: 'lanes' | 'serial';
}

export interface RunOutput {
  checks: CheckResult[];
  leftovers: string[];
  runId: string;
  /** Why the run stopped sending requests before its checks were done (suites/lib/absent-id-guard.ts), if it did. */
  halted?: string;
}

/** Why a check cannot run against this target, or null when every need is met. */
export function unmetNeed(need: Need, target: ResolvedTarget, readOnly: boolean): string | null {
  const b0 = target.b[0];
  switch (need) {
    case 'b':
      return target.baseUrl && b0 ? null : 'needs interface B (base_url and an account with api_key)';
    case 'b2':
      return target.baseUrl && target.b[1] ? null : 'needs a second interface B account';
    case 'a':
      return target.cdcBaseUrl && target.a[0]?.adminKey ? null : 'needs interface A (cdc_base_url and pipeline_admin_key of account 1)';
    case 'a2':
      return target.cdcBaseUrl && target.a[1]?.adminKey ? null : 'needs pipeline_admin_key of a second account';
    case 'a-nonadmin':
      return target.cdcBaseUrl && target.a[0]?.nonAdminKey ? null : 'needs a non-admin interface A key (pipeline_key) of account 1';
    case 'write':
      return readOnly ? 'writes to the target, and this run is --read-only' : null;
    case 'control':
      return target.controlUrl ? null : 'needs the simulator control API to move time (control_url); not available on this target';
    default:
      break;
  }
  if (need.startsWith('fixture:')) {
    const field = need.slice('fixture:'.length) as keyof NonNullable<typeof b0>['fixtures'];
    const value = b0?.fixtures[field];
    const present = Array.isArray(value) ? value.length > 0 : value !== undefined;
    return present ? null : `needs fixtures.${field} of account 1 in the target`;
  }
  if (need.startsWith('connection:')) {
    const type = need.slice('connection:'.length);
    return b0?.fixtures.connections?.[type] !== undefined ? null : `needs fixtures.connections.${type} (a ${type} connection id) of account 1`;
  }
  return `unknown need ${need}`;
}

/**
 * Runs the checks: first the interface A lane and the interface B lane side by side (each in
 * order), then the checks that run alone, in order; `serial` runs every check alone, in order.
 * `--rate` bounds the whole run, whatever the lanes do (one pacer). Each check has its own
 * context; cleanups run after every check, also when it failed or the run was interrupted; what
 * cannot be undone is returned as leftovers. Results come back in the order of `checks`.
 */
export async function runChecks(options: RunOptions): Promise<RunOutput> {
  const runId = randomBytes(4).toString('hex');
  const redactor = new Redactor([...targetSecrets(options.target), ...(options.secrets ?? [])], options.target.keyPrefix);
  const guard = new AbsentIdGuard(options.target);
  const writes = new WriteLedger();
  const http = createHttpClient({
    timeoutMs: options.timeoutMs,
    rate: options.rate,
    signal: options.signal,
    ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
    tls: tlsRequestOptions(options.target.tls),
    ...(options.target.headers ? { headers: options.target.headers } : {}),
    onExchange: (ex) => {
      redactor.learn(ex.json);
      guard.observe(ex);
      writes.observe(ex);
    },
  });
  const total = options.checks.length;
  const results: (CheckResult | undefined)[] = new Array<CheckResult | undefined>(total);
  const leftovers: string[] = [];
  const evidence: RunEvidence = {};
  let failed = 0;

  async function runAt(index: number): Promise<void> {
    const check = options.checks[index]!;
    if (options.signal?.aborted) {
      results[index] = skipped(check, 'the run was interrupted before this check started');
      return;
    }
    if (options.maxFailures !== undefined && failed >= options.maxFailures) {
      results[index] = skipped(check, `not run: the run stopped starting checks after ${failed} failed (--max-failures ${options.maxFailures})`);
      return;
    }
    options.onProgress?.({ kind: 'start', check, index, total });
    const unmet = check.needs.map((n) => unmetNeed(n, options.target, options.readOnly)).find((r) => r !== null);
    const halted = unmet ? null : guard.reason;
    const result = unmet ? skipped(check, unmet) : halted ? notRun(check, redactor.text(`halted: ${halted}`)) : await runOne(check, options, { http, redactor, runId, leftovers, evidence, guard, writes });
    results[index] = result;
    if (result.verdict === 'fail') failed++;
    options.onProgress?.({ kind: 'end', check, result, index, total });
  }

  // RSA keys made ahead in child processes (the SSH key checks) keep whole cores busy: after a
  // Ctrl-C they stop at once, and the run's own ending (cleanups, reports) has the machine.
  options.signal?.addEventListener('abort', stopMakingKeys, { once: true });
  const indexes = options.checks.map((_, i) => i);
  const lanes = options.schedule === 'serial' ? { a: [], b: [], alone: indexes } : groupBy(indexes, (i) => laneOf(options.checks[i]!, options.target));
  const inOrder = async (list: readonly number[]) => {
    for (const i of list) await runAt(i);
  };
  try {
    await Promise.all([inOrder(lanes.a), inOrder(lanes.b)]);
    await inOrder(lanes.alone);
  } finally {
    options.signal?.removeEventListener('abort', stopMakingKeys);
  }
  const halted = guard.reason === null ? {} : { halted: redactor.text(guard.reason) };
  return { checks: results.map((r, i) => liftPartials(r ?? skipped(options.checks[i]!, 'the check did not run'), evidence, redactor)), leftovers, runId, ...halted };
}

/**
 * A check's partial coverage that waited for a control (`until`) which a check running after it
 * gave: lifted, with a note naming the control; the rest stays, without the marker.
 */
function liftPartials(result: CheckResult, evidence: RunEvidence, redactor: Redactor): CheckResult {
  if (!result.partial?.some((p) => p.until !== undefined)) return result;
  const kept: PartialCoverage[] = [];
  const notes = [...result.notes];
  for (const { until, ...entry } of result.partial) {
    const found = until === undefined ? undefined : evidence[until];
    if (found === undefined) kept.push(entry);
    else notes.push(redactor.text(`${entry.clause}: the control this check lacked was given later in the run (${found}), so its comparison counts`));
  }
  const { partial: _waited, ...rest } = result;
  return { ...rest, notes, ...(kept.length ? { partial: kept } : {}) };
}

function groupBy(indexes: readonly number[], lane: (i: number) => Lane): Record<Lane, number[]> {
  const out: Record<Lane, number[]> = { a: [], b: [], alone: [] };
  for (const i of indexes) out[lane(i)].push(i);
  return out;
}

/** One check, its cleanups included. */
async function runOne(check: CheckDefinition, options: RunOptions, run: { http: SharedHttpClient; redactor: Redactor; runId: string; leftovers: string[]; evidence: RunEvidence; guard: AbsentIdGuard; writes: WriteLedger }): Promise<CheckResult> {
  const { redactor } = run;
  const curlTls: CurlTls = { ca: options.target.tls?.ca !== undefined, clientCertificate: options.target.tls?.clientCert !== undefined };
  const seen: { requests: number; last?: Exchange } = { requests: 0 };
  // After Ctrl-C no new request starts, except the cleanup's: what the run made must go.
  let cleaningUp = false;
  const http = run.http.view({
    stopped: () => (options.signal?.aborted ?? false) && !cleaningUp,
    // Cleanups name what the run made, never an "absent" id: they still go.
    refusal: () => (cleaningUp || run.guard.reason === null ? null : `halted: ${run.guard.reason}`),
    onExchange: (ex) => {
      seen.requests++;
      seen.last = ex;
      options.onExchange?.(ex, check);
      if (options.record) options.record.add(recorded(ex, redactor, options.record.bodyCap), check);
    },
    // A request that got no answer is the part of the traffic a vendor most wants to see.
    onUnanswered: (sent, error) => {
      if (options.record) options.record.add(recordedUnanswered(sent, error, redactor, options.record.bodyCap), check);
    },
  });
  const started = performance.now();
  const { context, state } = createContext({
    check,
    target: options.target,
    profile: options.profile,
    runId: run.runId,
    seed: options.seed,
    runs: options.runs,
    http,
    redactor,
    signal: options.signal,
    evidence: run.evidence,
    writes: run.writes,
    ...(options.propertyTimeLimitMs !== undefined ? { propertyTimeLimitMs: options.propertyTimeLimitMs } : {}),
    ...(options.shrink === false ? { shrink: false } : {}),
  });
  let verdict: CheckResult['verdict'] = 'pass';
  let reason: string | undefined;
  const failures: RecordedFailure[] = [];
  try {
    await check.run(context);
  } catch (err) {
    if (err instanceof CheckSkipped) {
      verdict = 'skip';
      reason = err.message;
    } else if (err instanceof CheckFailure) {
      verdict = 'fail';
      // A property's failure only when it is what ended the check (the check may have caught one).
      const fromProperty = state.propertyFailure?.error === err ? state.propertyFailure : undefined;
      failures.push(recordFailure(fromProperty?.detail ?? err.detail, redactor, curlTls, fromProperty?.property));
      reason = redactor.text(err.message);
    } else if (err instanceof TransportError) {
      verdict = 'error';
      reason = redactor.text(`${err.method} ${err.url}: ${err.message}`);
    } else if (err instanceof RunInterrupted) {
      verdict = 'error';
      reason = err.message;
    } else {
      verdict = 'error';
      const message = err instanceof Error ? err.message : String(err);
      const last = lastExchange(seen);
      reason = redactor.text(`the check could not complete: ${message}${last ? ` (last request ${last.request.method} ${last.request.url} -> ${last.response.status})` : ''}`);
    }
  }
  cleaningUp = true;
  for (const step of state.cleanups.reverse()) {
    try {
      await step.undo();
    } catch (err) {
      run.leftovers.push(redactor.text(`${check.id}: ${step.label} (${err instanceof Error ? err.message : String(err)})`));
    }
  }
  return {
    ...identity(check),
    verdict,
    ...(reason !== undefined ? { reason } : {}),
    failures,
    properties: state.properties,
    durationMs: Math.round(performance.now() - started),
    requests: seen.requests,
    notes: state.notes,
    ...(state.partial.length ? { partial: state.partial } : {}),
    ...(state.advisories.length ? { advisories: state.advisories.map((a) => recordFailure(a, redactor, curlTls)) } : {}),
  };
}

/** `ex` as a record of the run keeps it: bodies clipped first (a clipped secret is still hidden: redact.ts), then redacted. */
function recorded(ex: Exchange, redactor: Redactor, bodyCap: number): RecordedExchange {
  const responseBody = clip(ex.response.body, bodyCap);
  return {
    ...recordedRequest(ex, redactor, bodyCap),
    response: redactor.response({ ...ex.response, body: responseBody.text }),
    responseBodyBytes: Buffer.byteLength(ex.response.body),
    ...(responseBody.clipped ? { responseBodyClipped: true } : {}),
  };
}

/** A request that got no whole answer, as the record keeps it: the request as `recorded` keeps one, no response, and why. */
function recordedUnanswered(sent: SentRequest, error: string, redactor: Redactor, bodyCap: number): RecordedExchange {
  return { ...recordedRequest(sent, redactor, bodyCap), response: null, error: redactor.text(error), responseBodyBytes: -1 };
}

/** The request half of a record: its body clipped, then redacted, with the whole body's size; when it went and how long it took. */
function recordedRequest(sent: SentRequest, redactor: Redactor, bodyCap: number): Pick<RecordedExchange, 'request' | 'startedAt' | 'durationMs' | 'requestBodyBytes' | 'requestBodyClipped'> {
  const body = sent.request.body === undefined ? undefined : clip(sent.request.body, bodyCap);
  return {
    request: redactor.request({ ...sent.request, ...(body ? { body: body.text } : {}) }),
    startedAt: Date.now() - sent.durationMs,
    durationMs: sent.durationMs,
    requestBodyBytes: sent.request.body === undefined ? 0 : Buffer.byteLength(sent.request.body),
    ...(body?.clipped ? { requestBodyClipped: true } : {}),
  };
}

function clip(text: string, cap: number): { text: string; clipped: boolean } {
  return text.length > cap ? { text: `${text.slice(0, cap)}…`, clipped: true } : { text, clipped: false };
}

// A function, so that TypeScript does not narrow the field from the reset before the check ran.
function lastExchange(seen: { last?: Exchange }): Exchange | undefined {
  return seen.last;
}

/** A check the run did not start, because it could not be run safely: an error, never a pass. */
function notRun(check: CheckDefinition, reason: string): CheckResult {
  return { ...skipped(check, `not run: ${reason}`), verdict: 'error' };
}

function skipped(check: CheckDefinition, reason: string): CheckResult {
  return { ...identity(check), verdict: 'skip', reason, failures: [], properties: [], durationMs: 0, requests: 0, notes: [] };
}

/** What a result repeats of its check's definition: who it is, what it verifies and supports. */
export function identity(check: CheckDefinition): Pick<CheckResult, 'id' | 'title' | 'clauses' | 'supports' | 'accelerator'> {
  return {
    id: check.id,
    title: check.title,
    clauses: check.clauses,
    ...(check.supports?.length ? { supports: check.supports } : {}),
    ...(check.needs.includes('control') || check.deepens ? { accelerator: true } : {}),
  };
}

function recordFailure(detail: FailureDetail, redactor: Redactor, curlTls: CurlTls, property?: RecordedFailure['property']): RecordedFailure {
  const request = detail.exchange ? redactor.request(detail.exchange.request) : undefined;
  return {
    clause: detail.clause,
    ...(detail.also?.length ? { also: [...detail.also] } : {}),
    message: redactor.text(detail.message),
    ...(detail.expected !== undefined ? { expected: redactor.text(detail.expected) } : {}),
    ...(detail.received !== undefined ? { received: redactor.text(detail.received) } : {}),
    ...(request ? { request, curl: curlCommand(request, curlTls) } : {}),
    ...(detail.exchange ? { response: redactor.response(detail.exchange.response) } : {}),
    ...(property ? { property } : {}),
  };
}
