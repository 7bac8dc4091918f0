import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { uniqueName, withFreshName } from './lib/unique-names.ts';
import { noteOnce } from './lib/notes.ts';
import { nonIdSegment, absentIdFrom, nonIntegerIdNear } from './lib/arbitraries/ids-and-paths.ts';
import type { Account } from './lib/factories/removal.ts';
import { type Transition, archivablePipeline, createPipeline, definitionIn, historyOf, makePipeline, readDefinition, readDefinitionTwice, definitionChanges, readPipeline, type DefinitionTwice, showTransitions, startPipeline } from './lib/factories/pipelines.ts';
import { documentBody, type DocumentFormat } from './lib/documents.ts';
import { type JsonObject, createdId, errorObjectA, is2xx, isObject, jsonChanges, recordIn, requestLine, sameJson, showChanges } from './lib/answers.ts';
import { idPlusPowerOfTwo } from './lib/big-ids.ts';
import { type Document, MOST_TABLES, plainDefinition, validDefinition, wideDefinition } from './lib/arbitraries/definitions.ts';
import { DAY_S, WEEK_S, logUniformSeconds } from './lib/arbitraries/durations.ts';
import { describeResponse } from './lib/expect.ts';
import { CHANGE_BOOKKEEPING } from './lib/comparison.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { aEndpoint } from './catalog/a-endpoints.ts';
import { aRoute, aSend, definitionFormat, pathWithId, pipelineOperations, pipelineState, validOptions } from './catalog/a-requests.ts';
import type { AEndpoint } from './catalog/types.ts';
import type { ARoute } from './lib/types.ts';
import { foundPipeline } from './lib/evidence.ts';
import { withKey } from './lib/clients.ts';
import { keyValueIn, revokeIfCreated } from './lib/factories/api-keys.ts';
import { aTargetFindsPipelines } from './lib/controls.ts';

/*
 * A-PIPE-1, A-PIPE-2: DELETE /pipelines/{id} archives the caller's pipeline (200). A deployed one
 * is stopped and torn down first; one that is not deployed is archived and nothing else happens.
 * Whose key sends the DELETE does not matter: A-AUTH-5 sets only key management apart for
 * admins, so the deployed cases send theirs with account 1's admin key or, at random, its
 * non-admin key (`pipeline_key`, where the target document gives one).
 * What any target shows: the DELETE is 200 and, where the archived pipeline can be read back,
 * it is archived. In the simulator profile its history (the simulator's words, A-GAP-2) says
 * whether it stopped and tore down first, or did nothing else, and `deployed_at` is null. Where
 * the document declares the definition read, a not-deployed pipeline's definition is the same after.
 * A-PIPE-3: the id is an integer; DELETE of anything else is a 4xx with the error object (every
 * operation, on the simulator); X-ROB-1: never a 5xx.
 */

/**
 * The pipeline after its DELETE, as the target names its states (`interface_a.pipeline_states`):
 * archived, which is not deployed. In the simulator profile also its own fields: `archived_at`
 * set, `deployed_at` null. A state the document maps to none of the spec's leaves the rule covered
 * in part.
 */
function expectArchived(t: CheckContext, body: JsonObject, ex: Exchange, clause: string, by: string): void {
  const state = pipelineState(t, body);
  if (state.spec === undefined) {
    t.partial(clause, `after DELETE the pipeline's ${state.field} is ${state.name === undefined ? 'absent' : JSON.stringify(state.name)}, which interface_a.pipeline_states of the target document maps to none of deployed, not deployed, archived`);
  } else {
    t.expect.that(state.spec === 'archived', { clause, message: `after DELETE${by} the pipeline is ${state.spec.replace('_', ' ')} (${state.field} ${JSON.stringify(state.name)}), not archived`, expected: 'an archived state', received: `${state.field} ${JSON.stringify(state.name)}`, exchange: ex });
  }
  if (t.profile !== 'simulator') return;
  t.expect.that(typeof body.archived_at === 'string' && body.deployed_at === null, {
    clause,
    message: `after DELETE${by} the pipeline is not archived, or still deployed`,
    expected: 'archived_at set, deployed_at null',
    received: JSON.stringify({ archived_at: body.archived_at, deployed_at: body.deployed_at }),
    exchange: ex,
  });
}

/**
 * Fields a DELETE may change on any target: the described state field and any other field that
 * names a state (a target may show a coarse and a detailed one), the record's bookkeeping of its
 * own changes (when it was last changed, under any name, a revision or version counter, an etag),
 * the archive shown in other words (when it was archived or deleted, whether it is active or
 * enabled, the links to what may be done with it now), and its history. Anything else (a
 * deployment time, a run count, its definition or name) is an effect A-PIPE-2 rules out: the
 * spec's "nothing else" sets the not-deployed pipeline apart from the deployed one, which is
 * stopped and torn down first.
 */
function archiveMayChange(t: CheckContext, key: string): boolean {
  return key === pipelineState(t, {}).field || /state|status|phase/i.test(key) || CHANGE_BOOKKEEPING.test(key) || key === 'history' || ARCHIVE_IN_OTHER_WORDS.test(key);
}

const ARCHIVE_IN_OTHER_WORDS = /archiv|delet|remov|activ|enabl|disabl|^_?links$/i;

/**
 * A-PIPE-2's "nothing else", on any target that serves reads: every field of the pipeline but
 * its state, the time it was changed or archived, and those that move by themselves, is as it was
 * before the DELETE. A field moves by itself (a time it was last observed, say) when it differs
 * between `before` and `again`, a second read with nothing done; two reads a moment apart can
 * show such a time equal (the same millisecond, or second on a coarser clock), so a field seen
 * changed by the DELETE is read twice more, the second time over a second later, and is set aside
 * where it moves between those reads too.
 */
async function expectNothingElse(t: CheckContext, id: number, before: JsonObject, after: JsonObject, ex: Exchange, again: JsonObject | undefined): Promise<void> {
  const volatile = again ? volatileFields(before, again) : new Set<string>();
  let changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !archiveMayChange(t, k) && !volatile.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  for (const pauseMs of [0, MOVES_BY_ITSELF_PAUSE_MS]) {
    if (changed.length === 0) break;
    if (pauseMs > 0) await t.sleep(pauseMs);
    const later = await readMetadata(t, id);
    if (later === undefined) break;
    const moved = volatileFields(after, later);
    changed = changed.filter((k) => !moved.has(k));
  }
  t.expect.that(changed.length === 0, {
    clause: 'A-PIPE-2',
    message: `DELETE of a pipeline that is not deployed changed more than its state: ${changed.join(', ')}`,
    expected: 'only the state and the archive time change',
    received: changed.map((k) => `${k}: ${JSON.stringify(before[k])} -> ${JSON.stringify(after[k])}`).join('; '),
    exchange: ex,
  });
}

/**
 * A-PIPE-2's "nothing else" for the definition: read after the DELETE, it is the one read before
 * (as JSON values, key order free; top-level keys the archive may change, as in the metadata, and
 * those that moved between the two reads before, aside). Reading an archived pipeline's
 * definition is not in the spec: outside the simulator profile, a 4xx after leaves it unjudged.
 */
async function expectDefinitionKept(t: CheckContext, id: number, before: DefinitionTwice | undefined): Promise<void> {
  // Not read before (no definition read, or it failed): nothing to hold the definition to.
  if (before === undefined || 'unreadable' in before) return;
  const after = await readDefinition(t, id);
  if (after.ex.response.status >= 400 && after.ex.response.status < 500 && t.profile !== 'simulator') {
    t.partial('A-PIPE-2', `the definition read answers ${after.ex.response.status} after the DELETE, so the definition was not seen unchanged`);
    return;
  }
  const changed = 'value' in after ? definitionChanges(before.first, before.again, after.value, (k) => archiveMayChange(t, k)) : ['(the definition could not be read)'];
  // Only what changed, a secret's value as the marker: a definition holds connection credentials.
  const shown = 'value' in after ? showChanges(jsonChanges(before.first, after.value, changed)) : undefined;
  t.expect.that(changed.length === 0, {
    clause: 'A-PIPE-2',
    message: `DELETE of a pipeline that is not deployed changed its definition: ${shown?.paths ?? changed.join(', ')}`,
    expected: shown ? `the definition as before: ${shown.before}` : 'the definition as before',
    received: shown?.after ?? describeResponse(after.ex),
    exchange: after.ex,
  });
}


/** Over a second: a time written to the second moves between two reads this far apart. */
const MOVES_BY_ITSELF_PAUSE_MS = 1_100;

/** The fields whose values differ between two reads of the same pipeline with nothing done between them. */
function volatileFields(first: JsonObject, second: JsonObject): Set<string> {
  return new Set([...Object.keys(first), ...Object.keys(second)].filter((k) => JSON.stringify(first[k]) !== JSON.stringify(second[k])));
}

/** The state changes the DELETE made (time's own ones, the end of an initial sync, aside). */
function addedBy(before: Transition[], after: Transition[]): Transition[] {
  return after.slice(before.length).filter((e) => e.reason !== 'initial_sync_completed');
}

/**
 * A-PIPE-1's order in the simulator's history words: stopped, then torn down, then archived.
 * The history and its words are the simulator's (A-GAP-2), so this is judged in the simulator
 * profile only.
 */
function expectStoppedAndTornDown(t: CheckContext, added: Transition[], stateBefore: unknown, ex: Exchange, what: string): void {
  const expected: Transition[] = [
    { from: String(stateBefore), to: 'stopping', reason: 'archive' },
    { from: 'stopping', to: 'tearing_down', reason: 'stopped' },
    { from: 'tearing_down', to: 'archived', reason: 'torn_down' },
  ];
  t.expect.that(showTransitions(added) === showTransitions(expected), {
    clause: 'A-PIPE-1',
    message: `DELETE of ${what} did not stop it and tear it down before archiving it`,
    expected: showTransitions(expected),
    received: showTransitions(added),
    exchange: ex,
  });
}

/** A-PIPE-2 in the simulator's history: the DELETE added `not_deployed -> archived` and nothing else. */
function expectOnlyArchived(t: CheckContext, added: Transition[], ex: Exchange): void {
  const only = added.length === 1 && added[0]?.to === 'archived' && added[0].from === 'not_deployed' && added[0].reason === 'archive';
  t.expect.that(only, {
    clause: 'A-PIPE-2',
    message: 'DELETE of a pipeline that is not deployed did more than archive it',
    expected: 'not_deployed -> archived (archive), nothing else',
    received: showTransitions(added),
    exchange: ex,
  });
}

/**
 * DELETE (with account 1's admin key, or its non-admin key where `nonAdminKey` is given), then
 * the pipeline as read afterwards (empty when the target does not serve reads).
 */
