import type { Context } from 'koa';
import { toYaml } from '../../http/yaml.ts';
import { unboundToRuntime } from '../apikeys/model.ts';
import type { PipelineApiKey } from '../apikeys/types.ts';
import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';
import { conflict, expectNoFields } from '../../http/a-errors.ts';
import { createdWithKeyFault, findPipeline } from './lookup.ts';
import { acceptDefinition, dropUnknownKeysAt } from './accept.ts';
import { isDeployed } from './lifecycle.ts';
import type { Pipeline } from './types.ts';
import { mergePatch } from './definition.ts';
import { pipelineNotFound } from './errors.ts';
import { archivePipeline, createPipeline, listPipelines, patchDefinition, replaceDefinition, startPipeline, stopPipeline, validateDocument } from './model.ts';
import { pagingFacts, readListQuery } from '../../interfaces/a/paging.ts';
import { createdByFault, noteUpdater, pipelineUrl, presentDefinition, presentPipeline } from './present.ts';
import { aBase, readABody } from '../../interfaces/a/body.ts';
import { presentList } from '../../interfaces/a/list.ts';
import type { ARouter } from '../../interfaces/a/types.ts';

/** The fault `a-definition-cache-by-name`'s render cache of definitions, keyed by the pipeline's name alone (no account). */
const definitionCaches = new WeakMap<Sim, Map<string, Record<string, unknown>>>();
/** The fault `a-list-cached-until-create`'s list pages, keyed by account, query and the account's pipeline count. */
const listPageCaches = new WeakMap<Sim, Map<string, unknown>>();
/**
 * The fault `a-nonadmin-started-delete-keeps-running`'s deployments last started with a non-admin
 * key: the runtime deployment is owned by the token that started it, and its teardown runs with it.
 */
const startedByNonAdmin = new WeakSet<Pipeline>();
/**
 * The fault `a-revoked-starter-delete-keeps-running`'s key each deployment was last started with:
 * the teardown runs with that key's token, which the runtime refuses once the key is revoked.
 */
const startedWithKey = new WeakMap<Pipeline, PipelineApiKey>();
const DOCUMENT_FORMATS = ['json', 'yaml'] as const;
const JSON_TYPE = 'application/json';
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'];

