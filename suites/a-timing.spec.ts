import { check } from './lib/registry.ts';
import { describeResponse } from './lib/expect.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { makePipeline, notAccountOnes, otherAccountPipelines, type ForeignPipeline } from './lib/factories/pipelines.ts';
import { plainDefinition } from './lib/arbitraries/definitions.ts';
import { is2xx, recordIn, requestLine } from './lib/answers.ts';
import { compareLatencies, DEFAULT_ORACLE, describeComparison, samplesToSettle, type LatencyComparison } from './lib/timing-oracle.ts';
import type { CheckContext, Exchange, InterfaceClient, RequestOptions } from './lib/types.ts';
import { withKey } from './lib/clients.ts';
import { aRoute, aSend, pipelineOperations, pipelineState, validOptions } from './catalog/a-requests.ts';
import { aEndpoint } from './catalog/a-endpoints.ts';
import type { AOperation } from './lib/target-types.ts';
import { aTargetFindsPipelines, readOwnPipeline, type OwnPipeline } from './lib/controls.ts';

/*
 * A-ENUM-2: the 404 for another account's pipeline and the 404 for an absent one must not be
 * told apart by their latency. For each request timed, both kinds interleaved in random order
 * (so drift in the target's or the network's load hits both alike), after a warm-up; foreign ids
 * alternate between account 2's pipelines, one in each state it has (deployed, archived, never
 * deployed, a fixture), and absent ids between as many fixed absent ids, so both kinds repeat
 * equally often and caching favours neither. A deployment may look a pipeline up in another store
 * by its state (archived ones kept apart), so each state's samples are also compared with the
 * absent ids' on their own: a leak on archived pipelines alone is a quarter of the foreign
 * samples, which the comparison of all of them would water down.
 *
 * The verdict is the timing oracle's (timing-oracle.ts): a difference fails the check only when
 * it is significant (Mann-Whitney p < 0.001) and the whole 99.9% confidence interval of the
 * Hodges-Lehmann shift lies beyond max(3 ms, 10% of the absent-id median). Noise on a busy
 * two-core machine stays well inside that; a leak of a few milliseconds per request does not.
 * Sampling stops early once a difference is that clear, so a leaky target costs little time.
 * With several states the oracle is asked once for all foreign samples and once per state, each
 * at alpha 0.001 divided by the number of comparisons (Bonferroni), so the run's chance of a
 * false alarm stays within 0.001 however many states are timed.
 *
 * A handler may look an id up its own way (a replace locking the row by id before it compares the
 * owner), so the target's other operations on one pipeline (as routed; those an absent id gets a
 * 404 from) are timed too, in one more round: each operation in turn, both kinds of a pair the
 * same operation, compared all together and each operation alone with absent ids of its own (their
 * latencies differ by operation), under the same Bonferroni sharing. A refusal there is noted,
 * not a gap in A-ENUM-2: the spec names only DELETE.
 *
 * A deployment may also send some keys another way (non-admin keys through a permissions service
 * that looks the id up in any account before it compares the owner), so account 1's non-admin key
 * (where the target document gives one, and it gets 404 for an absent id) goes in turn with the
 * admin key, both kinds of a pair with the same key, and each key's samples are compared alone
 * too (against absent ids asked with that key), under the same sharing of alpha.
 */

const WARM_UP = 15;
const ROUND = 50;
const MIN_PAIRS = 150;
const MAX_PAIRS = 300;
/**
 * On a noisy path (a remote target, jitter of tens of milliseconds) 300 pairs may leave the
 * verdict open, and A-ENUM-2 not verified. Sampling then goes on while the oracle projects that
 * the latencies would be shown alike, or told apart, within 1,200 pairs and 90 s of sampling in
 * all (`extendedSampleLimit`); a target whose estimate sits at the threshold, or a path too slow
 * for the budget, stays not verified. More looks at the data add little risk: each needs the
 * whole 99.9% interval on one side of the threshold.
 */
const EXTENSION = { round: ROUND, extendedMaxPairs: 1_200, extendedBudgetMs: 90_000 };