async function archive(t: CheckContext, id: number, clause: string, nonAdminKey?: string, account: Account = 0, keyLabel = 'the non-admin key'): Promise<{ deleted: Exchange; after: JsonObject; read?: Exchange }> {
  const deleted = await aSend(t, nonAdminKey === undefined ? t.a(account) : withKey(t, nonAdminKey), 'pipelines.archive', id);
  const by = nonAdminKey === undefined ? (account === 0 ? '' : ` with account ${account + 1}'s key`) : ` with ${keyLabel}`;
  foundPipeline(t, id, deleted, `the archiving of account ${account + 1}'s own pipeline ${id}${by}`);
  t.expect.status(deleted, 200, clause, `DELETE /pipelines/${id} of the caller's own pipeline${by} answered ${deleted.response.status}, expected 200`);
  // A 200 alone does not show that anything was archived: without a read of the pipeline after,
  // the clause is covered in part.
  if (aRoute(t, 'pipelines.read') === null) {
    t.partial(clause, 'the target document says pipelines are not read (interface_a.operations.pipelines.read is null), so the pipeline was not seen archived: only the 200 of the DELETE was judged');
    return { deleted, after: {} };
  }
  const read = await aSend(t, t.a(account), 'pipelines.read', id);
  if (read.response.status >= 400 && read.response.status < 500) {
    // Reading an archived pipeline is not in the spec: 404, 410 or 403 are all the target's to
    // choose. The simulator's convention keeps it readable (a gap, A-GAP-1), binding in its profile.
    if (t.profile === 'simulator') t.expect.status(read, 200, 'A-GAP-1', `the pipeline read of pipeline ${id} answers ${read.response.status} after its DELETE: the simulator's convention (docs/interface-a.md) keeps archived pipelines readable`);
    t.partial(clause, `the pipeline read answers ${read.response.status} after the DELETE, so the pipeline was not seen archived: only the 200 of the DELETE was judged`);
    return { deleted, after: {}, read };
  }
  if (read.response.status !== 200 || typeof read.json !== 'object' || read.json === null) throw new Error(`could not read the archived pipeline: ${describeResponse(read)}`);
  const after = read.json as JsonObject;
  expectArchived(t, after, read, clause, by);
  return { deleted, after, read };
}

interface DeployedCase {
  format: DocumentFormat;
  restart: boolean;
  /** How the deployed pipeline is redeployed before its DELETE: a changed description, or a rename. */
  redeploy: 'none' | 'description' | 'name';
  /** Whose key sends the DELETE: account 1's admin key, or its non-admin key (the admin's where the target gives none). */
  key: 'admin' | 'non-admin';
  /** Whether the pipeline's name (and the one it is renamed to) has a space, where the target takes one. */
  spaced: boolean;
}

// A rename matters of its own: a runtime that addresses the deployment by the name it was started
// under finds nothing to tear down once the pipeline is renamed.
// A name with a space matters of its own: a runtime whose teardown puts the name in a URL
// unescaped is refused there, and a service that archives all the same leaves it running.
// The non-admin key matters of its own: a service that forwards the stop to its runtime with the
// caller's key, which the runtime refuses unless it is an admin's, archives the pipeline still running.
const deployedCases = fc.record({ format: fc.constantFrom<DocumentFormat>('json', 'yaml'), restart: fc.boolean(), redeploy: fc.constantFrom<DeployedCase['redeploy']>('none', 'description', 'name'), key: fc.constantFrom<DeployedCase['key']>('admin', 'non-admin'), spaced: fc.boolean() });

/** The one-off cases' pipeline: JSON, started once, not redeployed, deleted with account 1's admin key, its name without a space. */
const PLAIN_CASE: DeployedCase = { format: 'json', restart: false, redeploy: 'none', key: 'admin', spaced: false };

/** Account 1's non-admin key, where the target document gives one (`pipeline_key`). */
function nonAdminKey(t: CheckContext): string | undefined {
  return t.target.a[0]?.nonAdminKey || undefined;
}

/** A-PIPE-1 seen with the admin key only: the target document gives account 1 no non-admin key. */
function noteAdminOnly(t: CheckContext): void {
  if (nonAdminKey(t) === undefined) t.note('every deployed pipeline was deleted with account 1\'s admin key: the target document gives account 1 no pipeline_key, so a non-admin key\'s DELETE (which A-PIPE-1 rules alike: A-AUTH-5 sets only key management apart) was not seen');
}

/** The pipeline's metadata (before or after its DELETE), where the target serves reads and answers 200. */
async function readMetadata(t: CheckContext, id: number): Promise<JsonObject | undefined> {
  if (aRoute(t, 'pipelines.read') === null) return undefined;
  const ex = await aSend(t, t.a(), 'pipelines.read', id);
  return ex.response.status === 200 && isObject(ex.json) ? ex.json : undefined;
}

/**
 * A-PIPE-1 and A-PIPE-2 on account 1's archivable fixture pipeline (`fixtures.archivable_pipelines`),
 * which needs nothing but the spec's DELETE: 200, and where reads are served, archived after (and,
 * for one not deployed, nothing else changed). Returns false when there is no such fixture.
 */
async function archiveFixture(t: CheckContext, which: 'deployed' | 'not_deployed', clause: 'A-PIPE-1' | 'A-PIPE-2'): Promise<boolean> {
  const id = archivablePipeline(t, 0, which);
  if (id === undefined) return false;
  const before = await readMetadata(t, id);
  const asGiven = before === undefined || pipelineState(t, before).spec === which;
  if (before && !asGiven) t.partial(clause, `the fixture pipeline ${id} given as ${which.replace('_', ' ')} is ${describeState(pipelineState(t, before))} before its DELETE`);
  // A second read, with nothing done, tells which fields move by themselves.
  const again = clause === 'A-PIPE-2' && before ? await readMetadata(t, id) : undefined;
  const definition = clause === 'A-PIPE-2' && asGiven ? await readDefinitionTwice(t, id) : undefined;
  const { after, read } = await archive(t, id, clause);
  await expectDefinitionKept(t, id, definition);
  // "Nothing else" is the rule for a pipeline not deployed: one shown otherwise may be torn down.
  if (clause === 'A-PIPE-2' && before && asGiven && read?.response.status === 200) await expectNothingElse(t, id, before, after, read, again);
  t.note(`archived the fixture pipeline ${id} (${which.replace('_', ' ')}); give a fresh one in fixtures.archivable_pipelines for the next run`);
  return true;
}

/** How a deployed case's pipeline is made, started and deleted, besides the case's own choices. */
interface DeployedHow {
  /** Whose pipeline it is: that account's admin key makes, starts and reads it (account 1 unless said). */
  account?: Account;
  /** A key the run made through key management, which sends the DELETE in place of the case's. */
  madeKey?: string;
  /** A key that sends the start in place of the account's admin key, and how messages name it. */
  startKey?: { key: string; label: string };
  /** What the pipeline is, for messages (`a pipeline of 1000 tables`); a deployed pipeline unless said. */
  what?: string;
  /** Whether the pipeline is started a second time, while deployed, before its DELETE. */
  startTwice?: boolean;
  /** Done after the start (and any redeploy), before the pipeline is read and deleted: why it could not be done, if it could not. */
  beforeDelete?: () => Promise<string | undefined>;
}

/** Creates, starts and deletes a pipeline; why it was not deployed at its DELETE, if it was not. */
async function deleteDeployed(t: CheckContext, document: JsonObject, c: DeployedCase, waitMs: number, how: DeployedHow = {}): Promise<string | undefined> {
  const id = await createCasePipeline(t, document, c, how.account);
  return deployAndDelete(t, id, document, c, waitMs, how);
}

/**
 * Starts (with `how.startKey` where given), lets time pass and deletes pipeline `id`, made from
 * `document`; why it was not deployed at its DELETE, if it was not (a start the key was refused
 * among the reasons: nothing was judged then).
 */
async function deployAndDelete(t: CheckContext, id: number, document: JsonObject, c: DeployedCase, waitMs: number, how: DeployedHow = {}): Promise<string | undefined> {
  const { account = 0, madeKey, startKey } = how;
  if (startKey === undefined) await startPipeline(t, account, id);
  else {
    const started = await aSend(t, withKey(t, startKey.key), 'pipelines.start', id);
    if (!is2xx(started)) return `${requestLine(started)} with ${startKey.label} answered ${started.response.status} (starting is the target's to rule, A-GAP-1)`;
  }
  if (how.startTwice) {
    const again = await aSend(t, t.a(account), 'pipelines.start', id);
    if (!is2xx(again)) return `${requestLine(again)}, a second start of the pipeline just started, answered ${again.response.status} (starting is the target's to rule, A-GAP-1)`;
  }
  if (c.restart) {
    await aSend(t, t.a(), 'pipelines.stop', id);
    await startPipeline(t, 0, id);
  }
  if (c.redeploy === 'description') await aSend(t, t.a(), 'pipelines.update', id, { body: { description: `redeployed ${id}` } });
  if (c.redeploy === 'name') await renameDeployed(t, id, document, c.spaced);
  if (waitMs > 0) await t.advanceClock(waitMs);
  const undone = how.beforeDelete === undefined ? undefined : await how.beforeDelete();
  if (undone !== undefined) return undone;
  const { body: before } = await readPipeline(t, account, id);
  // A-PIPE-1 is about a deployed pipeline: one the target shows otherwise (still starting, say)
  // is archived all the same, but its DELETE says nothing of this rule.
  const shown = pipelineState(t, before);
  const notDeployed = shown.spec === 'deployed' ? undefined : `account ${account + 1}'s pipeline ${id} was ${describeState(shown)} when it was deleted`;
  // Outside the simulator profile, the DELETE of a pipeline in another state (or one the document
  // does not map: "other states ... not shown") is the check's cleanup's, not judged here.
  if (notDeployed !== undefined && t.profile !== 'simulator') return notDeployed;
  const key = madeKey ?? (c.key === 'non-admin' ? nonAdminKey(t) : undefined);
  const label = madeKey !== undefined ? 'an admin key made by the run through key management' : 'the non-admin key';
  const { deleted, after, read } = await archive(t, id, 'A-PIPE-1', key, account, label);
  if (t.profile !== 'simulator' || !read) return notDeployed;
  const history = [historyOf(before), historyOf(after)];
  const keyName = madeKey !== undefined ? 'run-made admin' : key === undefined ? 'admin' : 'non-admin';
  const what = `${how.what ?? 'a deployed pipeline'}${startKey === undefined ? '' : `, started with ${startKey.label},`} with account ${account + 1}'s ${keyName} key`;
  if (history[0] && history[1]) expectStoppedAndTornDown(t, addedBy(history[0], history[1]), before.state, read, what);
  else t.fail({ clause: 'A-PIPE-1', message: 'the simulator shows no history, so stop and teardown cannot be seen', exchange: deleted });
  return notDeployed;
}

/**
 * The case's pipeline, created from `document` (named by the caller); where the case says
 * `spaced`, under a name with a space first. Names are the target's to rule (the definition
 * schema is defined outside the spec): a target that refuses the spaced name (400, 422) gets
 * `document` as it is, and a note says so.
 */
async function createCasePipeline(t: CheckContext, document: JsonObject, c: DeployedCase, account: Account = 0): Promise<number> {
  const format = t.profile === 'simulator' ? c.format : undefined;
  if (c.spaced) {
    const spaced = { ...document, name: uniqueName(t, 'pipe1 spaced') };
    const made = await makePipeline(t, account, spaced, format);
    if ('id' in made) return made.id;
    if (!made.missing) t.note(`a pipeline named with a space (${JSON.stringify(spaced.name)}) was refused (${made.answer.response.status}), so that case's pipeline was named without one: a teardown that mishandles such names was not seen`);
  }
  return (await createPipeline(t, account, document, format)).id;
}

/**
 * Renames a deployed pipeline (PATCH of its name, or PUT of its definition under a new name where
 * no PATCH is routed); a target that refuses the rename leaves the case an undisturbed deployed
 * pipeline, noted.
 */
async function renameDeployed(t: CheckContext, id: number, document: JsonObject, spaced: boolean): Promise<void> {
  const name = uniqueName(t, spaced ? 'pipe1 renamed' : 'pipe1-renamed');
  const ex = aRoute(t, 'pipelines.update') !== null
    ? await aSend(t, t.a(), 'pipelines.update', id, { body: { name } })
    : aRoute(t, 'pipelines.replace') !== null ? await aSend(t, t.a(), 'pipelines.replace', id, documentBody({ ...document, name }, definitionFormat(t))) : undefined;
  if (ex !== undefined && !is2xx(ex)) t.note(`${requestLine(ex)} (a rename of the deployed pipeline ${id}) answered ${ex.response.status}: that case deleted it under its first name`);
}

