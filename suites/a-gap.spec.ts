import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { check } from './lib/registry.ts';
import { describeResponse } from './lib/expect.ts';
import { createPipeline, readPipeline, startPipeline } from './lib/factories/pipelines.ts';
import { documentBody, type DocumentFormat } from './lib/documents.ts';
import { isObject, requestLine, type JsonObject } from './lib/answers.ts';
import { namesField } from './lib/field-names.ts';
import { requireList } from './lib/target-features.ts';
import { uniqueName, withFreshName } from './lib/unique-names.ts';
import { plainDefinition, validDefinition, type Document } from './lib/arbitraries/definitions.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { aSend, listItemsOf } from './catalog/a-requests.ts';

/*
 * The simulator's conventions where the spec is silent (docs/interface-a.md): the pipeline
 * endpoints and their payloads (A-GAP-1), the body of the archive answer (A-GAP-3). Binding in
 * the simulator profile only; advisory against other targets, which skip when they do not
 * serve the endpoints at all. (A-GAP-2, the transitions, is the model-based a-lifecycle check.)
 */


/** The document as the simulator shows it: every `password` value replaced by the marker. */
function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'password' && typeof v === 'string' ? '[REDACTED]' : redacted(v)]));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

function expectSameDocument(t: CheckContext, ex: Exchange, got: unknown, sent: Document, what: string): void {
  t.expect.that(canonical(got) === canonical(redacted(sent)), {
    clause: 'A-GAP-1',
    message: `${what} is not the document sent (with secrets redacted)`,
    expected: JSON.stringify(redacted(sent)),
    received: JSON.stringify(got),
    exchange: ex,
  });
}

function expectMetadata(t: CheckContext, ex: Exchange, status: number, what: string): JsonObject {
  t.expect.status(ex, status, 'A-GAP-1', `${what} answered ${ex.response.status}; the simulator's convention is ${status}`);
  if (t.profile === 'simulator') t.expect.schema(ex, 'simulator/pipeline', 'A-GAP-1');
  return isObject(ex.json) ? ex.json : {};
}

check({
  id: 'a-gap/pipeline-endpoints',
  clauses: ['A-GAP-1'],
  title: 'A-GAP-1 (simulator convention): create 201 with Location, read, definition as JSON or YAML (secrets redacted, 406 otherwise), validate, PUT and PATCH answer the documented payloads, and a rename may take an archived pipeline\'s name',
  needs: ['a', 'write'],
  async run(t) {
    const cases = fc.tuple(validDefinition('gap'), fc.constantFrom<DocumentFormat>('json', 'yaml'));
    await t.property('pipeline endpoints answer the documented payloads', cases, async ([generated, format]) => {
      const document = withFreshName(t, generated, 'gap');
      const validated = await aSend(t, t.a(), 'pipelines.validate', documentBody(document, format));
      t.expect.status(validated, 200, 'A-GAP-1');
      t.expect.that(isObject(validated.json) && validated.json.valid === true, { clause: 'A-GAP-1', message: 'POST /pipelines/validate of a valid definition does not answer {"valid": true}', received: describeResponse(validated), exchange: validated });

      const { id, created } = await createPipeline(t, 0, document, format);
      const body = expectMetadata(t, created, 201, `POST /pipelines (${format})`);
      t.expect.that(created.response.headers.location === body.url && body.name === document.name && body.state === 'not_deployed', {
        clause: 'A-GAP-1',
        message: 'the create answer is not the new pipeline (Location = url, the name sent, state not_deployed)',
        expected: JSON.stringify({ location: body.url, name: document.name, state: 'not_deployed' }),
        received: JSON.stringify({ location: created.response.headers.location, name: body.name, state: body.state }),
        exchange: created,
      });

      const read = await aSend(t, t.a(), 'pipelines.read', id);
      const readBody = expectMetadata(t, read, 200, `GET /pipelines/${id}`);
      t.expect.that(readBody.id === id, { clause: 'A-GAP-1', message: 'GET /pipelines/{id} answers another pipeline', expected: `id ${id}`, received: String(readBody.id), exchange: read });

      const asJson = await aSend(t, t.a(), 'pipelines.definition', id, { headers: { accept: 'application/json' } });
      t.expect.status(asJson, 200, 'A-GAP-1');
      t.expect.mediaType(asJson, 'application/json', {}, 'A-GAP-1');
      expectSameDocument(t, asJson, asJson.json, document, 'the JSON definition');

      const asYaml = await aSend(t, t.a(), 'pipelines.definition', id, { headers: { accept: 'application/yaml' } });
      t.expect.status(asYaml, 200, 'A-GAP-1');
      t.expect.mediaType(asYaml, 'application/yaml', { charset: 'utf-8' }, 'A-GAP-1');
      expectSameDocument(t, asYaml, parseYaml(asYaml.response.body), document, 'the YAML definition');

      const refused = await aSend(t, t.a(), 'pipelines.definition', id, { headers: { accept: 'text/html' } });
      t.expect.status(refused, 406, 'A-GAP-1', `GET /pipelines/${id}/definition with Accept text/html answered ${refused.response.status}`);
      t.expect.errorObjectA(refused, 'A-GAP-1');

      const description = `patched ${String(document.name)}`;
      expectMetadata(t, await aSend(t, t.a(), 'pipelines.update', id, { body: { description } }), 200, `PATCH /pipelines/${id}`);
      const patched = await aSend(t, t.a(), 'pipelines.definition', id);
      expectSameDocument(t, patched, patched.json, { ...document, description }, 'the definition after a merge patch');

      const replacement = { ...plainDefinition(String(document.name)), description: 'replaced' };
      expectMetadata(t, await aSend(t, t.a(), 'pipelines.replace', id, documentBody(replacement, format)), 200, `PUT /pipelines/${id}`);
      const replaced = await aSend(t, t.a(), 'pipelines.definition', id);
      expectSameDocument(t, replaced, replaced.json, replacement, 'the definition after PUT');

      expectMetadata(t, await aSend(t, t.a(), 'pipelines.start', id), 200, `POST /pipelines/${id}/start`);
      expectMetadata(t, await aSend(t, t.a(), 'pipelines.stop', id), 200, `POST /pipelines/${id}/stop`);
    }, { runs: 5 });

    // Names are unique among the account's pipelines that are not archived: an archived
    // pipeline's name is free to a rename (PATCH, PUT) as it is to a create (a-pipe).
    const gone: string[] = [];
    for (let i = 0; i < 2; i++) {
      const name = uniqueName(t, 'gap-gone');
      const { id } = await createPipeline(t, 0, plainDefinition(name));
      t.expect.status(await aSend(t, t.a(), 'pipelines.archive', id), 200, 'A-GAP-1');
      gone.push(name);
    }
    const { id } = await createPipeline(t, 0, plainDefinition(uniqueName(t, 'gap-rename')));
    expectMetadata(t, await aSend(t, t.a(), 'pipelines.update', id, { body: { name: gone[0] } }), 200, `PATCH /pipelines/${id} renaming it to the name of archived pipeline ${JSON.stringify(gone[0])}`);
    expectMetadata(t, await aSend(t, t.a(), 'pipelines.replace', id, documentBody(plainDefinition(gone[1] ?? ''), 'json')), 200, `PUT /pipelines/${id} renaming it to the name of archived pipeline ${JSON.stringify(gone[1])}`);
  },
});

