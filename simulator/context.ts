import type { Clock } from './clock.ts';
import type { Faults } from './faults.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { AccountState, IdNumbering, Store } from './store.ts';
import type { Journal } from './journal/journal.ts';
import type { ChaosRules } from './chaos/rules.ts';
import type { Conventions, ConventionsName } from './conventions.ts';

export interface SimOptions {
  /**
   * `strict` is exactly the spec. `lenient` also accepts the loose requests real clients send
   * (Basic credentials without `:`, the vendor media type without a version or with a loosely
   * written one), as the real service does.
   */
  profile: 'strict' | 'lenient';
  /** Interface A key prefix, without the underscore. */
  pipelineKeyPrefix: string;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /**
   * Which web hooks receive real HTTP POSTs: none, only loopback targets (the default: a fake
   * backend must not send traffic off the machine because a test made up a URL), or all.
   */
  deliverWebhooks: 'off' | 'loopback' | 'all';
  /** Interface B requests per user per hour (the real service: 5,000); 0 switches it off. */
  rateLimitPerHour: number;
  /**
   * How long jobs take, as a fraction of the real service's phase times (1: a run of 35 s;
   * 0.1: 3.5 s). Lower paces let real-time pollers see whole lifecycles quickly.
   */
  jobPace: number;
  /** The choices made where the spec leaves them open (conventions.ts): the real service's, or `alt`. */
  conventions: ConventionsName;
  /** Requests the journal keeps (a ring); 0 records nothing. */
  journalSize: number;
  /** Whose sequence an account's records are numbered from: the simulator's (ids unique everywhere) or each account's. */
  idNumbering: IdNumbering;
  /**
   * Compress answers of 1 KB and more in a coding the request's Accept-Encoding takes (br, gzip,
   * deflate), as servers behind nginx or a CDN do, so a client's decoding (or its forgetting to
   * decode) shows. Off by default: what the real service does is not documented.
   */
  compress: boolean;
}

export const defaultSimOptions: SimOptions = {
  profile: 'strict',
  pipelineKeyPrefix: 'fdk',
  bodyLimitBytes: 1024 * 1024,
  deliverWebhooks: 'loopback',
  rateLimitPerHour: 5000,
  jobPace: 1,
  conventions: 'standard',
  journalSize: 1000,
  idNumbering: 'simulator',
  compress: false,
};

/** What every route and model needs: the state, the time, and the fault switches. */
export interface Sim {
  store: Store;
  clock: Clock;
  readonly faults: Faults;
  options: SimOptions;
  /** `options.conventions`, resolved. */
  readonly conventions: Conventions;
  rateLimiter: RateLimiter;
  /** The request journal (journal/journal.ts). */
  journal: Journal;
  /** Chaos rules for client developers (chaos/rules.ts). */
  chaos: ChaosRules;
  /**
   * Aborted once the simulator is closed and its connections are gone: what it still waits on
   * of its own (a chaos rule's latency, a web hook POST) ends then, so no timer of a closed
   * simulator keeps a process alive.
   */
  readonly lifetime: AbortController;
  /**
   * With `--state FILE` only: accounts changed by a read (a job settled), so the next record
   * written includes them (persistence/persistence.ts).
   */
  touched?: Set<AccountState>;
  /**
   * Told when a job or cluster is queued for its next event at `due` (simulator time: a job's
   * start or end, a cluster becoming available): the settle timer arms itself for it
   * (domains/settle-timer.ts; set by app.ts, so the models need not import the settling they
   * trigger).
   */
  eventQueued?: (due: number) => void;
  /** With `--state FILE` only: makes what a finished request changed durable before it is answered. */
  saveAfter?: (request: { surface: 'A' | 'B' | 'control'; method: string; status: number; account?: AccountState }) => Promise<void>;
  /**
   * With `--state FILE` only: writes the accounts in `touched` now. The settle timer calls it
   * after settling jobs with no request (domains/settle-timer.ts), so a job's end is on disk
   * when its hook goes out rather than with whatever request comes next.
   */
  saveTouched?: () => Promise<void>;
}

/** Absolute URLs of the simulator itself, for `url`/`html_url` fields. */
export interface Links {
  /** `http://host:port` as the client addressed it. */
  origin: string;
  /** `{origin}/{account}/api`: interface B base. */
  api: string;
  /** `{origin}/{account}`: where `html_url`s point (the dashboard in the real service). */
  html: string;
}
