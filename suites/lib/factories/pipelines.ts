import { parse as parseYaml } from 'yaml';
import type { CheckContext, Exchange } from '../types.ts';
import { documentBody, type DocumentFormat } from '../documents.ts';
import { is2xx, isObject, pathOf, createdId, routeMissing, sameJson, type JsonObject } from '../answers.ts';
import type { Account } from './removal.ts';
import { setupFailed } from './setup.ts';
import { foundPipeline } from '../evidence.ts';
import { aRoute, aSend, definitionFormat, routeOrSkip, skipUnlessServed } from '../../catalog/a-requests.ts';
import { walkPipelineList } from '../../catalog/a-lists.ts';
import { plainDefinition } from '../arbitraries/definitions.ts';

/**
 * Pipelines a check makes on interface A, archived again after it. The spec fixes only
 * `DELETE /pipelines/{id}`; create, start and read go along the routes the target document
 * describes (the real service's conventions by default, docs/interface-a.md, A-GAP-1): a check
 * that needs one the target does not serve skips, naming the document field that would enable it.
 */

// ---------------------------------------------------------------------------------------------
// Pipelines

export interface Pipeline {
  id: number;
  created: Exchange;
  /** The definition the target took (the one given, or the target document's own under a new name). */
  document: unknown;
}

/**
 * Registers the removal of a pipeline this check made (DELETE archives it; a second DELETE of
 * an archived pipeline is harmless). Whoever made it, its own account removes it; `done` says
 * when the check archived it already, so that the cleanup sends nothing.
 */
export function archiveOnCleanup(t: CheckContext, account: Account, id: number, done: () => boolean = () => false): void {
  t.cleanup(`archive pipeline ${id} of account ${account + 1}`, async () => {
    if (done()) return;
    const ex = await aSend(t, t.a(account), 'pipelines.archive', id);
    if (ex.response.status >= 500) throw new Error(`DELETE /pipelines/${id} answered ${ex.response.status}`);
  });
}

/**
 * Registers the removal of whatever a request that should have been refused created anyway
 * (a 2xx `POST /pipelines` with an integer id), so that a failing target is left clean.
 */
export function archiveIfCreated(t: CheckContext, account: Account, ex: Exchange): void {
  const route = aRoute(t, 'pipelines.create');
  if (!route || ex.request.method !== route.method || !pathOf(ex).endsWith(route.path) || !is2xx(ex)) return;
  const id = createdId(ex);
  if (typeof id === 'number') archiveOnCleanup(t, account, id);
}

/** Creates a pipeline in `account` (archived after the check), or ends the check: see `makePipeline`. */
export async function createPipeline(t: CheckContext, account: Account, document: unknown, format?: DocumentFormat): Promise<Pipeline> {
  const made = await makePipeline(t, account, document, format);
  if ('id' in made) return made;
  const route = aRoute(t, 'pipelines.create');
  if (made.missing) t.skip(`pipelines.create answered ${made.answer.response.status} at ${route ? `${route.method} ${route.path}` : 'no route'}: this target does not create pipelines there; set interface_a.operations.pipelines.create in the target document if it does elsewhere`);
  setupFailed(t, `create a pipeline in account ${account + 1} (${made.tried})`, made.answer);
}

/**
 * Creates a pipeline from `document` in `account`, the target's definition format unless
 * `format` says otherwise; it is archived after the check. A target that refuses the generated
 * document for a rule of its own schema (400, 422) gets the definitions of its target document
 * next (`interface_a.definitions`, used as they are but for a run-unique `name` where they have
 * one), and a note says which was used. Returns the pipeline, or why none could be made.
 */
export async function makePipeline(t: CheckContext, account: Account, document: unknown, format?: DocumentFormat): Promise<Pipeline | { missing: boolean; answer: Exchange; tried: string }> {
  if (aRoute(t, 'pipelines.create') === null) return { missing: true, answer: await aSend(t, t.a(account), 'pipelines.create'), tried: 'the target document says it does not serve pipelines.create' };
  const send = (doc: unknown) => aSend(t, t.a(account), 'pipelines.create', documentBody(doc, format ?? definitionFormat(t)));
  let sent = document;
  let answer = await send(sent);
  if (routeMissing(answer)) return { missing: true, answer, tried: 'the generated definition' };
  const own = t.target.interfaceA.definitions;
  for (let i = 0; !created(answer) && refusedAsInvalid(answer) && i < own.length; i++) {
    const refused = answer.response.status;
    // Under the name the caller gave, unique to its pipeline (a deployment may refuse a name
    // used twice in one account, and checks find the pipeline by it); else one of the run's.
    sent = renamed(own[i], isObject(document) && typeof document.name === 'string' ? document.name : t.name(`definition-${i}`));
    answer = await send(sent);
    if (created(answer)) t.note(`the target refused the generated definition (${refused}); interface_a.definitions[${i}] of the target document was used instead`);
  }
  const id = createdId(answer);
  if (!created(answer) || typeof id !== 'number') return { missing: false, answer, tried: own.length ? `the generated definition and ${own.length} of the target document` : 'the generated definition; give valid ones in interface_a.definitions of the target document' };
  archiveOnCleanup(t, account, id);
  return { id, created: answer, document: sent };
}