/** A pipeline's state as a note says it: the spec's word, or the target's where the document does not map it. */
function describeState(shown: ReturnType<typeof pipelineState>): string {
  return shown.spec === undefined ? `in a state the document does not map (${shown.field} ${JSON.stringify(shown.name)})` : shown.spec.replace('_', ' ');
}

/** Records whether a case's pipeline was deployed at its DELETE (`notDeployed` says why not). */
function noteDeployed(seen: { deployed: boolean; last: string }, notDeployed: string | undefined): void {
  if (notDeployed === undefined) seen.deployed = true;
  else seen.last = notDeployed;
}

/** A-PIPE-1 covered in part when no case's pipeline was deployed at its DELETE (none had finished starting, say). */
function notSeenDeployed(t: CheckContext, seen: { deployed: boolean; last: string }): void {
  if (!seen.deployed && seen.last !== '') t.partial('A-PIPE-1', `no pipeline the check started was deployed when it was deleted (${seen.last}), so no DELETE showed the rule for a deployed one`);
}

check({
  id: 'a-pipe/delete-deployed',
  clauses: ['A-PIPE-1'],
  title: 'A-PIPE-1: DELETE of a deployed pipeline (the archivable fixture, and pipelines just started, restarted, or redeployed by an update of the description or a rename, named with or without a space, their definitions with or without an initial load, of 1 to 5 tables and, in every run, of 9 to 50 and of 1000; deleted with a configured key or one made through key management; one started with the non-admin key and deleted with the admin key; one started twice; one started with a key revoked before its DELETE) is 200; it is stopped and torn down, then archived',
  needs: ['a', 'write'],
  async run(t) {
    const fixture = await archiveFixture(t, 'deployed', 'A-PIPE-1');
    if (fixture && (aRoute(t, 'pipelines.create') === null || aRoute(t, 'pipelines.start') === null)) return;
    if (!fixture && aRoute(t, 'pipelines.create') === null) t.skip('needs fixtures.archivable_pipelines.deployed of account 1, or a target that creates and starts pipelines (interface_a.operations)');
    const cases = fc.tuple(validDefinition('pipe1'), deployedCases);
    const seen = { deployed: false, last: '' };
    await t.property('deployed pipelines are stopped and torn down, then archived', cases, async ([document, c]) => noteDeployed(seen, await deleteDeployed(t, withFreshName(t, document, 'pipe1'), c, 0)));
    // A fixture seen deployed already showed the rule (one seen otherwise said so).
    if (!fixture) notSeenDeployed(t, seen);
    noteAdminOnly(t);
    await deleteDeployedRenamed(t);
    await deleteDeployedOfAccountTwo(t);
    await deleteDeployedWithMadeKey(t);
    await deleteDeployedStartedByNonAdmin(t);
    await deleteDeployedWide(t);
    await deleteDeployedStartedTwice(t);
    await deleteDeployedStartedByRevokedKey(t);
  },
});

/**
 * A-PIPE-1 whatever became of the key that started the pipeline: a runtime deployment owned by
 * the token that started it, and torn down with that token, is refused the teardown once that
 * key is revoked, and a service that archives all the same leaves it running whoever deletes
 * it. The other cases start with keys that still work at the DELETE. One plain case started with
 * an admin key the run makes (A-GAP-4), that key revoked, then deleted with account 1's admin key,
 * in every run (9 requests at seed 7: the key's create, the pipeline's create, start, the revocation, reads,
 * DELETE, read back). A target that does not make or revoke keys through the API, or refuses
 * this key the start, leaves it unseen, noted.
 */
async function deleteDeployedStartedByRevokedKey(t: CheckContext): Promise<void> {
  const unseen = 'so the DELETE of a deployed pipeline started with a key since revoked was not seen';
  if (aRoute(t, 'keys.create') === null || aRoute(t, 'keys.revoke') === null) return t.note(`the target document says keys are not made or not revoked through the API (interface_a.operations.keys.create, keys.revoke), ${unseen}`);
  // Key management is judged by a-keys: here a create not taken, or one whose key is not shown, only leaves this unseen.
  const created = await aSend(t, t.a(), 'keys.create', { body: { name: uniqueName(t, 'pipe1-starter'), admin: true } });
  revokeIfCreated(t, created);
  const key = is2xx(created) ? keyValueIn(created.json, t.target.keyPrefix) : undefined;
  const keyId = is2xx(created) ? createdId(created) : undefined;
  if (key === undefined || typeof keyId !== 'number') return t.note(`${requestLine(created)} (an admin key to start a pipeline with) answered ${created.response.status}${is2xx(created) ? ' without a key and its id this check could use' : ''}, ${unseen}`);
  const revoke = async (): Promise<string | undefined> => {
    const revoked = await aSend(t, t.a(), 'keys.revoke', keyId);
    return is2xx(revoked) ? undefined : `${requestLine(revoked)} (the revocation of the key that started the pipeline) answered ${revoked.response.status}`;
  };
  const notDeployed = await deleteDeployed(t, plainDefinition(uniqueName(t, 'pipe1-revstart')), PLAIN_CASE, 0, { startKey: { key, label: 'an admin key the run made' }, beforeDelete: revoke, what: 'a deployed pipeline whose starting key was revoked since' });
  if (notDeployed !== undefined) t.note(`${notDeployed}, ${unseen}`);
}

/**
 * A-PIPE-1 for a pipeline started twice: a start of a pipeline already deployed may look like a
 * start that changes nothing and still reach a runtime that registers a second deployment of it,
 * which a teardown that knows the first only leaves running (and a service that archives all the
 * same). The generated cases start a pipeline once (a restart stops it first). One plain case
 * started twice in a row with account 1's admin key, in every run (6 requests: create, two
 * starts, read, DELETE, read back). Starting is the target's to rule (A-GAP-1): a second start
 * refused (409, say) leaves it unseen, noted.
 */
async function deleteDeployedStartedTwice(t: CheckContext): Promise<void> {
  const notDeployed = await deleteDeployed(t, plainDefinition(uniqueName(t, 'pipe1-twice')), PLAIN_CASE, 0, { startTwice: true, what: 'a deployed pipeline started twice' });
  if (notDeployed !== undefined) t.note(`${notDeployed}, so the DELETE of a deployed pipeline started twice was not seen`);
}

/**
 * A-PIPE-1 for a deployed pipeline renamed since its start, in every run: the generated cases
 * rename one case in three, so a run of a few cases (a real deployment's, or `--runs 10`) could
 * see none, and a runtime that addresses the teardown by the name the deployment started under
 * would go unseen. One plain case, renamed, with account 1's admin key (6 requests: create,
 * start, the rename, read, DELETE, read back).
 */
async function deleteDeployedRenamed(t: CheckContext): Promise<void> {
  const c: DeployedCase = { ...PLAIN_CASE, redeploy: 'name' };
  const notDeployed = await deleteDeployed(t, plainDefinition(uniqueName(t, 'pipe1-torename')), c, 0);
  if (notDeployed !== undefined) t.note(`${notDeployed}, so the DELETE of a deployed pipeline renamed since its start was not seen`);
}

/**
 * A-PIPE-1 whoever started the pipeline: a runtime deployment owned by the token that started it
 * and torn down with that token is refused the teardown when a non-admin key (a read-only token)
 * started it, and a service that archives all the same leaves it running whoever deletes it. The
 * generated cases vary the DELETE's key, never the start's (account 1's admin key). One plain case
 * started with account 1's non-admin key and deleted with its admin key, in every run (5
 * requests: create, start, read, DELETE, read back). Starting is the target's to rule (A-GAP-1;
 * A-AUTH-5 sets only key management apart for admins): a target that refuses that key the start,
 * or a document that gives account 1 no such key, leaves it unseen, noted.
 */
async function deleteDeployedStartedByNonAdmin(t: CheckContext): Promise<void> {
  const unseen = 'so the DELETE of a deployed pipeline started with a non-admin key was not seen';
  const key = nonAdminKey(t);
  if (key === undefined) return t.note(`the target document gives account 1 no pipeline_key, ${unseen}`);
  const notDeployed = await deleteDeployed(t, plainDefinition(uniqueName(t, 'pipe1-nastart')), PLAIN_CASE, 0, { startKey: { key, label: "account 1's non-admin key" } });
  if (notDeployed !== undefined) t.note(`${notDeployed}, ${unseen}`);
}

/**
 * A-PIPE-1 for a wide deployment, in every run: the generated definitions list 1 to 5 tables, so a
 * teardown whose work per table goes wrong past some count (one runtime request that takes a few
 * tables at most, refused for more, and an archive that goes on all the same) would be missed.
 * Two plain cases with account 1's admin key: one of 9 to 50 tables (drawn), one of the most the
 * simulator's schema takes (MOST_TABLES, 1000). The definition schema is the target's (A-GAP-1):
 * one that refuses so many tables leaves that case unseen, noted. Requests: 5 a case (create,
 * start, read, DELETE, read back).
 */
async function deleteDeployedWide(t: CheckContext): Promise<void> {
  const deleteWide = async (tables: number): Promise<void> => {
    const unseen = `so the DELETE of a deployed pipeline of ${tables} tables was not seen`;
    const document = wideDefinition(uniqueName(t, `pipe1-wide${tables}`), tables);
    const made = await makePipeline(t, 0, document);
    if (!('id' in made)) return t.note(`a definition of ${tables} tables could not be created (${made.tried}: ${made.answer.response.status}), ${unseen}`);
    if (made.document !== document) return t.note(`the target refused a definition of ${tables} tables (its schema is its own, A-GAP-1) and took one of its target document's, ${unseen}`);
    const notDeployed = await deployAndDelete(t, made.id, document, PLAIN_CASE, 0, { what: `a deployed pipeline of ${tables} tables` });
    if (notDeployed !== undefined) t.note(`${notDeployed}, ${unseen}`);
  };
  await t.property('a deployed pipeline of 9 to 50 tables is stopped and torn down, then archived', fc.integer({ min: 9, max: 50 }), deleteWide, { runs: 1 });
  await deleteWide(MOST_TABLES);
}

/**
 * A-PIPE-2 for a wide pipeline, in every run: the generated definitions list 1 to 5 tables, so an
 * archive that goes another way past some table count (a bulk clean-up queue answering 202) would
 * be missed. One pipeline of 9 to 50 tables (drawn), never started, archived with account 1's
 * admin key: 200, and archived. The definition schema is the target's (A-GAP-1): one that refuses
 * so many tables leaves this unseen, noted. Requests: 3 (create, DELETE, read back).
 */
async function deleteNotDeployedWide(t: CheckContext): Promise<void> {
  await t.property('a not-deployed pipeline of 9 to 50 tables is archived, 200', fc.integer({ min: 9, max: 50 }), async (tables) => {
    const unseen = `so the DELETE of a not-deployed pipeline of ${tables} tables was not seen`;
    const document = wideDefinition(uniqueName(t, `pipe2-wide${tables}`), tables);
    const made = await makePipeline(t, 0, document);
    if (!('id' in made)) return t.note(`a definition of ${tables} tables could not be created (${made.tried}: ${made.answer.response.status}), ${unseen}`);
    if (made.document !== document) return t.note(`the target refused a definition of ${tables} tables (its schema is its own, A-GAP-1) and took one of its target document's, ${unseen}`);
    await archive(t, made.id, 'A-PIPE-2');
  }, { runs: 1 });
}

