import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { targetFindsWhatExists } from './lib/controls.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';
import { absentId, absentIdFrom, wideAbsentId } from './lib/arbitraries/ids-and-paths.ts';
import { dynamicExpression, dynamicVariables, variableName, variables } from './lib/arbitraries/resources.ts';
import { contains, extensionListItems, integerId, is2xx, isObject, listAll, objectBody, pageListing, serves, show, type JsonObject } from './lib/answers.ts';
import { pagingNames } from './lib/paging.ts';
import { walkCatalogList } from './catalog/b-lists.ts';
import { bEndpoint } from './catalog/b-endpoints.ts';
import { expectFormats } from './lib/formats.ts';
import { requiredFields } from './lib/schemas.ts';
import { jobBodyFrom, stopJobOnCleanup } from './lib/factories/jobs.ts';
import type { Account } from './lib/factories/removal.ts';
import { smallClusterBody } from './lib/factories/clusters.ts';
import { untitledPackageBody } from './lib/factories/packages.ts';
import { describeResponse } from './lib/expect.ts';
import { CLOCK_STEPS_TO_JOB_END_MS, jobEndMs, jobStartMs, jobTimingHint } from './lib/job-timing.ts';
import { describeVariablesReadBack, expectVariablesStored, newVariablesReadBack, type VariablesReadBack } from './lib/job-variables.ts';
import { JobListReads } from './lib/job-list.ts';
import { ENDED_STATUSES, JOB_STATUSES } from './lib/job-statuses.ts';

/** The real service's job moves (docs/interface-b.md), the B-GAP-5 convention: status -> statuses that may follow. */
const NEXT: Record<string, string[]> = {
  idle: ['pending', 'pending_stoppage'],
  pending: ['queued', 'pending_stoppage'],
  queued: ['running', 'pending_stoppage'],
  running: ['completed', 'failed', 'pending_stoppage'],
  pending_stoppage: ['stopping'],
  stopping: ['stopped'],
  completed: [],
  failed: [],
  stopped: [],
};

/**
 * Clock steps between reads: short ones (a target whose jobs run fast, like the embedded
 * simulator's at a tenth of the real pace) and long ones (the real service's 35 s run).
 */
const clockSteps = fc.array(fc.oneof(fc.integer({ min: 10, max: 1_000 }), fc.integer({ min: 100, max: 9_000 })), { minLength: 1, maxLength: 8 });

/** Statuses reachable from `from` in zero or more moves: polls see a sample, not every move. */
function reachable(from: string): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    for (const next of NEXT[s] ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

interface CreatedJob {
  id: number;
  exchange: Exchange;
  body: JsonObject;
}

/** A job that answered idle at creation, watched until it leaves idle: what it is, in words, and the client of the user who made it where that is not api_key's. */
interface IdleJob extends CreatedJob {
  what: string;
  via?: InterfaceClient;
  /** Whether api_key's user may read it too (a job another user of account 1 made): its view where the maker's shows no status. */
  inAccountOne?: boolean;
}

/** POST /jobs that must succeed (B-JOB-1), or its answer when already sent; the job is stopped on cleanup. */
async function createJob(t: CheckContext, body: JsonObject, answered?: Exchange): Promise<CreatedJob> {
  const ex = answered ?? (await t.b().post('/jobs', { body }));
  t.expect.status(ex, '2xx', 'B-JOB-1', `POST /jobs with an existing cluster and package answered ${ex.response.status}`);
  const job = objectBody(t, ex, 'B-JOB-1', 'POST /jobs');
  const id = integerId(t, ex, job, 'B-JOB-1', 'POST /jobs');
  stopJobOnCleanup(t, id);
  return { id, exchange: ex, body: job };
}

function fixtureJobBody(t: CheckContext, extra: JsonObject = {}): JsonObject {
  return { cluster_id: t.fixtures().cluster_id, package_id: t.fixtures().package_id, variables: {}, dynamic_variables: {}, ...extra };
}

/** B-JOB-3 and B-JOB-4 on one observation of a job; `whose` says whose job it is where not account 1's. */
function expectStatusAndProgress(t: CheckContext, ex: Exchange, job: JsonObject, whose = ''): { status: string; progress: number } {
  const { status, progress } = job;
  t.expect.that(typeof status === 'string' && JOB_STATUSES.includes(status), {
    clause: 'B-JOB-3',
    message: `job ${String(job.id)}${whose} reports the status ${show(status)}, which is not one of the nine job statuses`,
    expected: JOB_STATUSES.join(' | '),
    received: show(status),
    exchange: ex,
  });
  t.expect.that(typeof progress === 'number' && Number.isFinite(progress) && progress >= 0 && progress <= 1, {
    clause: 'B-JOB-4',
    message: `job ${String(job.id)}${whose} reports progress ${show(progress)}, outside 0 to 1`,
    expected: 'a number from 0 to 1 inclusive',
    received: show(progress),
    exchange: ex,
  });
  return { status: status as string, progress: progress as number };
}

/** Reads the job through the GET /jobs/{id} extension, or skips when the target does not serve it. */
async function readJob(t: CheckContext, id: number): Promise<{ ex: Exchange; job: JsonObject }> {
  const ex = await t.b().get(`/jobs/${id}`);
  if (!is2xx(ex) || !isObject(ex.json)) {
    t.skip(`the target does not serve GET /jobs/{id} (an extension of the real service; it answered ${ex.response.status}), so job status cannot be polled`);
  }
  return { ex, job: ex.json };
}

/** Packages a job can run: the fixture, plus the account's other non-archived packages when listed. */
async function runnablePackages(t: CheckContext): Promise<number[]> {
  const ids = new Set<number>([t.fixtures().package_id as number]);
  const listed = await serves(t.b(), '/packages');
  if (listed) {
    for (const p of extensionListItems(t.target, listed.json) ?? []) if (isObject(p) && typeof p.id === 'number' && p.status !== 'archived') ids.add(p.id);
  }
  return [...ids];
}

/**
 * B-JOB-1 on the answer of POST /jobs: the job runs the cluster and package it was posted with and
 * carries the variables it was posted with (the answer may echo the request: a read shows what was kept).
 */
function expectJobAsPosted(t: CheckContext, ex: Exchange, job: JsonObject, sent: JsonObject, what: string): void {
  const posted = (field: string): JsonObject => (isObject(sent[field]) ? sent[field] : {});
  expectRunsWherePosted(t, ex, job, sent, what);
  t.expect.that(contains(job.variables, posted('variables')) && contains(job.dynamic_variables, posted('dynamic_variables')), {
    clause: 'B-JOB-1',
    message: `${what} does not carry the variables it was created with`,
    expected: `variables ⊇ ${show(sent.variables)}, dynamic_variables ⊇ ${show(sent.dynamic_variables)}`,
    received: `variables ${show(job.variables)}, dynamic_variables ${show(job.dynamic_variables)}`,
    exchange: ex,
  });
}

/**
 * The clusters the account lists (GET /clusters, an extension) other than the fixture's, the ones
 * of the most nodes first (`nodes`, the real service's field; those showing none last), and
 * whether the list was served.
 */
async function otherClusters(t: CheckContext): Promise<{ clusters: JsonObject[]; served: boolean }> {
  const fixture = t.fixtures().cluster_id;
  const listed = await serves(t.b(), '/clusters');
  const clusters = listed ? (extensionListItems(t.target, listed.json) ?? []).filter((c): c is JsonObject => isObject(c) && typeof c.id === 'number' && c.id !== fixture) : [];
  const nodesOf = (c: JsonObject): number => (typeof c.nodes === 'number' ? c.nodes : 0);
  clusters.sort((a, b) => nodesOf(b) - nodesOf(a));
  return { clusters, served: listed !== null };
}

/** B-JOB-1: the job runs the cluster and package it was posted with. */
function expectRunsWherePosted(t: CheckContext, ex: Exchange, job: JsonObject, sent: JsonObject, what: string): void {
  t.expect.that(job.cluster_id === sent.cluster_id && job.package_id === sent.package_id, {
    clause: 'B-JOB-1',
    message: `${what} does not run the cluster and package it was created with`,
    expected: `cluster_id ${String(sent.cluster_id)}, package_id ${String(sent.package_id)}`,
    received: `cluster_id ${show(job.cluster_id)}, package_id ${show(job.package_id)}`,
    exchange: ex,
  });
}

/**
 * B-JOB-1 on the job as stored: the answer may echo the request, so the job read back (GET
 * /jobs/{id}, an extension, with its maker's key) must run the cluster and package it was posted
 * with too; a deployment that saves every job on its default cluster shows only here. A read not
 * served is recorded in `seen` (its note says what was seen only in answers); one not showing both
 * ids is noted, not judged.
 */
async function expectStoredAsPosted(t: CheckContext, id: number, sent: JsonObject, what: string, seen: VariablesReadBack, via?: InterfaceClient): Promise<void> {
  if (seen.unserved !== undefined) return;
  const ex = await (via ?? t.b()).get(`/jobs/${id}`);
  if (!is2xx(ex) || !isObject(ex.json)) {
    seen.unserved = ex.response.status;
    return;
  }
  if (!('cluster_id' in ex.json && 'package_id' in ex.json)) return t.note(`GET /jobs/${id} showed no cluster_id and package_id: the cluster and package ${what} was stored with were seen only in POST /jobs' answer`);
  // Variables are judged on the reads of expectVariablesStored; a read may leave them out.
  expectRunsWherePosted(t, ex, ex.json, sent, `${what} read back (GET /jobs/${id}),`);
}

/** Listed clusters b-job/create-starts tries a job on, at most (each refusal is one POST). */
const OTHER_CLUSTER_TRIES = 2;

/**
 * B-JOB-1's "creates and starts" holds for any job POST /jobs makes, whatever cluster it names and
 * whoever asks, and the other jobs of b-job/create-starts all run on the fixture cluster, posted
 * with api_key: a deployment that starts jobs only on a default cluster's queue, or holds a
 * member's runs for an approval, shows it only otherwise. So one job is posted on another cluster
 * the account lists (GET /clusters, an extension; the one of the most nodes), and one with
 * member_api_key (another user of account 1), and one in account 2 with its own key and fixtures
 * (a job queue consumed for the first account alone shows only there), each judged as the others
 * and, where it answers idle, watched until it starts. Which clusters and roles may run jobs is
 * not shown, and account 2 may refuse for reasons of its own (billing): a 4xx is noted, as is a
 * target that lists no other cluster, gives no member key or no second account with fixtures.
 * Returns the jobs that answered idle.
 */
async function jobsElsewhere(t: CheckContext, readBack: VariablesReadBack): Promise<IdleJob[]> {
  const idle: IdleJob[] = [];
  const post = async (sent: JsonObject, what: string, via?: InterfaceClient, account: Account = 0): Promise<'made' | number> => {
    const ex = await (via ?? t.b()).post('/jobs', { body: sent });
    if (ex.response.status >= 400 && ex.response.status < 500) return ex.response.status;
    t.expect.status(ex, '2xx', 'B-JOB-1', `POST /jobs ${what} answered ${ex.response.status}`);
    const job = objectBody(t, ex, 'B-JOB-1', `POST /jobs ${what}`);
    const id = integerId(t, ex, job, 'B-JOB-1', `POST /jobs ${what}`);
    stopJobOnCleanup(t, id, account, via);
    expectStatusAndProgress(t, ex, job);
    expectJobAsPosted(t, ex, job, sent, `job ${id}, posted ${what},`);
    await expectStoredAsPosted(t, id, sent, `job ${id}, posted ${what},`, readBack, via);
    if (job.status === 'idle') idle.push({ id, exchange: ex, body: job, what: `job ${id}, posted ${what},`, ...(via ? { via } : {}), inAccountOne: account === 0 });
    return 'made';
  };
  const { clusters, served } = await otherClusters(t);
  const refused: string[] = [];
  for (const cluster of clusters.slice(0, OTHER_CLUSTER_TRIES)) {
    const answer = await post(fixtureJobBody(t, { cluster_id: cluster.id as number, variables: { disco_where: 'another cluster' } }), `on cluster ${String(cluster.id)} (not the fixture cluster)`);
    if (answer === 'made') break;
    refused.push(`${String(cluster.id)} (${answer})`);
  }
  if (clusters.length === 0) t.note(`the account lists no cluster but the fixture's (GET /clusters, an extension, ${served ? 'showing no other' : 'not served'}): every job was posted on the fixture cluster`);
  else if (refused.length === Math.min(clusters.length, OTHER_CLUSTER_TRIES)) t.note(`POST /jobs refused to run the fixture package on the account's other listed cluster(s) ${refused.join(', ')}: no job on another cluster than the fixture's was seen to start`);
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note("the target document gives no member_api_key (a key of a second user of account 1): every job was posted with api_key's user");
  } else {
    const answer = await post(fixtureJobBody(t, { variables: { disco_where: 'a member' } }), 'with member_api_key (another user of the account)', t.bWithKey(memberKey));
    if (answer !== 'made') t.note(`POST /jobs with member_api_key answered ${answer} (which roles may run jobs is not shown): no job another user of the account made was seen to start`);
  }
  // Account 2's own job: a job queue consumed for the first account alone shows only there.
  const second = t.target.b[1] ? jobBodyFrom(t.fixtures(1), { disco_where: 'account 2' }) : undefined;
  if (second === undefined) {
    t.note("the target document names no second account, or not its package_id and cluster_id: every job was posted in account 1");
  } else {
    const answer = await post(second, "with account 2's key, of its fixture package on its fixture cluster", t.b(1), 1);
    if (answer !== 'made') t.note(`POST /jobs with account 2's key answered ${answer} (a reason of account 2's own: billing, a plan): no job of account 2 was seen to start`);
  }
  return idle;
}

