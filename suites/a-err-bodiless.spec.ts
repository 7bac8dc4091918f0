import { check } from './lib/registry.ts';
import { createPipeline } from './lib/factories/pipelines.ts';
import { is2xx } from './lib/answers.ts';
import { MADE_UP_KEY_PREFIX, plainDefinition } from './lib/arbitraries/definitions.ts';
import { describeResponse } from './lib/expect.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { aRoute, aSend, pipelineState } from './catalog/a-requests.ts';

/**
 * A-ERR-3 on the pipeline operations that take no body of their own, start and stop: a body
 * there with a key nobody expects (a made-up one, or a definition's member, which only the routes
 * taking a definition know), or that is no object at all, is a body with unexpected keys or
 * an unexpected shape, and 422 like any other; so are the falsy JSON values false, 0 and "" (a
 * handler that tests for "no body" with a falsy check takes them for none). A handler that never reads the body does the
 * operation instead. What start and stop take is the target's (A-GAP-1): a target whose start
 * wants a body of its own would refuse these for a missing field first, so a refusal is judged
 * only where the same operation without a body, sent next in the same state, is taken (then the
 * body was the only thing wrong), and an operation done with one of these bodies fails at once.
 *
 * A refused request changes nothing: a handler that does the operation before it reads the body
 * answers the right 422 with the pipeline already started (or archived). Where pipelines are read,
 * the pipeline's state is read after each refusal (one read each) and must be the one it had
 * before, in the spec's words (a deployed pipeline moving from one deployed state of the target's
 * to another is no change). DELETE is judged by that alone: a gateway may drop a DELETE's body (it
 * has no defined meaning there), so a DELETE with a body that is taken (200) archives the
 * pipeline and is no failure; only a refused one followed by an archived pipeline is. The DELETEs
 * go to the pipeline the check made, never a fixture.
 */
const BODIES: readonly { text: string; what: string }[] = [
  { text: JSON.stringify({ [`${MADE_UP_KEY_PREFIX}flag`]: true }), what: `an object with the made-up key "${MADE_UP_KEY_PREFIX}flag"` },
  { text: JSON.stringify({ [`${MADE_UP_KEY_PREFIX}options`]: { force: true } }), what: `an object with the made-up key "${MADE_UP_KEY_PREFIX}options"` },
  // Members of a definition: keys start and stop do not take, whatever other pipeline routes
  // take. A handler sharing one body model with create and update knows them, and ignores them.
  { text: JSON.stringify({ name: 'disco-bodiless' }), what: 'an object with a definition\'s "name"' },
  { text: JSON.stringify({ description: 'disco-bodiless' }), what: 'an object with a definition\'s "description"' },
  { text: '[]', what: 'an array' },
  { text: '"start"', what: 'a string' },
  { text: '42', what: 'a number' },
  // The falsy JSON values: a handler testing for "no body" with a falsy check takes them for none.
  // JSON null is not sent: a deployment may fairly read a null body as no body at all.
  { text: 'false', what: 'the boolean false' },
  { text: '0', what: 'the number 0' },
  { text: '""', what: 'an empty string' },
];

type Operation = 'pipelines.start' | 'pipelines.stop';

let counter = 0;

check({
  id: 'a-err/bodiless-operations-422',
  clauses: ['A-ERR-3'],
  title: 'A-ERR-3: start and stop with a body of made-up keys or of a definition\'s members (name, description), or one that is no object, are 422 with the error object (judged where the same operation without a body is taken) and do nothing; a DELETE with such a body, where refused, leaves the pipeline unarchived',
  needs: ['a', 'write'],
  async run(t) {
    if (aRoute(t, 'pipelines.start') === null || aRoute(t, 'pipelines.stop') === null) t.skip('needs pipelines.start and pipelines.stop (interface_a.operations)');
    counter = (counter + 1) % 1_000_000;
    const { id } = await createPipeline(t, 0, plainDefinition(t.name(`err3b-${counter}`)));
    if (aRoute(t, 'pipelines.read') === null) t.partial('A-ERR-3', 'the target document says pipelines are not read (interface_a.operations.pipelines.read is null), so what the refused requests did to the pipeline was not seen: only their answers were judged');
    await startAndStop(t, id);
    await deleteWithBodies(t, id);
  },
});

/** The start and stop refusals (stops on a pipeline shown deployed after its start). */
async function startAndStop(t: CheckContext, id: number): Promise<void> {
  // Not deployed now: every start below is one the state allows.
  const started = await refusedThenTaken(t, id, 'pipelines.start', await stateNow(t, id));
  if (!started) return;
  // Stops are judged on a pipeline shown deployed (one still starting may refuse a stop for that).
  const shown = await deployedSoon(t, id);
  if (shown !== undefined && (shown.ex.response.status !== 200 || shown.state.spec !== 'deployed')) {
    t.partial('A-ERR-3', `pipeline ${id} was not shown deployed within ${DEPLOY_WAIT_MS / 1000} s of its start (${describeShown(shown)}), so stop bodies were not judged`);
    return;
  }
  await refusedThenTaken(t, id, 'pipelines.stop', shown);
}

/**
 * DELETE of the check's own pipeline with each bad body: a refusal must leave it as it was (read
 * after each). The first DELETE taken ends it: the pipeline is archived then (its body dropped on
 * the way, perhaps), and the bodies left would judge nothing.
 */