/**
 * A-PIPE-1 holds whatever key of the account sends the DELETE, a key made through key management
 * (A-GAP-4) as much as one the target document names: a runtime that takes a stop only from the
 * service account bound to the dashboard's keys refuses it for keys made through the API, and a
 * service that archives all the same leaves the pipeline running. One plain case, its DELETE sent
 * with an admin key the run makes (6 requests: the key's create, the pipeline's create, start,
 * read, DELETE, read back; the key revoked after). A target that does not manage keys through the
 * API, or refuses this create, leaves it unseen, noted.
 */
async function deleteDeployedWithMadeKey(t: CheckContext): Promise<void> {
  const unseen = 'so a DELETE of a deployed pipeline with a key made through the API was not seen';
  if (aRoute(t, 'keys.create') === null) return t.note(`the target document says keys are not made through the API (interface_a.operations.keys.create), ${unseen}`);
  // Key management is judged by a-keys: here a create not taken, or one whose key is not shown, only leaves this unseen.
  const created = await aSend(t, t.a(), 'keys.create', { body: { name: uniqueName(t, 'pipe1-key'), admin: true } });
  revokeIfCreated(t, created);
  const key = is2xx(created) ? keyValueIn(created.json, t.target.keyPrefix) : undefined;
  if (key === undefined) return t.note(`${requestLine(created)} (an admin key for the DELETE) answered ${created.response.status}${is2xx(created) ? ' without a key this check could send' : ''}, ${unseen}`);
  const notDeployed = await deleteDeployed(t, plainDefinition(uniqueName(t, 'pipe1-madekey')), PLAIN_CASE, 0, { madeKey: key });
  if (notDeployed !== undefined) t.note(`${notDeployed}, ${unseen}`);
}

/**
 * A-PIPE-1 holds for every account ("one's own"), not only the first: a service whose runtime
 * client holds the first account's service token is refused another account's stop and may
 * archive that pipeline still running. One case, plain, with account 2's admin key (5 requests:
 * create, start, read, DELETE, read back); a document that gives account 2 no key leaves it unseen, noted.
 */
async function deleteDeployedOfAccountTwo(t: CheckContext): Promise<void> {
  if (t.target.a[1]?.adminKey === undefined) return t.note("every deployed pipeline was deleted by account 1: the target document gives account 2 no pipeline_admin_key, so another account's DELETE of its own deployed pipeline was not seen");
  const notDeployed = await deleteDeployed(t, plainDefinition(uniqueName(t, 'pipe1-acct2')), PLAIN_CASE, 0, { account: 1 });
  if (notDeployed !== undefined) t.note(`${notDeployed}, so account 2's DELETE of a deployed pipeline was not seen`);
}

check({
  id: 'a-pipe/delete-after-sync',
  clauses: ['A-PIPE-1'],
  title: 'A-PIPE-1: DELETE of a pipeline deployed for a while (initial sync over, syncing continuously: a minute to three days, one past a day in every run) is 200; it is stopped and torn down, then archived',
  needs: ['a', 'write', 'control'],
  async run(t) {
    // 61 s and more: past the simulator's 60 s initial sync, whatever real time adds. Up to three
    // days, evenly on a log scale: what a deployment keeps for a running one may be renewed or
    // expire after hours (a runtime lease, a session, a token), and a teardown that sends the
    // first one finds nothing to stop once it has; one case past a day in every run, whatever
    // the draw (the simulator clock moves: no real time is spent).
    const seen = { deployed: false, last: '' };
    const run = async ([document, c, seconds]: [Document, DeployedCase, number], name: string): Promise<string | undefined> => {
      const notDeployed = await deleteDeployed(t, withFreshName(t, document, name), c, seconds * 1000);
      noteDeployed(seen, notDeployed);
      return notDeployed;
    };
    await t.property('synced pipelines are stopped and torn down, then archived', fc.tuple(validDefinition('pipe1s'), deployedCases, logUniformSeconds(61, 3 * DAY_S)), async (drawn) => {
      await run(drawn, 'pipe1s');
    }, { runs: 6 });
    await t.property('a pipeline deployed for over a day is stopped and torn down, then archived', fc.tuple(validDefinition('pipe1d'), deployedCases, logUniformSeconds(DAY_S + 1, 3 * DAY_S)), async (drawn) => {
      const notDeployed = await run(drawn, 'pipe1d');
      // A deployment may pause or stop what runs that long by itself: said, as that case was not seen.
      if (notDeployed !== undefined) t.note(`the pipeline deployed for ${drawn[2]} s (past a day, simulator clock) was not deployed at its DELETE (${notDeployed}): a DELETE of a deployment that old was not seen`);
    }, { runs: 1 });
    notSeenDeployed(t, seen);
    noteAdminOnly(t);
  },
});

/**
 * A-PIPE-2's "nothing else" beside a deployed pipeline of the same account whose name differs from
 * the archived one's only in case and in dashes for spaces (`disco-...-pipe2-twin-N` deployed,
 * `disco-...-Pipe2 Twin-N` not): a service that, "to be safe", has its runtime drop any deployment
 * left under the archived pipeline's slug (such a folded name) stops the other one. After the
 * DELETE the deployed one is still shown deployed and, in the simulator profile, its history has
 * nothing added. Beside them a third pipeline of the same slug, not deployed
 * (`disco-...-Pipe2-Twin-N`): an archive written as one update over the account's not-deployed
 * pipelines of the slug archives it too; after the DELETE it is not shown archived. Names
 * are the target's to rule (the definition schema is defined outside the spec): a target that
 * refuses a name, or one that does not start or read pipelines, leaves this unseen, noted.
 * Requests: 3 creates, a start, 2 reads, the DELETE and its read back, and the third one's read.
 */
async function deleteBesideFoldedTwin(t: CheckContext): Promise<void> {
  const unseen = 'so a DELETE that also stops a deployed pipeline whose name folds to the same slug was not seen';
  if (aRoute(t, 'pipelines.start') === null || aRoute(t, 'pipelines.read') === null) return t.note(`the target document says pipelines are not started or not read (interface_a.operations.pipelines.start, .read), ${unseen}`);
  const name = uniqueName(t, 'Pipe2 Twin');
  const twinName = name.toLowerCase().replace(/ /g, '-');
  const twin = await makePipeline(t, 0, plainDefinition(twinName));
  if (!('id' in twin)) return t.note(`a pipeline named ${JSON.stringify(twinName)} could not be created (${twin.tried}: ${twin.answer.response.status}), ${unseen}`);
  const made = await makePipeline(t, 0, plainDefinition(name));
  if (!('id' in made)) return t.note(`a pipeline named ${JSON.stringify(name)} beside one named ${JSON.stringify(twinName)} was refused (${made.answer.response.status}: the target may hold names alike in case or separators taken), ${unseen}`);
  const resting = await restingTwin(t, name);
  await startPipeline(t, 0, twin.id);
  const { body: before } = await readPipeline(t, 0, twin.id);
  const shown = pipelineState(t, before);
  if (shown.spec !== 'deployed') return t.note(`pipeline ${twin.id} (${JSON.stringify(twinName)}) was ${describeState(shown)} after its start, ${unseen}`);
  await archive(t, made.id, 'A-PIPE-2');
  if (resting !== undefined) await expectRestingTwinKept(t, resting, made.id, name);
  const { body: after, exchange } = await readPipeline(t, 0, twin.id);
  const state = pipelineState(t, after);
  t.expect.that(state.spec === 'deployed', {
    clause: 'A-PIPE-2',
    message: `DELETE of the not-deployed pipeline ${made.id} (${JSON.stringify(name)}) left pipeline ${twin.id} (${JSON.stringify(twinName)}), deployed before, ${describeState(state)}: it did more than archive ${made.id}`,
    expected: `pipeline ${twin.id} still deployed`,
    received: `${state.field} ${JSON.stringify(state.name)}`,
    exchange,
  });
  if (t.profile !== 'simulator') return;
  const history = [historyOf(before), historyOf(after)];
  const added = history[0] && history[1] ? addedBy(history[0], history[1]) : [];
  t.expect.that(added.length === 0, {
    clause: 'A-PIPE-2',
    message: `DELETE of the not-deployed pipeline ${made.id} (${JSON.stringify(name)}) changed the history of pipeline ${twin.id} (${JSON.stringify(twinName)})`,
    expected: '(none)',
    received: showTransitions(added),
    exchange,
  });
}

/**
 * The not-deployed twin of deleteBesideFoldedTwin: `name` with dashes for its spaces (the same
 * slug, its own capitals), created and left as it is; undefined (noted) where the target refuses
 * the name or does not show the pipeline not deployed.
 */
async function restingTwin(t: CheckContext, name: string): Promise<{ id: number; name: string } | undefined> {
  const restingName = name.replace(/ /g, '-');
  const unseen = 'so a DELETE that also archives a not-deployed pipeline whose name folds to the same slug was not seen';
  const made = await makePipeline(t, 0, plainDefinition(restingName));
  if (!('id' in made)) {
    t.note(`a pipeline named ${JSON.stringify(restingName)} beside one named ${JSON.stringify(name)} was refused (${made.answer.response.status}: the target may hold names alike in case or separators taken), ${unseen}`);
    return undefined;
  }
  return { id: made.id, name: restingName };
}

/** After the DELETE of `archivedId`, the not-deployed twin is still shown not deployed (not archived with it). */
async function expectRestingTwinKept(t: CheckContext, resting: { id: number; name: string }, archivedId: number, archivedName: string): Promise<void> {
  const { body, exchange } = await readPipeline(t, 0, resting.id);
  const state = pipelineState(t, body);
  // Only its archive is judged: a state the target moved it to by itself (or one the target
  // document does not map) says nothing about the DELETE.
  if (state.spec !== 'archived' && state.spec !== 'not_deployed') return t.note(`pipeline ${resting.id} (${JSON.stringify(resting.name)}) read after the DELETE of pipeline ${archivedId} answered ${describeResponse(exchange)}, ${describeState(state)}: whether that DELETE left it alone was not seen`);
  t.expect.that(state.spec === 'not_deployed', {
    clause: 'A-PIPE-2',
    message: `DELETE of the not-deployed pipeline ${archivedId} (${JSON.stringify(archivedName)}) left pipeline ${resting.id} (${JSON.stringify(resting.name)}), created and never started, ${describeState(state)}: it did more than archive ${archivedId}`,
    expected: `pipeline ${resting.id} still not deployed`,
    received: `${state.field} ${JSON.stringify(state.name)}`,
    exchange,
  });
}

/**
 * A-PIPE-2's "nothing else" for a name a slug would change (a space, capitals, a dot, an
 * underscore): a service whose archive store keys definitions by the pipeline's slug and reads
 * the record back from it renames the archived pipeline. One such pipeline, not deployed, is
 * archived; its definition (where read) is as before, and every field of its record that held
 * its name still holds it. Names are the target's to rule (the definition schema is defined
 * outside the spec): one refused is tried with a space only, and a target that refuses that too
 * leaves this unseen, noted. Requests: the create, a read, 2 definition reads, the DELETE, its
 * read back and a definition read.
 */
