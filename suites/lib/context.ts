import fc from 'fast-check';
import { pathMover } from './extension-paths.ts';
import type { AAccount, BAccount, CheckContext, CheckDefinition, Expect, FailureDetail, HttpClient, InterfaceClient, PartialCoverage, Profile, PropertyInfo, ResolvedTarget, RunEvidence, UnreadList } from './types.ts';
import { clauseById } from '../clauses.ts';
import type { TargetFixtures } from './target-types.ts';
import { laneOf } from './lanes.ts';
import { delay } from './delay.ts';
import { CheckFailure, CheckSkipped, ControlApiError, RunInterrupted } from './failure.ts';
import { expect } from './expect.ts';
import { B_ACCEPT, basicAuthorization, interfaceARoot, interfaceBRoot, interfaceClient } from './clients.ts';
import type { Redactor } from './redact.ts';
import { WriteLedger } from './write-ledger.ts';
import { describeUnreadLists } from './answers.ts';

export interface CheckState {
  properties: PropertyInfo[];
  /** A failure found by a property, with its property info, before it is rethrown. */
  propertyFailure?: { error: CheckFailure; detail: FailureDetail; property: PropertyInfo };
  cleanups: { label: string; undo: () => Promise<void> }[];
  notes: string[];
  partial: PartialCoverage[];
  /** Differences on gap clauses in the spec profile: recorded, never thrown. */
  advisories: FailureDetail[];
}

/** At most this many advisory differences are kept per check: one of each kind says it. */
const MAX_ADVISORIES = 10;

/**
 * `expect` as a check sees it. In the `spec` profile an expectation naming a gap clause does not
 * throw: the difference from the simulator's convention is recorded as an advisory result and the
 * check goes on, so a gap difference never stops the check of a must rule (and never fails a run).
 */
function advisoryAwareExpect(profile: Profile, state: CheckState): Expect {
  const advisory = (clause: string) => profile !== 'simulator' && clauseById(clause)?.kind === 'gap';
  const record = (detail: FailureDetail) => {
    if (state.advisories.length >= MAX_ADVISORIES) return;
    if (state.advisories.some((a) => a.clause === detail.clause && a.message === detail.message)) return;
    state.advisories.push(detail);
  };
  const guarded = (clause: string, assertion: () => void): void => {
    try {
      assertion();
    } catch (err) {
      if (err instanceof CheckFailure && advisory(clause)) {
        // A server error is no convention: it fails X-ROB-1 instead of passing as a difference.
        const server = serverErrorOf(err.detail);
        if (server) throw new CheckFailure(server);
        return record(err.detail);
      }
      throw err;
    }
  };
  return {
    status: (ex, expected, clause, message) => guarded(clause, () => expect.status(ex, expected, clause, message)),
    that: (condition, detail) => guarded(detail.clause, () => expect.that(condition, detail)),
    schema: (ex, schema, clause, value) => guarded(clause, () => expect.schema(ex, schema, clause, value)),
    mediaType: (ex, type, parameters, clause) => guarded(clause, () => expect.mediaType(ex, type, parameters, clause)),
    errorObjectB: (ex, clause) => guarded(clause, () => expect.errorObjectB(ex, clause)),
    errorObjectA: (ex, clause, also) => guarded(clause, () => expect.errorObjectA(ex, clause, also)),
    json: (ex, clause) => expect.json(ex, clause),
  };
}

/** A gap difference whose answer was a 5xx, restated as the X-ROB-1 failure it is; null otherwise. */
function serverErrorOf(detail: FailureDetail): FailureDetail | null {
  const status = detail.exchange?.response.status;
  if (status === undefined || status < 500) return null;
  return { ...detail, clause: 'X-ROB-1', message: `${detail.message} (a ${status} is a server error, not a different convention)` };
}

export interface ContextInit {
  check: CheckDefinition;
  target: ResolvedTarget;
  profile: Profile;
  runId: string;
  seed: number;
  runs: number;
  http: HttpClient;
  redactor: Redactor;
  signal?: AbortSignal;
  /** The run's shared evidence (one object per run). */
  evidence?: RunEvidence;
  /** The run's ledger of its own writes (one per run; a fresh one where none is given). */
  writes?: WriteLedger;
  /** How long a property may start new cases (`PROPERTY_TIME_LIMIT_MS` unless a test says otherwise). */
  propertyTimeLimitMs?: number;
  /** false: a failing property ends at its first failing case, unshrunk (`--no-shrink`). */
  shrink?: boolean;
}

