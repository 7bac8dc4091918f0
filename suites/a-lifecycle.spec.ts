import { check } from './lib/registry.ts';
import { uniqueName } from './lib/unique-names.ts';
import { routeOrSkip } from './catalog/a-requests.ts';
import { plainDefinition } from './lib/arbitraries/definitions.ts';
import { createPipeline } from './lib/factories/pipelines.ts';
import { lifecycleCommands, runSequence, scenarios } from './model/pipelines/commands.ts';
import type { CheckContext } from './lib/types.ts';

/*
 * The pipeline lifecycle, model-based (suites/model/pipelines/): sequences of create, start,
 * stop, update, archive and read (and, with the control API, moving the clock), each compared
 * with the documented transitions after every command. The spec fixes only DELETE's two rules
 * (A-PIPE-1, A-PIPE-2); the rest is the simulator's convention (A-GAP-2), so against a target
 * without the simulator's pipeline endpoints the checks skip with the reason.
 */

async function runModel(t: CheckContext, clock: boolean): Promise<void> {
  for (const op of ['pipelines.create', 'pipelines.read', 'pipelines.start', 'pipelines.stop'] as const) routeOrSkip(t, op, 'the lifecycle cannot be driven');
  // One creation first: a target that does not create pipelines at the route skips here, with
  // the field that would move the route, rather than erroring inside a sequence.
  await createPipeline(t, 0, plainDefinition(uniqueName(t, 'model-probe')));
  // Every documented transition once, then random sequences.
  for (const sequence of scenarios(plainDefinition('placeholder'), clock)) await runSequence(t, clock, sequence);
  await t.property(`lifecycle sequences${clock ? ' with clock moves' : ''}`, lifecycleCommands(clock), (commands) => runSequence(t, clock, commands));
}

// The model verifies the documented lifecycle (A-GAP-2) and supports A-PIPE-1/2: a DELETE it
// sees break them fails them, but their verifiers are the a-pipe checks, which also run on a
// target that serves nothing but the spec's DELETE (with archivable fixture pipelines).
check({
  id: 'a-lifecycle/model',
  clauses: ['A-GAP-2'],
  supports: ['A-PIPE-1', 'A-PIPE-2'],
  title: 'A-GAP-2 (and A-PIPE-1, A-PIPE-2 on every DELETE): random sequences of create, start, stop, update (PATCH/PUT), delete and read keep every pipeline in its documented state, history and answer',
  needs: ['a', 'write'],
  run: (t) => runModel(t, false),
});

check({
  id: 'a-lifecycle/model-with-clock',
  clauses: ['A-GAP-2'],
  supports: ['A-PIPE-1', 'A-PIPE-2'],
  title: 'A-GAP-2 (and A-PIPE-1, A-PIPE-2 on every DELETE): the same sequences with simulator time moving (initial sync ending, redeploys from continuous sync) keep every pipeline in its documented state',
  needs: ['a', 'write', 'control'],
  run: (t) => runModel(t, true),
});
