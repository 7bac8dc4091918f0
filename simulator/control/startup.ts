import type { Sim } from '../context.ts';
import type { FieldProblem } from '../http/errors.ts';
import { applySeed, type AccountManifest, type SeedDocument } from './seed.ts';

/**
 * Applies the chaos rules and the seed a simulator starts with (`disco serve --chaos --seed`,
 * `startSimulator({chaos, seed})`) and keeps them in `sim.startup`, for a reset to return to.
 * The chaos rules' problems, named `[i].field`, when one is not a rule (nothing is applied then).
 */
export function startWith(sim: Sim, start: { seed: SeedDocument; chaos: readonly unknown[] }): { manifests: AccountManifest[] } | { problems: FieldProblem[] } {
  const added = sim.chaos.addAll(start.chaos);
  if ('problems' in added) return added;
  sim.startup = { ...sim.startup, seed: start.seed, chaos: [...start.chaos] };
  return { manifests: applySeed(sim, start.seed) };
}
