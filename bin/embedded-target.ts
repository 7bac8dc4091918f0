import { createSimulator } from '../simulator/app.ts';
import { AdjustableClock } from '../simulator/clock.ts';
import { listen } from '../simulator/server.ts';
import type { FaultName } from '../simulator/faults.ts';
import type { ConventionsName } from '../simulator/conventions.ts';
import type { IdNumbering } from '../simulator/store.ts';
import { provisionSimulator } from '../suites/lib/provision.ts';
import type { ResolvedTarget } from '../suites/lib/types.ts';

/**
 * The target of `disco check` without `--target`: a simulator booted in this process on a free
 * loopback port, provisioned over HTTP through its control API. This file, not suites/, is where
 * the simulator is imported: the suites only ever see a base URL and credentials.
 */
/**
 * The embedded simulator keeps the rate-limit headers (a check looks at them) but with a limit
 * no run reaches: `--runs 1000` must not turn into a wall of 429s.
 */
const EMBEDDED_RATE_LIMIT = 1_000_000;

/**
 * Jobs run ten times faster than the real service's (3.5 s instead of 35 s), so the real-time
 * job poller sees whole lifecycles, running phase included, in seconds; the checks that move
 * the clock still see every phase.
 */
const EMBEDDED_JOB_PACE = 0.1;

/** Jobs of the `alt` conventions take 2.5 s from start to end, another deployment's choice (B-GAP-5). */
const ALT_JOB_PACE = 2.5 / 35;

export interface EmbeddedTarget {
  target: ResolvedTarget;
  faults: FaultName[];
  conventions: ConventionsName;
  close(): Promise<void>;
}

/**
 * `clockOffsetMs` starts the simulator's clock that far from this machine's (negative: behind),
 * as a deployment whose clock is off the runner's: for the self-tests that the checks read the
 * target's time from the target.
 */
export async function startEmbeddedTarget(options: { faults?: FaultName[]; conventions?: ConventionsName; idNumbering?: IdNumbering; clockOffsetMs?: number; signal?: AbortSignal } = {}): Promise<EmbeddedTarget> {
  const faults = options.faults ?? [];
  const conventions = options.conventions ?? 'standard';
  const alt = conventions === 'alt';
  // Strict profile: exactly the spec. The clock follows real time and can be moved through the
  // control API, so checks that poll work, and checks that need time to pass advance it.
  const simulator = createSimulator({
    faults,
    ...(options.clockOffsetMs ? { clock: new AdjustableClock({ start: Date.now() + options.clockOffsetMs }) } : {}),
    options: { profile: 'strict', pipelineKeyPrefix: 'fdk', rateLimitPerHour: EMBEDDED_RATE_LIMIT, jobPace: alt ? ALT_JOB_PACE : EMBEDDED_JOB_PACE, conventions, ...(options.idNumbering ? { idNumbering: options.idNumbering } : {}) },
  });
  const listening = await listen(simulator.app, 0, '127.0.0.1');
  const described = [alt ? 'alt conventions' : '', faults.length ? `faults: ${faults.join(', ')}` : ''].filter(Boolean).join(', ');
  try {
    const target = await provisionSimulator({
      origin: listening.origin,
      keyPrefix: 'fdk',
      name: described ? `disco simulator (embedded, ${described})` : 'disco simulator (embedded)',
      // Another deployment has no control API: the alt run is checked without it.
      exposeControl: !alt,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { target, faults, conventions, close: () => listening.close() };
  } catch (err) {
    await listening.close();
    throw err;
  }
}