async function deleteSpacedName(t: CheckContext): Promise<void> {
  let refused: Exchange | undefined;
  for (const base of ['Pipe2 Spaced.Name_v2', 'pipe2 spaced name']) {
    const name = uniqueName(t, base);
    const made = await makePipeline(t, 0, plainDefinition(name));
    if (!('id' in made)) {
      if (made.missing) return;
      refused = made.answer;
      continue;
    }
    // A definition of the target's own without a name field made a pipeline with no name to keep.
    if (!isObject(made.document) || made.document.name !== name) return t.note('the pipeline named with a space was made from a definition of the target document without a name field, so an archive that renames such a pipeline was not seen');
    const before = await readMetadata(t, made.id);
    const definition = await readDefinitionTwice(t, made.id);
    const { after, read } = await archive(t, made.id, 'A-PIPE-2');
    await expectDefinitionKept(t, made.id, definition);
    if (before === undefined || !read || read.response.status !== 200) return;
    const named = Object.keys(before).filter((k) => before[k] === name);
    const renamed = named.filter((k) => after[k] !== name);
    t.expect.that(renamed.length === 0, {
      clause: 'A-PIPE-2',
      message: `DELETE of the not-deployed pipeline ${made.id} named ${JSON.stringify(name)} changed its name: ${renamed.join(', ')}`,
      expected: `${JSON.stringify(name)}, as before the DELETE`,
      received: renamed.map((k) => `${k}: ${JSON.stringify(after[k])}`).join('; '),
      exchange: read,
    });
    return;
  }
  t.note(`pipelines named with a space were refused (${refused?.response.status}), so an archive that renames such a pipeline was not seen`);
}

check({
  id: 'a-pipe/delete-not-deployed',
  clauses: ['A-PIPE-2'],
  title: 'A-PIPE-2: DELETE of a pipeline that is not deployed (the archivable fixture, and pipelines new, updated, or started and stopped before, then updated or not) is 200 and archives it, and nothing else happens (its definition, where read, unchanged; one named with a space, capitals, a dot and an underscore keeps its name in record and definition; a deployed pipeline whose name differs only in case and separators still deployed, and a not-deployed one not archived; one of 9 to 50 tables archived with 200 too)',
  needs: ['a', 'write'],
  async run(t) {
    const fixture = await archiveFixture(t, 'not_deployed', 'A-PIPE-2');
    if (fixture && aRoute(t, 'pipelines.create') === null) return;
    if (!fixture && aRoute(t, 'pipelines.create') === null) t.skip('needs fixtures.archivable_pipelines.not_deployed of account 1, or a target that creates pipelines (interface_a.operations.pipelines.create)');
    const cases = fc.tuple(
      validDefinition('pipe2'),
      // 'stopped-updated': changed after its last run, so an archive that puts back the version that
      // last ran (not the one stored) is seen.
      fc.record({ format: fc.constantFrom<DocumentFormat>('json', 'yaml'), past: fc.constantFrom('new', 'updated', 'replaced', 'stopped', 'stopped-updated') }),
    );
    const seen = { notDeployed: false, last: '' };
    await t.property('not-deployed pipelines are only archived', cases, async ([generated, { format, past }]) => {
      const document = withFreshName(t, generated, 'pipe2');
      const { id } = await createPipeline(t, 0, document, t.profile === 'simulator' ? format : undefined);
      if ((past === 'updated' || past === 'stopped-updated') && aRoute(t, 'pipelines.update') === null) return;
      if (past === 'replaced' && aRoute(t, 'pipelines.replace') === null) return;
      if ((past === 'stopped' || past === 'stopped-updated') && (aRoute(t, 'pipelines.start') === null || aRoute(t, 'pipelines.stop') === null)) return;
      if (past === 'stopped' || past === 'stopped-updated') {
        await startPipeline(t, 0, id);
        await aSend(t, t.a(), 'pipelines.stop', id);
      }
      if (past === 'updated' || past === 'stopped-updated') await aSend(t, t.a(), 'pipelines.update', id, { body: { description: 'updated before archiving' } });
      if (past === 'replaced') await aSend(t, t.a(), 'pipelines.replace', id, documentBody({ ...document, description: 'replaced before archiving' }, definitionFormat(t)));
      const { body: before } = await readPipeline(t, 0, id);
      // `deployed_at: null` for "not deployed" is the simulator's convention.
      if (t.profile === 'simulator' && before.deployed_at !== null) throw new Error(`pipeline ${id} is still deployed before the DELETE (deployed_at ${String(before.deployed_at)})`);
      // A-PIPE-2 is about a pipeline not deployed: one the target still shows otherwise (its stop
      // under way, say) would be torn down by its DELETE, which is A-PIPE-1's rule. The check's
      // cleanup archives it; this case judges nothing.
      const shown = pipelineState(t, before);
      if (t.profile !== 'simulator' && shown.spec !== 'not_deployed') {
        seen.last = `pipeline ${id} (${past}) was ${describeState(shown)} when it was to be deleted`;
        return;
      }
      seen.notDeployed = true;
      const again = t.profile === 'simulator' ? undefined : (await readPipeline(t, 0, id)).body;
      const definition = await readDefinitionTwice(t, id);
      const { after, read } = await archive(t, id, 'A-PIPE-2');
      await expectDefinitionKept(t, id, definition);
      if (!read || read.response.status !== 200) return;
      if (t.profile !== 'simulator') return expectNothingElse(t, id, before, after, read, again);
      const history = [historyOf(before), historyOf(after)];
      if (history[0] && history[1]) expectOnlyArchived(t, addedBy(history[0], history[1]), read);
      else t.fail({ clause: 'A-PIPE-2', message: 'the simulator shows no history, so "nothing else" cannot be seen', exchange: read });
      if (past === 'new') {
        t.expect.that(showTransitions(history[1] ?? []) === 'not_deployed -> archived (archive)' && after.deployed_at === null, {
          clause: 'A-PIPE-2',
          message: 'a pipeline that was never deployed has more in its history than its archiving',
          expected: 'not_deployed -> archived (archive), deployed_at null',
          received: `${showTransitions(history[1] ?? [])}, deployed_at ${String(after.deployed_at)}`,
          exchange: read,
        });
      }
    });
    if (!fixture && !seen.notDeployed && seen.last !== '') t.partial('A-PIPE-2', `no pipeline the check made was shown not deployed when it was to be deleted (${seen.last}), so no DELETE showed the rule for one`);
    await deleteSpacedName(t);
    await deleteBesideFoldedTwin(t);
    await deleteNotDeployedWide(t);
  },
});

/**
 * One case of a-pipe/delete-not-deployed-after-sync: a pipeline created, started, left to sync
 * for `syncedS` (simulator clock), stopped, then left stopped for `idleS` more before it is read
 * (twice, and its definition) and archived; the record after is the one before but for what the
 * archive may change. Read after the idle time: what the deployment itself drops with age (an old
 * last sync time, say) is no doing of the archive. False where the pipeline moved on by itself
 * while it stood stopped (noted: that case was not seen).
 */
async function archiveSyncedStopped(t: CheckContext, generated: Document, name: string, syncedS: number, idleS: number): Promise<boolean> {
  const document = withFreshName(t, generated, name);
  const { id } = await createPipeline(t, 0, document);
  await startPipeline(t, 0, id);
  await t.advanceClock(syncedS * 1000);
  await aSend(t, t.a(), 'pipelines.stop', id);
  if (idleS > 0) await t.advanceClock(idleS * 1000);
  const { body: before } = await readPipeline(t, 0, id);
  const shown = pipelineState(t, before);
  if (shown.spec !== 'not_deployed' && idleS > 0) {
    // Moved on by itself while it stood stopped (a service may archive or pause what is left
    // stopped long: other moves are "not shown"): no DELETE of this case showed the rule.
    t.note(`pipeline ${id}, left stopped ${idleS} s (simulator clock), was ${describeState(shown)} when read before its DELETE: that case was not seen`);
    return false;
  }
  if (shown.spec !== 'not_deployed') throw new Error(`pipeline ${id} is not shown not deployed after its stop: ${describeState(shown)}`);
  const again = (await readPipeline(t, 0, id)).body;
  const definition = await readDefinitionTwice(t, id);
  const { after, read } = await archive(t, id, 'A-PIPE-2');
  await expectDefinitionKept(t, id, definition);
  if (!read || read.response.status !== 200) return true;
  await expectNothingElse(t, id, before, after, read, again);
  const history = [historyOf(before), historyOf(after)];
  if (history[0] && history[1]) expectOnlyArchived(t, addedBy(history[0], history[1]), read);
  return true;
}

/** The longest a case leaves its stopped pipeline before the DELETE: past a month, whatever a retention counts in. */
const LONGEST_IDLE_S = 5 * WEEK_S;

check({
  id: 'a-pipe/delete-not-deployed-after-sync',
  clauses: ['A-PIPE-2'],
  title: 'A-PIPE-2: DELETE of a pipeline that synced and was stopped (its record carrying what it did while deployed, a last sync among it), right after its stop or up to five weeks later (one past a week in every run), is 200 and archives it, and nothing else changes',
  needs: ['a', 'write', 'control'],
  async run(t) {
    // A pipeline stopped before its first sync ends (all a-pipe/delete-not-deployed can make
    // without waiting) has nothing from its deployment that an archive could wipe: a target that
    // cleared the last sync time with the archive would pass it. 61 s and more: past the
    // simulator's 60 s initial sync. Then archived at once or after days stopped (on a log scale):
    // an archive that applies a retention on its way (a sync log kept a week) drops only an old
    // last sync, so one case in every run waits past a week (the simulator clock moves: no real
    // time is spent).
    const synced = fc.integer({ min: 61, max: 900 });
    // A case whose pipeline moved on by itself while stopped is not seen (noted): none seen, the
    // clause is not verified here.
    let seen = 0;
    const judged = async (generated: Document, name: string, syncedS: number, idleS: number) => {
      if (await archiveSyncedStopped(t, generated, name, syncedS, idleS)) seen++;
    };
    await t.property('synced, then stopped pipelines are only archived', fc.tuple(validDefinition('pipe2s'), synced, fc.oneof(fc.constant(0), logUniformSeconds(60, LONGEST_IDLE_S))), ([generated, syncedS, idleS]) => judged(generated, 'pipe2s', syncedS, idleS), { runs: 6 });
    await t.property('pipelines stopped for over a week are only archived', fc.tuple(validDefinition('pipe2w'), synced, logUniformSeconds(WEEK_S + 1, LONGEST_IDLE_S)), ([generated, syncedS, idleS]) => judged(generated, 'pipe2w', syncedS, idleS), { runs: 1 });
    if (seen === 0) t.partial('A-PIPE-2', 'every synced and stopped pipeline the check made had moved on by itself by the time it was to be archived, so no DELETE of one was seen');
  },
});

/**
 * A-PIPE-2's "archives it", lasting: the archive is the pipeline's end, and no later request about
 * something else takes it back. A create under the archived pipeline's name is such a request (a
 * service that "upserts by name" revives the archived record: the same id names a live pipeline
 * again). The target may refuse the name (4xx) or make a new pipeline of it; either is fine. Only
 * the archived id read back live (or in any state but archived) fails. Creation is the target's
 * (A-GAP-1): a target that does not serve it, or refuses the pipeline, leaves this unjudged.
 */
