import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { acceptDefinition, dropUnknownKeysAt, refuseUnknownDeletions } from './accept.ts';
import { mergePatch, sameDocument } from './definition.ts';
import { conflict } from '../../http/a-errors.ts';
import { ApiError } from '../../http/errors.ts';
import { deploy, isDeployed, record, settle, stateOf, undeploy } from './lifecycle.ts';
import type { Pipeline, PipelineDefinition } from './types.ts';
import { newestFirst } from '../shared/ordering.ts';

/**
 * The rules of interface A's pipelines. Transitions (A-GAP-2, documented in docs/interface-a.md):
 * create -> not_deployed; start -> initial_sync -> (time) continuous_sync; stop -> not_deployed;
 * a changed definition redeploys a deployed pipeline; DELETE archives (A-PIPE-1, A-PIPE-2).
 * Start and stop are idempotent; an archived pipeline is read-only, and DELETE of it is a no-op.
 */

export function createPipeline(sim: Sim, account: AccountState, document: unknown): Pipeline {
  // The fault: a new pipeline is saved as a draft, checked for its shape only; its rules wait for validate, PUT, PATCH and start.
  const definition = sim.faults.has('a-invalid-definition-stored') ? acceptStoringInvalid(sim, account, document) : sim.faults.has('a-create-draft-rules-unchecked') ? shapeChecked(sim, document, undefined) : acceptDefinition(sim, document);
  // The fault: names kept unique over every account's pipelines, as a unique index on the name
  // alone would, so a name only another account uses is refused too. Seeds go through
  // storePipeline, not here: the default seed gives both accounts the same names.
  if (sim.faults.has('a-pipeline-names-unique-across-accounts')) for (const other of sim.store.accounts.values()) if (other !== account) ensureNameFree(other, definition.name, null);
  return storePipeline(sim, account, definition);
}

/**
 * The fault a-invalid-definition-stored: the row is inserted once the document has the right
 * shape, before its rules are checked, and the 400 of a rule it breaks does not roll it back.
 */
function acceptStoringInvalid(sim: Sim, account: AccountState, document: unknown): PipelineDefinition {
  try {
    return acceptDefinition(sim, document);
  } catch (error) {
    const named = typeof document === 'object' && document !== null && typeof (document as { name?: unknown }).name === 'string';
    if (error instanceof ApiError && error.code === 'invalid_definition' && named) {
      try {
        storePipeline(sim, account, document as PipelineDefinition);
      } catch {
        // The name is taken (the rule broken was its uniqueness): nothing is inserted.
      }
    }
    throw error;
  }
}

/**
 * Stores a definition already known to be valid: an accepted document, or a seed's (the fixed
 * valid definition under a name the seed check has vetted), which so need not wait for the schema
 * validator to be compiled at start.
 */
export function storePipeline(sim: Sim, account: AccountState, definition: PipelineDefinition): Pipeline {
  ensureNameFree(account, definition.name, null);
  const now = sim.clock.now();
  if (sim.faults.has('a-archive-undone-by-create-same-name')) {
    // The fault: create "upserts by name": an archived pipeline of this name is taken back with
    // the new definition, its archive undone.
    const previous = [...account.pipelines.values()].find((p) => p.name === definition.name && p.archivedAt !== null);
    if (previous) {
      Object.assign(previous, { definition, archivedAt: null, deployedAt: null, updatedAt: now });
      return previous;
    }
  }
  const id = sim.store.nextId('pipeline', account);
  const pipeline: Pipeline = {
    id,
    name: definition.name,
    definition,
    createdAt: now,
    updatedAt: now,
    deployedAt: null,
    archivedAt: null,
    lastSyncAt: null,
    history: [],
    initialSyncMs: sim.conventions.a.initialSyncMs,
  };
  account.pipelines.set(id, pipeline);
  return pipeline;
}

/** The dry run of `POST /pipelines/validate`: the same checks as create, nothing stored. */
export function validateDocument(sim: Sim, document: unknown): void {
  const definition = acceptDefinition(sim, document);
  // The fault: the dry run also asks whether the name is free, of a names index kept over every
  // account (the caller's account not in its key), so a name only another account uses is 409.
  if (sim.faults.has('a-validate-name-taken-any-account')) for (const account of sim.store.accounts.values()) ensureNameFree(account, definition.name, null);
}

