import fc from 'fast-check';
import { check } from './lib/registry.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { anyHookBody, declaredHookBody, variables } from './lib/arbitraries/resources.ts';
import { B_ENDPOINTS, bPath } from './catalog/b-endpoints.ts';
import { fixtureValues, queryOf } from './catalog/b-requests.ts';
import { describeNotSent, exerciseWrites, refusedGapValues } from './catalog/b-exercise.ts';
import type { BEndpoint } from './catalog/types.ts';
import type { Account } from './lib/factories/removal.ts';
import { jobBodyFrom, stopJobOnCleanup } from './lib/factories/jobs.ts';
import { deleteScheduleOnCleanup, enabledScheduleBody } from './lib/factories/schedules.ts';
import { walkCatalogList } from './catalog/b-lists.ts';
import { simulatorNow } from './lib/target-features.ts';
import { FRESH_STAMP_SLACK_MS, NAME_FIELDS_BY_SCHEMA, expectFormats, freshStampProblems, futureStampProblems, movedStampProblem, stampOrderProblem, type StampSeen } from './lib/formats.ts';
import { otherTimeZoneTaken, restoreUserAfter, userPutBody } from './lib/factories/user.ts';
import { extensionListItems, idOf, is2xx, isObject, routeMissing, type JsonObject } from './lib/answers.ts';
import { jobStartMs, jobTimingHint, pollPastStart } from './lib/job-timing.ts';
import { requiredFields } from './lib/schemas.ts';
import { generateOpenSshKey, SSH_KEY_KINDS, type SshKeyKind } from './lib/arbitraries/ssh-keys.ts';

/**
 * Every resource of section 2 the API returns, validated against fixtures/schemas/<name>.json
 * (B-SCHEMA-1), and the format rules of section 2 (B-FMT-1: UTC timestamps, integer ids, the
 * invoice's string id). The two clauses are separate checks over the same samples, so a failure
 * names the rule that broke. The samples come from the endpoint catalog: every read whose answer
 * has a schema (extensions where the target serves them), and every undoable write of the spec
 * with the reads of what it made. Connection groups, which cannot be deleted again, are validated
 * where they are created (b-conn/group-create).
 */

interface Sample {
  what: string;
  schema: string;
  ex: Exchange;
  value: unknown;
  /** The answer of the write that made the resource (a create's): its times name the moment of the exchange. */
  made?: true;
}

function sample(what: string, schema: string, ex: Exchange, value: unknown = ex.json): Sample {
  return { what, schema, ex, value };
}

/** The resources of an answer: each item of a list, or the one resource; `whose`: which account read it, when not account 1. */
function samplesOf(t: Pick<CheckContext, 'target'>, endpoint: BEndpoint, ex: Exchange, whose = ''): Sample[] {
  const schema = endpoint.answer.schema;
  if (schema === undefined) return [];
  if (!endpoint.answer.list) return [sample(`${endpoint.key}${whose}`, schema, ex)];
  // A paged extension list keeps its items where the target document says; the spec's lists are arrays.
  const items = endpoint.source === 'extension' && endpoint.answer.paged ? extensionListItems(t.target, ex.json) : ex.json;
  return (Array.isArray(items) ? items : []).map((item, i) => sample(`${endpoint.key} item ${i}${whose}`, schema, ex, item));
}

/**
 * Schemas of shapes the spec leaves open (`simulator/...`) bind in the simulator profile only. So
 * do the answers of the real service's extensions: the spec gives them no shape, and a deployment
 * serving one may answer a list view, a summary or a wrapped user (`{"user": {...}}`) where the
 * simulator answers section 2's resource whole ("Connection (as returned by update)", say).
 */
function judged(t: CheckContext, endpoint: BEndpoint): boolean {
  const schema = endpoint.answer.schema;
  if (schema === undefined) return false;
  if (t.profile === 'simulator') return true;
  return endpoint.source === 'spec' && !schema.startsWith('simulator/');
}