/** Other packages whose jobs b-job/create-starts makes, at most: each starts a real job. */
const OTHER_PACKAGES_MAX = 3;

/**
 * B-JOB-1 gives a job the variables it is posted with, whatever its package declares: the jobs
 * above all run the fixture package, so a job of each of a few other packages the account lists
 * (GET /packages, an extension) is posted with a variable and read back. A package the target
 * refuses to run (a 4xx: archived, say) is noted; a target that lists no other package is noted.
 * Returns the jobs that answered idle: "creates and starts" holds for a job of any package, and a
 * deployment that starts its first package's jobs alone shows only on these.
 */
async function otherPackagesJobs(t: CheckContext, readBack: VariablesReadBack): Promise<IdleJob[]> {
  const fixture = t.fixtures().package_id;
  const others = (await runnablePackages(t)).filter((id) => id !== fixture).slice(0, OTHER_PACKAGES_MAX);
  const idle: IdleJob[] = [];
  if (others.length === 0) {
    t.note('the account lists no package but the fixture (GET /packages, an extension, not served or showing no other), so only jobs of the fixture package were posted with variables');
    return idle;
  }
  const refused: string[] = [];
  for (const [index, packageId] of others.entries()) {
    // A value naming no id: a gateway rewriting ids (big-ids.ts) may rewrite one inside a string.
    const posted = { variables: { disco_other_package: `other package ${index + 1}` }, dynamic_variables: {} };
    const sent = fixtureJobBody(t, { ...posted, package_id: packageId });
    const answered = await t.b().post('/jobs', { body: sent });
    if (answered.response.status >= 400 && answered.response.status < 500) {
      refused.push(`${packageId} (${answered.response.status})`);
      continue;
    }
    const { id, body: job, exchange: ex } = await createJob(t, sent, answered);
    t.expect.that(contains(job.variables, posted.variables), {
      clause: 'B-JOB-1',
      message: `job ${id}, of package ${packageId} (not the fixture package), does not carry the variables it was posted with`,
      expected: `variables ⊇ ${show(posted.variables)}`,
      received: `variables ${show(job.variables)}`,
      exchange: ex,
    });
    await expectVariablesStored(t, id, posted, readBack);
    // "Starts" holds for a job of any package: one answered idle is watched as the others are.
    if (job.status === 'idle') idle.push({ id, exchange: ex, body: job, what: `job ${id}, of package ${packageId} (not the fixture package),` });
  }
  if (refused.length > 0) t.note(`POST /jobs refused to run the listed package(s) ${refused.join(', ')} on the fixture cluster: no job of ${refused.length === 1 ? 'it' : 'them'} was read for its variables`);
  return idle;
}

check({
  id: 'b-job/create-starts',
  clauses: ['B-JOB-1'],
  supports: ['B-JOB-3', 'B-SCHEMA-1'],
  title: 'B-JOB-1: POST /jobs with cluster_id, package_id, variables and dynamic_variables creates a job and starts it, also on another cluster the account lists (where listed) and posted by another user of the account (member_api_key, where given) and in account 2 with its own key and fixtures (where given); the job read back (where served) carries the posted variables, under the names posted (ones with a dot, in camelCase or in capitals too), in jobs of the fixture package and of up to three other packages the account lists (where listed), whose jobs start too',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const idle: IdleJob[] = [];
    const readBack = newVariablesReadBack();
    const input = fc.record({ variables, dynamic_variables: dynamicVariables });
    // Each case starts a real job: a real deployment gets a handful, the simulator the full count.
    let otherLanguage = false;
    await t.property('a created job has the given cluster, package and variables', input, async (generated) => {
      let vars = generated;
      let answered: Exchange | undefined;
      // The spec gives dynamic_variables no expression language, and the generated ones are the
      // real service's: refused, the job is asked for again with none, the clause verified on
      // what the deployment takes, and a note says its language is another.
      if (Object.keys(vars.dynamic_variables).length > 0) {
        answered = await t.b().post('/jobs', { body: fixtureJobBody(t, vars) });
        if (answered.response.status >= 400 && answered.response.status < 500) {
          if (!otherLanguage) t.note(`POST /jobs refused the real service's expressions in dynamic_variables (${show(vars.dynamic_variables)}: ${answered.response.status}); such jobs were made again with dynamic_variables {}`);
          otherLanguage = true;
          vars = { ...vars, dynamic_variables: {} };
          answered = undefined;
        }
      }
      const sent = fixtureJobBody(t, vars);
      const created = await createJob(t, sent, answered);
      const { body: job, exchange: ex } = created;
      expectStatusAndProgress(t, ex, job);
      expectJobAsPosted(t, ex, job, sent, 'the created job');
      t.expect.schema(ex, 'job', 'B-SCHEMA-1');
      // The answer may echo the request: the job read back shows what was kept.
      await expectVariablesStored(t, created.id, vars, readBack);
      if (job.status === 'idle' && idle.length < 3) idle.push({ ...created, what: `job ${created.id}` });
    }, { runs: t.target.controlUrl ? undefined : 3 });
    // A variable posted again with another value, in two jobs of the package in a row: the second
    // carries the value it was posted with, not one kept from the package's earlier run (a handful
    // of generated cases seldom draws the same name twice). Beside it, values that read as numbers,
    // as limits and offsets are written (generated text seldom does): section 4B maps names to
    // string values, so they come back the strings posted, not what a typed parser makes of them.
    const repeated = 'disco_repeat';
    const numberLike = { disco_batch_size: '100', disco_offset: '0042' };
    for (const value of ['first', 'second']) {
      const posted = { variables: { [repeated]: value, ...numberLike }, dynamic_variables: {} };
      const { id, body: job, exchange: ex } = await createJob(t, fixtureJobBody(t, posted));
      t.expect.that(contains(job.variables, posted.variables), {
        clause: 'B-JOB-1',
        message: `job ${id}, of two jobs of the package posted in a row with the variable ${repeated} ("first", then "second") beside values that read as numbers (${show(numberLike)}), does not carry the values it was posted with (${repeated} ${JSON.stringify(value)})`,
        expected: `variables ⊇ ${show(posted.variables)}`,
        received: `variables ${show(job.variables)}`,
        exchange: ex,
      });
      await expectVariablesStored(t, id, posted, readBack);
    }
    // Variable names the spec leaves free: with a dot, as config-style names are written, and in
    // camelCase and capitals, as package variables often are (generated names are lower case).
    // The job carries each under that very name, not taken apart into nested objects (a path
    // setter's reading) nor snake-cased (a body key transform for camelCase clients that walks
    // into variables); a deployment that refuses such names says so with a 4xx, noted.
    const dotted = { variables: { 'run.date': '2026-11-30', 'source.table.name': 'orders', startDate: '2026-11-01', TABLE_NAME: 'orders' }, dynamic_variables: {} };
    const dottedEx = await t.b().post('/jobs', { body: fixtureJobBody(t, dotted) });
    if (dottedEx.response.status >= 400 && dottedEx.response.status < 500) {
      t.note(`POST /jobs refused variables named with a dot or with capitals (${show(dotted.variables)}: ${dottedEx.response.status}), so such names were not verified`);
    } else {
      const { id, body: job, exchange: ex } = await createJob(t, fixtureJobBody(t, dotted), dottedEx);
      t.expect.that(contains(job.variables, dotted.variables), {
        clause: 'B-JOB-1',
        message: `job ${id}, posted with variables named with a dot or with capitals, does not carry them under the names posted`,
        expected: `variables ⊇ ${show(dotted.variables)}`,
        received: `variables ${show(job.variables)}`,
        exchange: ex,
      });
      await expectVariablesStored(t, id, dotted, readBack);
    }
    idle.push(...(await otherPackagesJobs(t, readBack)));
    idle.push(...(await jobsElsewhere(t, readBack)));
    const unread = describeVariablesReadBack(readBack);
    if (unread !== undefined) t.note(unread);

    // "Creates and starts it": a job may show idle for a moment, but it must leave idle by itself,
    // within the time the target document gives its jobs (a minute unless it says otherwise). A
    // job another user made is read with that user's key; one it cannot read is noted.
    const windowMs = t.target.controlUrl ? 1_000 : jobStartMs(t.target);
    // A read without a status says nothing of whether the job left idle: what another user is
    // shown is the deployment's (roles not shown), so where the maker's view has none, api_key's
    // user (of the same account) reads it.
    const hasStatus = (job: JsonObject | number): job is JsonObject => typeof job !== 'number' && typeof job.status === 'string';
    const readAs = async (job: IdleJob): Promise<JsonObject | number> => {
      if (!job.via) return (await readJob(t, job.id)).job;
      const jobOrStatus = (ex: Exchange): JsonObject | number => (is2xx(ex) && isObject(ex.json) ? ex.json : ex.response.status);
      const theirs = jobOrStatus(await job.via.get(`/jobs/${job.id}`));
      if (hasStatus(theirs) || !job.inAccountOne) return theirs;
      const own = jobOrStatus(await t.b().get(`/jobs/${job.id}`));
      return hasStatus(own) ? own : theirs;
    };
    for (const job of idle) {
      const first = await readAs(job);
      if (typeof first === 'number') {
        t.note(`${job.what} answered idle, and GET /jobs/${job.id} with its maker's key answered ${first}: whether it started was not seen`);
        continue;
      }
      if (!hasStatus(first)) {
        t.note(`${job.what} answered idle, and GET /jobs/${job.id} showed it without a status (${job.via ? `to its maker${job.inAccountOne ? " and to api_key's user" : ''}` : "to api_key's user"}): whether it started was not seen`);
        continue;
      }
      const started = await t.poll(async () => {
        const now = await readAs(job);
        return hasStatus(now) && now.status !== 'idle' ? now : undefined;
      }, { timeoutMs: windowMs, intervalMs: t.target.controlUrl ? 200 : Math.min(2_000, windowMs / 4) });
      t.expect.that(started !== undefined, {
        clause: 'B-JOB-1',
        message: `${job.what} was created but not started: it is still idle ${windowMs / 1000} s later${t.target.controlUrl ? '' : ` ${jobTimingHint('job_start_seconds')}`}`,
        expected: 'a started job (pending, queued, running or later)',
        received: describeResponse(job.exchange),
        exchange: job.exchange,
      });
    }
    if (idle.length > 0) t.note(`${idle.length} job(s) answered idle at creation and were polled until they started`);
  },
});

check({
  id: 'b-job/absent-cluster-or-package',
  clauses: ['B-JOB-2'],
  title: "B-JOB-2: POST /jobs naming a cluster or package that does not exist returns the not-found error object, also right after a job of the same package and variables, posted by another user of the account (member_api_key) and by account 2 with its own api_key (where the target document gives its package and cluster), each answered as account 1's api_key is to the same request (a 401/402/403 refusing members or account 2's jobs leaves the clause covered in part; any other 4xx carries the error object)",
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    await targetFindsWhatExists(t, 'B-JOB-2');
    // Dynamic variables empty or not: an implementation may take another way (a template that
    // resolves the package later) once there are some, and skip the lookup on it.
    let refusedOtherwise = false;
    // The drawn expressions refused with the account's own package and cluster too: another language.
    let expressionsRefused = false;
    const dynamic = fc.oneof(fc.constant({}), fc.dictionary(variableName, dynamicExpression, { minKeys: 1, maxKeys: 3, noNullPrototype: true }));
    const input = fc.record({ id: fc.oneof(absentId(t.target), wideAbsentId(t.target)), variables, dynamic });
    const refused = new RefusedJobs();
    await t.property('absent ids are not found', input, async ({ id, variables: vars, dynamic: dyn }) => {
      const given = { variables: vars, dynamic_variables: dyn };
      const cases: [string, JsonObject][] = [
        ['an absent cluster', fixtureJobBody(t, { cluster_id: id, ...given })],
        ['an absent package', fixtureJobBody(t, { package_id: id, ...given })],
        ['an absent cluster and package', fixtureJobBody(t, { cluster_id: id, package_id: id, ...given })],
      ];
      const withDynamic = Object.keys(dyn).length > 0;
      for (const [what, body] of cases) {
        if (!withDynamic) {
          refused.sent(body, await expectJobNotFound(t, body, `${what} (${id})`));
          continue;
        }
        // The spec gives dynamic variables no expression language and the generated ones are the
        // real service's: a deployment may refuse them first, with a validation body the spec does
        // not show. Such a 4xx is no answer to judge; a job made, or a 5xx, is a failure.
        const ex = await sendJob(t, body);
        refused.sent(body, ex);
        t.expect.status(ex, '4xx', 'B-JOB-2', `POST /jobs naming ${what} (${id}) with dynamic variables ${show(dyn)} answered ${ex.response.status} instead of the not-found error`);
        if (isObject(ex.json) && typeof ex.json.message === 'string') continue;
        // Whether the expressions are what was refused: the same variables, with the account's own
        // package and cluster, asked once per case until the deployment is seen to refuse them.
        if (ex.response.status < 400 || ex.response.status >= 500 || expressionsRefused) continue;
        const own = await sendJob(t, fixtureJobBody(t, given));
        if (is2xx(own)) {
          t.fail({
            clause: 'B-JOB-2',
            message: `POST /jobs naming ${what} (${id}) with dynamic variables ${show(dyn)} answered ${ex.response.status} without the not-found error object, while the same variables and dynamic variables with the account's own package and cluster made a job (${own.response.status}): the refusal is of the absent id, not of the expressions, and the documented answer to it is the error object`,
            expected: 'a 4xx carrying the error object {"message": ...}',
            received: describeResponse(ex),
            exchange: ex,
          });
          continue;
        }
        expressionsRefused = true;
        if (!refusedOtherwise) t.note(`POST /jobs naming ${what} with the real service's expressions in dynamic_variables was refused (${ex.response.status}) without the error object: a refusal of the expressions is not judged as the not-found answer`);
        refusedOtherwise = true;
      }
    });
    await expectMemberAbsentNotFound(t, refused);
    await expectSecondAccountAbsentNotFound(t, refused);
    await expectUndrawnIdsNotFound(t);
    // Last of the posts: its job runs until cleanup, and a plan that runs one job at a time
    // refuses every POST /jobs while it does.
    await expectAbsentRightAfterAJob(t, refused);
    await refused.expectNoneKept(t);
  },
});

