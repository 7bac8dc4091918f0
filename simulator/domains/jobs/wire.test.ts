import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Links } from '../../context.ts';
import { linksAt } from '../../http/links.ts';
import { FAULT_NAMES, type FaultName } from '../../faults.ts';
import { createJob, startJob, stopJob } from './model.ts';
import { createSchedule } from '../schedules/model.ts';
import type { Schedule } from '../schedules/types.ts';
import { jobsPage } from './order.ts';
import { presentJob } from './present.ts';
import { jobJsonBytes, jobsPageBytes, keptJobCount, KEPT_JOBS_PER_ACCOUNT } from './wire.ts';
import { firstId, makeWorld, type TestWorld } from './test-support.ts';

/** What `jobJsonBytes` may be asked after any of these. */
type Step =
  | { kind: 'advance'; ms: number }
  | { kind: 'back'; ms: number }
  | { kind: 'create'; packageIndex: number; variable: string; bySchedule: boolean }
  | { kind: 'stop'; pick: number }
  | { kind: 'rename'; what: 'package' | 'cluster' | 'user' | 'schedule'; pick: number; name: string }
  | { kind: 'drop-package'; pick: number }
  | { kind: 'archive-package'; pick: number }
  | { kind: 'faults'; names: FaultName[] }
  | { kind: 'list'; links: number; offset: number; limit: number };