/** Account 2's pipeline states, in the order they are picked: the first one of each is timed. */
const STATE_ORDER = ['deployed', 'archived', 'not deployed'];

/**
 * The foreign pipelines timed: the first of each state account 2 has (deployed, archived, never
 * deployed, then the fixtures, whose state the run does not know), or two of one state where it
 * has only one.
 */
function timedForeign(others: readonly ForeignPipeline[]): ForeignPipeline[] {
  const rank = (p: ForeignPipeline): number => (STATE_ORDER.includes(p.state) ? STATE_ORDER.indexOf(p.state) : STATE_ORDER.length);
  const ordered = [...others].sort((a, b) => rank(a) - rank(b));
  const one = ordered.filter((p, i) => ordered.findIndex((q) => q.state === p.state) === i);
  return one.length > 1 ? one : ordered.slice(0, 2);
}

/** How long the clock is moved where the target document declares no initial sync: the simulator's is 60 s. */
const UNDECLARED_SYNC_MS = 60_000;
/** The longest initial sync (as declared) waited for in real time, where the clock cannot be moved. */
const REAL_TIME_SYNC_LIMIT_MS = 60_000;

/** Account 2's pipeline let live on past its initial sync, and when it is (performance.now() time) past it. */
interface LivedOn {
  pipeline: ForeignPipeline;
  readyAtMs: number;
}

/**
 * Account 2's pipeline deployed and let live on past its initial sync: the other pipelines are
 * timed seconds after their start, and a deployment may ask another store (a streaming runtime's
 * registry of deployments, whose ids are global) about a miss once a deployment is past its first
 * phase, slower. Where the target has a control API the clock is moved the target document's
 * initial sync and a half again (60 s and a half again where it declares none); elsewhere the
 * check waits in real time until that much has passed since the start (`readyAtMs`), where
 * the declared sync is no longer than `REAL_TIME_SYNC_LIMIT_MS`. Made before the others, so theirs
 * start after the clock move or the wait. None (a note) without account 2's key, routes to create and start,
 * a declared sync to wait for, or where its id is also one of account 1's. 2 requests.
 */
async function livedOnPipeline(t: CheckContext): Promise<LivedOn | undefined> {
  const declaredMs = t.target.interfaceA.initialSyncMs;
  if (!t.target.controlUrl && (declaredMs === undefined || declaredMs > REAL_TIME_SYNC_LIMIT_MS)) {
    t.note(`account 2's pipelines were timed seconds after their start: none was timed past its initial sync (unless a fixture is), for the target has no control API to move its clock and ${declaredMs === undefined ? 'its document declares no initial sync (interface_a.initial_sync_seconds)' : `its declared initial sync (${declaredMs / 1000} s) is longer than the ${REAL_TIME_SYNC_LIMIT_MS / 1000} s waited for`}`);
    return undefined;
  }
  if (t.target.a[1]?.adminKey === undefined || aRoute(t, 'pipelines.create') === null || aRoute(t, 'pipelines.start') === null) return undefined;
  const made = await makePipeline(t, 1, plainDefinition(t.name('timing-lived')));
  if (!('id' in made)) return undefined;
  const started = await aSend(t, t.a(1), 'pipelines.start', made.id);
  const startedAt = performance.now();
  if (!is2xx(started)) {
    t.note(`account 2's start of its pipeline ${made.id} answered ${started.response.status}: none was timed past its initial sync`);
    return undefined;
  }
  const step = Math.ceil((declaredMs ?? UNDECLARED_SYNC_MS) * 1.5);
  if (t.target.controlUrl) await t.advanceClock(step);
  const [pipeline] = await notAccountOnes(t, [{ id: made.id, state: 'deployed and lived on' }]);
  return pipeline ? { pipeline, readyAtMs: t.target.controlUrl ? 0 : startedAt + step } : undefined;
}