/**
 * The operation that yields a sample must succeed; when it does not, that is the operation's own
 * clause (B-PKG-1, B-JOB-1, ...), not a schema or format problem.
 */
function expectOk(t: CheckContext, ex: Exchange, endpoint: BEndpoint): void {
  t.expect.status(ex, '2xx', endpoint.clause ?? 'B-SCHEMA-1', `${endpoint.key} answered ${ex.response.status}, so its resource could not be checked`);
}

/**
 * Every catalog read with a schema whose ids the fixtures give (`judged`): the spec's must
 * succeed, an extension counts where served. `owed`: the section 2 resources the spec's reads should have
 * yielded (an empty invoice list yields none). Account 1's, and the second account's where the
 * target document has one: a shape or format rolled out account by account shows only to another
 * key (reads only, safe on any target).
 */
async function readSamples(t: CheckContext): Promise<{ samples: Sample[]; owed: string[] }> {
  const out: Sample[] = [];
  const owed: string[] = [];
  const accounts: Account[] = t.target.b[1] ? [0, 1] : [0];
  for (const account of accounts) {
    const whose = account === 0 ? '' : ` (account ${account + 1})`;
    for (const endpoint of B_ENDPOINTS) {
      if (endpoint.method !== 'GET' || !judged(t, endpoint)) continue;
      const values = endpoint.id ? fixtureValues(t.fixtures(account), endpoint.id) : {};
      if (!values) continue;
      if (endpoint.source === 'spec' && endpoint.answer.paged) {
        out.push(...(await everyPageSamples(t, endpoint, account, whose)));
        if (endpoint.answer.schema) owed.push(endpoint.answer.schema);
        continue;
      }
      const query = queryOf(endpoint, t.target.interfaceB);
      const ex = await t.b(account).get(bPath(endpoint, values), query ? { query } : {});
      if (endpoint.source === 'spec') {
        expectOk(t, ex, endpoint);
        if (endpoint.answer.schema) owed.push(endpoint.answer.schema);
      } else if (!is2xx(ex)) continue; // an extension this target does not serve
      out.push(...samplesOf(t, endpoint, ex, whose));
    }
  }
  return { samples: out, owed };
}

/**
 * Every item of a paged list of the spec's (GET /invoices), page after page with the paging
 * parameters the target document names: every resource it returns is section 2's, and what a
 * deployment keeps of older records (an old billing system's invoices, far down the list) shows
 * past the first page only. A walk that could not reach the end says so in a note: what it read
 * is judged.
 */
async function everyPageSamples(t: CheckContext, endpoint: BEndpoint, account: Account, whose: string): Promise<Sample[]> {
  const walked = await walkCatalogList(t.b(account), t.target, endpoint.path);
  if ('refused' in walked) {
    expectOk(t, walked.refused, endpoint);
    return [];
  }
  if (!walked.complete) t.note(`${endpoint.key}${whose} was not walked to its end (its pages do not honour the page size, or it is longer than a walk reads): the items past the pages read were not validated`);
  return walked.exchanges.flatMap((ex, page) => (walked.pages[page] ?? []).map((item, i) => sample(`${endpoint.key} page ${page + 1} item ${i}${whose}`, endpoint.answer.schema ?? '', ex, item)));
}

/**
 * B-SCHEMA-1 names the resources of section 2 one by one: one that no sample showed (a write this
 * target refused for values the spec leaves open, one that could not be undone here, an empty
 * list) was not validated, and the clause is covered in part, saying which and why (the notes).
 */
function expectEverySampled(t: CheckContext, clause: 'B-SCHEMA-1' | 'B-FMT-1', owed: Iterable<string>, sampled: ReadonlySet<string>, where: string, why: string): void {
  const missing = [...new Set(owed)].filter((schema) => !sampled.has(schema)).sort();
  if (missing.length) t.partial(clause, `no ${missing.join(', ')} resource was ${clause === 'B-SCHEMA-1' ? 'validated' : 'seen'} ${where}: ${why}`);
}

