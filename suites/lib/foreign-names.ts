import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';
import { comparableBody, Volatility } from './comparison.ts';
import { documentBody } from './documents.ts';
import { is2xx, isObject, requestLine, type JsonObject } from './answers.ts';
import { readDefinition, makePipeline, type ForeignPipeline } from './factories/pipelines.ts';
import { aRoute, aSend, definitionFormat } from '../catalog/a-requests.ts';

/**
 * X-ISO-1 on renames: account 1 renaming its own pipeline (PUT of the definition, PATCH of its
 * name, each where routed) to the name of one of account 2's live pipelines is answered as a
 * rename to a fresh name is, and takes effect as that one does (read back). A name index without
 * the account in it, consulted by the update path alone (create may use another), refuses it and
 * tells account 1 that account 2 has a pipeline of that name.
 *
 * Each method is first seen to rename the pipeline to a fresh name (the control): a target that
 * renames by neither, or cannot be read back, leaves the clause covered in part, said. The
 * pipeline is the check's own, made from account 2's definition under a fresh name (a document
 * the target took); it ends under a fresh name again, so that a later create under account 2's
 * name (a-enum's `expectNameFree`) does not meet account 1's own pipeline of that name. Call it
 * after every request on account 2's ids: with ids numbered per account, the pipeline made here
 * may take one of them.
 */
export async function expectRenameFree(t: CheckContext, theirs: readonly ForeignPipeline[]): Promise<void> {
  const methods = RENAMES.filter((r) => aRoute(t, r.operation) !== null);
  // Without a rename route no name can be refused on rename: nothing to leak there.
  if (methods.length === 0 || aRoute(t, 'pipelines.create') === null) return;
  const named = liveNamedForeign(theirs);
  if (named === undefined) {
    t.partial('X-ISO-1', "no live pipeline of account 2 was made by this run under a name of its definition (that needs pipeline_admin_key of account 2), so whether account 1 may rename a pipeline to a name account 2 uses was not tried");
    return;
  }
  const theirName = named.definition.name;
  const made = await makePipeline(t, 0, { ...named.definition, name: t.name('enum-rename') });
  const base = 'id' in made ? namedDefinition(made.document) : undefined;
  if (!('id' in made) || base === undefined) {
    t.partial('X-ISO-1', `account 1 could not make a pipeline of its own to rename (${'id' in made ? 'the definition it took has no name' : describeResponse(made.answer)}), so whether it may rename one to a name account 2 uses was not tried`);
    return;
  }
  const format = definitionFormat(t);
  const send = (how: Rename, name: string): Promise<Exchange> => aSend(t, t.a(0), how.operation, made.id, how.operation === 'pipelines.replace' ? documentBody({ ...base, name }, format) : { body: { name } });
  let renamedBy: Rename | undefined;
  for (const how of methods) {
    const fresh = t.name(`enum-rename-${how.slug}`);
    const control = await send(how, fresh);
    const controlName = is2xx(control) ? await nameOf(t, made.id) : undefined;
    if (!is2xx(control) || (controlName !== undefined && controlName !== fresh)) {
      t.partial('X-ISO-1', `account 1's ${how.label} of its own pipeline ${made.id} to a fresh name ${is2xx(control) ? `answered ${control.response.status} but reads back as ${JSON.stringify(controlName)}` : `was refused (${describeResponse(control)})`}: whether a rename by ${how.label} to a name account 2 uses is refused was not tried`);
      continue;
    }
    renamedBy = how;
    const what = `account 1's ${how.label} of its own pipeline ${made.id} to ${JSON.stringify(theirName)}, the name of account 2's ${named.state} pipeline ${named.id}`;
    const taken = await send(how, theirName);
    t.expect.that(is2xx(taken), {
      clause: 'X-ISO-1',
      message: `${what} was refused, where its rename to a fresh name was taken (${control.response.status}): the refusal shows account 1 that account 2 has a pipeline of that name`,
      expected: `taken, as the fresh name was (${control.response.status})`,
      received: describeResponse(taken),
      exchange: taken,
    });
    if (!is2xx(taken)) continue;
    if (controlName === undefined) {
      t.note(`${requestLine(taken)}: the pipeline's name is not read back (no name in pipelines.definition or pipelines.read), so only the answers were compared`);
      continue;
    }
    const after = await nameOf(t, made.id);
    t.expect.that(after === theirName, {
      clause: 'X-ISO-1',
      message: `${what} answered ${taken.response.status} but did not take effect, where the fresh name did: the pipeline is named otherwise than account 2's name only because account 2 has it`,
      expected: JSON.stringify(theirName),
      received: JSON.stringify(after),
      exchange: taken,
    });
  }
  // Off account 2's name again, for a create under it that may follow; where the target will not
  // rename it, the pipeline is archived at once instead.
  if (renamedBy === undefined) return;
  const away = await send(renamedBy, t.name('enum-renamed-away'));
  if (!is2xx(away)) {
    await aSend(t, t.a(0), 'pipelines.archive', made.id);
    t.note(`account 1's pipeline ${made.id} could not be renamed off account 2's name (${describeResponse(away)}): archived now`);
  }
}