/**
 * Account 1's owner's answer (api_key) to `body`, judged as every absent id is, and kept for the
 * job list's look: what another poster's answer to the same request is compared with.
 */
async function ownersAnswer(t: CheckContext, body: JsonObject, what: string, refused: RefusedJobs): Promise<Exchange> {
  const ex = await expectJobNotFound(t, body, what);
  refused.sent(body, ex);
  return ex;
}

/**
 * Statuses that refuse the poster rather than answer about the ids it named: unauthenticated,
 * payment required (no billing), forbidden (a role). Any other 4xx (404, 400, 422 ...) is the
 * not-found answer's place, whatever the deployment's status for it.
 */
const POSTER_REFUSALS: ReadonlySet<number> = new Set([401, 402, 403]);

/**
 * Another poster's answer (`ex`, `who`) to a POST /jobs naming `what`, beside account 1's owner's
 * to the same request (`owners`). A job made, or anything but a 4xx, fails B-JOB-2. A refusal of
 * the poster (401, 402 for an account without billing, 403 for a member), where the owner got
 * another status, is a reason of the poster's own: whether the lookup finds the absent id for that
 * poster was not seen, and B-JOB-2 is covered in part (`why` says what such a refusal may be);
 * returns whether it was such a refusal. Any other 4xx answers about the absent id and must carry
 * the error object, whether or not its status is the owner's (a 422 model-validation body without
 * it fails).
 */
function expectAsOwner(t: CheckContext, ex: Exchange, owners: Exchange, who: string, what: string, why: string): boolean {
  t.expect.status(ex, '4xx', 'B-JOB-2', `POST /jobs with ${who} naming ${what} answered ${ex.response.status} instead of the not-found error`);
  if (!is4xx(ex)) return false;
  if (ex.response.status === owners.response.status || !POSTER_REFUSALS.has(ex.response.status)) {
    t.expect.errorObjectB(ex, 'B-JOB-2');
    return false;
  }
  t.partial('B-JOB-2', `POST /jobs with ${who} naming ${what} answered ${ex.response.status} where account 1's api_key got ${owners.response.status} for the same request: ${why}, so whether its lookup finds the absent id was not seen`);
  return true;
}

function is4xx(ex: Exchange): boolean {
  return ex.response.status >= 400 && ex.response.status < 500;
}

/**
 * B-JOB-2 holds whoever posts the job: a deployment where members do not pick clusters may run a
 * member's job on the account's default cluster whatever cluster_id says, without looking it up,
 * and every drawn case above posts with api_key (the owner). So the absent cluster, and the absent
 * package, are each posted once more with member_api_key (another user of account 1), and with
 * api_key beside it. Which roles may run jobs is not shown: the owner's status with the not-found
 * error object passes; a 401/402/403 refuses members (the deployment's choice: noted, and B-JOB-2
 * covered in part, as that refusal hides what a member's job would do); any other 4xx must carry
 * the error object; a job made, or any other answer, fails. Where the target document gives no member key, that is noted.
 */
async function expectMemberAbsentNotFound(t: CheckContext, refused: RefusedJobs): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note("the target document gives no member_api_key (a key of a second user of account 1): the absent cluster and package were posted by api_key's user only");
    return;
  }
  const member = t.bWithKey(memberKey);
  const id = absentIdFrom(t.target, 1_999_999_911);
  const refusals: string[] = [];
  for (const [what, body] of [['an absent cluster', fixtureJobBody(t, { cluster_id: id })], ['an absent package', fixtureJobBody(t, { package_id: id })]] as const) {
    const owners = await ownersAnswer(t, body, `${what} (${id})`, refused);
    const ex = await member.post('/jobs', { body });
    if (is2xx(ex) && isObject(ex.json) && typeof ex.json.id === 'number') stopJobOnCleanup(t, ex.json.id, 0, member);
    refused.sent(body, ex);
    const refusedMembers = expectAsOwner(t, ex, owners, 'member_api_key (another user of the account)', `${what} (${id})`, 'a refusal of members, the deployment\'s choice (which roles may run jobs is not shown)');
    if (refusedMembers && !(isObject(ex.json) && typeof ex.json.message === 'string')) refusals.push(`${what}: ${ex.response.status}`);
  }
  if (refusals.length) t.note(`POST /jobs with member_api_key was refused without the error object (${refusals.join('; ')}): a refusal of members, the deployment's choice (which roles may run jobs is not shown)`);
}

/**
 * B-JOB-2 holds in every account: a lookup behind a feature flag switched on account by account
 * (the first account's only) takes an absent cluster in the others and makes the job, and every
 * case above posts with account 1's keys. So account 2's own api_key posts an absent cluster and
 * an absent package once each, beside account 2's own fixture package and cluster, and account
 * 1's api_key the same absent id beside its own: account 2 gets the not-found error object as
 * account 1 does (any 4xx with the object; a job made fails). A refusal of the poster (402:
 * account 2 may not run jobs at all, no billing) leaves B-JOB-2 covered in part. Where the target document gives
 * no second account, or not its package_id and cluster_id, that is noted.
 */
async function expectSecondAccountAbsentNotFound(t: CheckContext, refused: RefusedJobs): Promise<void> {
  if (!t.target.b[1]) {
    t.note('the target document gives one account: the absent cluster and package were posted in account 1 only');
    return;
  }
  const own = t.fixtures(1);
  if (own.cluster_id === undefined || own.package_id === undefined) {
    t.note("the target document gives account 2 no fixtures.package_id and cluster_id: the absent cluster and package were posted in account 1 only");
    return;
  }
  const id = absentIdFrom(t.target, 1_999_999_912);
  const base = { cluster_id: own.cluster_id, package_id: own.package_id, variables: {}, dynamic_variables: {} };
  for (const [what, field, beside] of [['an absent cluster', 'cluster_id', 'package'], ['an absent package', 'package_id', 'cluster']] as const) {
    const owners = await ownersAnswer(t, fixtureJobBody(t, { [field]: id }), `${what} (${id})`, refused);
    const ex = await t.b(1).post('/jobs', { body: { ...base, [field]: id } });
    if (is2xx(ex) && isObject(ex.json) && typeof ex.json.id === 'number') stopJobOnCleanup(t, ex.json.id, 1);
    expectAsOwner(t, ex, owners, "account 2's api_key", `${what} (${id}) beside account 2's own ${beside}`, 'account 2 refuses the job for a reason of its own (billing, a plan)');
  }
}

/**
 * Statuses a second job may be refused with while the first runs, before what it names is looked
 * up: a refusal of the poster (POSTER_REFUSALS: a plan's limit on jobs at once, billing) or a
 * conflict with the running job (409).
 */
const SECOND_JOB_REFUSALS: ReadonlySet<number> = new Set([...POSTER_REFUSALS, 409]);

/**
 * B-JOB-2 right after a job of the same request: a guard against double submits (a request for
 * the same package and variables as a job the account made seconds ago is answered that job) that
 * runs before the lookups and leaves the cluster out of its key answers a request naming an absent
 * cluster with the earlier job, and every other request here names nothing that ran before. So one
 * job of the fixture package is made (B-JOB-1's request; stopped on cleanup) and the same body
 * with an absent cluster posted at once: the not-found error object, as for every absent id. That
 * body is also posted just before the job: a deployment may refuse a second job while one runs
 * (a plan that runs one job at a time: 402, or 403, 409) before it looks at what the request
 * names, a choice the spec leaves it (it orders no refusals), so such a status where the request
 * before the job got another is noted, its body not judged. Where the job is not made, that is
 * noted.
 */
async function expectAbsentRightAfterAJob(t: CheckContext, refused: RefusedJobs): Promise<void> {
  const id = absentIdFrom(t.target, 1_999_999_913);
  const absent = fixtureJobBody(t, { cluster_id: id });
  const before = await ownersAnswer(t, absent, `an absent cluster (${id}), before a job of the same package and variables`, refused);
  const body = fixtureJobBody(t);
  const made = await sendJob(t, body);
  refused.sent(body, made);
  const jobId = isObject(made.json) ? made.json.id : undefined;
  if (!is2xx(made) || typeof jobId !== 'number') {
    t.note(`POST /jobs of the fixture package and cluster answered ${made.response.status}${is2xx(made) ? " without the job's id" : ''}: no absent cluster was posted right after a job of the same request`);
    return;
  }
  const what = `an absent cluster (${id}) right after job ${jobId} of the same package and variables`;
  const ex = await sendJob(t, absent);
  refused.sent(absent, ex);
  if (ex.response.status !== before.response.status && SECOND_JOB_REFUSALS.has(ex.response.status)) {
    t.note(`POST /jobs naming ${what} answered ${ex.response.status} where the same request got ${before.response.status} just before that job: a refusal of a second job while one runs (a plan's limit on jobs at once, billing), the deployment's choice, so whether a request right after a job of the same package is looked up was not seen`);
    return;
  }
  expectNotFoundAnswer(t, ex, what);
  t.note(`an absent cluster was posted right after job ${jobId} of the same package and variables (the fixture's, none)`);
}

/** Pages of the job list read after the refused creations (pages of 100; newest first in the real service, but the order is the target's). */
const REFUSED_JOBS_PAGES = 10;

/**
 * The absent ids the refused POST /jobs named, to find a job a refusal made anyway. A request
 * answered "not found" made no job (B-JOB-2's answer says there is nothing to run the package on):
 * a service that checks the cluster only after inserting the job answers the not-found object all
 * the same, and the job exists. Such a job has no id the check knows (the answer gave none), so it
 * is matched by what was sent: a listed job naming, as its cluster_id or package_id, an id sent as
 * absent there. Absent ids come from the target's absent range, where nothing is, so no job
 * made before the run names one. Jobs a creation answered 2xx with are left out (that answer has
 * failed already, and they are stopped on cleanup).
 */
class RefusedJobs {
  private readonly clusters = new Set<number>();
  private readonly packages = new Set<number>();
  private readonly made = new Set<number>();
  private count = 0;

  sent(body: JsonObject, ex: Exchange): void {
    if (is2xx(ex)) {
      const id = isObject(ex.json) ? ex.json.id : undefined;
      if (typeof id === 'number') this.made.add(id);
      return;
    }
    this.count++;
    const own = typeof body.cluster_id === 'number' && typeof body.package_id === 'number' ? body : undefined;
    if (!own) return;
    this.clusters.add(own.cluster_id as number);
    this.packages.add(own.package_id as number);
  }

  /**
   * The job list (GET /jobs, an extension) holds no job a refusal made. Where the list is not
   * served, or not read whole, what could not be seen is noted: B-JOB-2 states the answer, which
   * was judged; that the refusal also made nothing is its consequence, looked for where a list
   * shows it, and an extension a target may lack should not leave the answer's rule unverified
   * (as b-rob leaves the writes it may not send out of X-ROB-1's sample, noted).
   */
  async expectNoneKept(t: CheckContext): Promise<void> {
    if (this.count === 0) return;
    const fixtures = t.fixtures();
    // The fixture's own ids are not absent: only the ids sent as absent are looked for.
    this.clusters.delete(fixtures.cluster_id as number);
    this.packages.delete(fixtures.package_id as number);
    const walked = await walkCatalogList(t.b(), t.target, '/jobs', { maxPages: REFUSED_JOBS_PAGES });
    if ('refused' in walked) {
      t.note(`the job list (GET /jobs, an extension) is not served (${walked.refused.response.status}), so whether the ${this.count} refused POST /jobs made a job anyway was not seen`);
      return;
    }
    const kept = walked.items.filter((job): job is JsonObject => isObject(job) && !(typeof job.id === 'number' && this.made.has(job.id)) && ((typeof job.cluster_id === 'number' && this.clusters.has(job.cluster_id)) || (typeof job.package_id === 'number' && this.packages.has(job.package_id))));
    const [first] = kept;
    t.expect.that(first === undefined, {
      clause: 'B-JOB-2',
      message: `GET /jobs lists ${kept.length} job${kept.length === 1 ? '' : 's'} on a cluster or package that POST /jobs answered not found for: the refused request made the job anyway`,
      expected: `no job naming an absent cluster_id or package_id the ${this.count} refused requests sent`,
      received: show(first ?? null),
      exchange: pageListing(walked, (j) => j === first) ?? walked.exchanges.at(-1),
    });
    if (first === undefined && !walked.complete) {
      t.note(`the job list (GET /jobs, an extension) could not be read whole (${walked.pageSizeHonoured ? `more than ${REFUSED_JOBS_PAGES} pages` : 'the page size named in the target document was not honoured'}), so a job a refused POST /jobs made beyond what was read would not be seen`);
    }
  }
}

/** Ids POST /jobs is sent besides the drawn absent ones (`expectUndrawnIdsNotFound`). */
const UNDRAWN_IDS = [0, -1] as const;

/** 2^32: an id this far above one that exists wraps onto it where a handler casts ids to 32 bits. */
const WRAP_32 = 2 ** 32;