/** PUT: the document replaces the definition. */
export function replaceDefinition(sim: Sim, account: AccountState, pipeline: Pipeline, document: unknown): Pipeline {
  ensureWritable(pipeline);
  if (sim.faults.has('a-invalid-replace-stored')) {
    // The row is written first, then the rules are checked (no transaction around the two).
    const before = pipeline.definition;
    try {
      return changeDefinition(sim, account, pipeline, acceptDefinition(sim, document, before));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_definition' && typeof document === 'object' && document !== null && !Array.isArray(document)) {
        pipeline.definition = { ...before, ...(document as PipelineDefinition) };
        pipeline.updatedAt = sim.clock.now();
      }
      throw err;
    }
  }
  // The fault: the replace reads the settings through its destination type's model, which
  // ignores fields it does not declare (create and validate check the whole document).
  if (sim.faults.has('a-unknown-keys-ignored-on-replace')) dropUnknownKeysAt(document, ['destination', 'settings']);
  return changeDefinition(sim, account, pipeline, acceptDefinition(sim, document, pipeline.definition));
}

/** PATCH: an RFC 7396 merge patch of the definition; the result is validated as a whole. */
export function patchDefinition(sim: Sim, account: AccountState, pipeline: Pipeline, patch: unknown): Pipeline {
  ensureWritable(pipeline);
  // The fault: only the merged result is checked, so a null for a key the definition does not
  // know (a deletion of nothing) passes as a no-op.
  if (patch !== undefined && !sim.faults.has('a-patch-null-unknown-key-taken')) refuseUnknownDeletions(pipeline.definition, patch);
  const merged = patch === undefined ? undefined : mergePatch(pipeline.definition, patch);
  // The fault: the patch's sync is applied field by field onto the stored one, known fields only.
  if (sim.faults.has('a-unknown-keys-ignored-on-update')) dropUnknownKeysAt(merged, ['sync']);
  // The fault: the patch's known top-level members are applied field by field before its unknown
  // ones are refused, so a refused patch (the right 422) has changed the pipeline all the same.
  if (sim.faults.has('a-patch-known-members-applied-before-refusal')) {
    try {
      return changeDefinition(sim, account, pipeline, acceptDefinition(sim, merged, pipeline.definition));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && typeof merged === 'object' && merged !== null && !Array.isArray(merged)) {
        const known = structuredClone(merged);
        dropUnknownKeysAt(known, []);
        try {
          changeDefinition(sim, account, pipeline, acceptDefinition(sim, known, pipeline.definition));
        } catch {
          // the known members alone are not a valid definition: nothing applied
        }
      }
      throw err;
    }
  }
  // The fault: the update's partial DTO checks types and keys only, its rules left to create, validate and PUT.
  if (sim.faults.has('a-update-rules-unchecked')) return changeDefinition(sim, account, pipeline, shapeChecked(sim, merged, pipeline.definition));
  return changeDefinition(sim, account, pipeline, acceptDefinition(sim, merged, pipeline.definition));
}

/** The faults `a-update-rules-unchecked` and `a-create-draft-rules-unchecked`: the definition refused for its shape (422), taken whatever rule it breaks. */
function shapeChecked(sim: Sim, merged: unknown, stored: PipelineDefinition | undefined): PipelineDefinition {
  try {
    return acceptDefinition(sim, merged, stored);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_definition') return merged as PipelineDefinition;
    throw err;
  }
}

