import { createSimulator } from '../simulator/app.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { listen } from '../simulator/server.ts';
import { servingPair } from '../suites/lib/tls-settings.ts';
import { stopSettling } from '../simulator/domains/settle-timer.ts';
import { stopRetries } from '../simulator/domains/hooks/retries.ts';
import type { FaultName } from '../simulator/faults.ts';
import type { ConventionsName } from '../simulator/conventions.ts';
import type { AccountManifest, SeedDocument } from '../simulator/control/seed.ts';
import type { IdNumbering } from '../simulator/store.ts';
import { ID_NUMBERING, JOB_PACE, KEY_PREFIX } from '../simulator/start-options.ts';
import { startWith } from '../simulator/control/startup.ts';
import { loadNamedSeed, loadSeedFile } from '../simulator/control/seed-files.ts';
import { targetDescription } from '../simulator/control/description.ts';
import type { ChaosRuleInput } from '../simulator/chaos/rules.ts';
import type { TargetDescription } from '../suites/lib/provision.ts';
import type { TargetDocument } from '../suites/lib/target-types.ts';
import { controlClient, type ControlClient } from './control-client.ts';
import { targetDocument } from './target-document.ts';

/**
 * The simulator for a JavaScript or TypeScript test suite, in-process: what `disco serve` does,
 * without the command line. Works from vitest, jest and node:test (see examples/).
 */

export interface StartOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A seed document, a seed name of fixtures/seed (`default`, `empty`), or a seed file path. Default `default`. */
  seed?: SeedDocument | string;
  /** `real` (default), `frozen` (moves only through the control API), or a speed: 10 runs lifecycles 10 times faster. */
  clock?: 'real' | 'frozen' | { speed: number };
  profile?: 'strict' | 'lenient';
  conventions?: ConventionsName;
  /** Requests the journal keeps (default 1000; 0: off). */
  journal?: number;
  /** Chaos rules active from the start. */
  chaos?: ChaosRuleInput[];
  /** Interface B requests per user per hour (default 5000; 0: off). */
  rateLimit?: number;
  /** Compress answers of 1 KB and more as the request's Accept-Encoding allows (br, gzip, deflate), as `disco serve --compress`; default off. */
  compress?: boolean;
  /** Which web hooks get real POSTs (default loopback). */
  deliverWebhooks?: 'off' | 'loopback' | 'all';
  /** Job phase times as a fraction of the real service's, as `disco serve --job-pace` (default 1: a run of 35 s; 0.1: 3.5 s; above 0, at most 100). */
  jobPace?: number;
  /** Interface A key prefix, letters and digits, as `--key-prefix` (default `fdk`). */
  keyPrefix?: string;
  /** `simulator` (default: one id sequence per kind) or `account` (each account numbers its own records), as `--id-numbering`. */
  idNumbering?: IdNumbering;
  /** Conformance faults (for proving test suites, not for client tests). */
  faults?: FaultName[];
  /**
   * Serve HTTPS with this certificate and its unencrypted private key (PEM), as `disco serve
   * --tls-cert --tls-key` does. A self-signed certificate is trusted by `control` and named in
   * `target` (`tls.ca`); your own client trusts it its own way (`ca` of node:https, say).
   */
  tls?: { cert: string; key: string };
}

export interface RunningSimulator {
  /** `http://127.0.0.1:PORT` (`https://` with `tls`) */
  origin: string;
  /** Interface B of account `slug`: `{origin}/{slug}/api`. */
  interfaceB(slug?: string): string;
  /** Interface A: `{origin}/api/public/v1`. */
  interfaceA: string;
  /** The control API: `{origin}/_disco`. */
  controlUrl: string;
  /** What the seed made: account ids, users and their keys, fixture ids. */
  accounts: AccountManifest[];
  /** The target document `disco check --target` reads (keys included). */
  target: TargetDocument;
  /** Typed control API: reset, clock, journal, chaos, faults, webhooks, accounts, limits, state, targetDescription. */
  control: ControlClient;
  close(): Promise<void>;
}