interface Page {
  items: JsonObject[];
  pagination: JsonObject;
  exchange: Exchange;
}

async function page(t: CheckContext, query: Record<string, string | number>): Promise<Page> {
  const exchange = await aSend(t, t.a(), 'pipelines.list', { query });
  t.expect.status(exchange, 200, 'A-GAP-1', `GET /pipelines?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))} answered ${exchange.response.status}`);
  const body = isObject(exchange.json) ? exchange.json : {};
  const items = (listItemsOf(t, 'pipelines', exchange.json) ?? []).filter(isObject);
  const pagination = isObject(body.pagination) ? body.pagination : {};
  return { items, pagination, exchange };
}

check({
  id: 'a-gap/list-paging',
  clauses: ['A-GAP-1'],
  title: 'A-GAP-1 (simulator convention): GET /pipelines lists newest first, pages by page and page_size (default 50, at most 100) until has_more is false, hides archived pipelines unless asked, and refuses bad paging values with 400 naming them; a pipeline archived after a list read is gone from the same list asked again',
  needs: ['a', 'write'],
  async run(t) {
    await requireList(t, 'pipelines', 'paging cannot be checked');
    const made: number[] = [];
    for (let i = 0; i < 4; i++) made.push((await createPipeline(t, 0, plainDefinition(uniqueName(t, 'page')))).id);
    // The default list read once before the archive, and asked again after it: a list served from
    // a cache that only a create refreshes still shows the archived pipeline to the same request.
    const before = await page(t, {});
    t.expect.that(before.items.some((p) => p.id === made[3]), { clause: 'A-GAP-1', message: 'a pipeline just created is not listed', received: `pipeline ${made[3]} not among ${before.items.length} listed`, exchange: before.exchange });
    await aSend(t, t.a(), 'pipelines.archive', made[3] ?? 0);
    const live = made.slice(0, 3);

    const first = await page(t, {});
    // First: a stale list (read before the archive) also misorders what follows.
    t.expect.that(!first.items.some((p) => p.id === made[3]), { clause: 'A-GAP-1', message: 'an archived pipeline is listed without include_archived=true (the same list request, asked before its DELETE, listed it)', received: `pipeline ${made[3]} listed`, exchange: first.exchange });
    t.expect.that(first.pagination.page === 1 && first.pagination.page_size === 50, { clause: 'A-GAP-1', message: 'the default page is not page 1 of 50', expected: 'page 1, page_size 50', received: JSON.stringify(first.pagination), exchange: first.exchange });
    const newest = first.items.slice(0, 3).map((p) => p.id);
    t.expect.that(JSON.stringify(newest) === JSON.stringify([...live].reverse()), { clause: 'A-GAP-1', message: 'the list is not newest first (the three pipelines just created lead it, last created first)', expected: JSON.stringify([...live].reverse()), received: JSON.stringify(newest), exchange: first.exchange });
    const withArchived = await page(t, { include_archived: 'true', page_size: 100 });
    t.expect.that(withArchived.items.some((p) => p.id === made[3]), { clause: 'A-GAP-1', message: 'include_archived=true does not list the archived pipeline', received: describeResponse(withArchived.exchange), exchange: withArchived.exchange });

    const capped = await page(t, { page_size: 150 });
    t.expect.that(capped.pagination.page_size === 100 && capped.items.length <= 100, { clause: 'A-GAP-1', message: 'page_size above 100 is not served as 100', expected: 'pagination.page_size 100', received: JSON.stringify(capped.pagination), exchange: capped.exchange });

    // Walking the pages of any size gives the whole list once, in order.
    const all = (await page(t, { page_size: 100 })).items.map((p) => p.id);
    await t.property('pages concatenate to the list', fc.integer({ min: 1, max: 4 }), async (size) => {
      const seen: unknown[] = [];
      for (let n = 1; n <= 50; n++) {
        const p = await page(t, { page: n, page_size: size });
        seen.push(...p.items.map((i) => i.id));
        if (p.pagination.has_more !== true) {
          t.expect.that(p.pagination.next_page === null, { clause: 'A-GAP-1', message: 'the last page has a next_page', received: JSON.stringify(p.pagination), exchange: p.exchange });
          break;
        }
        t.expect.that(p.items.length === size && p.pagination.next_page === n + 1, { clause: 'A-GAP-1', message: `page ${n} of size ${size} is short or does not point to the next`, received: JSON.stringify(p.pagination), exchange: p.exchange });
      }
      if (all.length < 100) t.expect.that(JSON.stringify(seen) === JSON.stringify(all), { clause: 'A-GAP-1', message: `pages of ${size} do not concatenate to the list`, expected: JSON.stringify(all), received: JSON.stringify(seen) });
    }, { runs: 4 });

    const past = await page(t, { page: 10_000, page_size: 100 });
    t.expect.that(past.items.length === 0 && past.pagination.has_more === false, { clause: 'A-GAP-1', message: 'a page past the end is not empty with has_more false', received: describeResponse(past.exchange), exchange: past.exchange });

    const bad: [string, string][] = [['page', '0'], ['page', '-1'], ['page', 'two'], ['page_size', '0'], ['page_size', '1.5'], ['page_size', 'x'], ['include_archived', 'yes']];
    for (const [name, value] of bad) {
      const ex = await aSend(t, t.a(), 'pipelines.list', { query: { [name]: value } });
      t.expect.status(ex, 400, 'A-GAP-1', `${requestLine(ex)}?${name}=${value} answered ${ex.response.status}`);
      t.expect.that(namesField(ex.json, [[name]]), { clause: 'A-GAP-1', message: `the 400 for ${name}=${value} does not name ${name}`, received: describeResponse(ex), exchange: ex });
    }
  },
});