// The faults presentJob reads, and three others of the catalog (which must change nothing).
const PRESENTING_FAULTS: FaultName[] = ['b-progress-above-one', 'b-job-stopped-run-progress-percent', 'b-job-status-unknown-value', 'b-job-runtime-as-string', 'b-timestamps-without-zone', 'b-job-ended-archived-after-a-day', 'b-archived-package-job-package-null', 'b-job-cancelled-when-package-archived'];
// The list's own faults make a page unlike its jobs presented alone, by design.
const OTHER_FAULTS = FAULT_NAMES.filter((name) => name !== 'b-job-list-progress-percent' && name !== 'b-job-list-status-label' && name !== 'b-job-list-later-accounts-status-label');

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), ms: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 }), fc.integer({ min: 1_000, max: 40_000 }), fc.integer({ min: 86_000_000, max: 90_000_000 })) }),
  fc.record({ kind: fc.constant('back' as const), ms: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ kind: fc.constant('create' as const), packageIndex: fc.integer({ min: 0, max: 1 }), variable: fc.string({ maxLength: 6 }), bySchedule: fc.boolean() }),
  fc.record({ kind: fc.constant('stop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), what: fc.constantFrom('package' as const, 'cluster' as const, 'user' as const, 'schedule' as const), pick: fc.nat(), name: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('drop-package' as const), pick: fc.nat() }),
  // Two faults read the package's status: an archive must make the bytes again.
  fc.record({ kind: fc.constant('archive-package' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('faults' as const), names: fc.subarray([...PRESENTING_FAULTS, ...fc.sample(fc.constantFrom(...OTHER_FAULTS), { numRuns: 3, seed: 7 })]) }),
  fc.record({ kind: fc.constant('list' as const), links: fc.integer({ min: 0, max: 3 }), offset: fc.integer({ min: 0, max: 6 }), limit: fc.integer({ min: 1, max: 8 }) }),
);

/** The links a page may be asked with: another Host, and (as if built otherwise) another API root or dashboard root alone. */
function linksNumbered(slug: string, n: number): Links {
  const usual = linksAt('http://sim.test', slug);
  if (n === 1) return linksAt('http://other.test:8080', slug);
  if (n === 2) return { ...usual, html: 'https://dashboard.test/x' };
  if (n === 3) return { ...usual, api: 'https://api.test/x/api' };
  return usual;
}

function pickOf<T>(values: Iterable<T>, pick: number): T | undefined {
  const all = [...values];
  return all.length ? all[pick % all.length] : undefined;
}

/**
 * The world's clock, able to step back as a system clock can (the simulator's own clocks never
 * do): kept bytes must not outlive the state they were made in.
 */
function steppingBack(world: TestWorld): { back(ms: number): void } {
  const ahead = world.clock.now.bind(world.clock);
  let behind = 0;
  world.clock.now = () => ahead() - behind;
  return { back: (ms) => void (behind += ms) };
}

/** The account's one schedule, made the first time a step needs it. */
function scheduleOf(world: TestWorld): Schedule {
  const sim = world.simulator.sim;
  const account = sim.store.account(world.acme.account_id)!;
  const made = account.schedules.values().next().value;
  if (made) return made;
  const owner = account.users.get(firstId(world.acme.users.map((u) => u.id)))!;
  return createSchedule(sim, account, owner, { name: 'nightly', task: { packages: [{ package_id: firstId(world.acme.package_ids), variables: {} }] } });
}

function apply(world: TestWorld, s: Step, clock: { back(ms: number): void }): void {
  const sim = world.simulator.sim;
  const account = sim.store.account(world.acme.account_id)!;
  const owner = account.users.get(firstId(world.acme.users.map((u) => u.id)))!;
  if (s.kind === 'advance') world.clock.advance(s.ms);
  if (s.kind === 'back') clock.back(s.ms);
  if (s.kind === 'create') {
    const packageId = firstId(world.acme.package_ids, s.packageIndex);
    const pkg = account.packages.get(packageId);
    // A schedule's run starts a job that shows the schedule's name as its creator's.
    if (pkg && s.bySchedule) {
      const scheduleId = scheduleOf(world).id;
      startJob(sim, account, { ownerId: owner.id, clusterId: firstId(world.acme.cluster_ids), packageId, variables: { v: s.variable }, dynamicVariables: {}, outcome: pkg.outcome, createdBy: { scheduleId, attempt: 0, maxAttempts: null } }, sim.clock.now());
    } else if (pkg && pkg.status !== 'archived') createJob(sim, account, owner, { clusterId: firstId(world.acme.cluster_ids), packageId, variables: { v: s.variable }, dynamicVariables: {} });
  }
  if (s.kind === 'stop') {
    const job = pickOf(account.jobs.values(), s.pick);
    if (job) stopJob(sim, account, job.id);
  }
  if (s.kind === 'rename') {
    const named: Iterable<{ name: string }> = s.what === 'package' ? account.packages.values() : s.what === 'cluster' ? account.clusters.values() : s.what === 'schedule' ? account.schedules.values() : account.users.values();
    const target = pickOf(named, s.pick);
    if (target) target.name = s.name;
  }
  if (s.kind === 'drop-package') {
    const pkg = pickOf(account.packages.values(), s.pick);
    if (pkg) account.packages.delete(pkg.id);
  }
  if (s.kind === 'archive-package') {
    const pkg = pickOf(account.packages.values(), s.pick);
    if (pkg) pkg.status = 'archived';
  }
  if (s.kind === 'faults') sim.faults.set(s.names);
}

describe("a job's kept JSON bytes (the list route's)", () => {
  it('make pages that are always what serialising the jobs afresh writes, through renames (of schedules too), faults, time, stops and hosts', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const world = makeWorld();
        const clock = steppingBack(world);
        const sim = world.simulator.sim;
        const account = sim.store.account(world.acme.account_id)!;
        // A page is asked after every step, so each change meets kept bytes; the named test below
        // has a change that kept bytes meet only later.
        for (const s of steps) {
          apply(world, s, clock);
          const list = s.kind === 'list' ? s : { links: 0, offset: 0, limit: 100 };
          const links = linksNumbered(account.slug, list.links);
          const { items } = jobsPage(account, list.offset, list.limit);
          const kept = jobsPageBytes(sim, account, items, links);
          const fresh = JSON.stringify(items.map((job) => presentJob(sim, account, job, links)));
          expect(kept.toString('utf8')).toBe(fresh);
        }
      }),
      { seed: 20261125, numRuns: 150 },
    );
  });

  it('are not those of a finished job once it was stopped while the clock had stepped back before its end', () => {
    const world = makeWorld();
    const clock = steppingBack(world);
    const sim = world.simulator.sim;
    const account = sim.store.account(world.acme.account_id)!;
    const links = linksNumbered(account.slug, 0);
    const pageNow = () => jobsPageBytes(sim, account, jobsPage(account, 0, 100).items, links).toString('utf8');
    const freshNow = () => JSON.stringify(jobsPage(account, 0, 100).items.map((job) => presentJob(sim, account, job, links)));
    for (const s of [
      { kind: 'create', packageIndex: 0, variable: '', bySchedule: false },
      { kind: 'advance', ms: 40_000 }, // a job runs 35 s: it has finished
    ] satisfies Step[])
      apply(world, s, clock);
    expect(JSON.parse(pageNow())[0].status).toBe('completed');
    for (const s of [
      { kind: 'back', ms: 10_000 }, // 5 s before its end: running again
      { kind: 'stop', pick: 0 },
      { kind: 'advance', ms: 10_000 }, // past the end it had: stopped, not completed
    ] satisfies Step[])
      apply(world, s, clock);
    expect(pageNow()).toBe(freshNow());
    expect(JSON.parse(pageNow())[0].status).toBe('stopped');
  });

  it('are made again when a finished job turns a day past its end, which b-job-ended-archived-after-a-day reads', () => {
    const world = makeWorld();
    const clock = steppingBack(world);
    const sim = world.simulator.sim;
    const account = sim.store.account(world.acme.account_id)!;
    const links = linksNumbered(account.slug, 0);
    const pageNow = () => jobsPageBytes(sim, account, jobsPage(account, 0, 100).items, links).toString('utf8');
    const freshNow = () => JSON.stringify(jobsPage(account, 0, 100).items.map((job) => presentJob(sim, account, job, links)));
    for (const s of [
      { kind: 'faults', names: ['b-job-ended-archived-after-a-day'] },
      { kind: 'create', packageIndex: 0, variable: '', bySchedule: false },
      { kind: 'advance', ms: 40_000 }, // a job runs 35 s: it has finished
    ] satisfies Step[])
      apply(world, s, clock);
    expect(JSON.parse(pageNow())[0].status).toBe('completed');
    apply(world, { kind: 'advance', ms: 86_400_000 }, clock);
    expect(pageNow()).toBe(freshNow());
    expect(JSON.parse(pageNow())[0].status).toBe('archived');
  });

  it('are kept for at most KEPT_JOBS_PER_ACCOUNT jobs per account, those made last', () => {
    const world = makeWorld();
    const sim = world.simulator.sim;
    const account = sim.store.account(world.acme.account_id)!;
    const owner = account.users.values().next().value!;
    const links = linksAt('http://sim.test', account.slug);
    const jobs = Array.from({ length: KEPT_JOBS_PER_ACCOUNT + 50 }, () =>
      createJob(sim, account, owner, { clusterId: firstId(world.acme.cluster_ids), packageId: firstId(world.acme.package_ids), variables: {}, dynamicVariables: {} }),
    );
    world.advance(60);
    for (const job of jobs) jobJsonBytes(sim, account, job, links);
    expect(keptJobCount(account)).toBe(KEPT_JOBS_PER_ACCOUNT);
    // The newest are kept: asking again returns the very same bytes, not a new serialisation.
    const last = jobs.at(-1)!;
    expect(jobJsonBytes(sim, account, last, links)).toBe(jobJsonBytes(sim, account, last, links));
    // The first was evicted: its bytes are made afresh (equal, not the same object).
    const first = jobs[0]!;
    const again = jobJsonBytes(sim, account, first, links);
    expect(again.equals(Buffer.from(JSON.stringify(presentJob(sim, account, first, links))))).toBe(true);
    expect(keptJobCount(account)).toBe(KEPT_JOBS_PER_ACCOUNT);
  });
});