interface Rename {
  operation: 'pipelines.replace' | 'pipelines.update';
  label: string;
  /** For the run-unique names (letters, digits and dashes: any name rule takes them). */
  slug: string;
}

/** PUT sends the whole definition under the new name; PATCH a merge patch of the name alone. */
const RENAMES: readonly Rename[] = [
  { operation: 'pipelines.replace', label: 'replace (PUT)', slug: 'put' },
  { operation: 'pipelines.update', label: 'update (PATCH)', slug: 'patch' },
];

/** A definition the run made a pipeline from, where it has a name (the pipeline's). */
export function namedDefinition(document: unknown): (JsonObject & { name: string }) | undefined {
  return isObject(document) && typeof document.name === 'string' ? { ...document, name: document.name } : undefined;
}

/** The first of account 2's live (not archived) pipelines the run made from a definition with a name, with that definition. */
export function liveNamedForeign(theirs: readonly ForeignPipeline[]): (ForeignPipeline & { definition: JsonObject & { name: string } }) | undefined {
  for (const f of theirs) {
    const definition = f.state === 'archived' ? undefined : namedDefinition(f.document);
    if (definition !== undefined) return { ...f, definition };
  }
  return undefined;
}

/** The pipeline's name as account 1 reads it back: its definition's where that is read, else the metadata's; undefined where neither shows one. */
async function nameOf(t: CheckContext, id: number): Promise<string | undefined> {
  if (aRoute(t, 'pipelines.definition') !== null) {
    const { value } = await readDefinition(t, id);
    if (isObject(value) && typeof value.name === 'string') return value.name;
  }
  if (aRoute(t, 'pipelines.read') !== null) {
    const read = await aSend(t, t.a(0), 'pipelines.read', id);
    if (read.response.status === 200 && isObject(read.json) && typeof read.json.name === 'string') return read.json.name;
  }
  return undefined;
}

/**
 * X-ISO-1 on the dry run of the create (`pipelines.validate`, an extension: A-GAP-1): account 1
 * validating account 2's own definition, under the name of one of account 2's live pipelines, gets
 * the answer it gets for the same definition under a fresh name: the same status and, the names
 * blanked, the same body. A dry run that also asks a names index without the account in it
 * refuses the name only account 2 uses, and tells account 1 that account 2 has a pipeline of that
 * name. Two fresh names first: what their answers differ in by themselves (a request id in the
 * body) is no tell. Three requests, nothing stored; call it before account 1 makes a pipeline of
 * account 2's name (its own name may be refused). A target that serves no validate (the document
 * says so, or the fresh names are not taken) is noted: the route is not the spec's.
 */
export async function expectValidateNameFree(t: CheckContext, theirs: readonly ForeignPipeline[]): Promise<void> {
  if (aRoute(t, 'pipelines.validate') === null) {
    t.note("the target document declares no dry run of the create (interface_a.operations.pipelines.validate is null), so whether one refuses account 1 a name account 2 uses was not tried");
    return;
  }
  const named = liveNamedForeign(theirs);
  if (named === undefined) {
    t.note("no live pipeline of account 2 was made by this run under a name of its definition, so whether the dry run of the create (pipelines.validate) refuses account 1 a name account 2 uses was not tried");
    return;
  }
  const format = definitionFormat(t);
  const validate = (name: string): Promise<Exchange> => aSend(t, t.a(0), 'pipelines.validate', documentBody({ ...named.definition, name }, format));
  const freshNames = [t.name('enum-validate-a'), t.name('enum-validate-b')];
  const first = await validate(freshNames[0]!);
  const second = await validate(freshNames[1]!);
  if (!is2xx(first)) {
    t.note(`account 1's dry run of the create (pipelines.validate) of account 2's definition under a fresh name answered ${describeResponse(first)}: the target does not validate it there, so whether a name account 2 uses is refused was not tried`);
    return;
  }
  const volatility = new Volatility();
  volatility.learn(first, [freshNames[0]!], second, [freshNames[1]!]);
  const theirName = named.definition.name;
  const taken = await validate(theirName);
  volatility.learnStamps(taken, first);
  const what = `account 1's dry run of the create (pipelines.validate) of a definition named ${JSON.stringify(theirName)}, the name of account 2's ${named.state} pipeline ${named.id}`;
  t.expect.that(taken.response.status === first.response.status, {
    clause: 'X-ISO-1',
    message: `${what} answered ${taken.response.status}, where the same definition under a fresh name answered ${first.response.status}: the answer shows account 1 that account 2 has a pipeline of that name`,
    expected: `status ${first.response.status}, as for a fresh name`,
    received: describeResponse(taken),
    exchange: taken,
  });
  if (taken.response.status !== first.response.status) return;
  t.expect.that(comparableBody(taken, [theirName], volatility) === comparableBody(first, [freshNames[0]!], volatility), {
    clause: 'X-ISO-1',
    message: `${what} gets another body than the same definition under a fresh name: the answer shows account 1 that account 2 has a pipeline of that name`,
    expected: first.response.body,
    received: taken.response.body,
    exchange: taken,
  });
}
