import type { JournalEntry } from '../simulator/journal/journal.ts';
import { controlRequest, type ControlTransportOptions } from './control-transport.ts';
import type { ChaosRuleInput, ChaosRuleView } from '../simulator/chaos/rules.ts';
import type { AccountManifest, SeedAccount, SeedDocument } from '../simulator/control/seed.ts';
import type { MintedPipelineKey } from '../simulator/domains/apikeys/mint.ts';
import type { AccountSnapshot, AccountSummary, ControlTargetDescription, Limits, StateDocument, WebhookDeliveryAttempt } from './control-answers.ts';

/**
 * A typed client of the simulator's control API (`/_disco`) over Node's fetch: what a client
 * test drives state, time, the journal, chaos rules and faults with. It works against any running
 * simulator (in this process or `disco serve` elsewhere): give it the control URL.
 */

/** A control API request that failed: `status` is the answer's, 0 when none came (refused, timed out). */
export class ControlError extends Error {
  override name = 'ControlError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** Journal filters: every given field must match (see docs in README, "The request journal"). */
export interface JournalQuery {
  method?: string;
  /** `*` within a segment, `**` across segments. */
  path?: string;
  /** `404` or `4xx`. */
  status?: string | number;
  account?: string;
  interface?: 'A' | 'B';
  /** ISO 8601 date-time (wall clock). */
  since?: string;
  /** Entries after this `seq` (tailing). */
  after?: number;
  /** Only requests a chaos rule acted on. */
  chaos?: boolean;
  /** Only requests the lenient profile let through that a strict deployment refuses (true), or only the others (false). */
  lenient?: boolean;
  /** Request headers: `name` (present) or `name: text` (the value contains text); several: all must match. Matched as the journal shows them, credentials redacted. */
  header?: string | string[];
  /** Query parameters: `name` (present) or `name=value` (written as in a URL); several: all must match. Matched as shown, secrets redacted. */
  query?: string | string[];
  /** Text the request body contains, as the journal shows it: redacted, JSON re-serialised without spaces (`"package_id":5`). */
  body?: string;
}

export interface ClockState {
  now: string;
  now_ms: number;
  frozen: boolean;
  /** How many times as fast as real time the clock runs (1 unless set). */
  speed: number;
}

export interface ControlClient {
  readonly url: string;
  health(): Promise<Record<string, unknown>>;
  /** The target document's `interface_a` and `interface_b` sections (and `absent_ids`) for the simulator's conventions. */
  targetDescription(): Promise<ControlTargetDescription>;
  /** Back to how the simulator started: `seed` or the seed it started with (the same keys again), its faults and chaos rules, an empty journal. */
  reset(seed?: { seed_name: string } | { seed: SeedDocument }): Promise<AccountManifest[]>;
  accounts: {
    list(): Promise<AccountSummary[]>;
    /** Creates the account `account.slug` from the seed format, or adds to it when it exists: the manifest lists what this call made, keys included. */
    create(account: SeedAccount): Promise<AccountManifest>;
    /** Adds records to an existing account (its name stays): the manifest lists what this call made. */
    seed(slug: string, records: Omit<SeedAccount, 'slug' | 'name'>): Promise<AccountManifest>;
    /** The account's state, keys redacted. */
    get(slug: string): Promise<AccountSnapshot>;
    /** A new interface A key (`admin` false unless given, no expiry unless given): the answer is the only place its value is shown. */
    mintPipelineKey(slug: string, key: { name: string; admin?: boolean; expires_at?: string | null }): Promise<MintedPipelineKey>;
    /** Gives the user whose interface B key is `current` the key `replacement` (20 to 200 of A-Z a-z 0-9 _ -): undoes `POST /user/tokens`. */
    replaceUserKey(slug: string, keys: { current: string; replacement: string }): Promise<{ user_id: number }>;
    /** The account's last 100 web hook delivery attempts, oldest first. */
    webhookDeliveries(slug: string): Promise<WebhookDeliveryAttempt[]>;
  };
  clock: {
    get(): Promise<ClockState>;
    advance(ms: number): Promise<ClockState>;
    set(at: string, options?: { frozen?: boolean }): Promise<ClockState>;
    freeze(): Promise<ClockState>;
  };
  journal: {
    list(query?: JournalQuery, limit?: number): Promise<JournalEntry[]>;
    count(query?: JournalQuery): Promise<number>;
    get(requestId: string): Promise<JournalEntry>;
    clear(): Promise<void>;
  };
  chaos: {
    add(rule: ChaosRuleInput): Promise<ChaosRuleView>;
    list(): Promise<ChaosRuleView[]>;
    remove(id: string): Promise<void>;
    clear(): Promise<void>;
  };
  faults: {
    list(): Promise<string[]>;
    set(active: string[]): Promise<string[]>;
  };
  /** The interface B rate limit; `set` empties every user's count of the hour too. */
  limits: {
    get(): Promise<Limits>;
    set(limits: Limits): Promise<Limits>;
  };
  /** The whole state, `disco-state/1`, as `disco state export` and `import` move it. */
  state: {
    export(): Promise<StateDocument>;
    /** Replaces every account and id sequence with the document's and moves the clock on to its `now` when behind (the journal, faults, chaos rules and limit stay); answers how many accounts there are now. */
    import(state: StateDocument): Promise<{ accounts: number }>;
  };
  webhooks: {
    /** Resolves once no web hook delivery is pending (retries included), or fails after `timeoutMs`. */
    waitForDeliveries(timeoutMs?: number): Promise<{ pending: number }>;
  };
}

/** `options.ca`: a certificate to trust beside Node's roots, for a simulator serving HTTPS with a self-signed one. */
export function controlClient(url: string, options: ControlTransportOptions = {}): ControlClient {
  const base = url.replace(/\/+$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Awaited<ReturnType<typeof controlRequest>>;
    try {
      res = await controlRequest(`${base}${path}`, method, body === undefined ? undefined : JSON.stringify(body), options);
    } catch (err) {
      // Not reached at all: a ControlError too (status 0), so one catch serves every failure. Node's
      // own words say why ("connect ECONNREFUSED ...", "self-signed certificate"): its code alone
      // (DEPTH_ZERO_SELF_SIGNED_CERT) says less.
      throw new ControlError(`${method} ${path}: the control API at ${base} did not answer (${err instanceof Error ? err.message : String(err)})`, 0, undefined);
    }
    const text = res.text;
    const parsed: unknown = text === '' ? undefined : safeJson(text);
    if (res.status < 200 || res.status > 299) {
      const message = parsed && typeof parsed === 'object' && 'message' in parsed ? String((parsed as { message: unknown }).message) : text.slice(0, 200);
      // A 404 for the control API's own paths most often means its URL lacks `/_disco`.
      const hint = res.status === 404 && !/\/_disco$/.test(base) ? ` (is ${base} the control API? It is the simulator's origin followed by /_disco)` : '';
      throw new ControlError(`${method} ${path}: ${res.status} ${message}${hint}`, res.status, parsed);
    }
    return parsed as T;
  }
  const query = (q: JournalQuery | undefined, limit?: number) => {
    const params = new URLSearchParams();
    // `header` and `query` are repeated, one parameter per matcher.
    for (const [k, v] of Object.entries(q ?? {})) for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) params.append(k, String(one));
    if (limit !== undefined) params.set('limit', String(limit));
    const s = params.toString();
    return s ? `?${s}` : '';
  };
  const account = (slug: string) => `/accounts/${encodeURIComponent(slug)}`;
  return {
    url: base,
    health: () => call('GET', '/health'),
    targetDescription: () => call('GET', '/target-description'),
    reset: async (seed) => (await call<{ accounts: AccountManifest[] }>('POST', '/reset', seed ?? {})).accounts,
    accounts: {
      list: () => call('GET', '/accounts'),
      create: (seed) => call('POST', '/accounts', seed),
      seed: (slug, records) => call('POST', `${account(slug)}/seed`, records),
      get: (slug) => call('GET', account(slug)),
      mintPipelineKey: (slug, key) => call('POST', `${account(slug)}/pipeline-keys`, key),
      replaceUserKey: (slug, keys) => call('POST', `${account(slug)}/user-keys/replace`, keys),
      webhookDeliveries: (slug) => call('GET', `${account(slug)}/webhook-deliveries`),
    },
    clock: {
      get: () => call('GET', '/clock'),
      advance: (ms) => call('POST', '/clock/advance', { ms }),
      set: (at, options) => call('POST', '/clock/set', { at, ...options }),
      freeze: () => call('POST', '/clock/set', { frozen: true }),
    },
    journal: {
      list: async (q, limit) => (await call<{ entries: JournalEntry[] }>('GET', `/journal${query(q, limit)}`)).entries,
      count: async (q) => (await call<{ count: number }>('POST', '/journal/count', { ...q, ...(q?.status !== undefined ? { status: String(q.status) } : {}) })).count,
      get: (id) => call('GET', `/journal/${encodeURIComponent(id)}`),
      clear: () => call('DELETE', '/journal'),
    },
    chaos: {
      add: (rule) => call('POST', '/chaos', rule),
      list: async () => (await call<{ rules: ChaosRuleView[] }>('GET', '/chaos')).rules,
      remove: (id) => call('DELETE', `/chaos/${encodeURIComponent(id)}`),
      clear: () => call('DELETE', '/chaos'),
    },
    faults: {
      list: async () => (await call<{ active: string[] }>('GET', '/faults')).active,
      set: async (active) => (await call<{ active: string[] }>('PUT', '/faults', { active })).active,
    },
    limits: {
      get: () => call('GET', '/limits'),
      set: (limits) => call('PUT', '/limits', limits),
    },
    state: {
      export: () => call('GET', '/state'),
      import: (state) => call('PUT', '/state', state),
    },
    webhooks: {
      waitForDeliveries: (timeoutMs = 10_000) => call('POST', '/webhooks/wait', { timeout_ms: timeoutMs }),
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