/**
 * Ids the drawn absent ids never are, and a careless handler takes for something else: 0, which a
 * test of `cluster_id` for truth takes for "no cluster named", -1, a dashboard's "any available
 * cluster" sentinel, and 2^32 above the fixture's own id, which a cast to a 32-bit integer wraps
 * onto it (the drawn ids beyond 32 bits wrap onto ids at random, almost never one the account
 * has); either way the job runs on a thing of the handler's choosing. The spec types the ids as
 * integers with no bounds, so all are well-formed ids (2^32 + a small id is exact in every
 * integer width wider than 32 bits, and in a double), and where one names nothing the one
 * documented answer is the not-found error object: any 4xx carrying `{message}` passes (a
 * deployment that refuses it as "not an id" with that object too), a 2xx or a 4xx without the
 * object fails, as for every other absent id here. A deployment may number from 0 (or below, or
 * that high), so an id is sent only once account 1 is seen not to have it: the package through
 * GET /packages/{id} (in the spec), the cluster through GET /clusters/{id} (an extension). Where
 * the read is not served, or refuses the id itself (a 4xx but 404: a deployment storing 32-bit ids
 * validates 2^32 + an id away, with a body the spec does not show), a job made for such an id still
 * fails when it names another thing.
 */
async function expectUndrawnIdsNotFound(t: CheckContext): Promise<void> {
  const own = t.fixtures();
  for (const [kind, field, fixture] of [['packages', 'package_id', own.package_id], ['clusters', 'cluster_id', own.cluster_id]] as const) {
    const readable = (await serves(t.b(), `/${kind}/${fixture}`)) !== null;
    // Each id, what a careless handler takes it for, and (where it is not plain) what it is.
    const ids: { id: number; takenFor: string; is?: string }[] = UNDRAWN_IDS.map((id) => ({ id, takenFor: id === 0 ? '"none named"' : '"any"' }));
    if (typeof fixture === 'number' && Number.isSafeInteger(fixture + WRAP_32)) ids.push({ id: fixture + WRAP_32, takenFor: `${fixture} (a cast to 32 bits wraps it there)`, is: `2^32 + the fixture's ${fixture}` });
    for (const { id, takenFor, is } of ids) {
      if (fixture === id) continue;
      const what = `${field} ${id}`;
      const read = readable ? await t.b().get(`/${kind}/${id}`) : undefined;
      if (read && is2xx(read)) {
        t.note(`account 1 reads ${kind} ${id}: ${what} names one, so it is not sent as an absent id`);
        continue;
      }
      // A 404 to the read is the deployment calling the id absent (GET /packages/{id}'s answer for
      // one, in the spec): its POST /jobs is the not-found error object. Another 4xx refuses the id
      // itself (beyond the integers the deployment stores, or below the ids it hands out): it is no
      // id of the deployment's, and a validation body the spec does not show may refuse it at POST
      // /jobs too. So then, as where the read is not served, only a job run elsewhere is judged.
      if (read && !(read.response.status >= 400 && read.response.status < 500 && read.response.status !== 404)) {
        await expectJobNotFound(t, fixtureJobBody(t, { [field]: id }), `${what} (${is ? `${is}; ` : ''}GET /${kind}/${id} answered ${read.response.status})`);
        continue;
      }
      // Whether the id names a thing cannot be seen: only a job that runs somewhere else than named is judged.
      const ex = await sendJob(t, fixtureJobBody(t, { [field]: id }));
      const ran = is2xx(ex) && isObject(ex.json) ? ex.json[field] : undefined;
      t.expect.that(!is2xx(ex) || ran === undefined || ran === id, {
        clause: 'B-JOB-2',
        message: `POST /jobs naming ${what}${is ? ` (${is})` : ''} made a job on ${field} ${show(ran)}: ${id} was taken for ${takenFor}`,
        expected: `the not-found error object, or a job on ${field} ${id} where one exists`,
        received: describeResponse(ex),
        exchange: ex,
      });
      t.note(
        read
          ? `GET /${kind}/${id} answered ${read.response.status}, not 404: ${what}${is ? ` (${is})` : ''} is not read as an id (the deployment's ids may not reach it), so its POST /jobs answer (${ex.response.status}) was only held to not running the job elsewhere`
          : `GET /${kind}/{id} is not served, so whether ${what} names one is not known: its answer (${ex.response.status}) was only held to not running the job elsewhere`,
      );
    }
  }
}

check({
  id: 'b-job/foreign-cluster-or-package',
  clauses: ['B-JOB-2'],
  title: "B-JOB-2: POST /jobs naming another account's cluster or package returns the not-found error object: account 2's with account 1's api_key, and account 1's with account 2's (beside its own package and cluster, where the target document gives them)",
  needs: ['b', 'b2', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    await targetFindsWhatExists(t, 'B-JOB-2');
    // Both ways: a lookup may find one account's things for every account (the first account's
    // clusters, once a shared pool, looked in without the account), which account 1 naming
    // account 2's ids never shows.
    const cases: { what: string; account: Account; body: JsonObject }[] = [];
    const dropped: string[] = [];
    for (const [owner, poster] of [[1, 0], [0, 1]] as const) {
      const base = jobBodyFrom(t.fixtures(poster));
      if (base === undefined) {
        t.note(`the target document gives account ${poster + 1} no fixtures.package_id and cluster_id: account ${owner + 1}'s ids were not posted with its key`);
        continue;
      }
      const foreign = await foreignIds(t, owner, poster);
      dropped.push(...foreign.dropped);
      const by = poster === 0 ? '' : ` with account ${poster + 1}'s api_key`;
      cases.push(
        ...foreign.clusters.map((id) => ({ what: `account ${owner + 1}'s cluster ${id}${by}`, account: poster, body: { ...base, cluster_id: id } })),
        ...foreign.packages.map((id) => ({ what: `account ${owner + 1}'s package ${id}${by}`, account: poster, body: { ...base, package_id: id } })),
      );
    }
    if (cases.length === 0) {
      t.skip(
        dropped.length
          ? `the other account's ${dropped.join(', ')} are also ids the poster's key reads (ids numbered per account): none can stand for another account's`
          : "no cluster or package id of the other account is known (its fixtures, or its GET /clusters and GET /packages)",
      );
    }
    // Account 2 may be refused jobs for a reason of its own (billing, a plan): such a refusal says
    // nothing of the lookup, as in b-job/absent-cluster-or-package, and is noted.
    const posterRefused = new Set<string>();
    // Each case once, not drawn: there are at most a dozen a direction (fixtures and five listed of
    // each kind), and a draw of 20 from two dozen could leave one direction's clusters out.
    for (const { what, account, body } of cases) {
      if (account === 0) {
        await expectJobNotFound(t, body, what);
        continue;
      }
      const ex = await sendJob(t, body, account);
      if (POSTER_REFUSALS.has(ex.response.status)) {
        posterRefused.add(`${what} (${ex.response.status})`);
        continue;
      }
      expectNotFoundAnswer(t, ex, what);
    }
    if (posterRefused.size) t.note(`POST /jobs naming ${[...posterRefused].join(', ')} was refused the poster (401/402/403: a reason of its own, billing, a plan), so whether its lookup finds the other account's ids was not seen there`);
  },
});

/** POST /jobs that should be refused (with `account`'s api_key); a job it makes anyway is stopped on cleanup. */
async function sendJob(t: CheckContext, body: JsonObject, account: Account = 0): Promise<Exchange> {
  const ex = await t.b(account).post('/jobs', { body });
  if (is2xx(ex) && isObject(ex.json) && typeof ex.json.id === 'number') stopJobOnCleanup(t, ex.json.id, account);
  return ex;
}

/**
 * The spec documents a not-found error object for POST /jobs but no status: any 4xx carrying
 * `{message}` is conformant. The 404 is the simulator's (and the real service's) convention,
 * checked in b-job/not-found-status under B-GAP-2.
 */
async function expectJobNotFound(t: CheckContext, body: JsonObject, what: string, account: Account = 0): Promise<Exchange> {
  const ex = await sendJob(t, body, account);
  expectNotFoundAnswer(t, ex, what);
  return ex;
}

/** `ex`, POST /jobs naming `what`, is the not-found error object (any 4xx carrying it). */
function expectNotFoundAnswer(t: CheckContext, ex: Exchange, what: string): void {
  t.expect.status(ex, '4xx', 'B-JOB-2', `POST /jobs naming ${what} answered ${ex.response.status} instead of the not-found error`);
  t.expect.errorObjectB(ex, 'B-JOB-2');
}

check({
  id: 'b-job/not-found-status',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention): POST /jobs naming a cluster or package that does not exist answers 404 with {"message": "Item not found."}',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const input = fc.record({ id: fc.oneof(absentId(t.target), wideAbsentId(t.target)), which: fc.constantFrom('cluster_id', 'package_id') });
    await t.property('absent ids answer 404', input, async ({ id, which }) => {
      const ex = await t.b().post('/jobs', { body: fixtureJobBody(t, { [which]: id }) });
      if (is2xx(ex) && isObject(ex.json) && typeof ex.json.id === 'number') stopJobOnCleanup(t, ex.json.id);
      t.expect.status(ex, 404, 'B-GAP-2', `POST /jobs naming the absent ${which} ${id} answered ${ex.response.status}; the real service answers 404`);
      t.expect.that(isObject(ex.json) && ex.json.message === 'Item not found.', {
        clause: 'B-GAP-2',
        message: "the not-found body is not the real service's text",
        expected: '{"message": "Item not found."}',
        received: describeResponse(ex),
        exchange: ex,
      });
    }, { runs: 4 });
  },
});

/**
 * Account `owner`'s cluster and package ids, to be posted with account `poster`'s key: its
 * fixtures, plus what its extension lists show. The spec does not say ids are global: with
 * per-account numbering, the owner's id may name one of the poster's own, and POST /jobs with it
 * would rightly start a job. So every id the poster's key can read is dropped, before anything is
 * written; cluster ids are used only where the poster can read its own cluster through GET
 * /clusters/{id} (an extension), since otherwise that cannot be told.
 */
async function foreignIds(t: CheckContext, owner: Account, poster: Account): Promise<{ clusters: number[]; packages: number[]; dropped: string[] }> {
  const clusters = new Set<number>();
  const packages = new Set<number>();
  const fixtures = t.fixtures(owner);
  if (fixtures.cluster_id !== undefined) clusters.add(fixtures.cluster_id);
  if (fixtures.package_id !== undefined) packages.add(fixtures.package_id);
  for (const [path, into] of [['/clusters', clusters], ['/packages', packages]] as const) {
    const listed = await serves(t.b(owner), path);
    if (listed) for (const item of (extensionListItems(t.target, listed.json) ?? []).slice(0, 5)) if (isObject(item) && typeof item.id === 'number') into.add(item.id);
  }
  const own = t.fixtures(poster);
  clusters.delete(own.cluster_id ?? -1);
  packages.delete(own.package_id ?? -1);
  const whose = `account ${poster + 1}'s`;
  if (clusters.size > 0 && (await serves(t.b(poster), `/clusters/${own.cluster_id}`)) === null) {
    t.note(`GET /clusters/{id} (an extension) is not served to ${whose} key: account ${owner + 1}'s cluster ids cannot be told apart from ${whose} own, so only packages are tried with it`);
    clusters.clear();
  }
  const dropped: string[] = [];
  for (const [kind, ids] of [['clusters', clusters], ['packages', packages]] as const) {
    for (const id of [...ids]) {
      if (!is2xx(await t.b(poster).get(`/${kind}/${id}`))) continue;
      ids.delete(id);
      dropped.push(`${kind} ${id}`);
    }
  }
  if (dropped.length > 0) t.note(`${whose} key reads account ${owner + 1}'s ${dropped.join(', ')} (ids numbered per account): not used as foreign ids`);
  return { clusters: [...clusters], packages: [...packages], dropped };
}

/**
 * A thing a job runs on that a check makes, then takes away under a running job of it: B-JOB-3
 * says "always", so the job still reports one of the nine statuses, read alone and in the job
 * list, at once and as the clock moves on (`steps`). The thing is the check's own (an extension's
 * POST), never a fixture other checks run jobs on; only on the control API's simulator (the
 * check's need): terminating a cluster costs a real deployment machines, and a package made there
 * can only be archived, never removed. A target that makes none, runs no job on it or removes none
 * is noted.
 */
interface TakenFromUnderAJob {
  /** `cluster`, `package`. */
  kind: string;
  /** The collection (`/clusters`) its POST makes one in and its DELETE takes one from. */
  path: string;
  /** What the DELETE does to it, in words: `terminate`, and done, `terminated`. */
  remove: string;
  removal: string;
  /** What a removal left undone leaves behind, for the cleanup's failure. */
  leftBehind: string;
  body: (t: CheckContext) => JsonObject;
  /** The job's body, on it. */
  job: (t: CheckContext, id: number) => JsonObject;
  /** Clock steps after the removal, each followed by a read. */
  steps: readonly number[];
}

/** Past a cluster's termination's first phases, then past any job's end. */
const TERMINATED_CLUSTER: TakenFromUnderAJob = {
  kind: 'cluster',
  path: '/clusters',
  remove: 'terminate',
  removal: 'terminated',
  leftBehind: 'the cluster may still be running',
  body: (t) => smallClusterBody(t.name('job-cluster')),
  job: (t, id) => fixtureJobBody(t, { cluster_id: id }),
  steps: [2_000, 10_000, 60_000],
};

/** Within a run (the simulator's runs take seconds), then past any job's end. */
const ARCHIVED_PACKAGE: TakenFromUnderAJob = {
  kind: 'package',
  path: '/packages',
  remove: 'archive',
  removal: 'archived',
  leftBehind: 'the package may still be active',
  body: (t) => untitledPackageBody(t.name('job-package')),
  job: (t, id) => fixtureJobBody(t, { package_id: id }),
  steps: [500, 2_000, 60_000],
};