/** A property stops starting new cases after this long (a slow target must not hang the run). */
export const PROPERTY_TIME_LIMIT_MS = 120_000;

/** Derives a property's seed from the run seed and its name, so it does not depend on order. */
export function propertySeed(runSeed: number, name: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h ^ name.charCodeAt(i), 16777619) + 0x9e3779b9) | 0;
  return h;
}

export function createContext(init: ContextInit): { context: CheckContext; state: CheckState } {
  const state: CheckState = { properties: [], cleanups: [], notes: [], partial: [], advisories: [] };
  const { target, http } = init;

  const bAccount = (i: 0 | 1): BAccount => {
    const account = target.b[i];
    if (!account || !target.baseUrl) throw new CheckSkipped(`the target has no interface B account ${i + 1}`);
    return account;
  };
  const aAccount = (i: 0 | 1): AAccount => {
    const account = target.a[i];
    if (!account || !target.cdcBaseUrl) throw new CheckSkipped(`the target has no interface A account ${i + 1}`);
    return account;
  };
  // Each is called only after bAccount, aAccount or a check of cdcBaseUrl has found its base URL.
  const bBase = (i: 0 | 1) => interfaceBRoot(target.baseUrl ?? '', bAccount(i).accountId);
  const aBase = () => interfaceARoot(target.cdcBaseUrl ?? '');
  // The real service's extensions where the target document moves them (interface_b.extension_paths).
  const moveB = pathMover(target.interfaceB.extensionPaths ?? {});
  // Why a list walk of the check read a list as not served (its items not where the target
  // document says, `walkList`): said with whatever the check then could not verify or skipped.
  const unread: UnreadList[] = [];
  const unreadList = (list: UnreadList): void => {
    if (!unread.some((u) => u.path === list.path && u.at === list.at && u.arrays.join() === list.arrays.join())) unread.push(list);
  };
  const withUnread = (reason: string): string => (unread.length ? `${reason} (${describeUnreadLists(unread)})` : reason);

  const context: CheckContext = {
    target,
    profile: init.profile,
    runId: init.runId,
    http,
    b: (i = 0) => ({ ...interfaceClient(http, bBase(i), { accept: B_ACCEPT, authorization: basicAuthorization(bAccount(i).apiKey) }, moveB), unreadList }),
    bWithKey: (key, i = 0) => ({ ...interfaceClient(http, bBase(i), { accept: B_ACCEPT, authorization: key === null ? null : basicAuthorization(key) }, moveB), unreadList }),
    a: (i = 0): InterfaceClient => {
      const key = aAccount(i).adminKey;
      if (!key) throw new CheckSkipped(`the target has no interface A admin key for account ${i + 1}`);
      return interfaceClient(http, aBase(), { accept: 'application/json', authorization: `Bearer ${key}` });
    },
    aWithAuthorization: (authorization) => {
      if (!target.cdcBaseUrl) throw new CheckSkipped('the target has no cdc_base_url (interface A)');
      return interfaceClient(http, aBase(), { accept: 'application/json', authorization });
    },
    evidence: init.evidence ?? {},
    writes: init.writes ?? new WriteLedger(),
    fixtures: (i = 0): TargetFixtures => bAccount(i).fixtures,
    name: (base) => `disco-${init.runId}-${base}`,
    cleanup: (label, undo) => {
      state.cleanups.push({ label, undo });
    },
    skip: (reason) => {
      throw new CheckSkipped(withUnread(reason));
    },
    fail: (detail) => {
      // A gap difference in the spec profile is advisory; the check cannot go on past it, so its
      // own clauses are left unverified (a skip), never failed.
      if (init.profile !== 'simulator' && clauseById(detail.clause)?.kind === 'gap') {
        const server = serverErrorOf(detail);
        if (server) throw new CheckFailure(server);
        state.advisories.push(detail);
        throw new CheckSkipped(`stopped at a difference from the simulator's convention (${detail.clause}, advisory): ${detail.message}`);
      }
      throw new CheckFailure(detail);
    },
    expect: advisoryAwareExpect(init.profile, state),
    async property(label, arbitrary, predicate, options) {
      const seed = propertySeed(init.seed, `${init.check.id}:${label}`);
      const runs = options?.runs ?? init.runs;
      const info: PropertyInfo = { seed, runs };
      state.properties.push(info);
      // A transport error, an interruption, a skip or a 5xx ends the property at once: shrinking would only send
      // more requests to a target that is failing or gone. Once one is seen, every later case
      // (fast-check's shrink attempts included) returns without a request, so the counterexample
      // is the first failing case.
      let stopped = false;
      const guarded = async (value: Parameters<typeof predicate>[0]): Promise<void> => {
        if (stopped) return;
        try {
          await predicate(value);
        } catch (err) {
          if (err instanceof CheckSkipped || err instanceof RunInterrupted || (err instanceof Error && err.name === 'TransportError') || (err instanceof CheckFailure && (err.detail.exchange?.response.status ?? 0) >= 500)) stopped = true;
          throw err;
        }
      };
      const limitMs = init.propertyTimeLimitMs ?? PROPERTY_TIME_LIMIT_MS;
      const details = await fc.check(fc.asyncProperty(arbitrary, guarded), { seed, numRuns: runs, interruptAfterTimeLimit: limitMs, endOnFailure: init.shrink === false });
      if (details.interrupted && !details.failed) {
        // A slow target: what ran passed, but the evidence is thinner than asked; say so.
        info.runs = details.numRuns;
        info.asked = runs;
        state.notes.push(`property "${label}" ran ${details.numRuns} of ${runs} cases before its ${limitMs / 1000} s limit`);
      }
      if (!details.failed) return;
      const error = details.errorInstance;
      // Transport errors and skips are not counterexamples: pass them through unchanged.
      if (error instanceof CheckSkipped || error instanceof RunInterrupted || error instanceof ControlApiError || (error instanceof Error && error.name === 'TransportError')) throw error;
      info.counterexample = init.redactor.text(fc.stringify(details.counterexample));
      // Unshrunk (--no-shrink), a count of 0 would read as a counterexample that could not be made smaller.
      if (init.shrink !== false) info.numShrinks = details.numShrinks;
      info.path = details.counterexamplePath ?? undefined;
      const detail: FailureDetail =
        error instanceof CheckFailure
          ? error.detail
          : { clause: init.check.clauses[0] ?? 'unknown', message: `property "${label}" failed: ${error instanceof Error ? error.message : String(error)}` };
      const failure = new CheckFailure({ ...detail, message: `${detail.message} (property "${label}", counterexample ${info.counterexample})` });
      state.propertyFailure = { error: failure, detail, property: info };
      throw failure;
    },
    async advanceClock(ms) {
      if (!target.controlUrl) throw new CheckSkipped('moving the clock needs the simulator control API');
      // Moving the clock moves it for every check in flight: only a check that runs alone may.
      if (laneOf(init.check, target) !== 'alone') throw new Error(`${init.check.id} moves the clock but runs beside other checks: declare the control need, or runsAlone`);
      const ex = await http.request('POST', `${target.controlUrl}/clock/advance`, { body: { ms } });
      if (ex.response.status !== 200) throw new ControlApiError(`the control API did not move the clock: POST /clock/advance answered ${ex.response.status}`);
    },
    // An interruption ends the wait with RunInterrupted, never as a wait that ran out: a check
    // would read "nothing came" as the target's fault (no delivery within 5 s, a job never started).
    async poll(probe, { timeoutMs, intervalMs }) {
      const started = performance.now();
      for (;;) {
        const value = await probe();
        if (value !== undefined) return value;
        if (init.signal?.aborted) throw new RunInterrupted();
        const elapsed = performance.now() - started;
        if (elapsed >= timeoutMs) return undefined;
        await delay(typeof intervalMs === 'number' ? intervalMs : intervalMs(elapsed), init.signal);
      }
    },
    async sleep(ms) {
      await delay(ms, init.signal);
      if (init.signal?.aborted) throw new RunInterrupted();
    },
    interruptible(work) {
      const signal = init.signal;
      if (!signal) return work;
      if (signal.aborted) return Promise.reject(new RunInterrupted());
      return new Promise((resolve, reject) => {
        const stop = (): void => reject(new RunInterrupted());
        signal.addEventListener('abort', stop, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
      });
    },
    note: (text) => {
      // The same sentence twice says nothing more (a helper called per endpoint notes once).
      const shown = init.redactor.text(text);
      if (!state.notes.includes(shown)) state.notes.push(shown);
    },
    partial: (clause, reason, options) => {
      state.partial.push({ clause, reason: init.redactor.text(withUnread(reason)), ...(options?.until ? { until: options.until } : {}) });
    },
  };
  return { context, state };
}