check({
  id: 'a-pipe/archive-survives-create-same-name',
  clauses: ['A-PIPE-2'],
  title: 'A-PIPE-2: a pipeline archived by DELETE stays archived when a pipeline is created under its name afterwards (the create refused, or a new pipeline made; never the archived one taken back)',
  needs: ['a', 'write'],
  async run(t) {
    if (aRoute(t, 'pipelines.create') === null) t.skip('needs a target that creates pipelines (interface_a.operations.pipelines.create; A-GAP-1)');
    if (aRoute(t, 'pipelines.read') === null) t.skip('needs a target that reads pipelines (interface_a.operations.pipelines.read), to see the archived one still archived');
    const name = uniqueName(t, 'pipe2-again');
    const made = await makePipeline(t, 0, plainDefinition(name));
    // Creation is the target's (A-GAP-1): one it refuses leaves nothing to archive and re-create.
    if (!('id' in made)) return t.skip(`no pipeline could be created to archive and re-create under its name (${made.tried}: ${made.answer.response.status}); give valid definitions in interface_a.definitions of the target document`);
    const { id, document } = made;
    // A definition of the target's own without a name field made a pipeline with no name to reuse.
    if (!isObject(document) || document.name !== name) t.skip('the pipeline was made from a definition of the target document without a name field, so none could be created under an archived pipeline\'s name; give interface_a.definitions with a name');
    const { read } = await archive(t, id, 'A-PIPE-2');
    const archivedShown = read?.response.status === 200 && pipelineState(t, read.json).spec === 'archived';
    // Read back otherwise (404 outside the simulator profile, say): a later read showing it live is still a failure.
    const again = await makePipeline(t, 0, plainDefinition(name));
    if (!('id' in again)) {
      t.note(`a create under the archived pipeline's name answered ${again.answer.response.status} (the name refused, or creation the target's: A-GAP-1)`);
    }
    const after = await aSend(t, t.a(), 'pipelines.read', id);
    const state = pipelineState(t, after.json);
    // A read now refused (404, 410) where it showed the archived pipeline before is no revival: it is not live.
    if (after.response.status !== 200) return;
    if (state.spec === undefined) {
      if (archivedShown) t.partial('A-PIPE-2', `after a create under its name, the archived pipeline ${id} shows a state the target document maps to none of the spec's (${state.field} ${JSON.stringify(state.name)}), so whether it is still archived was not judged`);
      return;
    }
    t.expect.that(state.spec === 'archived', {
      clause: 'A-PIPE-2',
      message: `pipeline ${id}, archived by its DELETE, is ${state.spec.replace('_', ' ')} again after a pipeline was created under its name (${'id' in again ? `${again.created.response.status}` : `${again.answer.response.status}`}): the archive was undone by the create`,
      expected: `pipeline ${id} still archived (the create refused, or a new pipeline made)`,
      received: `${state.field} ${JSON.stringify(state.name)}`,
      exchange: after,
    });
  },
});

/** Path segments that are not an integer: words, fractions, signs, huge numbers, other digits. */
const notAnInteger = fc.oneof(
  nonIdSegment(),
  fc.constantFrom('1.0', '2.5', '-3.75', '1e2', '0.1', '-1', '-42', '+7', '1_000', '1,000', '0x1A', '0b101', '12abc', 'abc12', 'pipeline', 'Infinity', '-Infinity', 'NaN', '1 ', ' 1'),
  fc.constantFrom('99999999999999999999', `1${'0'.repeat(40)}`, `-${'9'.repeat(30)}`, '18446744073709551617'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)).map(String),
  fc.constantFrom('٣', '１２', '²', '⑦', '๓', 'Ⅻ', '一'),
).map((s) => (/^[A-Za-z0-9%._~-]*$/.test(s) ? s : encodeURIComponent(s)));

/**
 * DELETE's (the spec's) and, on the simulator, every answer to a malformed id is a refusal: a 4xx
 * (A-PIPE-3: the id is an integer, so a non-integer is not taken; the clause asks no more). The
 * refusal's body is judged by refusalBody, under the clauses that name it. Any other answer is
 * only held to X-ROB-1: no server error.
 */
function judgeMalformedId(t: CheckContext, ex: Exchange, spec: boolean): void {
  const strict = spec || t.profile === 'simulator';
  if (strict) {
    t.expect.status(ex, '4xx', 'A-PIPE-3', `${requestLine(ex)} with a non-integer id answered ${ex.response.status}, expected a 4xx refusal`);
    refusalBody(t, ex);
  }
  t.expect.that(ex.response.status < 500, { clause: 'X-ROB-1', message: `${requestLine(ex)} answered ${ex.response.status}: a malformed id must not be a server error`, expected: 'no server error', received: describeResponse(ex), exchange: ex });
}

/**
 * The body of a malformed id's 4xx. A 401 or 404 carries the error object (A-ERR-1: every 401 and
 * 404 body). Any other 4xx is bad input's refusal (X-ROB-1: "a 4xx with the interface's error
 * object"). A JSON object without it fails in every profile: that is the deployment's own answer
 * to bad input in a shape of its own (`{"message": ...}`). Outside the simulator profile a body
 * that is no JSON object (text, HTML, empty) is noted, not failed: a front server may refuse the
 * path before the service sees it (an allow-list proxy's bare 405, an HTTP parser's 400), as a-rob
 * takes a front's bare refusal of an unusual method (unusualMethodAnswers). A HEAD has no body to
 * judge.
 */
function refusalBody(t: CheckContext, ex: Exchange): void {
  const { status } = ex.response;
  if (status < 400 || status >= 500 || ex.request.method === 'HEAD' || errorObjectA(ex) !== null) return;
  if (status === 401 || status === 404) {
    t.expect.that(false, { clause: 'A-ERR-1', message: `${requestLine(ex)} (not an integer id) answered ${status} without the interface A error object`, expected: 'a JSON object with a string "error"', received: describeResponse(ex), exchange: ex });
    return;
  }
  if (t.profile === 'simulator' || isObject(ex.json)) {
    t.expect.that(false, { clause: 'X-ROB-1', message: `${requestLine(ex)} (not an integer id) was refused with ${status} without the interface A error object`, expected: 'a JSON object with a string "error"', received: describeResponse(ex), exchange: ex });
    return;
  }
  // One note per method and status, as a front's refusal.
  const kind = `${ex.request.method} ${status}`;
  noteOnce(t, `front refusal ${kind}`, `${requestLine(ex)} answered ${status} without the interface's error object (${ex.response.headers['content-type'] ?? 'no content-type'}): taken as a refusal (A-PIPE-3) and held to no 5xx only, outside the simulator profile, for a front server may refuse such a path before the service sees it (further ${kind} answers alike are not noted again)`);
}

/**
 * A HEAD of a malformed id: no server error; on the simulator a 4xx (no body to hold the error
 * object); anywhere, no 2xx where the GET of the same path was refused (HEAD is GET without the
 * content, RFC 9110 9.3.2: a HEAD that finds what its GET does not took the malformed id for a pipeline).
 */
function judgeMalformedHead(t: CheckContext, head: Exchange, get: Exchange): void {
  t.expect.that(head.response.status < 500, { clause: 'X-ROB-1', message: `${requestLine(head)} answered ${head.response.status}: a malformed id must not be a server error`, expected: 'no server error', received: describeResponse(head), exchange: head });
  if (t.profile === 'simulator') t.expect.status(head, '4xx', 'A-PIPE-3', `${requestLine(head)} with a non-integer id answered ${head.response.status}, expected a 4xx refusal`);
  t.expect.that(!is2xx(head) || is2xx(get), {
    clause: 'A-PIPE-3',
    message: `${requestLine(head)} (not an integer id) answered ${head.response.status} where the GET of the same path answered ${get.response.status}: the HEAD took the malformed id for a pipeline`,
    expected: `a refusal, as the GET's ${get.response.status}`,
    received: describeResponse(head),
    exchange: head,
  });
}

/**
 * A-PIPE-3 where a lenient parser finds something, for reads: GET and HEAD (an existence probe
 * may be served apart from GET) of the ids written around a pipeline of account 1 that exists
 * (its first fixture pipeline, found by its GET first), each judged as a malformed id's answer
 * (one answering the pipeline itself noted outside the simulator profile: expectNotOwnRead).
 * Ids around absent ones cannot show a `Number()` or `parseInt` reading: it finds nothing there.
 * The check writes nothing, so without such a fixture the rule is covered in part. Then `id` in
 * other words (`-12`, `orders-12`: otherWordsReads), of which no profile lets `-12` read as `id`.
 * Requests: 12 ids times the served reads by id (2 on the simulator) times GET and HEAD, 48, 8 of
 * the other words, and the control read.
 */
async function readsAroundExisting(t: CheckContext, reads: readonly RoutedOperation[]): Promise<void> {
  const unseen = 'GET and HEAD of ids such as `12.0` and `12abc` were sent around absent pipelines only, so a read that takes `12.0` for pipeline 12 would not have been seen';
  const id = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  if (id === undefined || aRoute(t, 'pipelines.read') === null) return t.partial('A-PIPE-3', `account 1 has no fixture pipeline to read (fixtures.pipeline_ids, and interface_a.operations.pipelines.read): ${unseen}`);
  const found = await aSend(t, t.a(), 'pipelines.read', id);
  if (!foundPipeline(t, id, found, `account 1's read of its fixture pipeline ${id}`)) return t.partial('A-PIPE-3', `account 1's fixture pipeline ${id} was not found (${found.response.status}): ${unseen}`);
  const definition = definitionOnce(t, id);
  for (const raw of writtenAround(id)) {
    for (const e of reads) {
      const get = await t.a().get(pathWithId(e, raw));
      judgeMalformedId(t, get, false);
      await expectNotOwnRead(t, e, get, raw, id, definition, false);
      judgeMalformedHead(t, await t.a().request('HEAD', pathWithId(e, raw)), get);
    }
  }
  await otherWordsReads(t, reads, id);
  await wrappedIdReads(t, reads, id);
}

/**
 * Ids that are not integers yet hold a pipeline's whole id: signed (`-12`, which a signed-integer
 * reader may take for 12 by its absolute value) and friendly (`orders-12`, a slug, a dash, the id,
 * which a route for friendly URLs reads by its trailing digits). No profile lets a write of
 * either change pipeline 12, nor a read of `-12` answer it (`everyProfile`): a negative id is
 * no id, and read as 12 a typo reaches another pipeline. A read of `orders-12` answering pipeline
 * 12 is judged as a read of `12abc` is: the spec defines no read (only DELETE), and a
 * slug-tolerant router serving friendly URLs on reads is a deployment's own choice, so it fails
 * A-PIPE-3 in the simulator profile and is noted elsewhere (freedom audit 21, v5).
 */
function inOtherWords(id: number): { raw: string; everyProfile: boolean }[] {
  return [{ raw: `-${id}`, everyProfile: true }, { raw: `orders-${id}`, everyProfile: false }];
}

/**
 * A read of `raw` (not an integer, written from `id`) that answers pipeline `id` itself: the
 * read's record whose id is `id`, or the definition read's document where it is `id`'s
 * (`definition`, read when a definition read of `raw` is a 2xx). It fails A-PIPE-3 where
 * `everyProfile` (`-12`) or in the simulator profile; elsewhere it is noted (a read the spec does
 * not define, served by a lenient router: `12abc`, `orders-12`).
 */
async function expectNotOwnRead(t: CheckContext, e: RoutedOperation, ex: Exchange, raw: string, id: number, definition: () => Promise<unknown>, everyProfile: boolean): Promise<void> {
  if (!is2xx(ex)) return;
  const own = e.operation === 'pipelines.definition' ? sameJson(definitionIn(ex), await definition()) : recordIn(ex.json)?.id === id;
  if (own && !everyProfile && t.profile !== 'simulator') {
    t.note(`${requestLine(ex)} (not an integer id) answered pipeline ${id}${e.operation === 'pipelines.definition' ? "'s definition" : ''}: ${raw} was read as ${id}. The spec defines no read of a pipeline (only DELETE), so a lenient router's read is not failed outside the simulator profile; its writes are judged in every profile`);
    return;
  }
  t.expect.that(!own, {
    clause: 'A-PIPE-3',
    message: `${requestLine(ex)} (not an integer id) answered pipeline ${id}${e.operation === 'pipelines.definition' ? "'s definition" : ''}: ${raw} was taken for ${id}`,
    expected: `a refusal, or anything but pipeline ${id}`,
    received: describeResponse(ex),
    exchange: ex,
  });
}