function created(ex: Exchange): boolean {
  return is2xx(ex) && typeof createdId(ex) === 'number';
}

function refusedAsInvalid(ex: Exchange): boolean {
  return ex.response.status === 400 || ex.response.status === 422;
}

/** A document of the target's own with a run-unique name, where it has a name at all (nothing is added). */
function renamed(document: unknown, name: string): unknown {
  return isObject(document) && typeof document.name === 'string' ? { ...document, name } : document;
}

/** Starts (deploys) a pipeline; skips when the target does not start pipelines at the described route. */
export async function startPipeline(t: CheckContext, account: Account, id: number): Promise<Exchange> {
  routeOrSkip(t, 'pipelines.start', 'a pipeline cannot be deployed');
  const ex = await aSend(t, t.a(account), 'pipelines.start', id);
  skipUnlessServed(t, 'pipelines.start', ex, 'a pipeline cannot be deployed');
  if (!is2xx(ex)) setupFailed(t, `start pipeline ${id}`, ex);
  return ex;
}

/** The pipeline's metadata as a JSON object, or a setup failure (a skip naming the document field when the target does not serve reads). */
export async function readPipeline(t: CheckContext, account: Account, id: number): Promise<{ body: JsonObject; exchange: Exchange }> {
  routeOrSkip(t, 'pipelines.read', 'a pipeline cannot be read back');
  const exchange = await aSend(t, t.a(account), 'pipelines.read', id);
  if (exchange.response.status === 405 || exchange.response.status === 501) skipUnlessServed(t, 'pipelines.read', exchange, 'a pipeline cannot be read back');
  if (exchange.response.status !== 200 || !isObject(exchange.json)) setupFailed(t, `read pipeline ${id}`, exchange);
  foundPipeline(t, id, exchange, `a read of account ${account + 1}'s own pipeline ${id}`);
  return { body: exchange.json, exchange };
}

/** A pipeline's definition as a value (JSON, or the YAML text parsed), from the described definition read of account 1 (or `account`). */
export interface DefinitionRead {
  ex: Exchange;
  value?: unknown;
}

export async function readDefinition(t: CheckContext, id: number, account: Account = 0): Promise<DefinitionRead> {
  const ex = await aSend(t, t.a(account), 'pipelines.definition', id);
  if (ex.response.status !== 200) return { ex };
  const value = definitionIn(ex);
  return value === undefined ? { ex } : { ex, value };
}

/** The definition document an answer's body holds, as JSON or YAML; undefined where it is neither. */
export function definitionIn(ex: Exchange): unknown {
  if (ex.json !== undefined) return ex.json;
  try {
    return parseYaml(ex.response.body) as unknown;
  } catch {
    return undefined;
  }
}

/** A pipeline's definition read twice, one read right after the other (what differs between the two moves by itself); why not where it cannot be read. */
export type DefinitionTwice = { first: unknown; again: unknown } | { unreadable: string };

export async function readDefinitionTwice(t: CheckContext, id: number): Promise<DefinitionTwice> {
  if (aRoute(t, 'pipelines.definition') === null) return { unreadable: 'the target document declares no definition read (interface_a.operations.pipelines.definition)' };
  const unreadable = (read: DefinitionRead) => ({ unreadable: `the definition read answered ${read.ex.response.status}${read.ex.response.status === 200 ? ' with a body that is neither JSON nor YAML' : ''}` });
  const first = await readDefinition(t, id);
  if (!('value' in first)) return unreadable(first);
  const again = await readDefinition(t, id);
  if (!('value' in again)) return unreadable(again);
  return { first: first.value, again: again.value };
}

/**
 * The top-level keys (or the whole, for a definition that is no object) that differ between
 * `before` and `after` as JSON values (key order free), less those that differ between `before`
 * and `again` (they move by themselves) and those `mayChange` allows.
 */