/** A resource each of the spec's writes should have shown, or why not: a write refused shows nothing to judge. */
function expectEveryWriteSampled(t: CheckContext, clause: 'B-SCHEMA-1' | 'B-FMT-1', sampled: ReadonlySet<string>, unsampled: ReadonlyMap<string, string>): void {
  const missed = SCHEMA_WRITES.filter((e) => !sampled.has(e.answer.schema ?? '') && unsampled.has(e.key));
  expectEverySampled(t, clause, SCHEMA_WRITES.map((e) => e.answer.schema ?? ''), sampled, "from the spec's writes", missed.map((e) => `${e.key} ${unsampled.get(e.key)}`).join('; ') || 'no write answered one');
}

/** The spec's undoable writes that answer with a section 2 resource. */
const SCHEMA_WRITES = B_ENDPOINTS.filter((e) => e.source === 'spec' && e.effect === 'write' && e.answer.schema !== undefined && !e.answer.schema.startsWith('simulator/'));

const writeInput = (t: CheckContext) =>
  fc.record({
    hook: t.target.interfaceB.hooks ? fc.oneof(...t.target.interfaceB.hooks.map((declared) => declaredHookBody(declared, t.name('schema-hook'), { mayBeActive: true }))) : anyHookBody(t.name('schema-hook'), { mayBeActive: t.target.controlUrl !== undefined }),
    // Ed25519 outside the simulator profile: which SSH key types a deployment takes is its own
    // choice (b-user/ssh-key), and a refused key type shows no resource.
    keyKind: t.profile === 'simulator' ? fc.constantFrom<SshKeyKind>(...SSH_KEY_KINDS.filter((k) => k !== 'rsa')) : fc.constant<SshKeyKind>('ed25519'),
    variables,
  });

/**
 * Every undoable write of the spec that answers a resource, with generated inputs, and the reads
 * of what it made; `unsampled`: why a write gave no sample, by its key.
 */
async function writtenSamples(t: CheckContext, input: { hook: JsonObject; keyKind: SshKeyKind; variables: Record<string, string> }, unsampled: Map<string, string>, caseIndex: number): Promise<Sample[]> {
  // A key line's comment is optional, and without one the key's `comment` is still a string:
  // every other case (the first among them, so a run of two cases has both) sends a line without.
  const keyComment = caseIndex % 2 === 0 ? '' : 'disco@schema';
  const out: Sample[] = [];
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /hooks': input.hook,
    'POST /user/keys': { name: t.name('schema-key'), public_key: generateOpenSshKey(input.keyKind, keyComment).line },
  };
  const job = jobBodyFrom(t.fixtures(), input.variables);
  if (job) bodies['POST /jobs'] = job;
  const notSent = await exerciseWrites(t, { bodies, readBack: true, select: (e) => e.source === 'spec' && e.effect === 'write' && e.answer.schema !== undefined }, (endpoint, ex) => {
    const refused = refusedGapValues(t, endpoint, ex);
    if (refused) {
      const why = `${refused}, so nothing was sampled there`;
      t.note(`${endpoint.key} ${why}`);
      unsampled.set(endpoint.key, why);
      return;
    }
    expectOk(t, ex, endpoint);
    const samples = samplesOf(t, endpoint, ex);
    out.push(...(endpoint.creates !== undefined && endpoint.method === 'POST' ? samples.map((s): Sample => ({ ...s, made: true })) : samples));
  });
  if (notSent.length) t.note(describeNotSent(notSent));
  for (const { key, why } of notSent) unsampled.set(key, `not sent: ${why}`);
  return out;
}

function validateAll(t: CheckContext, samples: Sample[]): void {
  for (const s of samples) t.expect.schema(s.ex, s.schema, 'B-SCHEMA-1', s.value);
}

function formatAll(t: CheckContext, samples: Sample[]): void {
  for (const s of samples) expectFormats(t, s.ex, s.what, s.value, { stringId: s.schema === 'invoice', nameFields: NAME_FIELDS_BY_SCHEMA.get(s.schema) });
}