function changeDefinition(sim: Sim, account: AccountState, pipeline: Pipeline, definition: PipelineDefinition): Pipeline {
  if (sameDocument(definition, pipeline.definition)) return pipeline;
  ensureNameFree(account, definition.name, pipeline.id);
  // The fault: a rename also renames the deployment, whose names the runtime keeps unique across
  // accounts, so a name only another account's live pipeline has is refused too.
  if (definition.name !== pipeline.name && sim.faults.has('a-rename-name-taken-any-account')) for (const other of sim.store.accounts.values()) if (other !== account) ensureNameFree(other, definition.name, null);
  // The fault: a rename checks the account's whole name index, where archived pipelines keep
  // their names, so an archived pipeline's name is refused to a rename (a create takes it).
  if (definition.name !== pipeline.name && sim.faults.has('a-rename-archived-name-taken')) {
    for (const other of account.pipelines.values()) if (other.id !== pipeline.id && other.name === definition.name) throw conflict(`A pipeline named ${JSON.stringify(definition.name)} exists already.`, 'name');
  }
  const now = sim.clock.now();
  settle(pipeline, now);
  pipeline.definition = definition;
  pipeline.name = definition.name;
  pipeline.updatedAt = now;
  // The fault: a not-deployed pipeline's definition is saved as a draft by an upsert whose
  // conflict target is the draft's name (the account left out of the unique index), so the save
  // lands on every other account's not-deployed pipeline of that name.
  if (!isDeployed(pipeline) && sim.faults.has('a-draft-saved-by-name-every-account')) saveDraftOnSameName(sim, pipeline, now);
  // A deployed pipeline picks up its new definition by deploying again, from an initial sync.
  if (isDeployed(pipeline)) {
    deployOnRuntime(sim, pipeline, now, 'definition_changed');
    // The fault: the rollout of a new definition goes through the runtime's redeploy by name
    // (the start passes the deployment's id), so every deployment of that name starts over.
    if (sim.faults.has('a-update-redeploys-same-name-every-account')) redeployDeploymentsNamed(sim, pipeline, now);
  }
  return pipeline;
}

/** The fault `a-draft-saved-by-name-every-account`: `pipeline`'s definition written onto every other live, not-deployed pipeline of its name, in any account. */
function saveDraftOnSameName(sim: Sim, pipeline: Pipeline, now: number): void {
  for (const other of sim.store.accounts.values()) {
    for (const draft of other.pipelines.values()) {
      if (draft === pipeline || draft.name !== pipeline.name || draft.archivedAt !== null || isDeployed(draft)) continue;
      draft.definition = structuredClone(pipeline.definition);
      draft.updatedAt = now;
    }
  }
}

/** The fault `a-deployment-label-63-500`: the longest deployment label the runtime takes (a DNS label). */
const DNS_LABEL_MAX = 63;

/** Deploys `pipeline` as its start or a redeploying write asks. */
function deployOnRuntime(sim: Sim, pipeline: Pipeline, now: number, reason: 'start' | 'definition_changed'): void {
  // The fault: the runtime names the deployment after the pipeline, `cdc-<name>` folded to a DNS
  // label, and throws on one longer than 63 characters, which nothing catches (a 500).
  if (sim.faults.has('a-deployment-label-63-500')) {
    const label = `cdc-${pipeline.definition.name.toLowerCase().replace(/[ ._]/g, '-')}`;
    if (label.length > DNS_LABEL_MAX) throw new Error(`runtime: invalid deployment name ${label}: must be no more than ${DNS_LABEL_MAX} characters`);
  }
  deploy(pipeline, now, reason);
}

/** Idempotent: starting a deployed pipeline changes nothing. */
export function startPipeline(sim: Sim, pipeline: Pipeline): Pipeline {
  ensureWritable(pipeline);
  if (isDeployed(pipeline)) {
    // The fault: the start is passed to the runtime all the same, which registers a second deployment.
    if (sim.faults.has('a-second-start-delete-keeps-running')) startedAgain.add(pipeline);
    return pipeline;
  }
  startedAgain.delete(pipeline);
  const now = sim.clock.now();
  deployOnRuntime(sim, pipeline, now, 'start');
  // The fault: the runtime names deployments after their pipeline, so deploying a name redeploys
  // whatever runs under it, in any account.
  if (sim.faults.has('a-start-by-name-every-account')) redeployDeploymentsNamed(sim, pipeline, now);
  if (sim.faults.has('a-renamed-deployment-not-torn-down') || sim.faults.has('a-archive-restores-started-definition')) startedWith.set(pipeline, pipeline.definition);
  pipeline.updatedAt = now;
  return pipeline;
}

/**
 * The definition each pipeline was last started with (its name is the deployment's registration
 * with the runtime); kept and read only while the fault `a-renamed-deployment-not-torn-down` or
 * `a-archive-restores-started-definition` is on.
 */
const startedWith = new WeakMap<Pipeline, PipelineDefinition>();

/**
 * Deployed pipelines started again while deployed, each with a second runtime deployment; kept and
 * read only while the fault `a-second-start-delete-keeps-running` is on.
 */
const startedAgain = new WeakSet<Pipeline>();

/** The most tables the teardown request of the fault `a-wide-teardown-refused-keeps-running` takes. */
const MOST_TABLES_A_TEARDOWN_TAKES = 8;