async function jobWhoseThingIsTaken(t: CheckContext, thing: TakenFromUnderAJob): Promise<void> {
  const { kind, path, removal } = thing;
  const unseen = `so no job was read after its ${kind} was ${removal} under it`;
  const made = await t.b().post(path, { body: thing.body(t) });
  const thingId = isObject(made.json) && typeof made.json.id === 'number' ? made.json.id : undefined;
  if (!is2xx(made) || thingId === undefined) return t.note(`POST ${path} (an extension) answered ${made.response.status}${is2xx(made) ? ` without the ${kind}'s id` : ''}, ${unseen}`);
  // The removal is the step under test; the cleanup removes it only if that failed.
  let removed = false;
  t.cleanup(`${thing.remove} ${kind} ${thingId} of account 1`, async () => {
    if (removed) return;
    const ex = await t.b().delete(`${path}/${thingId}`);
    if (!is2xx(ex)) throw new Error(`DELETE ${path}/${thingId} answered ${ex.response.status}; ${thing.leftBehind}`);
  });
  const started = await t.b().post('/jobs', { body: thing.job(t, thingId) });
  if (!is2xx(started) || !isObject(started.json) || typeof started.json.id !== 'number') return t.note(`POST /jobs on ${kind} ${thingId}, just made, answered ${started.response.status}, ${unseen}`);
  const { id } = await createJob(t, started.json, started);
  const seen = [expectStatusAndProgress(t, started, started.json).status];
  const removing = await t.b().delete(`${path}/${thingId}`);
  if (!is2xx(removing)) return t.note(`DELETE ${path}/${thingId} (an extension) answered ${removing.response.status}, ${unseen}`);
  removed = true;
  if (ENDED_STATUSES.has(seen[0] ?? '')) t.note(`job ${id} had ended (${seen[0]}) before its ${kind} was ${removal}: the read after shows an ended job`);
  const list = new JobListReads(t);
  for (const step of [0, ...thing.steps]) {
    if (step) await t.advanceClock(step);
    const { ex, job } = await readJob(t, id);
    seen.push(expectStatusAndProgress(t, ex, job).status);
    // Its section 2 shape too: a job's package and cluster stay objects (id, name, url) once the
    // thing is gone (an association through an "active only" scope shows null), read alone and
    // listed: where section 2's job binds (jobSchemaBinds: a read of the job is an extension, and
    // a job read from an archive may be a summary of its own outside the simulator profile).
    expectFormats(t, ex, `GET /jobs/${id}`, job);
    if (jobSchemaBinds(t, job)) t.expect.schema(ex, 'job', 'B-SCHEMA-1', job);
    // The list judges the status of every job it shows, this one among the newest.
    await list.read();
  }
  await expectListedShape(t, id, `job ${id}, whose ${kind} ${thingId} was ${removal} under it,`);
  t.note(`job ${id} on ${kind} ${thingId}, ${removal} after the job was made, read at once and ${thing.steps.map((ms) => `${ms / 1000} s`).join(', ')} later (and the job list each time): ${statusRuns(seen)}`);
}

/**
 * B-SCHEMA-1 on job `id` as the job list (GET /jobs, an extension) shows it, on its first page
 * (the job is among the newest), where section 2's job binds (jobSchemaBinds): noted where the
 * list is not served, does not show it, or shows a summary outside the simulator profile.
 */
async function expectListedShape(t: CheckContext, id: number, what: string): Promise<void> {
  const walked = await walkCatalogList(t.b(), t.target, '/jobs', { maxPages: 1 });
  if ('refused' in walked) return t.note(`GET /jobs (an extension) answered ${walked.refused.response.status}: ${what} was validated read alone, not listed`);
  const page = walked.exchanges.findIndex((_, i) => (walked.pages[i] ?? []).some((job) => isObject(job) && job.id === id));
  const listed = walked.pages[page]?.find((job) => isObject(job) && job.id === id);
  const ex = walked.exchanges[page];
  if (!ex || !isObject(listed)) return t.note(`the first page of GET /jobs did not show ${what}: it was validated read alone, not listed`);
  if (jobSchemaBinds(t, listed)) t.expect.schema(ex, 'job', 'B-SCHEMA-1', listed);
  else t.note(`GET /jobs lists ${what} without every field of section 2's job (a summary, its own outside the simulator profile): its shape was not judged`);
}

check({
  id: 'b-job/lifecycle-clock',
  clauses: ['B-JOB-3', 'B-JOB-4'],
  supports: ['B-SCHEMA-1', 'B-FMT-1'],
  title: 'B-JOB-3, B-JOB-4: over a whole job lifecycle (simulator clock moved in random steps), status is always one of the nine and progress within 0..1; the job keeps its section 2 shape (outputs included); a job whose cluster (one the check made) is terminated under it, and one whose package (one the check made) is archived under it, still report one of the nine and keep their section 2 shape, read alone and listed',
  needs: ['b', 'write', 'control', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const packages = await runnablePackages(t);
    const input = fc.record({ packageId: fc.constantFrom(...packages), steps: clockSteps });
    await t.property('every observed state is valid', input, async ({ packageId, steps }) => {
      const { id, exchange, body } = await createJob(t, fixtureJobBody(t, { package_id: packageId }));
      expectStatusAndProgress(t, exchange, body);
      // The last step runs any job to its end (the simulator's longest run is 35 s).
      for (const step of [...steps, 60_000]) {
        await t.advanceClock(step);
        const { ex, job } = await readJob(t, id);
        expectStatusAndProgress(t, ex, job);
        // Only a job that ran has outputs and its other timestamps: the shape is checked all along.
        expectFormats(t, ex, `GET /jobs/${id}`, job);
        if (jobSchemaBinds(t, job)) t.expect.schema(ex, 'job', 'B-SCHEMA-1', job);
      }
    });
    await jobWhoseThingIsTaken(t, TERMINATED_CLUSTER);
    await jobWhoseThingIsTaken(t, ARCHIVED_PACKAGE);
  },
});

/**
 * How long after its end a job is read again, on the control API's clock: past a day (where a
 * retention sweep, a daily job, would first have seen it), a week and five weeks (past a monthly
 * one's reach). The spec gives a job's status no end: it stays one of the nine however old.
 */
const AGES_AFTER_END_MS = [2 * 86_400_000, 7 * 86_400_000, 35 * 86_400_000];

/** Steps of the control API's clock, doubling, by which a new job is read until it is seen running twice with a progress above 0. */
const STEPS_TO_RUNNING_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000];

/** When, as fractions of the time left that its progress predicts, a running job is read around its end: just before, and just after. */
const AROUND_PREDICTED_END = [0.9, 1.02, 1.08];

/**
 * B-JOB-4 where a progress's arithmetic goes wrong: at the end of a run. A progress that is run
 * time over an estimate of the run, unclamped, reads above 1 over the run's last stretch only,
 * and clock steps drawn at random (lifecycle-clock) or polls (lifecycle-poll) land there by
 * chance. So job `id` is read, on the control API's clock, in doubling steps until it is seen
 * running twice with a rising progress above 0; the rate between those two reads predicts its end
 * (the spec says nothing of how progress moves: a prediction, no rule), and it is read just
 * before and just after that moment, each read judged (B-JOB-3, B-JOB-4). Returns what was seen,
 * for a note; a job that ends, or never rises, before the prediction is only noted.
 */
async function readAroundPredictedEnd(t: CheckContext, id: number): Promise<string> {
  let clock = 0;
  let first: { at: number; progress: number } | undefined;
  const seen: string[] = [];
  const observe = async (): Promise<{ status: string; progress: number }> => {
    const { ex, job } = await readJob(t, id);
    const observed = expectStatusAndProgress(t, ex, job);
    seen.push(`${observed.status} ${observed.progress} at +${clock} ms`);
    return observed;
  };
  for (const step of STEPS_TO_RUNNING_MS) {
    await t.advanceClock(step);
    clock += step;
    const { status, progress } = await observe();
    if (ENDED_STATUSES.has(status)) break;
    if (status !== 'running' || !(progress > 0)) continue;
    if (first === undefined || progress <= first.progress) {
      first ??= { at: clock, progress };
      continue;
    }
    const left = ((1 - progress) * (clock - first.at)) / (progress - first.progress);
    let moved = 0;
    for (const fraction of AROUND_PREDICTED_END) {
      const to = Math.round(left * fraction);
      if (to <= moved) continue;
      await t.advanceClock(to - moved);
      clock += to - moved;
      moved = to;
      if (ENDED_STATUSES.has((await observe()).status)) break;
    }
    return `job ${id} read around the end its progress predicted (${Math.round(left)} ms after a read at ${progress}): ${seen.join(', ')}`;
  }
  return `job ${id} was not seen running twice with a rising progress in ${seen.length} reads (${seen.join(', ')}), so it was not read around the end its progress predicted`;
}

check({
  id: 'b-job/ended-long-ago',
  clauses: ['B-JOB-3'],
  supports: ['B-JOB-4'],
  title: 'B-JOB-3: a job that ended days and weeks ago (simulator clock moved past its end by 2, 7 and 35 days) still reports one of the nine statuses, read alone and in the job list (where served); on its way there it is read just before and just after the end its progress predicts, its progress within 0..1 (B-JOB-4)',
  needs: ['b', 'write', 'control', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const { id, exchange, body } = await createJob(t, fixtureJobBody(t));
    expectStatusAndProgress(t, exchange, body);
    t.note(await readAroundPredictedEnd(t, id));
    let ended: string | undefined;
    for (const step of CLOCK_STEPS_TO_JOB_END_MS) {
      await t.advanceClock(step);
      const { ex, job } = await readJob(t, id);
      const { status } = expectStatusAndProgress(t, ex, job);
      if (ENDED_STATUSES.has(status)) {
        ended = status;
        break;
      }
    }
    if (ended === undefined) {
      t.partial('B-JOB-3', `job ${id} had not ended ${CLOCK_STEPS_TO_JOB_END_MS.reduce((a, b) => a + b, 0) / 1000} s after it was made (simulator clock): the status of a job that ended long ago was not observed`);
      return;
    }
    // The list judges every job it shows, this one among the newest (JobListReads).
    const list = new JobListReads(t);
    let aged = 0;
    const seen: string[] = [ended];
    for (const age of AGES_AFTER_END_MS) {
      await t.advanceClock(age - aged);
      aged = age;
      const { ex, job } = await readJob(t, id);
      seen.push(expectStatusAndProgress(t, ex, job).status);
      await list.read();
    }
    list.report();
    t.note(`job ${id} ended ${ended}, then read ${AGES_AFTER_END_MS.map((ms) => `${ms / 86_400_000} days`).join(', ')} after its end: ${statusRuns(seen)}`);
  },
});

/**
 * How the real-time poller reads a job: densely while jobs usually move (every 250 ms for the
 * first 20 s), then every 2 s, until the job ends or the budget runs out.
 */
const POLL_DENSE_MS = 250;
const POLL_DENSE_FOR_MS = 20_000;
const POLL_SPARSE_MS = 2_000;
/** Reads of the job list while the polled job runs, at most (each up to two pages of 100). */
const LIST_READS_WHILE_RUNNING = 3;

/** "pending ×3 → queued ×4 → running ×12 → completed": the statuses seen, in order, with repeats counted. */
function statusRuns(statuses: readonly string[]): string {
  const runs: { status: string; count: number }[] = [];
  for (const status of statuses) {
    const last = runs[runs.length - 1];
    if (last && last.status === status) last.count++;
    else runs.push({ status, count: 1 });
  }
  return runs.map((r) => (r.count > 1 ? `${r.status} ×${r.count}` : r.status)).join(' → ');
}

/**
 * One observation of a job in real time: its status and progress (B-JOB-3, B-JOB-4), its
 * timestamps and ids (B-FMT-1), and its section 2 shape (B-SCHEMA-1): this check supports both,
 * since a job read is an extension, so the resource checks of b-schema never see one on a target
 * without the control API, nor a job that has run (its outputs).
 */
function observeJob(t: CheckContext, ex: Exchange, job: JsonObject, what: string, whose = ''): { status: string; progress: number } {
  const observed = expectStatusAndProgress(t, ex, job, whose);
  expectFormats(t, ex, what, job);
  if (jobSchemaBinds(t, job)) t.expect.schema(ex, 'job', 'B-SCHEMA-1', job);
  return observed;
}

/**
 * Whether section 2's job schema binds on an answer here. In the simulator profile on every one,
 * as in b-schema. Outside it the job reads and the stop (GET and DELETE /jobs/{id}) are
 * extensions, which b-schema does not judge: a deployment may answer a view of its own (a
 * summary). An answer showing every field of section 2's job is that resource, though, and its
 * fields then have the table's types (extra fields are never an error). POST /jobs, the spec's,
 * is judged whole by b-schema/written-resources.
 */
function jobSchemaBinds(t: CheckContext, job: JsonObject): boolean {
  return t.profile === 'simulator' || requiredFields('job').every((field) => field in job);
}

/**
 * The job read with the query parameters the real service documents for it (the catalog's
 * `documentedQuery`: `include=log_summary`), where the job is seen running with progress above 0
 * and once it has ended: such a read may go down a presenter of its own (a runner's log summary
 * merged over the job), and B-JOB-4 holds a job's progress to 0..1, B-JOB-3 its status to the nine,
 * however it is read (a summary's own `status` may win the merge as its progress may). A deployment
 * that does not know the parameter may refuse it (a 4xx, noted) or ignore it (the plain job,
 * judged the same), or keep the job one level down (beside the summary, inside it, or in an
 * array: wrappedJob, judged there); a top level that is not the job (looksLikeJob: a summary with
 * a progress of its own and no status) is not judged as the job, and an answer showing no job
 * either way says nothing of it (noted).
 */