/**
 * No sample's created_at or updated_at lies after the answer showing it (futureStampProblems, by
 * the answer's Date header): a time written east of UTC and labelled UTC shows so on any record,
 * also one no write of the run made (a package, read only). Whether an update moves updated_at
 * is not shown, so only the future is judged. Samples with times whose answer has no Date header
 * (HTTP lets a server without a clock leave it out) are noted, not judged.
 */
function expectNoStampAhead(t: CheckContext, samples: readonly Sample[]): void {
  const undated = new Set<string>();
  for (const s of samples) {
    const judgement = futureStampProblems(s.ex, s.value);
    if ('undated' in judgement) {
      undated.add(`${s.what}: ${judgement.undated}`);
      continue;
    }
    t.expect.that(judgement.problems.length === 0, {
      clause: 'B-FMT-1',
      message: `${s.what}: a timestamp lies after the answer that shows it, by the target's own clock (its Date header): a UTC time cannot name a moment to come for a record made or changed already`,
      expected: `no created_at or updated_at more than ${FRESH_STAMP_SLACK_MS / 1000} s after the answer's Date`,
      received: judgement.problems.join('; '),
      exchange: s.ex,
    });
  }
  if (undated.size) t.note(`${undated.size} resource${undated.size === 1 ? '' : 's'} read or changed had created_at or updated_at but no Date header to set them against (the target's clock), so whether those name a moment to come (a local time labelled UTC) was not seen: ${[...undated].slice(0, 3).join('; ')}`);
}

/**
 * Each record's updated_at against its created_at, and answer after answer (`seen`, by schema and id, across the property's
 * cases): where it moved, the move names a change after the answer that showed it before, so a
 * time before that answer (its Date header, less FRESH_STAMP_SLACK_MS) is not the UTC moment it
 * says. An update's time west of UTC labelled UTC lies in the past, where expectNoStampAhead does
 * not look; a record made before the run (the user) is not judged by freshness either.
 */
function expectMovedStampsLater(t: CheckContext, samples: readonly Sample[], seen: Map<string, StampSeen>): void {
  for (const s of samples) {
    // Nor does a change precede the record's making: updated_at is not before created_at.
    const disorder = stampOrderProblem(s.value);
    if (disorder) {
      t.expect.that(false, {
        clause: 'B-FMT-1',
        message: `${s.what}: updated_at lies before created_at: UTC times of a record cannot name a change before its making`,
        expected: 'updated_at not before created_at',
        received: disorder,
        exchange: s.ex,
      });
    }
    if (!isObject(s.value) || s.value.id === undefined || s.value.id === null) continue;
    const key = `${s.schema} ${String(s.value.id)}`;
    const judged = movedStampProblem(seen.get(key), s.ex, s.value);
    if (judged.seen) seen.set(key, judged.seen);
    if (!judged.problem) continue;
    t.expect.that(false, {
      clause: 'B-FMT-1',
      message: `${s.what}: updated_at moved to a moment before an earlier answer that showed the record: a UTC time of a later change cannot name a moment before it`,
      expected: `an updated_at as before, or not before that answer's Date (less ${FRESH_STAMP_SLACK_MS / 1000} s)`,
      received: judged.problem,
      exchange: s.ex,
    });
  }
}

check({
  id: 'b-schema/read-resources',
  clauses: ['B-SCHEMA-1'],
  title: 'B-SCHEMA-1: every resource read through the endpoint catalog (packages, invoices, connection types, and in the simulator profile the extensions\' jobs, hooks, SSH keys, connections and the user), with account 1\'s key and the second account\'s where the target document has one, has the fields and types of section 2',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    const { samples, owed } = await readSamples(t);
    validateAll(t, samples);
    expectEverySampled(t, 'B-SCHEMA-1', owed, new Set(samples.map((s) => s.schema)), "from the spec's reads", 'the read answered no such resource (an empty list)');
    t.note(`${samples.length} resources validated`);
  },
});