check({
  id: 'a-gap/archive-answer',
  clauses: ['A-GAP-3'],
  title: 'A-GAP-3 (simulator convention): DELETE answers the archived pipeline\'s metadata, and a repeated DELETE answers the same',
  needs: ['a', 'write'],
  async run(t) {
    await t.property('the archive answer is the archived pipeline', fc.boolean(), async (deployed) => {
      const { id } = await createPipeline(t, 0, plainDefinition(uniqueName(t, 'archive')));
      if (deployed) await startPipeline(t, 0, id);
      const ex = await aSend(t, t.a(), 'pipelines.archive', id);
      t.expect.status(ex, 200, 'A-GAP-3');
      if (t.profile === 'simulator') t.expect.schema(ex, 'simulator/pipeline', 'A-GAP-3');
      const body = isObject(ex.json) ? ex.json : {};
      const { body: read } = await readPipeline(t, 0, id);
      t.expect.that(body.id === id && body.status === 'archived' && canonical(body) === canonical(read), { clause: 'A-GAP-3', message: 'the DELETE answer is not the archived pipeline as GET shows it', expected: JSON.stringify(read), received: JSON.stringify(body), exchange: ex });
      const again = await aSend(t, t.a(), 'pipelines.archive', id);
      t.expect.status(again, 200, 'A-GAP-3', `a repeated DELETE answered ${again.response.status}`);
      t.expect.that(canonical(again.json) === canonical(body), { clause: 'A-GAP-3', message: 'a repeated DELETE answers something else than the first', expected: JSON.stringify(body), received: JSON.stringify(again.json), exchange: again });
    }, { runs: 4 });
  },
});