/** Waits until `lived` is past its initial sync, and notes the state its owner reads it in. */
async function awaitLivedOn(t: CheckContext, lived: LivedOn): Promise<void> {
  await t.sleep(Math.max(0, lived.readyAtMs - performance.now()));
  const read = aRoute(t, 'pipelines.read') === null ? undefined : await aSend(t, t.a(1), 'pipelines.read', lived.pipeline.id);
  const shown = read === undefined ? undefined : pipelineState(t, recordIn(read.json) ?? read.json);
  t.note(`account 2's pipeline ${lived.pipeline.id}, started, then ${t.target.controlUrl ? "the target's clock moved" : 'waited for in real time'} past its initial sync${shown?.name === undefined ? '' : `: it reads ${shown.field} ${JSON.stringify(shown.name)}`}; timed as deployed and lived on`);
}

/** A request timed about a pipeline. */
type Timed = AOperation;

/**
 * What one round of timing sends: one request (the read, the spec's DELETE), or the target's other
 * operations on one pipeline taken in turn (`others`), each pair of samples the same operation.
 */
interface Phase {
  ops: Timed[];
  /** The other operations: their samples are compared by operation, not by state. */
  others?: true;
  /**
   * The keys the requests go with, in turn: account 1's admin key, and its non-admin key where the
   * target document gives one and it gets 404 for an absent id on every operation of the phase.
   */
  keys: TimedKey[];
}

/** A key of account 1 the timed requests go with. */
interface TimedKey {
  name: 'admin' | 'non-admin';
  client: InterfaceClient;
}

/**
 * Which requests are timed. Always the spec's own DELETE, which every target serves and must
 * refuse for another account's pipeline as for an absent one (a handler that checks ownership
 * its own slower way on DELETE alone leaks there whatever the read does), with the run's control
 * that the target finds pipelines. And first a read, which changes nothing, where the target is
 * seen finding a pipeline with that very read (account 2 reading its own `foreign` pipelines or
 * account 1 its fixture pipeline): its 404s are then about pipelines, not a route the target does
 * not serve, whose answers take the same time whatever the id and would prove nothing.
 */
async function timedRequests(t: CheckContext, foreign: readonly number[]): Promise<Timed[]> {
  const archiveOnly = async (): Promise<Timed[]> => {
    await aTargetFindsPipelines(t, 'A-ENUM-2');
    return ['pipelines.archive'];
  };
  if (aRoute(t, 'pipelines.read') === null) return archiveOnly();
  const reads: OwnPipeline[] = [...(t.target.a[1]?.adminKey ? foreign.map((id): OwnPipeline => ({ account: 1, id })) : []), ...(t.target.a[0]?.fixtures.pipeline_ids ?? []).slice(0, 1).map((id): OwnPipeline => ({ account: 0, id }))];
  const { found, refused } = await readOwnPipeline(t, reads);
  if (found) {
    t.note(`the timed read finds pipelines: ${found}`);
    return ['pipelines.read', 'pipelines.archive'];
  }
  t.note(`${refused.length ? refused.join('; ') : 'no pipeline could be read by its own account'}: the read is not seen finding pipelines, so only the spec's DELETE is timed`);
  return archiveOnly();
}

/** The oracle's comparisons of one timed request: all foreign samples, and each group's alone (a state, an operation, a key: `state:...`, `op:...`, `key:...`). */
interface Verdicts {
  all: LatencyComparison;
  byGroup: { group: string; verdict: LatencyComparison }[];
}

/** Every verdict of `v`: all samples', then each group's. */
function everyVerdict(v: Verdicts): LatencyComparison[] {
  return [v.all, ...v.byGroup.map((g) => g.verdict)];
}

/** Every comparison of `v`, each with what its foreign side is (its group: a state, an operation named by route, or a key). */
function comparisons(t: CheckContext, v: Verdicts): { what: string; verdict: LatencyComparison }[] {
  const group = (g: string): string => {
    const [kind, value = ''] = g.split(/:(.*)/s);
    if (kind === 'key') return `another account's pipeline with the ${value} key`;
    if (kind === 'state') return `another account's ${value} pipeline`;
    const route = aRoute(t, value as Timed);
    return `another account's pipeline on ${route ? `${route.method} ${route.path}` : value}`;
  };
  return [{ what: "another account's pipeline", verdict: v.all }, ...v.byGroup.map((g) => ({ what: group(g.group), verdict: g.verdict }))];
}