class DocumentedQueryReads {
  private readonly asked: string;
  private refused: string | undefined;
  private readonly seen: string[] = [];
  private runningRead = false;
  private endedRead = false;

  /**
   * `query` and `label` (what the query is, in words): the catalog's documented query by default;
   * `endedOnly` reads the job so only once it has ended (a query judged at one moment: one request);
   * `mergesNothing`: the query adds no record of its own that could carry the job's id beside a
   * progress (as a log summary does), so an object at the top with the job's id is the job, judged
   * with or without a status (a status left out is not one of the nine).
   */
  constructor(
    private readonly t: CheckContext,
    private readonly query: Record<string, string> = bEndpoint('GET /jobs/{id}').documentedQuery ?? {},
    private readonly label = "the real service's documented query of the job read",
    private readonly endedOnly = false,
    private readonly mergesNothing = false,
  ) {
    this.asked = new URLSearchParams(this.query).toString();
  }

  /** Reads job `id` so once while it runs (progress above 0) and once ended. */
  async after(id: number, observed: { status: string; progress: number }): Promise<void> {
    if (this.refused !== undefined || this.asked === '') return;
    const ended = ENDED_STATUSES.has(observed.status);
    if (ended ? this.endedRead : this.endedOnly || this.runningRead || observed.status !== 'running' || observed.progress <= 0) return;
    if (ended) this.endedRead = true;
    else this.runningRead = true;
    const t = this.t;
    const ex = await t.b().get(`/jobs/${id}`, { query: this.query });
    const answer = ex.json;
    if (!is2xx(ex) || !(isObject(answer) || Array.isArray(answer))) {
      if (ex.response.status >= 500) t.expect.status(ex, '2xx', 'B-JOB-4', `GET /jobs/${id}?${this.asked} (${this.label}) answered ${ex.response.status}`);
      this.refused = is2xx(ex) ? `${ex.response.status} without an object or array` : String(ex.response.status);
      return;
    }
    const job = looksLikeJob(answer, id) || (this.mergesNothing && isObject(answer) && answer.id === id) ? answer : wrappedJob(answer, id);
    if (job === undefined) return void this.seen.push(`${observed.status}: no job shown${isObject(answer) && Object.hasOwn(answer, 'progress') ? ' (a progress at the top, without the job\'s id and a status beside it: not taken for the job\'s)' : ''}`);
    const { progress, status } = job;
    const when = ended ? `once it had ended (${observed.status})` : 'while it ran';
    t.expect.that(typeof progress === 'number' && Number.isFinite(progress) && progress >= 0 && progress <= 1, {
      clause: 'B-JOB-4',
      message: `job ${id} read with ?${this.asked} (${this.label}), ${when}, reports progress ${show(progress)}, outside 0 to 1 (read without it: ${observed.progress})`,
      expected: 'a number from 0 to 1 inclusive',
      received: show(progress),
      exchange: ex,
    });
    // B-JOB-3 too: a summary merged over the job may carry a status of its own (whether it is written yet) that wins the merge.
    t.expect.that(typeof status === 'string' && JOB_STATUSES.includes(status), {
      clause: 'B-JOB-3',
      message: `job ${id} read with ?${this.asked} (${this.label}), ${when}, reports the status ${show(status)}, which is not one of the nine job statuses (read without it: ${observed.status})`,
      expected: JOB_STATUSES.join(' | '),
      received: show(status),
      exchange: ex,
    });
    this.seen.push(`${observed.status}: progress ${show(progress)}, status ${show(status)}${job === answer ? '' : ' (the job one level down)'}`);
  }

  report(): void {
    const t = this.t;
    if (this.asked === '') return;
    if (this.refused !== undefined) return t.note(`GET /jobs/{id}?${this.asked} (${this.label}) answered ${this.refused}: the job's progress and status were judged as read without it only`);
    const missing = [...(this.runningRead || this.endedOnly ? [] : ['while it ran (never seen running with progress above 0)']), ...(this.endedRead ? [] : ['once ended (not seen ended)'])];
    t.note(`the job read with ?${this.asked}: ${this.seen.join('; ') || 'not read'}${missing.length ? `; not read ${missing.join(', ')}` : ''}`);
  }
}

/**
 * The associations the vendor's client asks GET /jobs/{id} to embed (`include=cluster,package`):
 * the job then goes through another serializer (an eager-loaded association), where the package's
 * own `status` (active, archived) may take the job's place. Read once the job has ended.
 */
const CLIENT_INCLUDES: Record<string, string> = { include: 'cluster,package' };

/**
 * B-JOB-4 and B-JOB-3 whoever reads the job: every read above is api_key's, and a read by another
 * user of the account may go through a view of its own (a team view's serializer, progress in
 * percent). So the ended job is read once with member_api_key (another user of account 1): a
 * completed job's progress is at its top, where a scale of 0 to 100 shows. Which roles may read
 * jobs is not shown: a 4xx is noted, as is a target document without a member key; an answer that
 * is not the job (no object with its id), or a narrower view without a status or a progress, is
 * noted, not judged.
 */
async function memberReadOfEnded(t: CheckContext, id: number, ended: string): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return t.note(`job ${id} was read by api_key's user only: a read by another user of the account (its status and progress) needs member_api_key in the target document`);
  const ex = await t.bWithKey(memberKey).get(`/jobs/${id}`);
  if (!is2xx(ex) || !isObject(ex.json) || ex.json.id !== id) {
    if (ex.response.status >= 500) t.expect.status(ex, '2xx', 'B-JOB-4', `GET /jobs/${id} with member_api_key answered ${ex.response.status}`);
    return t.note(`GET /jobs/${id} with member_api_key answered ${ex.response.status}${is2xx(ex) ? ' without the job' : ' (which roles may read jobs is not shown)'}: the job's status and progress were judged as api_key's user reads them only`);
  }
  // What a member is shown is the deployment's (roles not shown): a narrower view without the two fields says nothing of them.
  if (!Object.hasOwn(ex.json, 'status') || !Object.hasOwn(ex.json, 'progress')) return t.note(`GET /jobs/${id} with member_api_key showed the job without ${Object.hasOwn(ex.json, 'status') ? 'a progress' : 'a status'} (a view of its own for members): its status and progress were judged as api_key's user reads them only`);
  const { status, progress } = observeJob(t, ex, ex.json, `GET /jobs/${id} with member_api_key`, ', read by member_api_key (another user of the account),');
  t.note(`job ${id}, ended ${ended}, read by member_api_key: status ${status}, progress ${progress}`);
}

/**
 * Whether `value` is job `id` as a read shows it: an object carrying the job's id, a status and
 * a progress. A runner's summary may carry the job's id too (the simulator's does) and a progress
 * of its own (in percent, say), but no status.
 */
function looksLikeJob(value: unknown, id: number): value is JsonObject {
  return isObject(value) && value.id === id && Object.hasOwn(value, 'progress') && Object.hasOwn(value, 'status');
}

/**
 * The job an answer holds one level down (`{"job": {...}, "log_summary": {...}}`, or
 * `[job, summary]`): a read that adds a runner's summary may keep it beside the job, or put the
 * summary on top with the job inside it, rather than merge the two. Where several members look
 * like the job, the one named `job` is taken, and none where no member is (which one is the job
 * cannot be told: noted as no job shown).
 */
function wrappedJob(answer: JsonObject | unknown[], id: number): JsonObject | undefined {
  const candidates = Object.values(answer).filter((member) => looksLikeJob(member, id));
  if (candidates.length === 1) return candidates[0];
  const named = Array.isArray(answer) ? undefined : answer.job;
  return looksLikeJob(named, id) ? named : undefined;
}

/** A job stopped at once, and what its answers showed. */
interface StoppedJob {
  id: number;
  /** The stop answered the job (judged with the rest). */
  stopShowedJob: boolean;
  statuses: string[];
  reads: number;
  ended: boolean;
}

/**
 * Starts a second job and stops it at once (DELETE /jobs/{id}, the real service's stop, an
 * extension): without the control API, the one way to see what a stop brings (pending_stoppage,
 * stopping, stopped, and the timestamps of those moments). The stop's answer is judged where it is
 * the job, as the real service's is; another answer says nothing of the job. Null, with a note,
 * where the target does not stop jobs so: then it shows no stopped job to judge.
 */
async function stopAtOnce(t: CheckContext): Promise<StoppedJob | null> {
  const { id, exchange, body } = await createJob(t, fixtureJobBody(t));
  const statuses = [observeJob(t, exchange, body, 'POST /jobs').status];
  const stop = await t.b().delete(`/jobs/${id}`);
  if (!is2xx(stop)) {
    t.note(`DELETE /jobs/${id} (the real service's stop, an extension) answered ${stop.response.status}: no job was seen stopped, so the statuses and timestamps of a stop were not judged`);
    return null;
  }
  const answer = stop.json;
  const stopShowedJob = isObject(answer) && answer.id === id;
  if (stopShowedJob) statuses.push(observeJob(t, stop, answer, `DELETE /jobs/${id}`).status);
  return { id, stopShowedJob, statuses, reads: 0, ended: ENDED_STATUSES.has(statuses[statuses.length - 1] ?? '') };
}

/** A job stopped once it was seen running with progress above 0.01 (PERCENT_SHOWS_ABOVE), and what its answers showed. */
interface StoppedRunning {
  id: number;
  statuses: string[];
  /** The progress the read that asked for the stop saw (undefined until then). */
  stoppedAt: number | undefined;
  ended: boolean;
}

/**
 * B-JOB-4 holds a job's progress to 0..1 however its run ends. The job stopped at once above is
 * stopped before it runs (its progress still 0) and the others run to their end, but a run cut
 * short may be reported otherwise (a runner's stop report, on a scale of its own): only a job
 * stopped while it runs shows that. So one more job is started, read beside the others until it
 * is seen running with progress above 0.01, then stopped (DELETE /jobs/{id}, the real service's stop,
 * an extension) and read until it ends; the stop's answer is judged where it is the job. Made only
 * where the target stops jobs so (stopAtOnce saw it).
 */
async function startToStopWhileRunning(t: CheckContext): Promise<StoppedRunning> {
  const { id, exchange, body } = await createJob(t, fixtureJobBody(t));
  const { status } = observeJob(t, exchange, body, 'POST /jobs');
  return { id, statuses: [status], stoppedAt: undefined, ended: ENDED_STATUSES.has(status) };
}

/**
 * How long one turn of the poll keeps reading the job to be stopped while it runs, alone, until it
 * is seen running with progress above 0.01 (the first turn right after its creation): a turn of the
 * poll reads every job of the check and the job list, and on a loaded machine (or a target whose
 * runs are short) a job can start and end between two turns, never seen running. Bounded, so the
 * other jobs are still read densely.
 */
const STOP_WHILE_RUNNING_WATCH_MS = 2_000;
const STOP_WHILE_RUNNING_READ_MS = 25;

/**
 * The progress past which the job is stopped: a run cut short that reports in percent shows more
 * than 1 only where its progress was above 0.01 (stopped at 0.003, it reads 0.3, in range).
 */
const PERCENT_SHOWS_ABOVE = 0.01;

/**
 * Reads of the job of `startToStopWhileRunning` (one, or while it has not yet run, as many as
 * STOP_WHILE_RUNNING_WATCH_MS allows), and its stop once a read sees it running with progress above 0.01.
 */
async function readStoppedRunning(t: CheckContext, job: StoppedRunning): Promise<void> {
  const watchUntil = Date.now() + STOP_WHILE_RUNNING_WATCH_MS;
  let status: string;
  let progress: number;
  for (;;) {
    const { ex, job: now } = await readJob(t, job.id);
    ({ status, progress } = observeJob(t, ex, now, `GET /jobs/${job.id}`));
    job.statuses.push(status);
    job.ended = ENDED_STATUSES.has(status);
    const notYetRunning = job.stoppedAt === undefined && !job.ended && !(status === 'running' && progress > PERCENT_SHOWS_ABOVE);
    if (!notYetRunning || Date.now() >= watchUntil) break;
    await t.sleep(STOP_WHILE_RUNNING_READ_MS);
  }
  if (job.stoppedAt !== undefined || status !== 'running' || !(progress > PERCENT_SHOWS_ABOVE)) return;
  job.stoppedAt = progress;
  const stop = await t.b().delete(`/jobs/${job.id}`);
  if (!is2xx(stop)) {
    t.note(`DELETE /jobs/${job.id}, asked while the job ran (progress ${progress}), answered ${stop.response.status}: no job was seen stopped while it ran`);
    job.ended = true;
    return;
  }
  if (isObject(stop.json) && stop.json.id === job.id) job.statuses.push(observeJob(t, stop, stop.json, `DELETE /jobs/${job.id}`).status);
}

/** A job of the package the target document names as one whose jobs fail, polled beside the others to its end. */
interface FailingJob {
  id: number;
  packageId: number;
  statuses: string[];
  ended: boolean;
}

/**
 * A job of `fixtures.failing_package_id` (a package whose jobs fail, which the API cannot make),
 * judged at its creation and then polled as the others: without the control API it is the one
 * way a failed job is read, its status, progress, timestamps (`failed_at`, B-FMT-1) and shape. Null,
 * with a note, where the document names none or the target refuses the job.
 */
async function startFailingJob(t: CheckContext): Promise<FailingJob | null> {
  const packageId = t.fixtures().failing_package_id;
  if (packageId === undefined) {
    t.note('the target document names no package whose jobs fail (fixtures.failing_package_id): no failed job was read, so the status, progress and timestamps of a failed job were judged only where another check lists one');
    return null;
  }
  const sent = fixtureJobBody(t, { package_id: packageId });
  const answered = await t.b().post('/jobs', { body: sent });
  if (answered.response.status >= 400 && answered.response.status < 500) {
    t.note(`POST /jobs of package ${packageId} (fixtures.failing_package_id) answered ${answered.response.status}: no failed job was read`);
    return null;
  }
  const { id, exchange, body } = await createJob(t, sent, answered);
  const first = observeJob(t, exchange, body, 'POST /jobs');
  return { id, packageId, statuses: [first.status], ended: ENDED_STATUSES.has(first.status) };
}