/** How often the runtime of the fault `a-lease-renewed-delete-keeps-running` renews a deployment's lease. */
const LEASE_RENEWAL_MS = 12 * 3_600_000;

/** How long the sync log of the fault `a-archive-drops-week-old-last-sync` keeps a sync. */
const SYNC_LOG_RETENTION_MS = 7 * 86_400_000;

/** Idempotent: stopping a pipeline that is not deployed changes nothing. */
export function stopPipeline(sim: Sim, pipeline: Pipeline): Pipeline {
  ensureWritable(pipeline);
  if (!isDeployed(pipeline)) return pipeline;
  const now = sim.clock.now();
  settle(pipeline, now);
  record(pipeline, now, stateOf(pipeline, now), 'not_deployed', 'stop');
  undeploy(pipeline, now);
  pipeline.updatedAt = now;
  if (sim.faults.has('a-stop-by-name-every-account')) stopDeploymentsNamed(sim, pipeline);
  return pipeline;
}

/**
 * DELETE (section 3A): a deployed pipeline is stopped, torn down, then archived (A-PIPE-1); one
 * that is not deployed is archived and nothing else (A-PIPE-2). Archiving twice is a no-op.
 * `runtimeRefusesStop` is the fault `a-non-admin-delete-keeps-running`'s (the route's): the
 * runtime refused the stop, and the archive goes on all the same.
 */
export function archivePipeline(sim: Sim, pipeline: Pipeline, runtimeRefusesStop = false): Pipeline {
  if (pipeline.archivedAt !== null) return pipeline;
  const now = sim.clock.now();
  settle(pipeline, now);
  if (!isDeployed(pipeline) && sim.faults.has('a-delete-not-deployed-starts')) deploy(pipeline, now, 'start');
  if (isDeployed(pipeline)) {
    // The fault: the runtime's teardown is addressed by the name the deployment was registered
    // under at start; a redeploy (a changed definition) reuses that registration, so after a
    // rename the teardown finds no deployment and the pipeline is archived still running.
    const unfound = sim.faults.has('a-renamed-deployment-not-torn-down') && startedWith.get(pipeline)?.name !== pipeline.name;
    // The fault: the teardown's URL carries the name unescaped, so a name with a space (valid in
    // the schema) makes a request the runtime refuses, and the archive goes on without it.
    const badTeardownUrl = sim.faults.has('a-spaced-name-deployment-not-torn-down') && pipeline.name.includes(' ');
    // The fault: a stream-only deployment (no initial load) runs on the CDC runtime, which the
    // teardown never calls, so the archive goes on with it still running.
    const streamOnly = sim.faults.has('a-stream-only-delete-keeps-running') && (pipeline.definition.sync as { initial_load?: unknown } | undefined)?.initial_load === false;
    // The fault: the runtime renews a deployment's lease every 12 h under a new lease id; the
    // teardown sends the one kept at deploy time, which the runtime no longer knows (its 404 ignored).
    const leaseRenewed = sim.faults.has('a-lease-renewed-delete-keeps-running') && pipeline.deployedAt !== null && now - pipeline.deployedAt >= LEASE_RENEWAL_MS;
    // The fault: the teardown drops every table's replication in one runtime request, which takes
    // at most 8 tables; a larger one is refused (not checked) and the archive goes on.
    const tables = (pipeline.definition.source as { tables?: unknown } | undefined)?.tables;
    const teardownRefused = sim.faults.has('a-wide-teardown-refused-keeps-running') && Array.isArray(tables) && tables.length > MOST_TABLES_A_TEARDOWN_TAKES;
    // The fault: a pipeline started twice has a second runtime deployment the teardown does not
    // know; the runtime refuses to drop it while that one runs (not checked), and the archive goes on.
    const secondDeployment = sim.faults.has('a-second-start-delete-keeps-running') && startedAgain.has(pipeline);
    if (secondDeployment || teardownRefused || leaseRenewed || streamOnly || unfound || badTeardownUrl || runtimeRefusesStop || sim.faults.has('a-delete-deployed-keeps-running')) record(pipeline, now, stateOf(pipeline, now), 'archived', 'archive');
    else {
      record(pipeline, now, stateOf(pipeline, now), 'stopping', 'archive');
      undeploy(pipeline, now);
      record(pipeline, now, 'stopping', 'tearing_down', 'stopped');
      record(pipeline, now, 'tearing_down', 'archived', 'torn_down');
      if (sim.faults.has('a-stop-by-name-every-account')) stopDeploymentsNamed(sim, pipeline);
    }
  } else {
    record(pipeline, now, 'not_deployed', 'archived', 'archive');
    // The fault: "to make sure nothing is left running" the archive sends the runtime's stop,
    // idempotent but addressed by name, so it stops another account's deployment of the name.
    if (sim.faults.has('a-archive-stops-same-name-every-account')) stopDeploymentsNamed(sim, pipeline);
    // The fault: the archive store keys definitions by the pipeline's slug (spaces as dashes)
    // and the record is read back from it, so a spaced name comes back renamed.
    if (sim.faults.has('a-archive-renames-spaced') && pipeline.name.includes(' ')) {
      const slug = pipeline.name.replace(/ /g, '-');
      pipeline.definition = { ...pipeline.definition, name: slug };
      pipeline.name = slug;
    }
    if (sim.faults.has('a-archive-stops-slug-twin')) stopSlugTwins(sim, pipeline, now);
    // The fault: the archive is an UPDATE over the account's not-deployed pipelines keyed by slug.
    if (sim.faults.has('a-archive-takes-not-deployed-slug-twins')) archiveNotDeployedSlugTwins(sim, pipeline, now);
    // The fault: "the archive keeps the version that last ran", so a change made since the last
    // start (a stopped pipeline updated) is lost.
    const ran = startedWith.get(pipeline);
    if (ran && sim.faults.has('a-archive-restores-started-definition')) pipeline.definition = ran;
    // A storage clean-up run with the archive: what an archived pipeline no longer needs is dropped.
    if (sim.faults.has('a-archive-purges-definition')) pipeline.definition = { name: pipeline.definition.name };
    if (sim.faults.has('a-archive-clears-last-sync')) pipeline.lastSyncAt = null;
    // The fault: the archive applies the sync log's retention on its way, and an older last sync goes with the log.
    if (sim.faults.has('a-archive-drops-week-old-last-sync') && pipeline.lastSyncAt !== null && now - pipeline.lastSyncAt > SYNC_LOG_RETENTION_MS) pipeline.lastSyncAt = null;
  }
  pipeline.archivedAt = now;
  pipeline.updatedAt = now;
  return pipeline;
}

