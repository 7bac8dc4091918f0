import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { recordAttempt, trackDelivery, type DeliveryAttempt } from './delivery-log.ts';
import { MAX_ATTEMPTS, retryDelayMs, scheduleRetry } from './retries.ts';
import { hookSignature } from './signature.ts';
import type { Hook } from './types.ts';
import { eventName } from './vocabulary.ts';

export const WEBHOOK_USER_AGENT = 'disco-simulator-webhooks';

/** A slow target must not keep sockets open for long; nothing waits on the answer anyway. */
export const DELIVERY_TIMEOUT_MS = 5000;

/**
 * Delivers one event to one hook and records the attempt. Only `web` hooks are sent (an HTTP
 * POST of the resource JSON); the other types would need mail, Slack or PagerDuty and are
 * recorded as not delivered. Fire-and-forget: this returns at once and never throws; the
 * outcome lands in the delivery log when the target answers or the timeout fires. A failure
 * (no answer, or not 2xx) is retried on the simulator clock (retries.ts), each attempt logged.
 */
export function deliver(sim: Sim, account: AccountState, hook: Hook, modelEvent: string, resource: Record<string, unknown>): void {
  const url = hook.type === 'web' && typeof hook.settings.url === 'string' ? hook.settings.url : null;
  // What the receiver and the delivery log see is in the conventions' words.
  const words = sim.conventions.b.hooks;
  const event = eventName(words, modelEvent);
  const attempt = recordAttempt(account, {
    hookId: hook.id,
    hookType: words.types[hook.type],
    event,
    url,
    attempt: 1,
    outcome: 'not_delivered',
    status: null,
    error: null,
    at: sim.clock.now(),
    latencyMs: null,
    nextAttemptAt: null,
  });
  if (url === null) {
    attempt.error = `not delivered (type ${words.types[hook.type]} is not modelled)`;
    return;
  }
  if (sim.options.deliverWebhooks === 'off') {
    attempt.error = 'not delivered (webhook delivery is switched off: deliverWebhooks is off)';
    return;
  }
  if (isControlApi(url)) {
    // A hook is a client's URL; it must never drive the simulator's own control API (a job's
    // JSON POSTed to /_disco/reset would wipe every account).
    attempt.error = 'not delivered (the URL points at the simulator control API)';
    return;
  }
  if (sim.options.deliverWebhooks === 'loopback' && !isLoopback(url)) {
    attempt.error = 'not delivered (only loopback targets receive webhooks unless delivery is set to all)';
    return;
  }
  let request: Outgoing;
  try {
    request = requestFor(sim, hook, event, url, resource);
  } catch {
    attempt.error = 'not delivered (the resource could not be serialised as JSON)';
    return;
  }
  send(sim, account, attempt, request);
}

/** Sends one attempt; on failure with attempts left, schedules the next on the simulator clock. */
function send(sim: Sim, account: AccountState, attempt: DeliveryAttempt, request: Outgoing): void {
  attempt.outcome = 'pending';
  const started = performance.now();
  trackDelivery(
    account,
    post(attempt, request, sim.lifetime.signal).then(() => {
      attempt.latencyMs = Math.round(performance.now() - started);
      const delivered = attempt.outcome === 'response' && attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
      if (delivered || attempt.attempt >= MAX_ATTEMPTS) return;
      // A reset or a state import while the POST was out replaced the account: its hooks are gone.
      // A closed simulator tries nothing again.
      if (!isCurrent(sim, account) || sim.lifetime.signal.aborted) return;
      const dueAt = sim.clock.now() + retryDelayMs(attempt.attempt);
      attempt.nextAttemptAt = dueAt;
      scheduleRetry(sim, dueAt, () => {
        // A hook deleted or switched off meanwhile gets no more attempts.
        const hook = isCurrent(sim, account) ? account.hooks.get(attempt.hookId) : undefined;
        if (!hook || !hook.active) return;
        const next = recordAttempt(account, { ...attempt, attempt: attempt.attempt + 1, outcome: 'pending', status: null, error: null, at: sim.clock.now(), latencyMs: null, nextAttemptAt: null });
        send(sim, account, next, request);
      });
    }),
  );
}

/** Whether `account` is still the store's, not one a reset or a state import replaced. */
function isCurrent(sim: Sim, account: AccountState): boolean {
  return sim.store.account(account.slug) === account;
}

/** A delivery's request, kept for its retries (each attempt gets its own timeout). */
interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function isControlApi(url: string): boolean {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/\/{2,}/g, '/').toLowerCase().startsWith('/_disco');
  } catch {
    return true;
  }
}

function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function requestFor(sim: Sim, hook: Hook, event: string, url: string, resource: Record<string, unknown>): Outgoing {
  const body = JSON.stringify(resource);
  const signing = sim.conventions.b.hookSignature;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'X-Hook-Event': event,
    [signing.header]: hookSignature(signing.scheme, { hookId: hook.id, event, url, salt: hook.salt, body }),
  };
  // The real service stores basic_auth_data already encoded: base64 of `user:password`.
  if (hook.settings.basic_auth === true && typeof hook.settings.basic_auth_data === 'string') {
    headers.Authorization = `Basic ${hook.settings.basic_auth_data}`;
  }
  return { url, headers, body };
}

/** Posts one attempt; `closed` (the simulator's lifetime) ends it with the simulator. */
async function post(attempt: DeliveryAttempt, request: Outgoing, closed: AbortSignal): Promise<void> {
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      // A redirect is the target's answer; following it could resend the body elsewhere.
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(DELIVERY_TIMEOUT_MS), closed]),
    });
    attempt.outcome = 'response';
    attempt.status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (err) {
    attempt.outcome = 'error';
    attempt.error = closed.aborted ? 'not answered before the simulator was closed' : describeFailure(err);
  }
}

/** A short reason without request details: headers carry the signature and credentials. */
function describeFailure(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `timed out after ${DELIVERY_TIMEOUT_MS} ms`;
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return `request failed: ${cause.code}`;
  return 'request failed';
}