/** A job of account 2 (its fixture package on its fixture cluster), polled beside the others. */
interface SecondAccountJob {
  id: number;
  statuses: string[];
  progress: number[];
  ended: boolean;
}

/** How account 2's job is named in a failure: its progress is judged as account 1's. */
const OF_ACCOUNT_2 = " (account 2's, read with its key)";

/**
 * B-JOB-4 holds every account's jobs to 0..1. Every other job of the checks runs in account 1, and
 * a deployment whose runner reports percent in the accounts a newer version was rolled out to
 * shows 0..1 there. So one job is started in account 2 (its fixture package on its fixture
 * cluster, with its key) and read to its end beside the others. Null, with a note, where the
 * target document names no second account or not both fixtures, or POST /jobs refuses the job.
 */
async function startInSecondAccount(t: CheckContext): Promise<SecondAccountJob | null> {
  const body = t.target.b[1] ? jobBodyFrom(t.fixtures(1)) : undefined;
  if (body === undefined) {
    t.note("no job was started in account 2 (the target document names no second account, or not its package_id and cluster_id): every job's progress was read in account 1");
    return null;
  }
  const answered = await t.b(1).post('/jobs', { body });
  if (!is2xx(answered) || !isObject(answered.json) || typeof answered.json.id !== 'number') {
    t.note(`POST /jobs with account 2's key and fixtures answered ${answered.response.status}${is2xx(answered) ? " without the job's id" : ''}: no job of account 2 was read`);
    return null;
  }
  const id = answered.json.id;
  stopJobOnCleanup(t, id, 1);
  const first = observeJob(t, answered, answered.json, "POST /jobs with account 2's key", OF_ACCOUNT_2);
  return { id, statuses: [first.status], progress: [first.progress], ended: ENDED_STATUSES.has(first.status) };
}

/**
 * B-JOB-3 in account 2's job list (GET /jobs with its key, an extension): every list read above is
 * account 1's, and a deployment may list the accounts made after the first from another store (a
 * reporting shard) whose status column keeps display labels. Once account 2's job has run beside
 * the others, its list's first page is read once and every listed job's status held to the nine; a
 * list not served is noted.
 */
async function judgeSecondAccountList(t: CheckContext): Promise<void> {
  const walked = await walkCatalogList(t.b(1), t.target, '/jobs', { maxPages: 1 });
  if ('refused' in walked) {
    t.note(`account 2's job list (GET /jobs with its key, an extension) answered ${walked.refused.response.status}: its listed statuses were not read`);
    return;
  }
  let judged = 0;
  walked.exchanges.forEach((ex, page) => {
    for (const job of walked.pages[page] ?? []) {
      if (!isObject(job) || !Object.hasOwn(job, 'status')) continue;
      judged++;
      t.expect.that(typeof job.status === 'string' && JOB_STATUSES.includes(job.status), {
        clause: 'B-JOB-3',
        message: `account 2's job list (GET /jobs with its key, an extension) shows job ${String(job.id)} with the status ${show(job.status)}, not one of the nine`,
        expected: JOB_STATUSES.join(' | '),
        received: show(job.status),
        exchange: ex,
      });
    }
  });
  t.note(`account 2's job list (GET /jobs with its key, an extension; its first page): ${judged} listed job(s) held to the nine statuses`);
}

/** One read of account 2's job, with account 2's key; a read refused ends its reads (the note at the end says so). */
function readSecondAccountJob(t: CheckContext, job: SecondAccountJob): Promise<void> {
  return readJobWith(t, job, t.b(1), "account 2's key", OF_ACCOUNT_2);
}

/** How the job member_api_key's user started is named in a failure: read with api_key, its progress is judged as the others'. */
const BY_MEMBER = ' (started with member_api_key, read with api_key)';

/**
 * B-JOB-4 holds a job's progress to 0..1 whoever started it. Every other job of the checks is
 * started with an account's api_key: a deployment whose members' jobs run through another runner,
 * which reports on a scale of its own, shows 0..1 there. So one job is started with
 * member_api_key (another user of account 1; the fixture package on the fixture cluster) and read
 * with api_key to its end beside the others (a read by the member is memberReadOfEnded's). Null,
 * with a note, where the target document gives no member_api_key or POST /jobs refuses it (which
 * roles may start jobs is not shown).
 */
async function startByMember(t: CheckContext): Promise<SecondAccountJob | null> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note('no job was started with member_api_key (the target document gives none): every job read was started with an api_key');
    return null;
  }
  const member = t.bWithKey(memberKey);
  const answered = await member.post('/jobs', { body: fixtureJobBody(t) });
  if (!is2xx(answered) || !isObject(answered.json) || typeof answered.json.id !== 'number') {
    t.note(`POST /jobs with member_api_key answered ${answered.response.status}${is2xx(answered) ? " without the job's id" : ''} (which roles may start jobs is not shown): no job another user of the account started was read`);
    return null;
  }
  const id = answered.json.id;
  stopJobOnCleanup(t, id, 0, member);
  const first = observeJob(t, answered, answered.json, 'POST /jobs with member_api_key', BY_MEMBER);
  return { id, statuses: [first.status], progress: [first.progress], ended: ENDED_STATUSES.has(first.status) };
}

/** One read of `job` with `client` (`key` names its key); a read refused ends its reads (the note at the end says so). */
async function readJobWith(t: CheckContext, job: SecondAccountJob, client: InterfaceClient, key: string, whose: string): Promise<void> {
  const ex = await client.get(`/jobs/${job.id}`);
  if (!is2xx(ex) || !isObject(ex.json)) {
    job.ended = true;
    job.statuses.push(`unread (${ex.response.status})`);
    return;
  }
  const { status, progress } = observeJob(t, ex, ex.json, `GET /jobs/${job.id} with ${key}`, whose);
  job.statuses.push(status);
  job.progress.push(progress);
  job.ended = ENDED_STATUSES.has(status);
}

/** A job on another cluster than the fixture's, polled beside the others. */
interface WideJob {
  id: number;
  clusterId: number;
  /** The cluster's node count as listed, or undefined where the list shows none. */
  nodes: number | undefined;
  statuses: string[];
  progress: number[];
  ended: boolean;
}

/** Listed clusters a job on another cluster is tried on, at most (each refusal is one POST). */
const WIDE_CLUSTER_TRIES = 2;

/**
 * B-JOB-4 holds a job's progress to 0..1 on any cluster. A run spread over several nodes reports
 * node by node, and a deployment that adds those reports up instead of averaging them shows more
 * than 1 only there; every other job of the checks runs on the fixture cluster or on one a check
 * makes of one node. So one job is started on another cluster the account lists (GET /clusters,
 * an extension; making one costs a real deployment machines): the one listed with the most nodes
 * (`nodes`, the real service's field), or the first other where none shows a count. Null, with a
 * note, where the account lists no other cluster or POST /jobs refuses it.
 */
async function startOnWidestCluster(t: CheckContext): Promise<WideJob | null> {
  const { clusters, served } = await otherClusters(t);
  const nodesOf = (c: JsonObject): number | undefined => (typeof c.nodes === 'number' ? c.nodes : undefined);
  if (clusters.length === 0) {
    t.note(`the account lists no cluster but the fixture's (GET /clusters, an extension, ${served ? 'showing no other' : 'not served'}): every job ran on the fixture cluster, so the progress of a job on a cluster of several nodes was not observed`);
    return null;
  }
  const refused: string[] = [];
  for (const cluster of clusters.slice(0, WIDE_CLUSTER_TRIES)) {
    const clusterId = cluster.id as number;
    const sent = fixtureJobBody(t, { cluster_id: clusterId });
    const answered = await t.b().post('/jobs', { body: sent });
    if (answered.response.status >= 400 && answered.response.status < 500) {
      refused.push(`${clusterId} (${answered.response.status})`);
      continue;
    }
    const { id, exchange, body } = await createJob(t, sent, answered);
    const first = observeJob(t, exchange, body, 'POST /jobs');
    return { id, clusterId, nodes: nodesOf(cluster), statuses: [first.status], progress: [first.progress], ended: ENDED_STATUSES.has(first.status) };
  }
  t.note(`POST /jobs refused to run the fixture package on the account's other listed cluster(s) ${refused.join(', ')}: the progress of a job on a cluster of several nodes was not observed`);
  return null;
}