export function definitionChanges(before: unknown, again: unknown, after: unknown, mayChange: (key: string) => boolean = () => false): string[] {
  if (!isObject(before) || !isObject(after)) return sameJson(before, after) ? [] : ['the whole definition'];
  const moving = (k: string) => isObject(again) && !sameJson(before[k], again[k]);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !mayChange(k) && !moving(k) && !sameJson(before[k], after[k]));
}

/** The fixture pipeline of `account` the run may archive, deployed or not (`fixtures.archivable_pipelines`). */
export function archivablePipeline(t: CheckContext, account: Account, which: 'deployed' | 'not_deployed'): number | undefined {
  return t.target.a[account]?.fixtures.archivable_pipelines?.[which];
}

/** A pipeline's history as `from -> to (reason)` triples, when the target shows one. */
export interface Transition {
  from: string;
  to: string;
  reason: string;
}

export function historyOf(body: JsonObject): Transition[] | undefined {
  const history = body.history;
  if (!Array.isArray(history)) return undefined;
  return history.filter(isObject).map((h) => ({ from: String(h.from), to: String(h.to), reason: String(h.reason) }));
}

export function showTransitions(entries: readonly Transition[]): string {
  return entries.length === 0 ? '(none)' : entries.map((e) => `${e.from} -> ${e.to} (${e.reason})`).join(', ');
}

/**
 * Pipelines of account 2, "another account's pipeline" for A-ENUM-1, A-ENUM-2 and X-ISO-1: its
 * fixture pipelines (`fixtures.pipeline_ids`, which need nothing but the spec's DELETE to be
 * asked about), and where account 2 can create pipelines, one never deployed, one archived and,
 * where it can start them, one deployed; of those, the ones whose ids are not also account 1's
 * own (`notAccountOnes`). Ends the check (a skip) when there are none.
 */
export async function otherAccountPipelines(t: CheckContext, base: string): Promise<ForeignPipeline[]> {
  const all = await accountTwoPipelines(t, base);
  const foreign = await notAccountOnes(t, all);
  if (foreign.length === 0) t.skip(sharedIdsSkip(all));
  return foreign;
}

/** Account 2's pipeline as a check asks account 1 about it; `name` where the run made it (unique to the run). */
export interface ForeignPipeline {
  id: number;
  state: string;
  name?: string;
  /** The definition the target took from account 2, where the run made the pipeline: its `name` is the pipeline's. */
  document?: unknown;
}

/**
 * Every pipeline of account 2 `otherAccountPipelines` would consider, before any is screened out
 * as also one of account 1's ids: what account 1's list must not show, whatever the numbering.
 * Ends the check (a skip) when there are none at all.
 */
export async function accountTwoPipelines(t: CheckContext, base: string): Promise<ForeignPipeline[]> {
  const out: ForeignPipeline[] = (t.target.a[1]?.fixtures.pipeline_ids ?? []).map((id) => ({ id, state: 'fixture' }));
  if (t.target.a[1]?.adminKey && aRoute(t, 'pipelines.create') !== null) {
    const make = async (kind: string) => {
      const name = t.name(`${base}-${kind}`);
      const made = await makePipeline(t, 1, plainDefinition(name));
      return 'id' in made ? { ...made, name } : made;
    };
    const idle = await make('idle');
    if ('id' in idle) {
      out.push({ id: idle.id, state: 'not deployed', name: idle.name, document: idle.document });
      // Account 2's own archive and start finding its pipelines are the run's control that the
      // target finds pipelines by id (suites/lib/controls.ts).
      const archived = await make('archived');
      if ('id' in archived) {
        const archiving = await aSend(t, t.a(1), 'pipelines.archive', archived.id);
        if (archiving.response.status === 200 && foundPipeline(t, archived.id, archiving, `account 2's archiving of its own pipeline ${archived.id}`)) out.push({ id: archived.id, state: 'archived', name: archived.name, document: archived.document });
      }
      const running = aRoute(t, 'pipelines.start') === null ? undefined : await make('running');
      if (running && 'id' in running && foundPipeline(t, running.id, await aSend(t, t.a(1), 'pipelines.start', running.id), `account 2's start of its own pipeline ${running.id}`)) out.push({ id: running.id, state: 'deployed', name: running.name, document: running.document });
    } else {
      t.note(`account 2 could not create a pipeline (${idle.answer.response.status}): ${out.length ? 'only its fixture pipelines are asked about' : 'there is none to ask about'}`);
    }
  }
  if (out.length === 0) t.skip("needs another account's pipeline: fixtures.pipeline_ids of account 2, or pipeline_admin_key of account 2 on a target that creates pipelines (interface_a.operations.pipelines.create)");
  return out;
}