/** A valid body of the kind `op` takes (a definition, a small merge patch), or none: the 404 must not hang on a refused body. */
function bodyOf(t: CheckContext, op: Timed): RequestOptions {
  return validOptions(t, aEndpoint(op), 'timing');
}

/**
 * The target's other operations on one pipeline (its definition read, replace, update, start,
 * stop: conventions, as the target document routes them), each kept where an absent id is
 * answered 404 with the request as timed (one request each): a handler of its own may look the id
 * up its own slower way (a row locked by id before its owner is compared), and DELETE and the
 * read alone would not see it. One answered otherwise (a body refused before the id is looked
 * up) is left out, noted.
 */
async function otherOperations(t: CheckContext, absent: number): Promise<Timed[]> {
  const kept: Timed[] = [];
  const left: string[] = [];
  for (const e of pipelineOperations(t)) {
    if (e.operation === 'pipelines.read' || e.operation === 'pipelines.archive') continue;
    const ex = await aSend(t, t.a(0), e.operation, absent, bodyOf(t, e.operation));
    if (ex.response.status === 404) kept.push(e.operation);
    else left.push(`${requestLine(ex)} of an absent pipeline answered ${ex.response.status}`);
  }
  if (left.length) t.note(`not timed (an absent id is not answered 404 with the request as timed): ${left.join('; ')}`);
  return kept;
}

/**
 * The keys each phase goes with: account 1's admin key, and its non-admin key (the target
 * document's pipeline_key) in turn with it where that key gets 404 for an absent id on every
 * operation of the phase (one request each): a deployment may send non-admin keys through a
 * permissions service of its own that looks the id up in any account first. Noted where it is
 * not sent.
 */
async function chooseKeys(t: CheckContext, phases: Phase[], absent: number): Promise<void> {
  const admin: TimedKey = { name: 'admin', client: t.a(0) };
  const key = t.target.a[0]?.nonAdminKey;
  const nonAdmin: TimedKey | undefined = key === undefined ? undefined : { name: 'non-admin', client: withKey(t, key) };
  if (!nonAdmin) t.note("only account 1's admin key was timed: the target document gives account 1 no non-admin key (pipeline_key)");
  const left: string[] = [];
  for (const phase of phases) {
    phase.keys = [admin];
    if (!nonAdmin) continue;
    let takes = true;
    for (const op of phase.ops) {
      const ex = await aSend(t, nonAdmin.client, op, absent, bodyOf(t, op));
      if (ex.response.status !== 404) {
        left.push(`${requestLine(ex)} of an absent pipeline answered ${ex.response.status} with the non-admin key`);
        takes = false;
        break;
      }
    }
    if (takes) phase.keys.push(nonAdmin);
  }
  if (left.length) t.note(`timed with the admin key alone (the non-admin key is not answered 404 for an absent id): ${left.join('; ')}`);
}

/** The latencies of one timed request: every sample of each kind, and each by the groups it is in (`state:...`, `op:...`, `key:...`). */
interface Samples {
  foreign: number[];
  absent: number[];
  foreignBy: Map<string, number[]>;
  absentBy: Map<string, number[]>;
}

/**
 * The comparisons, each at alpha shared out over all of them (Bonferroni): all foreign samples
 * with all absent ones, and each group's alone (a state, an operation, a key: the groups of a
 * kind only where it has more than one), with the absent samples of its own group where absent
 * samples are kept by that group (operations, keys), else with all of them (states).
 */
function compareByGroup(samples: Samples): Verdicts {
  const kindOf = (g: string): string => g.split(':')[0] ?? g;
  const groups = [...samples.foreignBy.keys()];
  const compared = groups.filter((g) => groups.filter((h) => kindOf(h) === kindOf(g)).length > 1);
  const options = { ...DEFAULT_ORACLE, alpha: DEFAULT_ORACLE.alpha / (1 + compared.length) };
  return {
    all: compareLatencies(samples.foreign, samples.absent, options),
    byGroup: compared.map((group) => ({ group, verdict: compareLatencies(samples.foreignBy.get(group) ?? [], samples.absentBy.get(group) ?? samples.absent, options) })),
  };
}

