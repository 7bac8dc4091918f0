import { type Document } from '../../lib/arbitraries/definitions.ts';

/**
 * The pipeline lifecycle as docs/interface-a.md documents it (the simulator's convention for
 * what the spec leaves open, A-GAP-2, around the spec's two DELETE rules, A-PIPE-1 and A-PIPE-2):
 *
 *   create                     -> not_deployed
 *   start    not_deployed      -> initial_sync              (deployed: no change; archived: 409)
 *   (60 s)   initial_sync      -> continuous_sync
 *   stop     deployed          -> not_deployed              (not deployed: no change; archived: 409)
 *   update   deployed          -> initial_sync (redeploy)   (not deployed: stays; archived: 409)
 *   DELETE   deployed          -> stopping -> tearing_down -> archived
 *   DELETE   not_deployed      -> archived
 *   DELETE   archived          -> no change, 200
 *
 * Pure functions: the model-based check (commands.ts) applies them to its model and compares
 * what the target shows after each command.
 */

export type State = 'not_deployed' | 'initial_sync' | 'continuous_sync' | 'archived';
export type Status = 'not_deployed' | 'deployed' | 'archived';

export interface Transition {
  from: string;
  to: string;
  reason: string;
}

/** How long the initial sync of a deployment takes in the simulator. */
export const INITIAL_SYNC_MS = 60_000;

export interface ModelPipeline {
  id: number;
  document: Document;
  state: State;
  /** Simulator time moved (by the check) since the current deployment began. */
  deployedForMs: number;
  history: Transition[];
}

export interface Outcome {
  /** The status the request must get. */
  status: number;
  next: ModelPipeline;
}

export function statusOf(state: State): Status {
  return state === 'initial_sync' || state === 'continuous_sync' ? 'deployed' : state;
}

export function isDeployed(p: ModelPipeline): boolean {
  return statusOf(p.state) === 'deployed';
}

const CONFLICT = 409;

function moved(p: ModelPipeline, state: State, entries: Transition[], changes: Partial<ModelPipeline> = {}): ModelPipeline {
  return { ...p, ...changes, state, history: [...p.history, ...entries] };
}

export function created(id: number, document: Document): ModelPipeline {
  return { id, document, state: 'not_deployed', deployedForMs: 0, history: [] };
}

export function start(p: ModelPipeline): Outcome {
  if (p.state === 'archived') return { status: CONFLICT, next: p };
  if (isDeployed(p)) return { status: 200, next: p };
  return { status: 200, next: moved(p, 'initial_sync', [{ from: p.state, to: 'initial_sync', reason: 'start' }], { deployedForMs: 0 }) };
}

export function stop(p: ModelPipeline): Outcome {
  if (p.state === 'archived') return { status: CONFLICT, next: p };
  if (!isDeployed(p)) return { status: 200, next: p };
  return { status: 200, next: moved(p, 'not_deployed', [{ from: p.state, to: 'not_deployed', reason: 'stop' }], { deployedForMs: 0 }) };
}

/** A PUT or PATCH that results in `document` (the same as before: nothing changes). */
export function update(p: ModelPipeline, document: Document, changed: boolean): Outcome {
  if (p.state === 'archived') return { status: CONFLICT, next: p };
  if (!changed) return { status: 200, next: p };
  if (!isDeployed(p)) return { status: 200, next: { ...p, document } };
  return { status: 200, next: moved(p, 'initial_sync', [{ from: p.state, to: 'initial_sync', reason: 'definition_changed' }], { document, deployedForMs: 0 }) };
}

export function archive(p: ModelPipeline): Outcome {
  if (p.state === 'archived') return { status: 200, next: p };
  if (isDeployed(p)) {
    return {
      status: 200,
      next: moved(p, 'archived', [
        { from: p.state, to: 'stopping', reason: 'archive' },
        { from: 'stopping', to: 'tearing_down', reason: 'stopped' },
        { from: 'tearing_down', to: 'archived', reason: 'torn_down' },
      ]),
    };
  }
  return { status: 200, next: moved(p, 'archived', [{ from: 'not_deployed', to: 'archived', reason: 'archive' }]) };
}

/** Simulator time moves by `ms`: an initial sync that has lasted 60 s is over. */
export function elapse(p: ModelPipeline, ms: number): ModelPipeline {
  if (!isDeployed(p)) return p;
  const deployedForMs = p.deployedForMs + ms;
  if (p.state === 'initial_sync' && deployedForMs >= INITIAL_SYNC_MS) {
    return moved(p, 'continuous_sync', [{ from: 'initial_sync', to: 'continuous_sync', reason: 'initial_sync_completed' }], { deployedForMs });
  }
  return { ...p, deployedForMs };
}