/** Pipelines (A-GAP-1: REST-shaped, documented in docs/interface-a.md). */
export function registerPipelineRoutes(router: ARouter, sim: Sim, prefix: string): void {
  const { paths } = sim.conventions.a;
  router.get('/pipelines', (ctx) => {
    const query = readListQuery(ctx.query, sim.conventions.a.defaultPageSize);
    // The fault: list pages cached per account and query until the account's pipeline count
    // changes, as if only a create could change a list (an archive, start, stop or rename does too).
    const cached = sim.faults.has('a-list-cached-until-create');
    const cacheKey = cached ? `${ctx.state.account.slug}|${ctx.querystring}|${ctx.state.account.pipelines.size}` : '';
    let cache = cached ? listPageCaches.get(sim) : undefined;
    if (cached && !cache) listPageCaches.set(sim, (cache = new Map()));
    const hit = cache?.get(cacheKey);
    if (hit !== undefined) {
      ctx.body = hit;
      return;
    }
    const { items, hasMore } = listPipelines(sim, ctx.state.account, query);
    const base = aBase(ctx, prefix);
    ctx.body = presentList(
      sim,
      items.map((p) => presentPipeline(sim, p, base)),
      pagingFacts(query, hasMore),
    );
    cache?.set(cacheKey, ctx.body);
  });

  router.post('/pipelines', async (ctx) => {
    const document = await readABody(ctx, sim, { formats: DOCUMENT_FORMATS });
    const made = createPipeline(sim, ctx.state.account, document);
    // The fault: pipelines joined to their account through the key that made them.
    if (sim.faults.has('a-pipeline-owned-by-creating-key')) createdWithKeyFault.set(made, ctx.state.apiKey);
    // The fault: an audit of who made the pipeline, kept as the credentials were presented
    // (the key's full value), which every later answer about it shows.
    if (sim.faults.has('a-pipeline-created-by-key')) createdByFault.set(made, ctx.get('authorization').replace(/^bearer\s+/i, ''));
    // The fault: the stored definition is stamped with its provenance, the credentials as
    // presented among it, and the definition read returns the document as stored (only the
    // connection secrets it knows of are redacted).
    if (sim.faults.has('a-definition-provenance-key')) made.definition = { ...made.definition, provenance: { created_with: ctx.get('authorization').replace(/^bearer\s+/i, ''), created_at: new Date(sim.clock.now()).toISOString() } };
    const base = aBase(ctx, prefix);
    ctx.status = sim.conventions.a.createdStatus;
    // The new pipeline's URL, whichever member the conventions' metadata shows it in (`url`, or
    // the alt conventions' `links.self`).
    ctx.set('Location', pipelineUrl(base, made));
    ctx.body = presentPipeline(sim, made, base);
  });

  // Registered before `/pipelines/:id` routes; `validate` is never an id (ids are digits).
  router.post(paths.validate, async (ctx) => {
    // The fault: validation moved to v2; the v1 route stays registered, behind the gate, to say so.
    if (sim.faults.has('a-validate-moved-to-v2')) throw new ApiError('not_found', { message: 'Not found: validation moved to /api/public/v2/pipelines/validate.' });
    validateDocument(sim, await readABody(ctx, sim, { formats: DOCUMENT_FORMATS }));
    ctx.body = { valid: true };
  });

  router.get('/pipelines/:id', async (ctx) => {
    // The fault: a HEAD taken for an existence probe, answered from an id index of every account.
    if (ctx.method === 'HEAD' && sim.faults.has('a-head-foreign-pipeline-200')) {
      const id = Number(ctx.params.id);
      if ([...sim.store.accounts.values()].some((a) => a.pipelines.has(id))) {
        ctx.status = 200;
        ctx.body = '';
        return;
      }
    }
    // The fault: `If-None-Match: *` (any current representation) answered from an id index of
    // every account, before the record and its account are loaded.
    if (sim.faults.has('a-conditional-read-foreign-304') && ctx.get('if-none-match').trim() === '*') {
      const id = Number(ctx.params.id);
      if ([...sim.store.accounts.values()].some((a) => a.pipelines.has(id))) {
        ctx.status = 304;
        return;
      }
    }
    // The fault: HEAD taken for an existence probe answered from the id index, its id read with Number() (`1.0`, `0x1`, ` 1` are 1).
    const probed = sim.faults.has('a-head-id-number') && ctx.method === 'HEAD' ? Number(ctx.params.id) : NaN;
    const rawId = Number.isSafeInteger(probed) && probed > 0 ? String(probed) : (ctx.params.id ?? '');
    const pipeline = await findPipeline(sim, ctx.state.account, rawId, 'read', ctx.state.apiKey);
    // a-if-modified-since-500: pollers' If-Modified-Since answered (304 when unchanged since), the
    // header turned into the read replica's instant with new Date().toISOString(), never asked
    // whether it is a date: 'yesterday' throws a RangeError, a 500.
    const since = sim.faults.has('a-if-modified-since-500') ? ctx.get('if-modified-since') : '';
    if (since !== '' && new Date(pipeline.updatedAt).toISOString() <= new Date(since).toISOString()) {
      ctx.status = 304;
      return;
    }
    ctx.body = presentPipeline(sim, pipeline, aBase(ctx, prefix));
  });

  router.get('/pipelines/:id/definition', async (ctx) => {
    // The fault: YAML is rendered by a definitions export service, which loads the row by id in
    // any account and compares the account itself: 403 for another account's pipeline.
    if (sim.faults.has('a-foreign-definition-yaml-403') && yamlAsked(ctx) && ownedElsewhere(sim, ctx.state.account, ctx.params.id ?? '')) {
      throw new ApiError('forbidden', { message: 'Forbidden: this pipeline belongs to another account.' });
    }
    // The fault: the definitions service authenticates against the admin-key table only, so a
    // non-admin key, valid everywhere else, is not found there: the refusal of a key not read.
    if (sim.faults.has('a-nonadmin-key-definition-401') && !ctx.state.apiKey.admin) {
      throw new ApiError('unauthorized', { message: 'Unauthorized: send a valid API key as Authorization: Bearer <key>.', headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    const pipeline = await findPipeline(sim, ctx.state.account, ctx.params.id ?? '', 'read', ctx.state.apiKey);
    if (!sim.faults.has('a-definition-cache-by-name')) return sendDefinition(ctx, sim, presentDefinition(pipeline));
    // "Names are unique": a render cache keyed by the name, dropped on that pipeline's writes.
    let cache = definitionCaches.get(sim);
    if (!cache) definitionCaches.set(sim, (cache = new Map()));
    let rendered = cache.get(pipeline.name);
    if (!rendered) cache.set(pipeline.name, (rendered = presentDefinition(pipeline)));
    sendDefinition(ctx, sim, rendered);
  });

  // The id is looked up before the body is read: absent and foreign ids do the same work.
  router.put('/pipelines/:id', async (ctx) => {
    // The fault: a deployed pipeline's source type is held (a running connector cannot be
    // swapped) by a rule checked on the row loaded by its primary key, in any account, before the
    // owner is compared: another account's deployed pipeline answers 409 where an absent id is 404.
    const readFirst = sim.faults.has('a-foreign-deployed-type-change-409') ? await refuseDeployedTypeChange(ctx, sim, ctx.params.id ?? '') : undefined;
    const pipeline = await findPipeline(sim, ctx.state.account, ctx.params.id ?? '', 'update', ctx.state.apiKey);
    const document = readFirst ? readFirst.document : await readABody(ctx, sim, { formats: DOCUMENT_FORMATS });
    definitionCaches.get(sim)?.delete(pipeline.name);
    // The fault: an audit of who last changed the pipeline, kept as the credentials were presented.
    noteUpdater(sim, pipeline, ctx.get('authorization'));
    ctx.body = presentPipeline(sim, hotReloaded(sim, pipeline, () => replaceDefinition(sim, ctx.state.account, pipeline, runtimeRead(sim, pipeline, document))), aBase(ctx, prefix));
    definitionCaches.get(sim)?.delete(pipeline.name);
  });

  router.patch('/pipelines/:id', async (ctx) => {
    // The fault: this handler alone reads its id with parseInt (`12abc`, `12.5`, ` 12` are 12).
    const lenient = sim.faults.has('a-patch-id-parseint') ? Number.parseInt(ctx.params.id ?? '', 10) : NaN;
    // The fault: the row is loaded by its primary key (any account) and the patch merged and
    // validated before the save, whose WHERE clause holds the account: a foreign row is refused
    // there as absent, but an invalid patch is refused first, naming its field.
    if (sim.faults.has('a-foreign-patch-validated-first')) await validateForeignPatchFirst(ctx, sim, ctx.state.account, ctx.params.id ?? '');
    const pipeline = await findPipeline(sim, ctx.state.account, Number.isNaN(lenient) ? (ctx.params.id ?? '') : String(lenient), 'update', ctx.state.apiKey);
    // Read before the body: the body reader takes a merge patch as JSON.
    const plainJson = /^\s*application\/json\s*(;|$)/i.test(ctx.get('content-type'));
    const patch = await readABody(ctx, sim, { formats: DOCUMENT_FORMATS, mergePatch: true });
    // The fault: a PATCH sent as plain JSON (not a merge patch) is read into an update DTO that
    // copies only the definition's known top-level members: the body's unknown keys vanish.
    const dto = plainJson && sim.faults.has('a-plain-json-patch-drops-unknown-keys') && isPlainObject(patch)
      ? Object.fromEntries(Object.entries(patch).filter(([key]) => UPDATE_DTO_MEMBERS.has(key)))
      : patch;
    definitionCaches.get(sim)?.delete(pipeline.name);
    noteUpdater(sim, pipeline, ctx.get('authorization'));
    ctx.body = presentPipeline(sim, hotReloaded(sim, pipeline, () => patchDefinition(sim, ctx.state.account, pipeline, runtimeRead(sim, pipeline, dto))), aBase(ctx, prefix));
    definitionCaches.get(sim)?.delete(pipeline.name);
  });

  router.post(paths.start, async (ctx) => {
    const pipeline = await findPipeline(sim, ctx.state.account, ctx.params.id ?? '', 'read', ctx.state.apiKey);
    // The fault: the operation is done before the body is read, so a body refused 422 has started it all the same.
    if (sim.faults.has('a-start-bad-body-starts-anyway')) startPipeline(sim, pipeline);
    // A handler that never reads the body does the operation whatever the body says.
    if (!sim.faults.has('a-start-stop-body-unread')) await expectNoBody(ctx, sim);
    noteUpdater(sim, pipeline, ctx.get('authorization'));
    const deploys = !isDeployed(pipeline);
    ctx.body = presentPipeline(sim, startPipeline(sim, pipeline), aBase(ctx, prefix));
    if (deploys && sim.faults.has('a-revoked-starter-delete-keeps-running')) startedWithKey.set(pipeline, ctx.state.apiKey);
    if (deploys && sim.faults.has('a-nonadmin-started-delete-keeps-running')) {
      if (ctx.state.apiKey.admin) startedByNonAdmin.delete(pipeline);
      else startedByNonAdmin.add(pipeline);
    }
  });

  router.post(paths.stop, async (ctx) => {
    const pipeline = await findPipeline(sim, ctx.state.account, ctx.params.id ?? '', 'read', ctx.state.apiKey);
    // A handler that never reads the body does the operation whatever the body says.
    if (!sim.faults.has('a-start-stop-body-unread')) await expectNoBody(ctx, sim);
    noteUpdater(sim, pipeline, ctx.get('authorization'));
    ctx.body = presentPipeline(sim, stopPipeline(sim, pipeline), aBase(ctx, prefix));
  });

  // Archive (section 3A); the answer is the archived pipeline's metadata, or an acknowledgement (A-GAP-3).
  router.delete('/pipelines/:id', async (ctx) => {
    const pipeline = await findPipeline(sim, ctx.state.account, ctx.params.id ?? '', 'archive', ctx.state.apiKey);
    // The fault: the archive is done before the body is read, so a body refused 422 has archived it all the same.
    if (sim.faults.has('a-delete-bad-body-archives-anyway')) {
      definitionCaches.get(sim)?.delete(pipeline.name);
      archivePipeline(sim, pipeline);
    }
    await expectNoBody(ctx, sim);
    definitionCaches.get(sim)?.delete(pipeline.name);
    // The fault: the stop is forwarded to the runtime with the caller's key, which the runtime
    // refuses unless it is an admin's; the archive goes on regardless.
    // The fault a-other-account-delete-keeps-running: the runtime client is one made at boot with
    // the first account's service token, and the runtime refuses it a stop of another account's deployment.
    // The fault a-made-key-delete-keeps-running: the runtime takes a stop only from the caller's
    // bound service account, which keys made through POST /api-keys do not have.
    const refused = (sim.faults.has('a-non-admin-delete-keeps-running') && !ctx.state.apiKey.admin) ||
      (sim.faults.has('a-other-account-delete-keeps-running') && ctx.state.account !== sim.store.firstAccount()) ||
      (sim.faults.has('a-made-key-delete-keeps-running') && unboundToRuntime.has(ctx.state.apiKey)) ||
      // The fault a-nonadmin-started-delete-keeps-running: the teardown runs with the token that
      // started the deployment, a non-admin's may not delete, and the runtime's 403 is not checked.
      (sim.faults.has('a-nonadmin-started-delete-keeps-running') && startedByNonAdmin.has(pipeline)) ||
      // The fault a-revoked-starter-delete-keeps-running: the teardown runs with the token that
      // started the deployment, which the runtime refuses once its key is revoked (not checked).
      (sim.faults.has('a-revoked-starter-delete-keeps-running') && (startedWithKey.get(pipeline)?.revokedAt ?? null) !== null);
    // The fault: a wide not-deployed pipeline's archive goes through the bulk-cleanup queue, answered 202.
    const queued = sim.faults.has('a-wide-archive-202') && !isDeployed(pipeline) && tableCount(pipeline) > WIDE_ARCHIVE_TABLES;
    const archived = archivePipeline(sim, pipeline, refused);
    if (queued) ctx.status = 202;
    ctx.body = sim.conventions.a.archiveBody === 'metadata' ? presentPipeline(sim, archived, aBase(ctx, prefix)) : { id: archived.id, archived: true };
  });
}

/**
 * A replace or update of `pipeline` (`change`). The fault `a-deployed-change-400-no-field`: a
 * deployed pipeline's new definition is handed to its running deployment as a hot reload, and
 * a rule it breaks comes back as the runtime's own rejection, which names no field.
 */
function hotReloaded(sim: Sim, pipeline: Pipeline, change: () => Pipeline): Pipeline {
  if (!sim.faults.has('a-deployed-change-400-no-field') || !isDeployed(pipeline)) return change();
  try {
    return change();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_definition') throw new ApiError('invalid_definition', { message: 'The running deployment rejected the new definition.' });
    throw err;
  }
}

/**
 * The body of a replace or update of `pipeline`, as its handler reads it. The fault
 * `a-deployed-change-unknown-keys-dropped`: a deployed pipeline's new definition is read into the
 * running deployment's config struct, which keeps the keys it knows and drops the others silently.
 */
function runtimeRead(sim: Sim, pipeline: Pipeline, body: unknown): unknown {
  if (sim.faults.has('a-deployed-change-unknown-keys-dropped') && isDeployed(pipeline)) dropUnknownKeysAt(body, []);
  return body;
}

/** a-wide-archive-202: past this many tables, an archive is "queued" (202). */
const WIDE_ARCHIVE_TABLES = 8;

function tableCount(pipeline: Pipeline): number {
  const tables = (pipeline.definition.source as { tables?: unknown } | undefined)?.tables;
  return Array.isArray(tables) ? tables.length : 0;
}

/** Start, stop and DELETE take no body: absent or `{}`, anything else is 422 (A-ERR-3). */
async function expectNoBody(ctx: Context, sim: Sim): Promise<void> {
  const body = await readABody(ctx, sim, { formats: ['json'] });
  // The fault: "no body" is tested as a falsy value, so the JSON bodies null, false, 0 and "" pass for none.
  if (sim.faults.has('a-falsy-body-read-as-none') && !body) return;
  // The fault: the pipeline routes share one body model, whose members (the definition's) every
  // route knows and ignores where it takes none: only what no pipeline route knows is refused.
  if (sim.faults.has('a-bodiless-definition-members-ignored') && isPlainObject(body)) return expectNoFields(Object.fromEntries(Object.entries(body).filter(([k]) => !UPDATE_DTO_MEMBERS.has(k))));
  expectNoFields(body);
}

/** JSON unless the client prefers YAML; no Accept or `*\/*` is JSON; neither acceptable is 406. */
function sendDefinition(ctx: Context, sim: Sim, definition: Record<string, unknown>): void {
  // A hand-written q-value ranking that takes every parameter list to hold a q: a range with
  // another parameter only (`application/json; charset=utf-8`) crashes it.
  if (sim.faults.has('a-accept-parameters-500')) rankAcceptByHand(ctx.get('accept'));
  const chosen = ctx.accepts(JSON_TYPE, ...YAML_TYPES);
  if (chosen === false) {
    throw new ApiError('not_acceptable', {
      message: 'Not acceptable: the definition is served as application/json or application/yaml.',
      problems: [{ field: 'Accept', message: 'must accept application/json or application/yaml' }],
    });
  }
  ctx.set('Vary', 'Accept');
  // The fault: the first Accept-Charset is honoured by Buffer.from, whose encodings are Node's
  // few ('latin1', 'utf16le', ...): a charset it does not name (iso-8859-1) throws, a 500.
  if (sim.faults.has('a-accept-charset-500')) {
    const charset = ctx.get('accept-charset').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
    if (charset && charset !== '*' && charset !== 'utf-8') {
      ctx.set('Vary', 'Accept, Accept-Charset');
      ctx.type = `${chosen}; charset=${charset}`;
      ctx.body = Buffer.from(chosen === JSON_TYPE ? JSON.stringify(definition) : toYaml(definition), charset as BufferEncoding);
      return;
    }
  }
  if (chosen === JSON_TYPE) {
    ctx.body = definition;
    return;
  }
  ctx.type = `${chosen}; charset=utf-8`;
  ctx.body = toYaml(definition);
}

/** The media ranges of an Accept header by their q, read as the fault `a-accept-parameters-500`'s handler reads them. */
function rankAcceptByHand(accept: string): { type: string; q: number }[] {
  return accept
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((p) => p.trim());
      // The bug: a parameter list without q leaves the find undefined, and `.slice` throws.
      return { type, q: params.length ? Number((params.find((p) => p.startsWith('q=')) as string).slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
}

/** The fault `a-plain-json-patch-drops-unknown-keys`: the members its update DTO copies. */
const UPDATE_DTO_MEMBERS = new Set(['name', 'description', 'source', 'destination', 'sync']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fault `a-foreign-definition-yaml-403`: whether the read asks for YAML before JSON (the export service's way in). */
function yamlAsked(ctx: Context): boolean {
  return YAML_TYPES.includes(String(ctx.accepts(JSON_TYPE, ...YAML_TYPES)));
}

/** The fault `a-foreign-definition-yaml-403`: whether the id names a pipeline of another account than `caller`'s (the export service's own lookup). */
function ownedElsewhere(sim: Sim, caller: AccountState, segment: string): boolean {
  const id = Number(segment);
  return !caller.pipelines.has(id) && [...sim.store.accounts.values()].some((a) => a.pipelines.has(id));
}

/**
 * The fault `a-foreign-deployed-type-change-409`: the live, deployed pipeline of the id in any
 * account has the body read and its source.type compared with the one it runs (409 where they
 * differ); the body read is handed on (`document`), or undefined where no such pipeline is.
 */
async function refuseDeployedTypeChange(ctx: Context, sim: Sim, segment: string): Promise<{ document: unknown } | undefined> {
  const id = Number(segment);
  const row = [...sim.store.accounts.values()].map((a) => a.pipelines.get(id)).find((p) => p !== undefined);
  if (!row || row.archivedAt !== null || !isDeployed(row)) return undefined;
  const document = await readABody(ctx, sim, { formats: DOCUMENT_FORMATS });
  const asked = isPlainObject(document) && isPlainObject(document.source) ? document.source.type : undefined;
  const running = isPlainObject(row.definition.source) ? row.definition.source.type : undefined;
  if (typeof asked === 'string' && asked !== running) throw conflict(`source.type of a deployed pipeline cannot change (it runs ${String(running)}): stop it first.`, 'source.type');
  return { document };
}

/**
 * The fault `a-foreign-patch-validated-first`: another account's live pipeline of the id has the
 * patch merged into its definition and validated (a 400 or 422 thrown from there), and is then
 * refused as absent; an own or absent id goes on as usual.
 */
async function validateForeignPatchFirst(ctx: Context, sim: Sim, caller: AccountState, segment: string): Promise<void> {
  const id = Number(segment);
  const row = [...sim.store.accounts.values()].map((a) => a.pipelines.get(id)).find((p) => p !== undefined);
  if (!row || row.archivedAt !== null || caller.pipelines.has(row.id)) return;
  const patch = await readABody(ctx, sim, { formats: DOCUMENT_FORMATS, mergePatch: true });
  if (patch !== undefined) acceptDefinition(sim, mergePatch(row.definition, patch), row.definition);
  throw pipelineNotFound();
}