/** The live definition of pipeline `id`, read once and only when asked for (undefined where it is not read). */
function definitionOnce(t: CheckContext, id: number): () => Promise<unknown> {
  let read: Promise<unknown> | undefined;
  return () => (read ??= readDefinition(t, id).then((d) => ('value' in d ? d.value : undefined)));
}

/**
 * GET and HEAD of pipeline `id` in other words (inOtherWords) on every read by id, judged as a
 * malformed id's answers and never pipeline `id` itself (`-12` in every profile, `orders-12` in
 * the simulator profile, noted elsewhere). Requests: 2 ids times
 * the reads by id (2 on the simulator) times GET and HEAD, 8 (and the definition of `id`, only
 * where a definition read of such an id is a 2xx).
 */
async function otherWordsReads(t: CheckContext, reads: readonly RoutedOperation[], id: number): Promise<void> {
  const definition = definitionOnce(t, id);
  for (const { raw, everyProfile } of inOtherWords(id)) {
    for (const e of reads) {
      const get = await t.a().get(pathWithId(e, raw));
      judgeMalformedId(t, get, false);
      await expectNotOwnRead(t, e, get, raw, id, definition, everyProfile);
      judgeMalformedHead(t, await t.a().request('HEAD', pathWithId(e, raw)), get);
    }
  }
}

/**
 * The widths a lookup may keep of an id: 32 bits (the id handed on as an int32, `id | 0` as
 * protobufjs encodes it, or an unsigned 32-bit field) and 64 bits (a 64-bit column). `id` + 2^bits
 * is another integer id, which such a lookup takes for `id`.
 */
const WRAPPED_ID_BITS = [32, 64] as const;

/** How a failure names pipeline `id` asked for as `raw`, `id` + 2^bits. */
function wrappedIdWhat(raw: string, id: number, bits: number): string {
  return `${raw} (pipeline ${id} + 2^${bits}, which a lookup keeping an id's low ${bits} bits takes for ${id})`;
}

/** Reads `raw` (pipeline `id` + 2^bits) with `read`; fails A-PIPE-3 where the answer is pipeline `id` itself. */
async function readWrappedId(t: CheckContext, read: RoutedOperation, raw: string, id: number, bits: number): Promise<{ read: Exchange; record: JsonObject | undefined }> {
  const answer = await t.a().get(pathWithId(read, raw));
  const record = is2xx(answer) ? recordIn(answer.json) : undefined;
  t.expect.that(record?.id !== id, {
    clause: 'A-PIPE-3',
    message: `${requestLine(answer)} of id ${wrappedIdWhat(raw, id, bits)} answered pipeline ${id}: the integer id was not read whole`,
    expected: `not pipeline ${id} (404 where ${raw} names nothing)`,
    received: describeResponse(answer),
    exchange: answer,
  });
  return { read: answer, record };
}

/**
 * A-PIPE-3's integer id, read whole: account 1's pipeline `id` asked for as `id` + 2^32 and
 * `id` + 2^64 (WRAPPED_ID_BITS). Each is an integer id in its own right, so the target may answer
 * it as it likes (404 where it names nothing, a 2xx where the deployment holds such an id, a 4xx
 * for an id past its range) but as pipeline `id`: a read answering a record whose id is `id`, or
 * a definition read answering `id`'s definition where the read of the same id found nothing,
 * took the id for another. The ids are built from `id`'s digits (BigInt): an `id` read as a
 * stand-in (beyond 2^53, big-ids.ts) is not the target's number, and is noted, not tried.
 * Requests: the 2 ids times the reads by id (2 on the simulator), and the definition of `id`.
 */
async function wrappedIdReads(t: CheckContext, reads: readonly RoutedOperation[], id: number): Promise<void> {
  const wrapped = WRAPPED_ID_BITS.map((bits) => ({ bits, raw: idPlusPowerOfTwo(id, bits) }));
  if (wrapped.some((w) => w.raw === undefined)) return t.note(`pipeline ${id} was not read as ${id} + 2^32 or + 2^64: its id is beyond 2^53 (read as a stand-in), so a lookup that keeps only an id's low 32 or 64 bits was not tried on reads`);
  const byRead = reads.find((e) => e.operation === 'pipelines.read');
  const byDefinition = reads.find((e) => e.operation === 'pipelines.definition');
  const liveDefinition = byDefinition === undefined || byRead === undefined ? undefined : await t.a().get(pathWithId(byDefinition, id));
  const live = liveDefinition !== undefined && is2xx(liveDefinition) ? definitionIn(liveDefinition) : undefined;
  for (const { bits, raw } of wrapped) {
    if (raw === undefined) continue;
    const what = wrappedIdWhat(raw, id, bits);
    let readFoundNothing = false;
    if (byRead !== undefined) readFoundNothing = !is2xx((await readWrappedId(t, byRead, raw, id, bits)).read);
    if (byDefinition === undefined || live === undefined || !readFoundNothing) continue;
    const definition = await t.a().get(pathWithId(byDefinition, raw));
    t.expect.that(!is2xx(definition) || !sameJson(definitionIn(definition), live), {
      clause: 'A-PIPE-3',
      message: `${requestLine(definition)} of id ${what} answered pipeline ${id}'s definition, where the read of that id found nothing: the integer id was not read whole`,
      expected: `not pipeline ${id}'s definition (404, as the read of ${raw})`,
      received: describeResponse(definition),
      exchange: definition,
    });
  }
}

check({
  id: 'a-pipe/integer-id-reads',
  clauses: ['A-PIPE-3'],
  supports: ['X-ROB-1', 'A-ERR-1'],
  title: 'A-PIPE-3: reading a pipeline by an id that is not an integer (word, fraction, sign, huge, unicode digits) is never a 5xx, and in the simulator profile a 4xx (the error object on it: A-ERR-1 for a 401 or 404, X-ROB-1 otherwise); GET and HEAD of ids written around an existing pipeline (`12.0`, `12abc`, ` 12`, `12;v=2`, `１２`, `orders-12`) never find it in the simulator profile (noted elsewhere: the spec defines no read), nor in any profile do `-12` and its id + 2^32 and + 2^64 (the integer read whole, not its low 32 or 64 bits)',
  needs: ['a'],
  async run(t) {
    const reads = pipelineOperations(t).filter((e) => e.route.method === 'GET');
    if (!reads.length) t.skip('the target document says no pipeline is read by id (interface_a.operations.pipelines.read and .definition are null); a-pipe/integer-id-writes judges A-PIPE-3 on the spec\'s DELETE');
    await aTargetFindsPipelines(t, 'A-PIPE-3');
    for (const id of ['1.5', '-1', 'abc', '0x10']) for (const e of reads) judgeMalformedId(t, await t.a().get(pathWithId(e, id)), false);
    await readsAroundExisting(t, reads);
    await t.property('non-integer ids are a 4xx', fc.tuple(fc.constantFrom(...reads), notAnInteger), async ([e, id]) => {
      judgeMalformedId(t, await t.a().get(pathWithId(e, id)), false);
    });
  },
});

/**
 * Ids that are not integers yet are written around `id`: what a lenient parser reads as `id`
 * (parseInt: `12abc`, `12.5`, `12e0`, ` 12`; Number: `12.0`, `12e0`, ` 12 `; a float truncated:
 * `12.5`), and `id` with a path parameter (`12;x`, `12;v=2`), which servlet-style routers strip
 * before matching: RFC 3986 (3.3) keeps `;...` in the segment, so `12;x` is no integer id; and
 * `id` with a format suffix (`12.json`), which Rails-style routers take off as the response
 * format: the segment is still `12.json`, no integer id. And `id` in full-width digits (`１２`,
 * percent-encoded as UTF-8): Java's Long.parseLong and Python's int() take any Unicode decimal
 * digit for its value, yet the segment holds no ASCII digit, so no integer.
 */
function writtenAround(id: number): string[] {
  return [`${id}abc`, `${id}.5`, `${id}.0`, `${id}e0`, `%20${id}`, `${id}%20`, `${id}%2C5`, `${id}-x`, `${id};x`, `${id};v=2`, `${id}.json`, fullWidth(id)];
}

/** `id` written in full-width digits (U+FF10 to U+FF19), percent-encoded for the path. */
function fullWidth(id: number): string {
  return encodeURIComponent([...String(id)].map((d) => String.fromCodePoint(0xff10 + Number(d))).join(''));
}

/** A pipeline operation with the route the target document gives it. */
type RoutedOperation = AEndpoint & { route: ARoute };

/**
 * A-PIPE-3 where a lenient parser finds something: every routed write (PUT, PATCH, start, stop
 * or the target's own paths for them, then the spec's DELETE) of ids written around a pipeline
 * the check made (and of its name, for a handler that takes a non-integer id for a name). Each is
 * judged as a malformed id's answer (the DELETE a 4xx everywhere); where
 * reads are served, the pipeline is read back after each id's writes and must be as it was: in
 * the same state (not deployed, not archived), its metadata and definition unchanged (what moved
 * between two reads before anything was sent, or moves again by itself, aside). Its real id's
 * DELETE, last, still finds it (200). Ids around absent ones (the property after) cannot show
 * this: a lenient parser finds nothing there and answers 404. A stop taken for the pipeline,
 * which is not deployed, changes nothing to read back: only its answer is judged. Without
 * pipelines of its own to try, the rule is covered in part: no fixture is risked on it.
 * Requests: 13 ids (12 and the name) times the routed writes (5 on the simulator) and 2 reads
 * back, about 95 with the pipeline's making and its reads before.
 */
async function malformedAroundOwn(t: CheckContext, writes: readonly RoutedOperation[], archive: RoutedOperation, send: (e: RoutedOperation, id: string) => Promise<Exchange>): Promise<void> {
  if (aRoute(t, 'pipelines.create') === null) {
    t.partial('A-PIPE-3', 'the target document says pipelines are not created (interface_a.operations.pipelines.create is null): the malformed ids were built around absent pipelines only, so a write that reads `12abc` as pipeline 12 would not have been seen');
    return;
  }
  const name = uniqueName(t, 'pipe3-own');
  const made = await makePipeline(t, 0, plainDefinition(name));
  if (!('id' in made)) {
    t.partial('A-PIPE-3', `no pipeline could be created to build malformed ids around (${made.tried}: ${made.answer.response.status}): they were built around absent pipelines only, so a write that reads \`12abc\` as pipeline 12 would not have been seen`);
    return;
  }
  const { id, document } = made;
  // The pipeline carries the generated name, also where the target refused the generated
  // definition and took one of its own (makePipeline renames it); an own definition without a
  // name field gave it none, and no name is sent as an id then.
  const named = isObject(document) && document.name === name;
  // Read twice before anything is sent: what differs between the two moves by itself.
  const before = await readMetadata(t, id);
  const again = before === undefined ? undefined : await readMetadata(t, id);
  const definition = before === undefined ? undefined : await readDefinitionTwice(t, id);
  // The spec's DELETE last for each id: a write after an archive taken would only be refused.
  const others = writes.filter((e) => e.operation !== archive.operation);
  for (const raw of [...writtenAround(id), ...(named ? [encodeURIComponent(name)] : [])]) {
    const sent = await sendMalformedWrites(t, others, archive, raw, send);
    // Reads judge the pipeline only where they found it before any write.
    if (before === undefined || again === undefined) continue;
    await expectUnchangedAfter(t, id, sent, { before, again, definition });
  }
  if (before !== undefined && again !== undefined) await wrappedIdWrites(t, id, [...others, archive], send, { before, again, definition });
  else t.note(`the writes of pipeline ${id} + 2^32 and + 2^64 were not sent: pipeline ${id} could not be read, so neither what such an id names before a write nor the pipeline after it could be seen`);
  const deleted = await aSend(t, t.a(), 'pipelines.archive', id);
  foundPipeline(t, id, deleted, `the archiving of account 1's own pipeline ${id}`);
  t.expect.status(deleted, 200, 'A-PIPE-3', `DELETE /pipelines/${id} after the malformed ids answered ${deleted.response.status}, expected 200: one of them was taken for pipeline ${id}`);
}