/** Why no pipeline of account 2 in `all` can stand for another account's: account 1 finds a pipeline under each id too. */
export function sharedIdsSkip(all: readonly ForeignPipeline[]): string {
  return `account 2's pipelines ${all.map((p) => p.id).join(', ')}: account 1's key also finds pipelines of those ids, not told apart from account 2's (with ids numbered per account, its own): none can stand for another account's`;
}

/**
 * Account 2's pipelines that account 1 may ask for as another account's. The spec does not say
 * ids are global: with per-account numbering, account 2's id may name one of account 1's own,
 * which a check would then take for a leak, and archive or change. So before account 1 sends
 * anything on them, each id is looked up in account 1's own list and read with account 1's key:
 * what shows there as another pipeline than account 2's (another name or creation time) is
 * account 1's own, and the id is dropped. What shows there as account 2's very pipeline is a
 * leak, which the checks are there to find: kept, except a fixture that account 1's list shows
 * under the id of one of account 1's own fixtures (without a name unique to the run, an own twin
 * seeded with the same name at the same time cannot be ruled out).
 * Where account 2 cannot read its pipeline back (no key for it in the document, no read served),
 * anything account 1 sees under the id drops it. `ownList`: account 1's list, where the caller
 * read it already. `sides` turns it around: the account that will ask (`prober`) about the
 * pipelines of another (`owner`); account 1 about account 2's unless it says otherwise (account 2
 * asking about account 1's: a lookup that falls back on one account's pipelines leaks one way).
 */
export async function notAccountOnes<P extends ForeignPipeline>(t: CheckContext, candidates: readonly P[], ownList?: OwnPipelineList, sides: { prober: Account; owner: Account } = { prober: 0, owner: 1 }): Promise<P[]> {
  if (candidates.length === 0) return [];
  const { prober, owner } = sides;
  const walked = ownList === undefined ? await walkOwnPipelineList(t, prober) : ownList;
  const listed = new Map<unknown, JsonObject[]>();
  if (walked && !('refused' in walked)) for (const p of walked.items) if (isObject(p)) listed.set(p.id, [...(listed.get(p.id) ?? []), p]);
  const canRead = aRoute(t, 'pipelines.read') !== null;
  const own = t.target.a[prober]?.fixtures;
  const ownFixtures = new Set<number>([...(own?.pipeline_ids ?? []), ...Object.values(own?.archivable_pipelines ?? {})]);
  const kept: P[] = [];
  const dropped: string[] = [];
  for (const candidate of candidates) {
    const inList = listed.get(candidate.id) ?? [];
    const read = canRead ? await aSend(t, t.a(prober), 'pipelines.read', candidate.id) : undefined;
    const seen = [...inList, ...(read && is2xx(read) && isObject(read.json) ? [read.json] : [])];
    if (seen.length === 0) {
      kept.push(candidate);
      continue;
    }
    // The owner's own view of it, where the document gives the owner a key to read with.
    const theirs = canRead && t.target.a[owner]?.adminKey ? await aSend(t, t.a(owner), 'pipelines.read', candidate.id) : undefined;
    const record = theirs && foundPipeline(t, candidate.id, theirs, `account ${owner + 1}'s read of its own pipeline ${candidate.id}`) && isObject(theirs.json) ? theirs.json : undefined;
    const asTheirs = record !== undefined && seen.every((p) => samePipeline(p, record));
    if (asTheirs && (candidate.name !== undefined || inList.length === 0 || !ownFixtures.has(candidate.id))) kept.push(candidate);
    else dropped.push(`${candidate.id}`);
  }
  if (dropped.length) t.note(`account ${owner + 1}'s pipelines ${dropped.join(', ')}: account ${prober + 1}'s key also finds pipelines of those ids, not told apart from account ${owner + 1}'s (with ids numbered per account, its own): not used as another account's`);
  return kept;
}

/** Account 1's pipeline list read whole (`walkPipelineList`), or null where the target serves no list. */
export type OwnPipelineList = Awaited<ReturnType<typeof walkPipelineList>> | null;

/** Account 1's pipeline list (or `account`'s), once, for a check that both screens with it and judges it. */
export async function walkOwnPipelineList(t: CheckContext, account: Account = 0): Promise<OwnPipelineList> {
  return aRoute(t, 'pipelines.list') === null ? null : walkPipelineList(t, t.a(account));
}

/** Whether two answers of one id show the same pipeline: the same name, and the same creation time where both show one (a list may show less than a read). */
function samePipeline(a: JsonObject, b: JsonObject): boolean {
  return JSON.stringify(a.name) === JSON.stringify(b.name) && (a.created_at === undefined || b.created_at === undefined || a.created_at === b.created_at);
}