check({
  id: 'b-schema/read-formats',
  clauses: ['B-FMT-1'],
  title: 'B-FMT-1: resources as read (by the spec\'s reads; in the simulator profile the extensions\' too), with account 1\'s key and the second account\'s where the target document has one, carry UTC ISO 8601 timestamps and integer ids (the invoice id a string), none of their created_at and updated_at after the answer (by its Date header)',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    const { samples } = await readSamples(t);
    formatAll(t, samples);
    expectNoStampAhead(t, samples);
    // The invoice's id is the one the spec states a string: unseen, that part of the rule was not judged.
    if (!samples.some((s) => s.schema === 'invoice')) t.partial('B-FMT-1', 'no invoice was read (the invoice lists read are empty), so the invoice id, the one string id of section 2, was not seen');
  },
});

check({
  id: 'b-schema/written-resources',
  clauses: ['B-SCHEMA-1'],
  title: 'B-SCHEMA-1: every resource the spec\'s undoable writes answer (jobs, hooks and their reset, SSH keys, the user, connections) and the reads of what they made have the fields and types of section 2',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const sampled = new Set<string>();
    const unsampled = new Map<string, string>();
    let cases = 0;
    await t.property('every written resource validates', writeInput(t), async (input) => {
      const samples = await writtenSamples(t, input, unsampled, cases++);
      for (const s of samples) sampled.add(s.schema);
      validateAll(t, samples);
    }, { runs: t.target.controlUrl ? 5 : 2 });
    expectEveryWriteSampled(t, 'B-SCHEMA-1', sampled, unsampled);
    await jobStoppedWhileRunning(t);
    await memberJob(t);
    // b-schema/scheduled-job validates a job a schedule started, on the control API's clock only.
    if (t.target.controlUrl === undefined) t.note("no job a schedule started (its creator a schedule) was validated: an enabled schedule would start a real job on this deployment at a real time, so none is made without the control API (b-schema/scheduled-job runs where it moves the simulator's clock)");
  },
});

/**
 * A job stopped once seen running, its stop's answer and a read after it validated as section 2's
 * job: a run cut short has a run time of its own (runtime_in_seconds, an integer), which neither
 * the jobs the writes above make nor any other check's (stopped at once, before they run) show.
 * Seeing it running and stopping it go through the job read and DELETE /jobs/{id}, extensions: in
 * the simulator profile judged as in the reads above, elsewhere where the answer shows every field
 * of section 2's job (a view of its own, a summary, says nothing of the resource). Real time: the
 * target document's job_start_seconds for the job to run.
 */
async function jobStoppedWhileRunning(t: CheckContext): Promise<void> {
  const unseen = 'so a job stopped while it ran was not validated';
  const body = jobBodyFrom(t.fixtures());
  if (!body) return;
  const ex = await t.b().post('/jobs', { body });
  const id = idOf(ex);
  if (!is2xx(ex) || id === undefined) return t.note(`POST /jobs answered ${ex.response.status}${is2xx(ex) ? " without the job's id" : ''}, ${unseen}`);
  stopJobOnCleanup(t, id);
  let last: unknown;
  const status = await pollPastStart(t, async () => {
    const read = await t.b().get(`/jobs/${id}`);
    last = isObject(read.json) ? read.json.status : undefined;
    return is2xx(read) && typeof last === 'string' ? last : 'unreadable';
  });
  if (status === 'unreadable') return t.note(`GET /jobs/${id} (an extension) did not show the job's status, ${unseen}`);
  if (status !== 'running') return t.partial('B-SCHEMA-1', `job ${id} was not seen running within ${jobStartMs(t.target) / 1000} s (last seen ${typeof last === 'string' ? last : 'unknown'}) ${jobTimingHint('job_start_seconds')}, ${unseen}`);
  const stop = await t.b().delete(`/jobs/${id}`);
  if (!is2xx(stop)) return t.note(`DELETE /jobs/${id} (the real service's stop, an extension) answered ${stop.response.status}, ${unseen}`);
  const read = await t.b().get(`/jobs/${id}`);
  let judged = 0;
  for (const answer of [stop, read]) {
    if (!is2xx(answer) || !isObject(answer.json) || !jobSchemaBinds(t, answer.json)) continue;
    t.expect.schema(answer, 'job', 'B-SCHEMA-1', answer.json);
    judged++;
  }
  if (judged === 0) t.note(`neither DELETE /jobs/${id} nor GET /jobs/${id} (extensions) answered every field of section 2's job, ${unseen}`);
}