/**
 * How many pairs to take in all while some comparison of `v` is open at `pairs` (`elapsedMs`
 * spent sampling so far), or null to stop: as `extendedSampleLimit`, for the comparison that
 * needs the most pairs (a state's comparison holds only its share of them), none when one of
 * them would never settle.
 */
function extendedPairs(v: Verdicts, pairs: number, elapsedMs: number): number | null {
  let needed = pairs;
  for (const verdict of everyVerdict(v)) {
    const samples = samplesToSettle(verdict);
    if (samples === null) return null;
    needed = Math.max(needed, Math.ceil((samples * pairs) / Math.max(1, verdict.m)));
  }
  if (needed <= pairs || needed > EXTENSION.extendedMaxPairs) return null;
  if (elapsedMs + (needed - pairs) * (elapsedMs / pairs) > EXTENSION.extendedBudgetMs) return null;
  return Math.min(EXTENSION.extendedMaxPairs, Math.ceil(needed / EXTENSION.round) * EXTENSION.round);
}

/**
 * What timing one request gave: the oracle's comparisons, or why there are none; and, where
 * another account's pipeline was answered otherwise than absent ids just were (404), that answer.
 */
type Sampled = { verdicts: Verdicts; pairs: number } | { refused: string; foreignAnswer?: { ex: Exchange; id: number; state: string } };

/**
 * Times `timed` for `foreign` and as many `absent` ids. It stops at the first answer that is not
 * 404: A-ENUM-1's checks judge the answers, and the latency of different answers means nothing
 * (a DELETE that archived another account's pipeline is not sent again).
 */
async function sample(t: CheckContext, phase: Phase, foreign: readonly ForeignPipeline[], absent: readonly number[]): Promise<Sampled> {
  // Each operation in turn for as many pairs as there are foreign pipelines, so every operation
  // meets every pipeline (turning both at once would tie each operation to one pipeline).
  const opOf = (index: number): Timed => phase.ops[Math.floor(index / foreign.length) % phase.ops.length] as Timed;
  // And each key in turn once every operation met every pipeline with the one before.
  const keyOf = (index: number): TimedKey => phase.keys[Math.floor(index / (foreign.length * phase.ops.length)) % phase.keys.length] as TimedKey;
  let refused: string | undefined;
  let foreignAnswer: { ex: Exchange; id: number; state: string } | undefined;
  // An absent id answered 404: a foreign one answered otherwise after it is A-ENUM-1's difference.
  let absentFound404 = false;
  const measure = async (kind: 'foreign' | 'absent', index: number): Promise<number> => {
    const pipeline = foreign[index % foreign.length] as ForeignPipeline;
    const id = kind === 'foreign' ? pipeline.id : (absent[index % absent.length] as number);
    const op = opOf(index);
    const ex = await aSend(t, keyOf(index).client, op, id, bodyOf(t, op));
    if (ex.response.status === 404 && kind === 'absent') absentFound404 = true;
    if (ex.response.status !== 404 && refused === undefined) {
      refused = `${ex.request.method} of ${kind === 'foreign' ? "another account's" : 'an absent'} pipeline answered ${ex.response.status}, not 404 (see A-ENUM-1): ${describeResponse(ex)}`;
      // A 5xx is X-ROB-1's, not a tell. Where no absent id was asked yet, one is now, untimed.
      if (kind === 'foreign' && ex.response.status < 500) {
        const control = absentFound404 ? undefined : await aSend(t, keyOf(index).client, op, absent[index % absent.length] as number, bodyOf(t, op));
        if (absentFound404 || control?.response.status === 404) foreignAnswer = { ex, id, state: pipeline.state };
      }
    }
    return ex.durationMs;
  };
  // Samples by group: the foreign pipeline's state, or for the other operations the operation
  // (their latencies differ by operation, so each is compared with absent ids of its own); and
  // the key, where more than one goes (each compared with absent ids asked with the same key).
  const groupsOf = (kind: 'foreign' | 'absent', index: number): string[] => [
    ...(phase.others ? [`op:${opOf(index)}`] : kind === 'foreign' ? [`state:${(foreign[index % foreign.length] as ForeignPipeline).state}`] : []),
    ...(phase.keys.length > 1 ? [`key:${keyOf(index).name}`] : []),
  ];
  const push = (into: Samples, kind: 'foreign' | 'absent', index: number, ms: number): void => {
    (kind === 'foreign' ? into.foreign : into.absent).push(ms);
    const by = kind === 'foreign' ? into.foreignBy : into.absentBy;
    for (const g of groupsOf(kind, index)) {
      const list = by.get(g) ?? [];
      list.push(ms);
      by.set(g, list);
    }
  };
  const fresh = (): Samples => ({ foreign: [], absent: [], foreignBy: new Map(), absentBy: new Map() });
  /** Both kinds once, in random order, so neither always follows the other. */
  const pair = async (into: Samples, index: number): Promise<void> => {
    if (Math.random() < 0.5) {
      push(into, 'foreign', index, await measure('foreign', index));
      if (refused === undefined) push(into, 'absent', index, await measure('absent', index));
    } else {
      push(into, 'absent', index, await measure('absent', index));
      if (refused === undefined) push(into, 'foreign', index, await measure('foreign', index));
    }
  };

  for (let i = 0; i < WARM_UP && refused === undefined; i++) await pair(fresh(), i);
  const samples = fresh();
  let verdicts: Verdicts | undefined;
  const sampling = performance.now();
  let limit = MAX_PAIRS;
  while (samples.absent.length < limit) {
    for (let i = 0; i < ROUND && refused === undefined; i++) await pair(samples, samples.absent.length);
    if (refused !== undefined) return { refused, ...(foreignAnswer ? { foreignAnswer } : {}) };
    verdicts = compareByGroup(samples);
    const all = everyVerdict(verdicts);
    if (all.some((c) => c.distinguishable)) break;
    if (samples.absent.length < MIN_PAIRS) continue;
    if (all.every((c) => c.equivalent)) break;
    if (samples.absent.length >= limit) limit = extendedPairs(verdicts, samples.absent.length, performance.now() - sampling) ?? limit;
  }
  if (refused !== undefined) return { refused, ...(foreignAnswer ? { foreignAnswer } : {}) };
  if (!verdicts) throw new Error('no latency samples were taken');
  return { verdicts, pairs: samples.absent.length };
}