export interface PipelinePage {
  items: Pipeline[];
  hasMore: boolean;
}

/** The fault `a-pipeline-list-cache-ignores-account`: each simulator's cached default lists, by page and page size. */
const liveListCaches = new WeakMap<Sim, Map<string, { at: number; page: PipelinePage }>>();

/** Newest first; archived pipelines only when asked for. */
export function listPipelines(sim: Sim, account: AccountState, page: { page: number; pageSize: number; includeArchived: boolean }): PipelinePage {
  const now = sim.clock.now();
  // The fault: the default list (live pipelines) is cached for a second under a key that forgot the account.
  if (sim.faults.has('a-pipeline-list-cache-ignores-account') && !page.includeArchived) {
    let cache = liveListCaches.get(sim);
    if (!cache) liveListCaches.set(sim, (cache = new Map()));
    const key = `${page.page}:${page.pageSize}`;
    const cached = cache.get(key);
    if (cached && now - cached.at < 1000) return cached.page;
    const fresh = listOwnPipelines(sim, account, page, now);
    cache.set(key, { at: now, page: fresh });
    return fresh;
  }
  return listOwnPipelines(sim, account, page, now);
}

function listOwnPipelines(sim: Sim, account: AccountState, page: { page: number; pageSize: number; includeArchived: boolean }, now: number): PipelinePage {
  const all = newestFirst([...account.pipelines.values()].filter((p) => page.includeArchived || p.archivedAt === null));
  if (sim.faults.has('a-list-shows-foreign')) all.push(...foreignPipelines(sim, account).filter((p) => page.includeArchived || p.archivedAt === null));
  const start = (page.page - 1) * page.pageSize;
  // The fault `a-list-offset-32-bit` (as interface A's `listOffset`): the offset is a 32-bit query parameter.
  if (sim.faults.has('a-list-offset-32-bit') && start > 2_147_483_647) throw new RangeError(`value ${start} is out of range for type integer`);
  const items = all.slice(start, start + page.pageSize);
  for (const pipeline of items) settle(pipeline, now);
  // The fault: has_more from a separate count query that lost its account filter (the page query keeps it).
  if (sim.faults.has('a-list-has-more-all-accounts')) return { items, hasMore: start + page.pageSize < countEveryAccount(sim, page.includeArchived) };
  return { items, hasMore: start + page.pageSize < all.length };
}