async function deleteWithBodies(t: CheckContext, id: number): Promise<void> {
  let before = await stateNow(t, id);
  for (const { text, what } of BODIES) {
    const ex = await aSend(t, t.a(), 'pipelines.archive', id, { body: text, headers: { 'content-type': 'application/json' } });
    if (is2xx(ex)) {
      t.note(`DELETE of pipeline ${id} with ${what} as its body was taken (${ex.response.status}): a gateway may drop a DELETE's body, so that is no failure, and the pipeline is archived now`);
      return;
    }
    const after = await stateNow(t, id);
    if (expectUnchanged(t, `DELETE of pipeline ${id} with ${what} as its body`, ex, before, after)) return;
    before = after;
  }
}

/** The pipeline's state as read now (undefined where the target does not serve reads). */
async function stateNow(t: CheckContext, id: number): Promise<Shown | undefined> {
  if (aRoute(t, 'pipelines.read') === null) return undefined;
  const ex = await aSend(t, t.a(), 'pipelines.read', id);
  return { ex, state: pipelineState(t, ex.json) };
}

/**
 * The pipeline's state once it shows deployed, read for up to DEPLOY_WAIT_MS: how long a start
 * takes is the target's (A-GAP-2: a deployment may queue a start and answer 202), so one read
 * right after it would leave stops unjudged on such a target. The simulator deploys at once, and
 * the first read ends the wait; a read that is not a 200 ends it too.
 */
async function deployedSoon(t: CheckContext, id: number): Promise<Shown | undefined> {
  let last = await stateNow(t, id);
  if (last === undefined || last.ex.response.status !== 200 || last.state.spec === 'deployed') return last;
  const shown = await t.poll(
    async () => {
      last = await stateNow(t, id);
      return last !== undefined && (last.ex.response.status !== 200 || last.state.spec === 'deployed') ? last : undefined;
    },
    { timeoutMs: DEPLOY_WAIT_MS, intervalMs: 250 },
  );
  return shown ?? last;
}

/** How long a start may take to show deployed before the stops are left unjudged. */
const DEPLOY_WAIT_MS = 10_000;

interface Shown {
  ex: Exchange;
  state: ReturnType<typeof pipelineState>;
}

function describeShown(shown: Shown): string {
  if (shown.ex.response.status !== 200) return `its read answered ${shown.ex.response.status}`;
  const { name, field, spec } = shown.state;
  return `${field} ${name === undefined ? 'absent' : JSON.stringify(name)}${spec === undefined ? '' : `, ${spec.replace('_', ' ')}`}`;
}

/**
 * A refused request (`ex`, not 2xx) left the pipeline as it was: read before it, found (200) and
 * in one of the spec's states; read after it, still found, in the same one. A pipeline no longer
 * found, or in another of the spec's states, fails A-ERR-3 naming what the refused request did;
 * one in a state the target document maps to none of the spec's (A-GAP-2) is not judged, and said
 * so. Returns whether it failed.
 */
function expectUnchanged(t: CheckContext, request: string, ex: Exchange, before: Shown | undefined, after: Shown | undefined): boolean {
  if (before === undefined || after === undefined || before.ex.response.status !== 200 || before.state.spec === undefined) return false;
  const gone = after.ex.response.status >= 400 && after.ex.response.status < 500;
  if (!gone && after.ex.response.status !== 200) return false;
  if (!gone && after.state.spec === undefined) {
    if (after.state.name !== before.state.name) t.partial('A-ERR-3', `after ${request} was refused (${ex.response.status}), the pipeline shows a state the target document maps to none of the spec's (${describeShown(after)}), so whether the refused request changed it was not judged`);
    return false;
  }
  if (!gone && after.state.spec === before.state.spec) return false;
  const did = gone ? 'it is no longer found' : ({ deployed: 'it is deployed', not_deployed: 'it is not deployed', archived: 'it is archived' } as const)[after.state.spec ?? 'deployed'];
  t.fail({
    clause: 'A-ERR-3',
    message: `${request} was refused (${ex.response.status}), yet the refused request changed the pipeline: ${did} after it (before: ${describeShown(before)})`,
    expected: `a refusal that changes nothing: the pipeline ${before.state.spec.replace('_', ' ')} as before`,
    received: `${describeResponse(ex)}; then ${describeShown(after)}`,
    exchange: after.ex,
  });
  return true;
}

/**
 * Sends each bad body to `operation`, then the operation without one. A bad body taken is a
 * failure, and so is a refused one that changed the pipeline's state (`shown`, read before); the refusals are judged once the bare operation was taken in the same state. Returns
 * whether the operation was done (by the bare request, or by a bad body it should have refused).
 */
async function refusedThenTaken(t: CheckContext, id: number, operation: Operation, shown: Shown | undefined): Promise<boolean> {
  const refused: { ex: Exchange; what: string }[] = [];
  let before = shown;
  for (const { text, what } of BODIES) {
    const ex = await aSend(t, t.a(), operation, id, { body: text, headers: { 'content-type': 'application/json' } });
    if (is2xx(ex)) {
      t.fail({ clause: 'A-ERR-3', message: `${operation === 'pipelines.start' ? 'start' : 'stop'} of pipeline ${id} with ${what} as its body was done (${ex.response.status}), expected 422`, expected: '422 and the error object', received: describeResponse(ex), exchange: ex });
      return true;
    }
    // One read per refusal: a refused request that did the operation anyway is seen at once.
    const after = await stateNow(t, id);
    if (expectUnchanged(t, `${operation === 'pipelines.start' ? 'start' : 'stop'} of pipeline ${id} with ${what} as its body`, ex, before, after)) return true;
    before = after;
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