/** Whether section 2's job schema binds on an extension's answer: in the simulator profile always, elsewhere where it shows every field of the job. */
function jobSchemaBinds(t: CheckContext, job: JsonObject): boolean {
  return t.profile === 'simulator' || requiredFields('job').every((field) => field in job);
}

/**
 * A job another user of the account made (member_api_key's), validated as the POST /jobs answer:
 * a job's `creator` is its maker, and the jobs above are api_key's user's (the account's owner,
 * likely), so a creator shown otherwise for the other users (its id as text, read from another
 * table) shows only here. One job, last in the check so that its cleanup stops it at once: a job
 * costs a real target cluster time. Where it cannot be made, a note says what was not seen.
 */
async function memberJob(t: CheckContext): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  const unseen = "so a job made by another user of the account than api_key's (its creator) was not validated";
  if (memberKey === undefined) return t.note(`the target document gives no member_api_key (a key of a second user of account 1), ${unseen}`);
  const body = jobBodyFrom(t.fixtures());
  if (!body) return;
  const member = t.bWithKey(memberKey);
  const ex = await member.post('/jobs', { body });
  const id = idOf(ex);
  // Which roles may start jobs is not shown (section 5): a member may be refused.
  if (!is2xx(ex) || id === undefined) return t.note(`POST /jobs with member_api_key answered ${ex.response.status}${is2xx(ex) ? ' without the job\'s id' : ''}, ${unseen}`);
  stopJobOnCleanup(t, id, 0, member);
  t.expect.schema(ex, 'job', 'B-SCHEMA-1');
}

/**
 * How far ahead of the target's clock the schedule's first run is set, and how far past it the
 * clock is then moved, step by step, until the job it started is listed: the spec gives a
 * schedule's run no timing, and a scheduler may be a queue worker that takes a due slot a while
 * after it comes. The simulator's first step shows it.
 */
const SCHEDULE_LEAD_MS = 60_000;
const PAST_SCHEDULE_START_STEPS_MS = [30_000, 60_000, 120_000, 300_000];

/**
 * The jobs of a job list page that a schedule started of `packageId` (by package id or the job's
 * `package.id`): `creator.type` Schedule, in any case (section 2 types it a string and names no
 * values).
 */
function scheduledJobsOf(page: unknown, packageId: number): JsonObject[] {
  if (!Array.isArray(page)) return [];
  return page.filter((job): job is JsonObject => {
    if (!isObject(job) || !isObject(job.creator) || typeof job.creator.type !== 'string' || job.creator.type.toLowerCase() !== 'schedule') return false;
    return job.package_id === packageId || (isObject(job.package) && job.package.id === packageId);
  });
}