/** a-list-has-more-all-accounts: the pipelines of every account the list's filter keeps. */
function countEveryAccount(sim: Sim, includeArchived: boolean): number {
  let count = 0;
  for (const other of sim.store.accounts.values()) for (const p of other.pipelines.values()) if (includeArchived || p.archivedAt === null) count++;
  return count;
}

/** Every other account's pipelines, newest first: what a list that lost its account filter adds after the caller's own. */
function foreignPipelines(sim: Sim, account: AccountState): Pipeline[] {
  return newestFirst([...sim.store.accounts.values()].filter((other) => other !== account).flatMap((other) => [...other.pipelines.values()]));
}

function ensureWritable(pipeline: Pipeline): void {
  if (pipeline.archivedAt !== null) throw conflict('The pipeline is archived: it can be read, not changed.');
}

/**
 * The faults `a-stop-by-name-every-account` and `a-archive-stops-same-name-every-account`: a
 * runtime that addresses deployments by pipeline name stops every deployed pipeline of that name,
 * whatever its account.
 */
function stopDeploymentsNamed(sim: Sim, stopped: Pipeline): void {
  const now = sim.clock.now();
  for (const account of sim.store.accounts.values()) {
    for (const other of account.pipelines.values()) {
      if (other === stopped || other.name !== stopped.name || other.archivedAt !== null || !isDeployed(other)) continue;
      settle(other, now);
      record(other, now, stateOf(other, now), 'not_deployed', 'stop');
      undeploy(other, now);
      other.updatedAt = now;
    }
  }
}

/**
 * The faults `a-start-by-name-every-account` and `a-update-redeploys-same-name-every-account`:
 * the start (or the changed definition) of `started` reaches the runtime as a deployment of its name, which redeploys every other deployed pipeline of that name, in any
 * account: each starts over from an initial sync (a new deployment), its definition its own.
 */
function redeployDeploymentsNamed(sim: Sim, started: Pipeline, now: number): void {
  for (const account of sim.store.accounts.values()) {
    for (const other of account.pipelines.values()) {
      if (other === started || other.name !== started.name || !isDeployed(other)) continue;
      settle(other, now);
      deploy(other, now, 'definition_changed');
      other.updatedAt = now;
    }
  }
}

/**
 * The fault `a-archive-stops-slug-twin`: "to be safe", an archive asks the runtime to drop any
 * deployment left under the pipeline's deployment slug (its name lowercased, spaces as dashes),
 * which is another deployed pipeline of the account whose name folds to the same slug.
 */
function stopSlugTwins(sim: Sim, archived: Pipeline, now: number): void {
  const slug = (name: string): string => name.toLowerCase().replace(/ /g, '-');
  const account = [...sim.store.accounts.values()].find((a) => a.pipelines.get(archived.id) === archived);
  for (const other of account?.pipelines.values() ?? []) {
    if (other === archived || !isDeployed(other) || slug(other.name) !== slug(archived.name)) continue;
    settle(other, now);
    record(other, now, stateOf(other, now), 'not_deployed', 'stop');
    undeploy(other, now);
    other.updatedAt = now;
  }
}

/** a-archive-takes-not-deployed-slug-twins: the account's other not-deployed pipelines of the archived one's slug are archived too. */
function archiveNotDeployedSlugTwins(sim: Sim, archived: Pipeline, now: number): void {
  const slug = (name: string): string => name.toLowerCase().replace(/ /g, '-');
  const account = [...sim.store.accounts.values()].find((a) => a.pipelines.get(archived.id) === archived);
  for (const other of account?.pipelines.values() ?? []) {
    if (other === archived || other.archivedAt !== null || isDeployed(other) || slug(other.name) !== slug(archived.name)) continue;
    record(other, now, 'not_deployed', 'archived', 'archive');
    other.archivedAt = now;
    other.updatedAt = now;
  }
}

/** Names are unique among the account's pipelines that are not archived. */
function ensureNameFree(account: AccountState, name: string, selfId: number | null): void {
  for (const other of account.pipelines.values()) {
    if (other.id !== selfId && other.archivedAt === null && other.name === name) {
      throw conflict(`A pipeline named ${JSON.stringify(name)} exists already.`, 'name');
    }
  }
}
