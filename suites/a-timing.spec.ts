import { check } from './lib/registry.ts';
import { describeResponse } from './lib/expect.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { otherAccountPipelines } from './lib/factories/pipelines.ts';
import { compareLatencies, describeComparison, extendedSampleLimit, type LatencyComparison } from './lib/timing-oracle.ts';
import type { CheckContext } from './lib/types.ts';
import { aRoute, aSend } from './catalog/a-requests.ts';
import { aTargetFindsPipelines, readOwnPipeline, type OwnPipeline } from './lib/controls.ts';

/*
 * A-ENUM-2: the 404 for another account's pipeline and the 404 for an absent one must not be
 * told apart by their latency. For each request timed, both kinds interleaved in random order
 * (so drift in the target's or the network's load hits both alike), after a warm-up; foreign ids
 * alternate between account 2's pipelines and absent ids between as many fixed absent ids, so
 * both kinds repeat equally often and caching favours neither.
 *
 * The verdict is the timing oracle's (timing-oracle.ts): a difference fails the check only when
 * it is significant (Mann-Whitney p < 0.001) and the whole 99.9% confidence interval of the
 * Hodges-Lehmann shift lies beyond max(3 ms, 10% of the absent-id median). Noise on a busy
 * two-core machine stays well inside that; a leak of a few milliseconds per request does not.
 * Sampling stops early once a difference is that clear, so a leaky target costs little time.
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

/** A request timed about a pipeline. */
type Timed = 'pipelines.read' | 'pipelines.archive';

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

/** What timing one request gave: the oracle's comparison, or why there is none. */
type Sampled = { verdict: LatencyComparison } | { refused: string };

/**
 * Times `timed` for `foreign` and as many `absent` ids. It stops at the first answer that is not
 * 404: A-ENUM-1's checks judge the answers, and the latency of different answers means nothing
 * (a DELETE that archived another account's pipeline is not sent again).
 */
async function sample(t: CheckContext, timed: Timed, foreign: readonly number[], absent: readonly number[]): Promise<Sampled> {
  let refused: string | undefined;
  const measure = async (kind: 'foreign' | 'absent', index: number): Promise<number> => {
    const pool = kind === 'foreign' ? foreign : absent;
    const ex = await aSend(t, t.a(0), timed, pool[index % pool.length] as number);
    if (ex.response.status !== 404) refused ??= `${ex.request.method} of ${kind === 'foreign' ? "another account's" : 'an absent'} pipeline answered ${ex.response.status}, not 404 (see A-ENUM-1): ${describeResponse(ex)}`;
    return ex.durationMs;
  };
  /** Both kinds once, in random order, so neither always follows the other. */
  const pair = async (foreignMs: number[], absentMs: number[], index: number): Promise<void> => {
    if (Math.random() < 0.5) {
      foreignMs.push(await measure('foreign', index));
      if (refused === undefined) absentMs.push(await measure('absent', index));
    } else {
      absentMs.push(await measure('absent', index));
      if (refused === undefined) foreignMs.push(await measure('foreign', index));
    }
  };

  for (let i = 0; i < WARM_UP && refused === undefined; i++) await pair([], [], i);
  const foreignMs: number[] = [];
  const absentMs: number[] = [];
  let verdict: LatencyComparison | undefined;
  const sampling = performance.now();
  let limit = MAX_PAIRS;
  while (foreignMs.length < limit) {
    for (let i = 0; i < ROUND && refused === undefined; i++) await pair(foreignMs, absentMs, foreignMs.length);
    if (refused !== undefined) return { refused };
    verdict = compareLatencies(foreignMs, absentMs);
    if (verdict.distinguishable) break;
    if (foreignMs.length < MIN_PAIRS) continue;
    if (verdict.equivalent) break;
    if (foreignMs.length >= limit) limit = extendedSampleLimit(verdict, performance.now() - sampling, EXTENSION) ?? limit;
  }
  if (refused !== undefined) return { refused };
  if (!verdict) throw new Error('no latency samples were taken');
  return { verdict };
}

check({
  id: 'a-timing/foreign-404-latency',
  clauses: ['A-ENUM-2'],
  title: 'A-ENUM-2: the 404 for another account\'s pipeline takes as long as the 404 for an absent one, on DELETE and on a read the target serves (interleaved samples, Mann-Whitney and Hodges-Lehmann)',
  needs: ['a', 'write'],
  runsAlone: 'it compares response times, which any other load on the target would disturb',
  async run(t) {
    // Two of account 2's pipelines (a deployed one among them where account 2 can start one).
    const others = await otherAccountPipelines(t, 'timing');
    const foreign = [...others.filter((p) => p.state === 'deployed'), ...others.filter((p) => p.state !== 'deployed')].slice(0, 2).map((p) => p.id);
    const timed = await timedRequests(t, foreign);
    t.note(`timed ${timed.map((r) => (r === 'pipelines.archive' ? 'DELETE' : 'reads')).join(' and ')} of account 2's pipelines ${others.filter((p) => foreign.includes(p.id)).map((p) => `${p.id} (${p.state})`).join(', ')}`);

    // As many absent ids as foreign ones, each asked as often: a target (or a cache in front of
    // it) that answers a repeated id faster speeds up both kinds alike.
    const firstAbsent = Math.floor(Math.random() * 80_000_000);
    const absent = foreign.map((_, i) => absentIdFrom(t.target, firstAbsent + i));

    // The read first: a faulty target's DELETE may archive a foreign pipeline the read then finds.
    const refusals: string[] = [];
    for (const request of timed) {
      const route = aRoute(t, request);
      const named = `${route?.method ?? ''} ${route?.path ?? ''}`;
      const sampled = await sample(t, request, foreign, absent);
      if ('refused' in sampled) {
        refusals.push(sampled.refused);
        t.note(`${named}: not timed to the end: ${sampled.refused}`);
        continue;
      }
      const { verdict } = sampled;
      const summary = describeComparison(verdict, { a: 'foreign', b: 'absent' });
      t.note(`${named} latency after ${WARM_UP} warm-up pairs: ${summary}${verdict.m > MAX_PAIRS ? ` (sampled past ${MAX_PAIRS} pairs: the verdict was still open, and more pairs were projected to settle it)` : ''}`);
      t.expect.that(!verdict.distinguishable, {
        clause: 'A-ENUM-2',
        message: `${named}: another account's pipeline answers its 404 ${verdict.shift > 0 ? 'slower' : 'faster'} than an absent one, by ${Math.abs(verdict.shift).toFixed(1)} ms: latency reveals that it exists`,
        expected: `no latency difference beyond ±${verdict.thresholdMs.toFixed(1)} ms`,
        received: summary,
      });
      // Not told apart is not yet alike: on a noisy target the interval may stay wider than the
      // threshold after every pair, and then a leak of a few milliseconds could hide in the noise.
      if (!verdict.distinguishable && !verdict.equivalent) {
        t.partial('A-ENUM-2', `${named}: after ${verdict.m} pairs the latencies were neither told apart nor shown alike: the shift's interval [${verdict.lower.toFixed(1)} ms, ${verdict.upper.toFixed(1)} ms] reaches past ±${verdict.thresholdMs.toFixed(1)} ms, too noisy to tell (a quieter moment or a closer network lets it)`);
      }
    }
    if (refusals.length === timed.length) t.skip(refusals.join('; '));
    // A DELETE not timed leaves the spec's own request unverified, whatever the read showed.
    for (const refused of refusals) t.partial('A-ENUM-2', `not every timed request answered 404 for both kinds: ${refused}`);
  },
});
