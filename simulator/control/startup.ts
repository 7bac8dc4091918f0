import type { Sim } from '../context.ts';
import type { FaultName } from '../faults.ts';
import type { FieldProblem } from '../http/errors.ts';
import { applySeed, type AccountManifest, type SeedDocument } from './seed.ts';

/**
 * What a simulator was started with: a reset returns to it (control/routes.ts), as WireMock's
 * returns to the mappings it started with. Kept beside the simulator rather than in `Sim`, whose
 * module every model imports: the seed's types would close an import cycle.
 */
export interface Startup {
  /** Applied again by a reset that names no seed; none: such a reset leaves no account. */
  seed?: SeedDocument;
  faults: readonly FaultName[];
  /** As written (`ChaosRuleInput`s), so each comes back with its `times` and hit count afresh. */
  chaos: readonly unknown[];
  /** Interface B requests per user per hour (`--rate-limit`), whatever `PUT /_disco/limits` set since. */
  rateLimitPerHour: number;
}

const startups = new WeakMap<Sim, Startup>();

/** Set by createSimulator: the faults (and a seed) it was given. */
export function recordStartup(sim: Sim, startup: Startup): void {
  startups.set(sim, startup);
}

export function startupOf(sim: Sim): Startup {
  return startups.get(sim) ?? { faults: [], chaos: [], rateLimitPerHour: sim.rateLimiter.limitPerHour };
}

/**
 * Applies the chaos rules and the seed a simulator starts with (`disco serve --chaos --seed`,
 * `startSimulator({chaos, seed})`) and keeps them, for a reset to return to. The chaos rules'
 * problems, named `[i].field`, when one is not a rule (nothing is applied then).
 */
export function startWith(sim: Sim, start: { seed: SeedDocument; chaos: readonly unknown[] }): { manifests: AccountManifest[] } | { problems: FieldProblem[] } {
  const added = sim.chaos.addAll(start.chaos);
  if ('problems' in added) return added;
  startups.set(sim, { ...startupOf(sim), seed: start.seed, chaos: [...start.chaos] });
  return { manifests: applySeed(sim, start.seed) };
}
