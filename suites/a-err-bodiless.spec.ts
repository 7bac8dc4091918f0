import { check } from './lib/registry.ts';
import { createPipeline, readPipeline } from './lib/factories/pipelines.ts';
import { is2xx } from './lib/answers.ts';
import { MADE_UP_KEY_PREFIX, plainDefinition } from './lib/arbitraries/definitions.ts';
import { describeResponse } from './lib/expect.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { aRoute, aSend, pipelineState } from './catalog/a-requests.ts';

/**
 * A-ERR-3 on the pipeline operations that take no body of their own, start and stop: a body
 * there with a key nobody expects, or that is no object at all, is a body with unexpected keys or
 * an unexpected shape, and 422 like any other. A handler that never reads the body does the
 * operation instead. What start and stop take is the target's (A-GAP-1): a target whose start
 * wants a body of its own would refuse these for a missing field first, so a refusal is judged
 * only where the same operation without a body, sent next in the same state, is taken (then the
 * body was the only thing wrong), and an operation done with one of these bodies fails at once.
 * DELETE is left out: a gateway may drop a DELETE's body (it has no defined meaning there), and
 * then the deployment never saw it.
 */
const BODIES: readonly { text: string; what: string }[] = [
  { text: JSON.stringify({ [`${MADE_UP_KEY_PREFIX}flag`]: true }), what: `an object with the made-up key "${MADE_UP_KEY_PREFIX}flag"` },
  { text: JSON.stringify({ [`${MADE_UP_KEY_PREFIX}options`]: { force: true } }), what: `an object with the made-up key "${MADE_UP_KEY_PREFIX}options"` },
  { text: '[]', what: 'an array' },
  { text: '"start"', what: 'a string' },
  { text: '42', what: 'a number' },
];

type Operation = 'pipelines.start' | 'pipelines.stop';

let counter = 0;

check({
  id: 'a-err/bodiless-operations-422',
  clauses: ['A-ERR-3'],
  title: 'A-ERR-3: start and stop with a body of made-up keys, or one that is no object, are 422 with the error object and do nothing (judged where the same operation without a body is taken)',
  needs: ['a', 'write'],
  async run(t) {
    if (aRoute(t, 'pipelines.start') === null || aRoute(t, 'pipelines.stop') === null) t.skip('needs pipelines.start and pipelines.stop (interface_a.operations)');
    counter = (counter + 1) % 1_000_000;
    const { id } = await createPipeline(t, 0, plainDefinition(t.name(`err3b-${counter}`)));
    // Not deployed now: every start below is one the state allows.
    const started = await refusedThenTaken(t, id, 'pipelines.start');
    if (!started) return;
    // Stops are judged on a pipeline shown deployed (one still starting may refuse a stop for that).
    if (aRoute(t, 'pipelines.read') !== null) {
      const shown = pipelineState(t, (await readPipeline(t, 0, id)).body);
      if (shown.spec !== 'deployed') {
        t.partial('A-ERR-3', `pipeline ${id} was not shown deployed after its start (${String(shown.name)}), so stop bodies were not judged`);
        return;
      }
    }
    await refusedThenTaken(t, id, 'pipelines.stop');
  },
});

/**
 * Sends each bad body to `operation`, then the operation without one. A bad body taken is a
 * failure; the refusals are judged once the bare operation was taken in the same state. Returns
 * whether the operation was done (by the bare request, or by a bad body it should have refused).
 */
async function refusedThenTaken(t: CheckContext, id: number, operation: Operation): Promise<boolean> {
  const refused: { ex: Exchange; what: string }[] = [];
  for (const { text, what } of BODIES) {
    const ex = await aSend(t, t.a(), operation, id, { body: text, headers: { 'content-type': 'application/json' } });
    if (is2xx(ex)) {
      t.fail({ clause: 'A-ERR-3', message: `${operation === 'pipelines.start' ? 'start' : 'stop'} of pipeline ${id} with ${what} as its body was done (${ex.response.status}), expected 422`, expected: '422 and the error object', received: describeResponse(ex), exchange: ex });
      return true;
    }
    refused.push({ ex, what });
  }
  const bare = await aSend(t, t.a(), operation, id);
  if (!is2xx(bare)) {
    t.partial('A-ERR-3', `${operation} of pipeline ${id} without a body answered ${bare.response.status}: what else it needs is the target's, so its refusals of bad bodies were not judged`);
    return false;
  }
  for (const { ex, what } of refused) {
    t.expect.status(ex, 422, 'A-ERR-3', `${operation === 'pipelines.start' ? 'start' : 'stop'} of pipeline ${id} with ${what} as its body answered ${ex.response.status}, expected 422 (without a body it was taken)`);
    t.expect.errorObjectA(ex, 'A-ERR-3');
  }
  return true;
}