check({
  id: 'b-job/lifecycle-poll',
  clauses: ['B-JOB-3', 'B-JOB-4'],
  supports: ['B-FMT-1', 'B-SCHEMA-1'],
  title: 'B-JOB-3, B-JOB-4: a job polled densely in real time through its whole lifecycle (until it ends, within a budget), one stopped at once (where the target stops jobs) until it ends, one stopped once seen running with progress above 0.01 (where the target stops jobs) until it ends, one on another cluster the account lists, the one of the most nodes (where listed: a run over several nodes) until it ends, one of the package whose jobs fail (where the target document names one) until it ends, and one started by another user of the account (member_api_key, where given; read with api_key) until it ends, always report one of the nine statuses, progress within 0..1 and UTC timestamps, and every job the job list shows (where served) while it runs and once it ended, and the job read with the real service\'s documented query (include=log_summary; where served) while it runs and once ended, has progress within 0..1 and one of the nine statuses, as has the ended job read with the associations the vendor\'s client embeds (include=cluster,package; where served) and read by another user of the account (member_api_key; where given and served); covered in full only when the job was seen running, both were seen to end and the list showed a progress above 0',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const startedAt = Date.now();
    const { id, exchange, body } = await createJob(t, fixtureJobBody(t));
    const seen = [observeJob(t, exchange, body, 'POST /jobs')];
    let reads = 0;
    // The job list shows jobs through a view of its own: read while this job runs (progress
    // between 0 and 1, where a list on another scale shows) and once it has ended (at 1).
    const list = new JobListReads(t);
    let listReadsWhileRunning = 0;
    const withQuery = new DocumentedQueryReads(t);
    const withIncludes = new DocumentedQueryReads(t, CLIENT_INCLUDES, "the associations the vendor's client asks the job read to embed", true, true);
    const read = async (): Promise<string> => {
      const { ex, job } = await readJob(t, id);
      reads++;
      const observed = observeJob(t, ex, job, `GET /jobs/${id}`);
      seen.push(observed);
      await withQuery.after(id, observed);
      await withIncludes.after(id, observed);
      if (observed.status === 'running' && observed.progress > 0 && list.wantsRunning && listReadsWhileRunning < LIST_READS_WHILE_RUNNING) {
        listReadsWhileRunning++;
        await list.read();
      }
      return observed.status;
    };
    const readStopped = async (job: StoppedJob): Promise<void> => {
      const { ex, job: now } = await readJob(t, job.id);
      job.reads++;
      const { status } = observeJob(t, ex, now, `GET /jobs/${job.id}`);
      job.statuses.push(status);
      job.ended = ENDED_STATUSES.has(status);
    };
    let ended: string | undefined;
    // Without the control API the run's jobs are seen only as they start and run: a stopped job
    // (its status, its updated_at) is seen only here, read beside the job that runs to its end.
    // It is started after the first read, so a target that serves no job read has skipped
    // before a second job it could not be seen to stop.
    let stopped: StoppedJob | null | undefined;
    // A job stopped while it runs (where the target stops jobs), read until it ends.
    let stoppedRunning: StoppedRunning | null | undefined;
    // A job on the account's widest other cluster, read through its run beside the others.
    let wide: WideJob | null | undefined;
    const readWide = async (job: WideJob): Promise<void> => {
      const { ex, job: now } = await readJob(t, job.id);
      const { status, progress } = observeJob(t, ex, now, `GET /jobs/${job.id}`);
      job.statuses.push(status);
      job.progress.push(progress);
      job.ended = ENDED_STATUSES.has(status);
    };
    // A job of the package whose jobs fail (where the target document names one), read to its end.
    let failing: FailingJob | null | undefined;
    // A job of account 2, read through its run beside the others.
    let second: SecondAccountJob | null | undefined;
    // A job member_api_key's user started, read with api_key through its run beside the others.
    let byMember: SecondAccountJob | null | undefined;
    const readFailing = async (job: FailingJob): Promise<void> => {
      const { ex, job: now } = await readJob(t, job.id);
      const { status } = observeJob(t, ex, now, `GET /jobs/${job.id}`);
      job.statuses.push(status);
      job.ended = ENDED_STATUSES.has(status);
    };
    await t.poll(async () => {
      if (ended === undefined) {
        const status = await read();
        if (ENDED_STATUSES.has(status)) ended = status;
      }
      if (stopped === undefined) stopped = await stopAtOnce(t);
      else if (stopped && !stopped.ended) await readStopped(stopped);
      // Read at once after its creation, before the turn's other reads: a turn can outlast a
      // short run (a loaded machine, a slow read of another job), and a job first read after
      // it ended was never seen running.
      if (stoppedRunning === undefined) stoppedRunning = stopped === null ? null : await startToStopWhileRunning(t);
      if (stoppedRunning && !stoppedRunning.ended) await readStoppedRunning(t, stoppedRunning);
      if (wide === undefined) wide = await startOnWidestCluster(t);
      else if (wide && !wide.ended) await readWide(wide);
      if (failing === undefined) failing = await startFailingJob(t);
      else if (failing && !failing.ended) await readFailing(failing);
      if (second === undefined) second = await startInSecondAccount(t);
      else if (second && !second.ended) await readSecondAccountJob(t, second);
      if (byMember === undefined) byMember = await startByMember(t);
      else if (byMember && !byMember.ended) await readJobWith(t, byMember, t.b(), 'api_key', BY_MEMBER);
      return ended !== undefined && (stopped === null || stopped.ended) && (stoppedRunning === null || stoppedRunning?.ended === true) && (wide === null || wide?.ended === true) && (failing === null || failing?.ended === true) && (second === null || second?.ended === true) && (byMember === null || byMember?.ended === true) ? ended : undefined;
    }, { timeoutMs: jobEndMs(t.target), intervalMs: (elapsed) => (elapsed < POLL_DENSE_FOR_MS ? POLL_DENSE_MS : POLL_SPARSE_MS) });
    await list.read();
    list.report();
    if (second) await judgeSecondAccountList(t);
    withQuery.report();
    withIncludes.report();
    if (ended !== undefined) await memberReadOfEnded(t, id, ended);
    const last = seen[seen.length - 1]?.status ?? 'unknown';
    const elapsedS = ((Date.now() - startedAt) / 1000).toFixed(1);
    const running = seen.filter((s) => s.status === 'running');
    const progress = [...new Set(seen.map((s) => s.progress))];
    t.note(
      `job ${id}: ${reads} reads over ${elapsedS} s saw ${statusRuns(seen.map((s) => s.status))}; ` +
        `progress values ${progress.length <= 8 ? progress.join(', ') : `${progress.slice(0, 4).join(', ')} … ${progress.slice(-3).join(', ')} (${progress.length} distinct)`}`,
    );
    if (stopped) t.note(`job ${stopped.id}, stopped at once (DELETE /jobs/${stopped.id}): its creation's answer${stopped.stopShowedJob ? ", its stop's answer" : ''} and ${stopped.reads} reads saw ${statusRuns(stopped.statuses)}`);
    if (stoppedRunning) {
      const { id: runId, stoppedAt, statuses } = stoppedRunning;
      t.note(
        stoppedAt === undefined
          ? `job ${runId}, to be stopped while it ran, was never seen running with progress above 0.01 (${statusRuns(statuses)}): no job was seen stopped while it ran`
          : `job ${runId}, stopped once seen running at progress ${stoppedAt}: its answers saw ${statusRuns(statuses)}${stoppedRunning.ended ? '' : '; it had not ended when the poll did'}`,
      );
    }
    if (wide) {
      const where = `job ${wide.id}, on cluster ${wide.clusterId} (${wide.nodes === undefined ? 'its node count not listed' : `${wide.nodes} node(s)`})`;
      const ranWith = [...new Set(wide.progress.filter((p, i) => wide?.statuses[i] === 'running' && p > 0))];
      t.note(`${where}: ${wide.statuses.length} observations saw ${statusRuns(wide.statuses)}; ${ranWith.length > 0 ? `progress while running ${ranWith.length <= 6 ? ranWith.join(', ') : `${ranWith.slice(0, 3).join(', ')} … ${ranWith.slice(-2).join(', ')}`}` : 'it was never seen running with a progress above 0, so its progress during a run was not observed'}${wide.ended ? '' : '; it had not ended when the poll did'}`);
    }
    if (second) {
      const ranWith = second.progress.filter((p, i) => second?.statuses[i] === 'running' && p > 0).length;
      t.note(`job ${second.id}, of account 2: ${second.statuses.length} observations saw ${statusRuns(second.statuses)}; ${ranWith > 0 ? `${ranWith} while running with a progress above 0` : "it was never seen running with a progress above 0, so the progress of account 2's job during a run was not observed"}${second.ended ? '' : '; it had not ended when the poll did'}`);
    }
    if (byMember) {
      const ranWith = byMember.progress.filter((p, i) => byMember?.statuses[i] === 'running' && p > 0).length;
      t.note(`job ${byMember.id}, started with member_api_key: ${byMember.statuses.length} observations saw ${statusRuns(byMember.statuses)}; ${ranWith > 0 ? `${ranWith} while running with a progress above 0` : "it was never seen running with a progress above 0, so the progress of a member's job during a run was not observed"}${byMember.ended ? '' : '; it had not ended when the poll did'}`);
    }
    if (failing) {
      const endedAs = failing.statuses[failing.statuses.length - 1] ?? 'unknown';
      t.note(`job ${failing.id}, of package ${failing.packageId} (fixtures.failing_package_id): ${failing.statuses.length} observations saw ${statusRuns(failing.statuses)}${!failing.ended ? '; it had not ended when the poll did, so no failed job was read' : endedAs === 'failed' ? '' : `: it ended ${endedAs}, so no failed job was read`}`);
    }
    if (ended === undefined) {
      t.partial('B-JOB-3', `job ${id} had not ended after ${jobEndMs(t.target) / 1000} s (last seen ${last}): the statuses of its end were not observed ${jobTimingHint('job_end_seconds')}`);
    }
    if (stopped && !stopped.ended) {
      t.partial('B-JOB-3', `job ${stopped.id}, asked to stop, had not ended after ${jobEndMs(t.target) / 1000} s (last seen ${stopped.statuses[stopped.statuses.length - 1] ?? 'unknown'}): the statuses of a stopped job's end were not observed ${jobTimingHint('job_end_seconds')}`);
    }
    if (running.length === 0) {
      const solo = ended === undefined ? undefined : await pollAlone(t);
      if (solo?.sawRunning) t.note(`job ${id} was never seen running in ${reads} reads (${statusRuns(seen.map((s) => s.status))}), read beside the other jobs; job ${solo.id}, polled alone, was: ${solo.reads} reads saw ${statusRuns(solo.statuses)}`);
      else t.partial('B-JOB-4', `job ${id} was never seen running in ${reads} reads (${statusRuns(seen.map((s) => s.status))})${solo ? `, nor job ${solo.id}, polled alone, in ${solo.reads} (${statusRuns(solo.statuses)})` : ''}: progress during a run was not observed`);
    }
    // b-job/lifecycle-clock terminates a cluster of its own under a job, on the control API's simulator only.
    if (t.target.controlUrl === undefined) t.note("no job was run on a cluster the run made (its status while that cluster was still starting) nor read after its cluster was terminated under it: making and terminating a cluster (POST and DELETE /clusters/{id}, extensions the spec does not list) costs a real deployment machines, so it is done only where the control API shows the target is the simulator (b-job/lifecycle-clock)");
    if (t.target.controlUrl === undefined) t.note('no job was read after its package was archived under it: a package made on a real deployment (POST /packages, an extension the spec does not list) can only be archived, never removed, so one is made and archived under a job only where the control API shows the target is the simulator (b-job/lifecycle-clock)');
  },
});

/**
 * One more job of the fixture package, polled alone and densely until it ends: where the check's
 * job ran its whole course between two reads (each turn also starts and reads the other jobs, and
 * on a loaded machine a turn can outlast a short run), its progress during a run was not seen.
 * Every read is judged as the others (status, progress, formats, shape). Undefined where the job
 * is not made (noted).
 */
async function pollAlone(t: CheckContext): Promise<{ id: number; reads: number; statuses: string[]; sawRunning: boolean } | undefined> {
  const made = await t.b().post('/jobs', { body: fixtureJobBody(t) });
  const id = isObject(made.json) ? made.json.id : undefined;
  if (!is2xx(made) || typeof id !== 'number') {
    t.note(`POST /jobs answered ${made.response.status}${is2xx(made) ? " without the job's id" : ''}: no second job was polled alone`);
    return undefined;
  }
  stopJobOnCleanup(t, id);
  const statuses = [observeJob(t, made, made.json as JsonObject, 'POST /jobs').status];
  let reads = 0;
  await t.poll(async () => {
    const { ex, job } = await readJob(t, id);
    reads++;
    const { status } = observeJob(t, ex, job, `GET /jobs/${id}`);
    statuses.push(status);
    return ENDED_STATUSES.has(status) ? status : undefined;
  }, { timeoutMs: jobEndMs(t.target), intervalMs: (elapsed) => (elapsed < POLL_DENSE_FOR_MS ? POLL_DENSE_MS : POLL_SPARSE_MS) });
  return { id, reads, statuses, sawRunning: statuses.includes('running') };
}

check({
  id: 'b-job/lifecycle-conventions',
  clauses: ['B-GAP-5'],
  title: 'B-GAP-5: jobs move idle -> pending -> queued -> running -> completed | failed, stop through pending_stoppage -> stopping -> stopped, and progress never decreases and is 1 when completed',
  needs: ['b', 'write', 'control', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const packages = await runnablePackages(t);
    const input = fc.record({
      packageId: fc.constantFrom(...packages),
      steps: clockSteps,
      // Where to ask for a stop (DELETE /jobs/{id}, an extension), if at all.
      stopAfter: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
    });
    await t.property('observed moves follow the documented lifecycle', input, async ({ packageId, steps, stopAfter }) => {
      const { id, exchange, body } = await createJob(t, fixtureJobBody(t, { package_id: packageId }));
      let last = { ...expectStatusAndProgress(t, exchange, body), ex: exchange };
      let stopped = false;
      const observe = (ex: Exchange, job: JsonObject) => {
        const now = expectStatusAndProgress(t, ex, job);
        t.expect.that(reachable(last.status).has(now.status), {
          clause: 'B-GAP-5',
          message: `job ${id} moved from ${last.status} to ${now.status}, which the documented lifecycle does not allow`,
          expected: `one of ${[...reachable(last.status)].join(', ')}`,
          received: now.status,
          exchange: ex,
        });
        t.expect.that(now.progress >= last.progress, {
          clause: 'B-GAP-5',
          message: `job ${id}'s progress went down from ${last.progress} to ${now.progress}`,
          expected: `progress >= ${last.progress}`,
          received: String(now.progress),
          exchange: ex,
        });
        t.expect.that(now.status !== 'completed' || now.progress === 1, {
          clause: 'B-GAP-5',
          message: `job ${id} is completed with progress ${now.progress}`,
          expected: 'progress 1 once completed',
          received: String(now.progress),
          exchange: ex,
        });
        last = { ...now, ex };
      };
      for (const [i, step] of [...steps, 60_000].entries()) {
        if (i === stopAfter && !stopped) {
          const wasTerminal = ENDED_STATUSES.has(last.status);
          const stop = await t.b().delete(`/jobs/${id}`);
          const answer = stop.json;
          if (!is2xx(stop) || !isObject(answer)) return t.skip(`the target does not stop jobs through DELETE /jobs/{id} (an extension; it answered ${stop.response.status})`);
          observe(stop, answer);
          stopped = !wasTerminal;
        }
        await t.advanceClock(step);
        const { ex, job } = await readJob(t, id);
        observe(ex, job);
      }
      t.expect.that(ENDED_STATUSES.has(last.status) && (!stopped || last.status === 'stopped'), {
        clause: 'B-GAP-5',
        message: `job ${id} ${stopped ? 'was asked to stop while running but ended' : 'ended'} ${last.status}`,
        expected: stopped ? 'stopped' : 'completed or failed',
        received: last.status,
        exchange: last.ex,
      });
    });
  },
});

check({
  id: 'b-job/status-values',
  clauses: ['B-GAP-5'],
  title: 'B-GAP-5: packages are active or archived; invoices, every page of them, are pending, successful or failed',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    const pkg = await t.b().get(`/packages/${t.fixtures().package_id}`);
    t.expect.status(pkg, '2xx', 'B-GAP-5', 'the fixture package could not be read');
    const packages: [Exchange, unknown][] = [[pkg, pkg.json]];
    const listed = await serves(t.b(), '/packages');
    if (listed) for (const p of extensionListItems(t.target, listed.json) ?? []) packages.push([listed, p]);
    for (const [ex, p] of packages) {
      const status = isObject(p) ? p.status : undefined;
      t.expect.that(status === 'active' || status === 'archived', { clause: 'B-GAP-5', message: `package status ${show(status)} is not active or archived`, expected: 'active | archived', received: show(status), exchange: ex });
    }
    // Every invoice, not the first page only: the oldest (a billing system's older records, say)
    // are on the last pages. Walked in pages of 100 with the target's paging names; where they
    // are not honoured, the first page is all that is read, and the run says so.
    const walked = await listAll(t.b(), '/invoices', pagingNames(t.target));
    let pages: Exchange[] = walked?.pageSizeHonoured ? walked.exchanges : [];
    if (!walked?.pageSizeHonoured || !walked.complete) {
      if (pages.length === 0) pages = [await t.b().get('/invoices')];
      t.note(`only the first ${walked?.pageSizeHonoured ? `${walked.items.length} invoices` : 'page of invoices'} were read: the list ${walked ? (walked.pageSizeHonoured ? 'has more than a walk of 100 pages reads' : 'does not honour a page size') : 'refused a page of 1'} with ${pagingNames(t.target).offset} and ${pagingNames(t.target).pageSize} (their names are gap B-GAP-3: set interface_b.paging in the target document)`);
    }
    for (const invoices of pages) {
      t.expect.status(invoices, '2xx', 'B-GAP-5', 'the invoice list could not be read');
      for (const invoice of Array.isArray(invoices.json) ? invoices.json : []) {
        const status = isObject(invoice) ? invoice.status : undefined;
        t.expect.that(status === 'pending' || status === 'successful' || status === 'failed', {
          clause: 'B-GAP-5',
          message: `invoice ${show(isObject(invoice) ? invoice.id : undefined)}${isObject(invoice) && typeof invoice.date === 'string' ? ` of ${invoice.date}` : ''}: status ${show(status)} is not pending, successful or failed`,
          expected: 'pending | successful | failed',
          received: show(status),
          exchange: invoices,
        });
      }
    }
  },
});