check({
  id: 'b-schema/scheduled-job',
  clauses: ['B-SCHEMA-1'],
  title: 'B-SCHEMA-1: a job a schedule started (an enabled schedule of the fixture package, the simulator clock moved past its start) has the fields and types of section 2\'s job, its creator\'s integer id among them, in the job list and read alone',
  // An enabled schedule starts a real job at a real time: made only where the control API shows
  // the target is the simulator and moves its clock past the start.
  needs: ['b', 'write', 'control', 'fixture:package_id'],
  async run(t) {
    const unseen = "so a job a schedule started (its creator a schedule, not a user) was not validated";
    const packageId = t.fixtures().package_id;
    const name = t.name('schema-schedule');
    const body = enabledScheduleBody(name, t.fixtures(), (await simulatorNow(t)) + SCHEDULE_LEAD_MS);
    if (packageId === undefined || !body) return;
    const created = await t.b().post('/schedules', { body });
    const scheduleId = idOf(created);
    // Schedules are an extension of the real service: a target without them shows no such job.
    if (!is2xx(created) || scheduleId === undefined) {
      const why = routeMissing(created) ? 'this target serves no schedules' : 'the schedule was not made';
      return t.partial('B-SCHEMA-1', `POST /schedules (an extension) answered ${created.response.status}${is2xx(created) ? " without the schedule's id" : ''}: ${why}, ${unseen}`);
    }
    deleteScheduleOnCleanup(t, scheduleId);
    // Found by what it is (its package, made by a schedule), not by the ids this run holds: a
    // gateway may rewrite ids, and the job's id was never answered to the run.
    await t.advanceClock(SCHEDULE_LEAD_MS);
    let past = 0;
    let walked: Awaited<ReturnType<typeof walkCatalogList>> | undefined;
    for (const step of PAST_SCHEDULE_START_STEPS_MS) {
      await t.advanceClock(step);
      past += step;
      walked = await walkCatalogList(t.b(), t.target, '/jobs', { maxPages: 2 });
      if ('refused' in walked) return t.partial('B-SCHEMA-1', `GET /jobs (an extension) answered ${walked.refused.response.status}, ${unseen}`);
      if (walked.exchanges.some((ex) => scheduledJobsOf(ex.json, packageId).length > 0)) break;
    }
    if (walked === undefined || 'refused' in walked) return;
    let judged = 0;
    for (const ex of walked.exchanges) {
      for (const job of scheduledJobsOf(ex.json, packageId)) {
        if (typeof job.id === 'number') stopJobOnCleanup(t, job.id);
        if (jobSchemaBinds(t, job)) {
          t.expect.schema(ex, 'job', 'B-SCHEMA-1', job);
          judged++;
        }
        if (typeof job.id !== 'number') continue;
        const read = await t.b().get(`/jobs/${job.id}`);
        if (is2xx(read) && isObject(read.json) && jobSchemaBinds(t, read.json)) {
          t.expect.schema(read, 'job', 'B-SCHEMA-1', read.json);
          judged++;
        }
      }
    }
    if (judged === 0) return t.partial('B-SCHEMA-1', `no job of package ${packageId} made by a schedule (creator.type schedule, in any case) showed every field of section 2's job in GET /jobs up to ${past / 1000} s past the schedule's first run (simulator clock), ${unseen}`);
    t.note(`${judged} answers about a job schedule "${name}" started validated`);
  },
});

check({
  id: 'b-schema/written-formats',
  clauses: ['B-FMT-1'],
  title: 'B-FMT-1: created and updated resources carry UTC ISO 8601 timestamps and integer ids, a job the second account starts (where the target document has one) among them; a resource just made carries the moment of its making, and no created_at or updated_at an update or a read answers lies after that answer (by its Date header), and no updated_at lies before its record\'s created_at, nor, where it moved, before an earlier answer that showed the record',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const sampled = new Set<string>();
    const unsampled = new Map<string, string>();
    let cases = 0;
    await userAwayFromUtc(t);
    const unjudgedMoments = new Set<string>();
    let judgedMoments = 0;
    const updatedSeen = new Map<string, StampSeen>();
    await t.property('every written resource has UTC timestamps and integer ids', writeInput(t), async (input) => {
      const samples = await writtenSamples(t, input, unsampled, cases++);
      for (const s of samples) sampled.add(s.schema);
      formatAll(t, samples);
      // Updates and reads: their times may name any moment before the answer, none after it.
      expectNoStampAhead(t, samples.filter((m) => !m.made));
      // A record's updated_at that moved since an earlier answer showed it (a case before, the
      // write before its read) names a moment after that answer, not one before it.
      expectMovedStampsLater(t, samples, updatedSeen);
      for (const s of samples.filter((m) => m.made)) {
        const judgement = freshStampProblems(s.ex, s.value);
        if ('unjudged' in judgement) {
          unjudgedMoments.add(`${s.what}: ${judgement.unjudged}`);
          continue;
        }
        judgedMoments++;
        t.expect.that(judgement.problems.length === 0, {
          clause: 'B-FMT-1',
          message: `${s.what}: the resource just made does not carry the moment it was made: its UTC timestamps must name the time of the exchange, by the target's own clock (the answer's Date header)`,
          expected: `within ${FRESH_STAMP_SLACK_MS / 1000} s of the exchange, by its Date header`,
          received: judgement.problems.join('; '),
          exchange: s.ex,
        });
      }
    }, { runs: t.target.controlUrl ? 5 : 2 });
    if (unjudgedMoments.size) t.note(`${judgedMoments ? 'some' : 'no'} resource${judgedMoments ? 's' : ''} just made had its created_at and updated_at set against the answer's Date header (the target's clock), so whether ${judgedMoments ? 'those' : 'they'} name the right moment (not a local time labelled UTC) was not seen: ${[...unjudgedMoments].slice(0, 3).join('; ')}`);
    // A write refused shows no timestamp and no id: the clause was not judged on what it makes.
    expectEveryWriteSampled(t, 'B-FMT-1', sampled, unsampled);
    await secondAccountJob(t);
  },
});