export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  // Checked before anything is made: a pair that does not go together is the caller's mistake.
  const selfSigned = options.tls ? selfSignedCertificate(options.tls) : undefined;
  // Refused as `disco serve` refuses them, before anything is made.
  if (options.jobPace !== undefined && !JOB_PACE.ok(options.jobPace)) throw new Error(`jobPace ${JOB_PACE.says}`);
  if (options.keyPrefix !== undefined && !KEY_PREFIX.ok(options.keyPrefix)) throw new Error(`keyPrefix ${KEY_PREFIX.says}`);
  if (options.idNumbering !== undefined && !ID_NUMBERING.ok(options.idNumbering)) throw new Error(`idNumbering ${ID_NUMBERING.says}`);
  const seed = await resolveSeed(options.seed ?? 'default');
  const clockMode = options.clock ?? 'real';
  const clock = new AdjustableClock({ frozen: clockMode === 'frozen', ...(typeof clockMode === 'object' ? { speed: clockMode.speed } : {}) });
  const conventions = options.conventions ?? 'standard';
  const simulator = createSimulator({
    clock,
    faults: options.faults ?? [],
    options: {
      profile: options.profile ?? 'strict',
      conventions,
      ...(options.journal !== undefined ? { journalSize: options.journal } : {}),
      ...(options.rateLimit !== undefined ? { rateLimitPerHour: options.rateLimit } : {}),
      ...(options.compress ? { compress: true } : {}),
      ...(options.deliverWebhooks ? { deliverWebhooks: options.deliverWebhooks } : {}),
      ...(options.jobPace !== undefined ? { jobPace: options.jobPace } : {}),
      ...(options.keyPrefix !== undefined ? { pipelineKeyPrefix: options.keyPrefix } : {}),
      ...(options.idNumbering !== undefined ? { idNumbering: options.idNumbering } : {}),
    },
  });
  const started = startWith(simulator.sim, { seed, chaos: options.chaos ?? [] });
  if ('problems' in started) throw new Error(`chaos rules: ${started.problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
  const accounts = started.manifests;
  const listening = await listen(simulator.app, options.port ?? 0, options.host ?? '127.0.0.1', options.tls);
  const origin = listening.origin;
  const controlUrl = `${origin}/_disco`;
  return {
    origin,
    interfaceB: (slug = accounts[0]?.account_id ?? '') => `${origin}/${slug}/api`,
    interfaceA: `${origin}/api/public/v1`,
    controlUrl,
    accounts,
    target: withCa(targetDocument(origin, simulator.sim.options.pipelineKeyPrefix, accounts, conventions, targetDescription(simulator.sim.conventions) as TargetDescription), selfSigned),
    control: controlClient(controlUrl, selfSigned ? { ca: selfSigned } : {}),
    close: async () => {
      // A closed simulator sends nothing more: no job's hook event, no retry of an earlier one.
      stopSettling(simulator.sim);
      stopRetries(simulator.sim);
      await listening.close();
      // Then what it still waited on ends (a chaos latency, a hook POST to a receiver that never
      // answers): a test runner's process is not kept alive by a simulator it closed.
      simulator.sim.lifetime.abort();
    },
  };
}

/** The certificate when it is self-signed (its own CA, to be trusted as such); undefined when a CA signed it. Throws for a pair that does not go together. */
function selfSignedCertificate(tls: { cert: string; key: string }): string | undefined {
  const pair = servingPair(tls.cert, tls.key);
  if ('problem' in pair) throw new Error(`tls: ${pair.problem === 'not-a-certificate' ? 'cert is not a PEM certificate' : pair.problem === 'mismatch' ? 'key is not the key of cert' : 'key is not a PEM private key without a passphrase'}`);
  return pair.selfSigned ? tls.cert : undefined;
}

function withCa(doc: TargetDocument, ca: string | undefined): TargetDocument {
  return ca === undefined ? doc : { ...doc, tls: { ca } };
}

async function resolveSeed(seed: SeedDocument | string): Promise<SeedDocument> {
  if (typeof seed !== 'string') return seed;
  if (/[/.]/.test(seed)) return loadSeedFile(seed);
  const named = await loadNamedSeed(seed);
  if (!named) throw new Error(`no seed named ${seed} in fixtures/seed`);
  return named;
}