/**
 * A-PIPE-3's integer id, written whole: every routed write (the spec's DELETE last) of the
 * check's own pipeline `id` + 2^32 and + 2^64 (WRAPPED_ID_BITS), which a lookup keeping an id's
 * low 32 or 64 bits takes for `id`; then `id` read back as it was (expectUnchangedAfter: not
 * archived, not deployed, its definition kept). Each wrapped id is read first: one that names a
 * pipeline of the account (a deployment with 64-bit ids may hold it) is not written to, for the
 * writes would change that pipeline (noted); one read as `id` itself fails here already. An `id`
 * read as a stand-in (beyond 2^53) is noted, not tried: its digits are not the target's.
 * Requests: per id, its read and the routed writes (5 on the simulator), then 2 reads back: 14.
 */
async function wrappedIdWrites(t: CheckContext, id: number, writes: readonly RoutedOperation[], send: (e: RoutedOperation, id: string) => Promise<Exchange>, seen: { before: JsonObject; again: JsonObject; definition: DefinitionTwice | undefined }): Promise<void> {
  const read = pipelineOperations(t).find((e) => e.operation === 'pipelines.read');
  if (read === undefined) return;
  const sent: Exchange[] = [];
  for (const bits of WRAPPED_ID_BITS) {
    const raw = idPlusPowerOfTwo(id, bits);
    if (raw === undefined) return t.note(`the writes of pipeline ${id} + 2^${bits} were not sent: its id is beyond 2^53 (read as a stand-in), so a lookup that keeps only an id's low bits was not tried on writes`);
    const { read: named, record } = await readWrappedId(t, read, raw, id, bits);
    if (record?.id === id) continue;
    if (is2xx(named)) {
      t.note(`${requestLine(named)} answered ${named.response.status}: id ${raw} names a pipeline of the account (or the target answers reads of ids it does not hold), so it was not written to`);
      continue;
    }
    for (const e of writes) sent.push(await send(e, raw));
  }
  if (sent.length > 0) await expectUnchangedAfter(t, id, sent, seen, `its id + 2^32 and + 2^64`, 'one of those integer ids was taken for it (its low bits)');
}

/**
 * The pipeline `id` read back after `sent` (writes of ids that are not `id`): found, in the state
 * it was in, its metadata and definition as read before (key order free; what differed between
 * the two reads before, or moves again over a pause, aside). A change is one of them taken for it.
 */
async function expectUnchangedAfter(t: CheckContext, id: number, sent: readonly Exchange[], seen: { before: JsonObject; again: JsonObject; definition: DefinitionTwice | undefined }, ids = 'ids that are not integers written around it', taken = 'a malformed id was taken for it'): Promise<void> {
  const writes = sent.map((ex) => `${requestLine(ex)} answered ${ex.response.status}`).join('; ');
  const read = await aSend(t, t.a(), 'pipelines.read', id);
  const was = pipelineState(t, seen.before);
  const state = pipelineState(t, read.json);
  t.expect.that(read.response.status === 200 && isObject(read.json) && state.name === was.name, {
    clause: 'A-PIPE-3',
    message: `after writes of ${ids} (${writes}), pipeline ${id} is ${read.response.status === 200 ? `${state.spec?.replace('_', ' ') ?? JSON.stringify(state.name)} where it was ${was.spec?.replace('_', ' ') ?? JSON.stringify(was.name)}` : `not found (${read.response.status})`}: ${taken}`,
    expected: `pipeline ${id} read back as it was (${was.field} ${JSON.stringify(was.name)})`,
    received: read.response.status === 200 ? `${state.field} ${JSON.stringify(state.name)}` : describeResponse(read),
    exchange: read,
  });
  const after = read.json as JsonObject;
  const volatile = volatileFields(seen.before, seen.again);
  let changed = [...new Set([...Object.keys(seen.before), ...Object.keys(after)])].filter((k) => !volatile.has(k) && JSON.stringify(seen.before[k]) !== JSON.stringify(after[k]));
  // Only on a seen change: a field that moves again by itself over a pause is no write's doing.
  if (changed.length > 0) {
    await t.sleep(MOVES_BY_ITSELF_PAUSE_MS);
    const later = await readMetadata(t, id);
    if (later !== undefined) changed = changed.filter((k) => !volatileFields(after, later).has(k));
  }
  const shownMetadata = showChanges(jsonChanges(seen.before, after, changed));
  t.expect.that(changed.length === 0, {
    clause: 'A-PIPE-3',
    message: `after writes of ${ids} (${writes}), pipeline ${id}'s metadata changed (${shownMetadata.paths}): ${taken}`,
    expected: `the metadata as before: ${shownMetadata.before}`,
    received: shownMetadata.after,
    exchange: read,
  });
  if (seen.definition === undefined || 'unreadable' in seen.definition) return;
  const now = await readDefinition(t, id);
  if (!('value' in now)) return;
  const definitionChanged = definitionChanges(seen.definition.first, seen.definition.again, now.value);
  // Only what changed, a secret's value as the marker: a definition holds connection credentials.
  const shown = showChanges(jsonChanges(seen.definition.first, now.value, definitionChanged));
  t.expect.that(definitionChanged.length === 0, {
    clause: 'A-PIPE-3',
    message: `after writes of ${ids} (${writes}), pipeline ${id}'s definition changed (${shown.paths}): ${taken}`,
    expected: `the definition as before: ${shown.before}`,
    received: shown.after,
    exchange: now.ex,
  });
}

/**
 * Every routed write but the archive, then the spec's DELETE last (a write after an archive taken
 * would only be refused), of the malformed id `raw`, each judged as a malformed id's answer; the
 * answers, for the read back.
 */
async function sendMalformedWrites(t: CheckContext, others: readonly RoutedOperation[], archive: RoutedOperation, raw: string, send: (e: RoutedOperation, id: string) => Promise<Exchange>): Promise<Exchange[]> {
  const sent: Exchange[] = [];
  for (const e of others) {
    const ex = await send(e, raw);
    judgeMalformedId(t, ex, false);
    sent.push(ex);
  }
  const ex = await send(archive, raw);
  judgeMalformedId(t, ex, true);
  sent.push(ex);
  return sent;
}

/**
 * A-PIPE-3 in every profile for a pipeline's whole id in other words (inOtherWords: `-12`, which
 * a signed-integer reader takes for 12, `orders-12`, which a route for friendly URLs reads by its
 * trailing digits), on a pipeline the check makes for them alone (archived on cleanup: an archive
 * taken here spoils no other case). Per id: its read (judged as a malformed id's, and never
 * answering the pipeline: `-12` in every profile, `orders-12` in the simulator profile, noted
 * elsewhere), every routed write (the spec's DELETE last, a 4xx), then the pipeline read back as it was (expectUnchangedAfter: an archive taken by the
 * DELETE is seen there). Requests: the making, 4 reads before, per id its read, the routed writes
 * (5 on the simulator) and 2 reads back, and the archive on cleanup: 22.
 */
async function otherWordsWrites(t: CheckContext, writes: readonly RoutedOperation[], archive: RoutedOperation, send: (e: RoutedOperation, id: string) => Promise<Exchange>): Promise<void> {
  const read = pipelineOperations(t).find((e) => e.operation === 'pipelines.read');
  if (aRoute(t, 'pipelines.create') === null) return;
  if (read === undefined) return t.partial('A-PIPE-3', 'the target document declares no read of a pipeline (interface_a.operations.pipelines.read): the writes of `-12` and `orders-12` were not sent, for nothing could show pipeline 12 left as it was');
  const made = await makePipeline(t, 0, plainDefinition(uniqueName(t, 'pipe3-words')));
  if (!('id' in made)) return t.partial('A-PIPE-3', `no pipeline could be created to send \`-12\` and \`orders-12\` for (${made.tried}: ${made.answer.response.status}): a write that takes them for pipeline 12 would not have been seen`);
  const { id } = made;
  const before = await readMetadata(t, id);
  const again = before === undefined ? undefined : await readMetadata(t, id);
  if (before === undefined || again === undefined) return t.partial('A-PIPE-3', `pipeline ${id}, made to send \`-${id}\` and \`orders-${id}\` for, could not be read: a write taking them for it would not have been seen`);
  const definition = await readDefinitionTwice(t, id);
  const others = writes.filter((e) => e.operation !== archive.operation);
  const liveDefinition = definitionOnce(t, id);
  for (const { raw, everyProfile } of inOtherWords(id)) {
    const got = await send(read, raw);
    judgeMalformedId(t, got, false);
    await expectNotOwnRead(t, read, got, raw, id, liveDefinition, everyProfile);
    const sent = await sendMalformedWrites(t, others, archive, raw, send);
    await expectUnchangedAfter(t, id, sent, { before, again, definition }, raw, `${raw} was taken for it`);
  }
}

check({
  id: 'a-pipe/integer-id-writes',
  clauses: ['A-PIPE-3'],
  supports: ['X-ROB-1', 'A-ERR-1'],
  title: 'A-PIPE-3: DELETE (and, in the simulator profile, PUT, PATCH, start, stop) of an id that is not an integer is a 4xx, never a 5xx (the error object on it: A-ERR-1 for a 401 or 404, X-ROB-1 otherwise, a front\'s bare refusal noted outside the simulator profile); written around a pipeline the check made (`12abc`, `12.5`, ` 12`, `12;x`, `１２`, its name), every routed write leaves that pipeline as it was, as do the writes of its id + 2^32 and + 2^64 where they name nothing (the integer read whole); in every profile `-12` and `orders-12` never change a pipeline the check made, nor does `-12` read it (`orders-12`\'s read judged in the simulator profile, noted elsewhere)',
  needs: ['a', 'write'],
  async run(t) {
    const send = (e: RoutedOperation, id: string): Promise<Exchange> => t.a().request(e.route.method, pathWithId(e, id), validOptions(t, e, 'pipe3'));
    const writes = pipelineOperations(t).filter((e) => e.route.method !== 'GET');
    const archive = { ...aEndpoint('pipelines.archive'), route: aRoute(t, 'pipelines.archive') ?? aEndpoint('pipelines.archive') };
    await aTargetFindsPipelines(t, 'A-PIPE-3');
    const a = absentIdFrom(t.target, Date.now());
    for (const id of [`${a}.5`, `-${a}`, 'abc', `${a}e0`]) judgeMalformedId(t, await send(archive, id), true);
    await malformedAroundOwn(t, writes, archive, send);
    await otherWordsWrites(t, writes, archive, send);
    await t.property('non-integer ids are a 4xx', fc.tuple(fc.constantFrom(...writes), nonIntegerIdNear(t.target)), async ([e, id]) => {
      judgeMalformedId(t, await send(e, id), e.source === 'spec');
    });
  },
});