/**
 * The writes of b-schema/written-formats made with api_key's user in a time zone away from UTC:
 * a service that writes every resource's times in the caller's zone (Rails' Time.zone set from
 * the current user) answers "+09:00" times only to a user who stands in one, and the users the
 * run reads and writes with otherwise stay in their own zone (UTC in most seeds). B-FMT-1 asks
 * for UTC whoever asks. The first zone of otherTimeZoneTaken's (New York or Tokyo, by IANA or the
 * real service's names) the target takes; the user is put back by the cleanup rule of
 * restoreUserAfter. A target that serves no GET /user, or takes no other zone, leaves a note.
 */
async function userAwayFromUtc(t: CheckContext): Promise<void> {
  const restored = await restoreUserAfter(t);
  const unseen = "so the writes were made with api_key's user in its own time zone, and times written in the caller's zone were not looked for";
  if (!restored) return t.note(`GET /user (an extension) did not answer the user, ${unseen}`);
  const own = typeof restored.user.time_zone === 'string' && restored.user.time_zone !== '' ? restored.user.time_zone : 'UTC';
  const taken = await otherTimeZoneTaken(t.b(), userPutBody(restored.user), own);
  if (taken.zone === undefined) return t.note(`PUT /user took none of the time zones ${taken.tried.join(', ')} (the spec fixes no names), ${unseen}`);
  t.note(`the writes were made with api_key's user in time zone ${taken.zone} (its own ${own}, put back after)`);
}

/**
 * A job of the second account, made here and its answer judged: the writes above are account 1's,
 * and the reads of b-schema/read-formats show account 2's jobs only where another check happened
 * to make one there first, so a format rolled out account by account (a later account's job
 * written without T and zone) showed or not by check order. One job, stopped on cleanup, where the
 * target document has a second account with its fixture package and cluster; noted otherwise.
 */
async function secondAccountJob(t: CheckContext): Promise<void> {
  const unseen = 'so no job of another account than account 1 was judged';
  if (t.target.b[1] === undefined) return t.note(`the target document has one account, ${unseen}`);
  const body = jobBodyFrom(t.fixtures(1));
  if (!body) return t.note(`account 2's fixtures give no package_id and cluster_id to start a job with, ${unseen}`);
  const ex = await t.b(1).post('/jobs', { body });
  const id = idOf(ex);
  if (id !== undefined && is2xx(ex)) stopJobOnCleanup(t, id, 1);
  const endpoint = B_ENDPOINTS.find((e) => e.key === 'POST /jobs');
  if (endpoint === undefined) return;
  expectOk(t, ex, endpoint);
  formatAll(t, samplesOf(t, endpoint, ex, ' (account 2)'));
}