check({
  id: 'a-timing/foreign-404-latency',
  clauses: ['A-ENUM-2'],
  supports: ['A-ENUM-1'],
  title: 'A-ENUM-2: the 404 for another account\'s pipeline (one in each state: deployed, archived, never deployed, a fixture, and one deployed and let live on past its initial sync, by the control API\'s clock or in real time up to 60 s declared) takes as long as the 404 for an absent one, on DELETE, on a read the target serves, and on its other operations on one pipeline taken in turn (definition read, replace, update, start, stop: all together and each alone), with account 1\'s admin key and its non-admin key in turn (each key\'s samples also alone) (interleaved samples, Mann-Whitney and Hodges-Lehmann, all states together and each alone); one answered otherwise than absent ids, met while timed, fails A-ENUM-1',
  needs: ['a', 'write'],
  runsAlone: 'it compares response times, which any other load on the target would disturb',
  async run(t) {
    // One of account 2's pipelines in each state it has (deployed, archived, never deployed, a
    // fixture): a deployment may look one up by its state in a store of its own.
    // Lived on before the others are made, so they are timed seconds after their start.
    const lived = await livedOnPipeline(t);
    if (lived) await awaitLivedOn(t, lived);
    const others = await otherAccountPipelines(t, 'timing');
    const foreign = [...timedForeign(others), ...(lived ? [lived.pipeline] : [])];
    const timed = await timedRequests(t, foreign.map((p) => p.id));
    t.note(`timed ${timed.map((r) => (r === 'pipelines.archive' ? 'DELETE' : 'reads')).join(' and ')} of account 2's pipelines ${foreign.map((p) => `${p.id} (${p.state})`).join(', ')}`);

    // As many absent ids as foreign ones, each asked as often: a target (or a cache in front of
    // it) that answers a repeated id faster speeds up both kinds alike.
    const firstAbsent = Math.floor(Math.random() * 80_000_000);
    const absent = foreign.map((_, i) => absentIdFrom(t.target, firstAbsent + i));

    // The read first: a faulty target's DELETE may archive a foreign pipeline the read then finds.
    // Then the target's other operations on one pipeline, in turn, compared by operation.
    const probeId = absentIdFrom(t.target, firstAbsent + foreign.length);
    const otherOps = await otherOperations(t, probeId);
    const phases: Phase[] = [...timed.map((op): Phase => ({ ops: [op], keys: [] })), ...(otherOps.length ? [{ ops: otherOps, others: true, keys: [] } as Phase] : [])];
    await chooseKeys(t, phases, probeId);
    const refusals: string[] = [];
    for (const phase of phases) {
      const named = phase.ops.map((op) => {
        const route = aRoute(t, op);
        return `${route?.method ?? ''} ${route?.path ?? ''}`;
      }).join(', ');
      const sampled = await sample(t, phase, foreign, absent);
      if ('refused' in sampled) {
        // Hundreds of requests over a while meet another account's pipeline in states a check run
        // earlier may not have (one deep in its sync, say): a different answer than absent ids got
        // is A-ENUM-1's failure, whatever its latency (a check may fail a clause it only supports).
        const differs = sampled.foreignAnswer;
        if (differs) {
          t.fail({
            clause: 'A-ENUM-1',
            message: `${named} of account 2's pipeline ${differs.id} (${differs.state}) answered ${differs.ex.response.status} with account 1's key, where absent ids of the same timing just answered 404: another account's pipeline is told apart from an absent one`,
            expected: 'the 404 absent ids get',
            received: describeResponse(differs.ex),
            exchange: differs.ex,
          });
        }
        // The other operations are conventions a target may refuse otherwise: only noted.
        if (!phase.others) refusals.push(sampled.refused);
        t.note(`${named}: not timed to the end: ${sampled.refused}`);
        continue;
      }
      const { verdicts, pairs } = sampled;
      const compared = comparisons(t, verdicts);
      for (const { what, verdict } of compared) {
        const summary = describeComparison(verdict, { a: 'foreign', b: 'absent' });
        t.note(`${named} latency of ${what} after ${WARM_UP} warm-up pairs: ${summary}${pairs > MAX_PAIRS ? ` (sampled past ${MAX_PAIRS} pairs: the verdict was still open, and more pairs were projected to settle it)` : ''}`);
        t.expect.that(!verdict.distinguishable, {
          clause: 'A-ENUM-2',
          message: `${named}: ${what} answers its 404 ${verdict.shift > 0 ? 'slower' : 'faster'} than an absent one, by ${Math.abs(verdict.shift).toFixed(1)} ms: latency reveals that it exists`,
          expected: `no latency difference beyond ±${verdict.thresholdMs.toFixed(1)} ms`,
          received: summary,
        });
      }
      // Not told apart is not yet alike: on a noisy target the interval may stay wider than the
      // threshold after every pair, and then a leak of a few milliseconds could hide in the noise.
      const open = compared.filter((c) => !c.verdict.distinguishable && !c.verdict.equivalent);
      if (open.length && !compared.some((c) => c.verdict.distinguishable)) {
        t.partial('A-ENUM-2', `${named}: after ${pairs} pairs the latencies were neither told apart nor shown alike for ${open.map((c) => `${c.what} (the shift's interval [${c.verdict.lower.toFixed(1)} ms, ${c.verdict.upper.toFixed(1)} ms] reaches past ±${c.verdict.thresholdMs.toFixed(1)} ms)`).join('; ')}: too noisy to tell (a quieter moment or a closer network lets it)`);
      }
    }
    if (refusals.length === timed.length) t.skip(refusals.join('; '));
    // A DELETE not timed leaves the spec's own request unverified, whatever the read showed.
    for (const refused of refusals) t.partial('A-ENUM-2', `not every timed request answered 404 for both kinds: ${refused}`);
  },
});
