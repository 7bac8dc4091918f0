import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { checkDefinition } from '../../simulator/domains/pipelines/definition-schema.ts';
import { comparableHeaders, headerDifferences, normalisedBody } from '../../suites/lib/comparison.ts';
import { fieldSpellings, namesAnotherItem, namesField } from '../../suites/lib/field-names.ts';
import { keyValueIn, revokeIfCreated, unsendableKeyIn } from '../../suites/lib/factories/api-keys.ts';
import { OTHER_TYPES_PATCH, brokenDefinition, misshapenDefinition, otherTypesDefinition, plainDefinition, validDefinition } from '../../suites/lib/arbitraries/definitions.ts';
import { mergePatch } from '../../simulator/domains/pipelines/definition.ts';
import type { Exchange, InterfaceClient, ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * The generators of suites/model/pipelines/definitions.ts against the simulator's own
 * definition schema, and the answer-reading helpers of suites/lib/a-support.ts.
 */

const valid = validDefinition('gen-test');

describe('definition generators', () => {
  it('make valid definitions, also after a YAML round trip', () => {
    expect(checkDefinition(plainDefinition('plain'))).toEqual({ kind: 'valid' });
    fc.assert(
      fc.property(valid, (doc) => {
        expect(checkDefinition(doc)).toEqual({ kind: 'valid' });
        expect(parseYaml(toYaml(doc), { schema: 'core' })).toEqual(doc);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('change every type of a plain definition, by replace and by merge patch, into a valid definition', () => {
    const plain = plainDefinition('plain');
    const other = otherTypesDefinition('other');
    expect(checkDefinition(other)).toEqual({ kind: 'valid' });
    const patched = mergePatch(plain, OTHER_TYPES_PATCH);
    expect(checkDefinition(patched)).toEqual({ kind: 'valid' });
    for (const doc of [other, patched] as Record<string, Record<string, unknown>>[]) {
      expect([doc.source?.type, doc.destination?.type, doc.sync?.mode]).toEqual(['mysql', 'bigquery', 'batch']);
      expect([doc.source?.type, doc.destination?.type, doc.sync?.mode]).not.toContain((plain.source as Record<string, unknown>).type);
    }
  });

  it('break exactly one rule, at a path the simulator names (400)', () => {
    fc.assert(
      fc.property(valid.chain(brokenDefinition), (broken) => {
        const verdict = checkDefinition(broken.document);
        expect(verdict.kind, broken.description).toBe('invalid');
        const fields = verdict.kind === 'invalid' ? verdict.problems.map((p) => p.field) : [];
        expect(namesField({ problems: fields }, broken.paths), `${broken.description}: ${fields.join(', ')}`).toBe(true);
        expect(namesAnotherItem({ problems: fields }, broken.paths.filter((p) => typeof p.at(-1) === 'number')), `${broken.description}: ${fields.join(', ')}`).toBeUndefined();
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('make the wrong shape (422): unknown keys, other JSON types, no object', () => {
    fc.assert(
      fc.property(valid.chain(misshapenDefinition), (m) => {
        expect(checkDefinition(m.document).kind, m.description).toBe('wrong_shape');
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

function exchange(status: number, body: unknown, headers: Record<string, string> = {}): Exchange {
  const text = JSON.stringify(body);
  return { request: { method: 'GET', url: 'http://x/api/public/v1/pipelines/1', headers: {} }, response: { status, headers, body: text }, json: body, durationMs: 1 };
}

describe('reading answers', () => {
  it('spells field paths the usual ways', () => {
    expect(fieldSpellings(['source', 'tables', 0])).toEqual(['source.tables[0]', 'source.tables.0', '/source/tables/0', 'source/tables/0', '$.source.tables[0]', "$['source']['tables'][0]", '$["source"]["tables"][0]']);
  });

  it('finds a named field anywhere in a body, whole', () => {
    expect(namesField({ error: 'bad: source.connection.port must be >= 1' }, [['source', 'connection', 'port']])).toBe(true);
    expect(namesField({ errors: [{ pointer: '/source/connection/port' }] }, [['source', 'connection', 'port']])).toBe(true);
    expect(namesField({ field: 'source.tables[2]' }, [['source', 'tables']])).toBe(true);
    expect(namesField({ error: 'The pipeline definition failed validation.' }, [['name']])).toBe(false);
    expect(namesField({ error: 'rename failed' }, [['name']])).toBe(false);
    expect(namesField({ error: 'destination.settings.name is bad' }, [['name']])).toBe(false);
    expect(namesField({ error: 'port is bad' }, [['source', 'connection', 'port']])).toBe(false);
    // A list of segments, as pydantic and FastAPI write a location (with where it was first, or not).
    expect(namesField({ error: 'invalid definition', detail: [{ loc: ['body', 'source', 'connection', 'port'], msg: 'too large' }] }, [['source', 'connection', 'port']])).toBe(true);
    expect(namesField({ error: 'invalid', field: ['source', 'tables', 0] }, [['source', 'tables', 0]])).toBe(true);
    expect(namesField({ error: 'invalid', field: ['source', 'tables', '0'] }, [['source', 'tables', 0]])).toBe(true);
    // Another item of the list than the bad one (an index counted from 1) is not the field; the item, or no item, is held by namesField.
    expect(namesAnotherItem({ field: 'source.tables[2]' }, [['source', 'tables', 1]])).toEqual(['source', 'tables', 2]);
    expect(namesAnotherItem({ loc: ['body', 'source', 'tables', 0] }, [['source', 'tables', 1]])).toEqual(['source', 'tables', 0]);
    expect(namesAnotherItem({ field: 'source.tables[1]' }, [['source', 'tables', 1]])).toBeUndefined();
    expect(namesAnotherItem({ field: 'source.tables' }, [['source', 'tables', 1]])).toBeUndefined();
    expect(namesAnotherItem({ field: 'source.tables[0]' }, [['source', 'tables', 2], ['source', 'tables', 0]])).toBeUndefined();
    expect(namesAnotherItem({ field: 'source.tables[2]' }, [])).toBeUndefined();
    // JSONPath, as validators write it: dotted after `$`, or RFC 9535's normalized brackets.
    expect(namesField({ error: 'invalid', field: '$.source.tables[1]' }, [['source', 'tables', 1]])).toBe(true);
    expect(namesField({ error: "$['source']['tables'][1] repeats a table" }, [['source', 'tables', 1]])).toBe(true);
    expect(namesField({ errors: [{ path: '$["name"]' }] }, [['name']])).toBe(true);
    expect(namesField({ field: '$.name' }, [['name']])).toBe(true);
    expect(namesField({ field: '$.destination.name' }, [['name']])).toBe(false);
    expect(namesField({ field: "$['destination']['name']" }, [['name']])).toBe(false);
    // Only the whole path, at the end of the list.
    expect(namesField({ error: 'invalid', loc: ['connection', 'port'] }, [['source', 'connection', 'port']])).toBe(false);
    expect(namesField({ error: 'invalid', loc: ['source', 'connection', 'port', 'x'] }, [['source', 'connection', 'port']])).toBe(false);
  });

  it('compares 404 bodies without the echoed id, and headers without volatile ones', () => {
    const a = exchange(404, { error: 'Pipeline 12 not found', code: 'not_found' }, { date: 'Mon', 'content-type': 'application/json', 'content-length': '40', 'x-request-id': 'a' });
    const b = exchange(404, { code: 'not_found', error: 'Pipeline 1900000001 not found' }, { date: 'Tue', 'content-type': 'application/json', 'content-length': '47', 'x-request-id': 'b' });
    expect(normalisedBody(a, ['12'])).toBe(normalisedBody(b, ['1900000001']));
    expect(headerDifferences(comparableHeaders(a), comparableHeaders(b))).toEqual([]);
    const c = exchange(404, {}, { 'content-type': 'application/json', 'x-owner': 'other' });
    expect(headerDifferences(comparableHeaders(a), comparableHeaders(c)).join()).toContain('x-owner');
  });

  it('finds the full key in a create answer, never a preview', () => {
    expect(keyValueIn({ key: 'fdk_abc' }, 'fdk')).toBe('fdk_abc');
    expect(keyValueIn({ token: { value: `fdk_${'a'.repeat(40)}` } }, 'fdk')).toBe(`fdk_${'a'.repeat(40)}`);
    expect(keyValueIn({ preview: 'fdk_abcd…' }, 'fdk')).toBeUndefined();
  });

  it('takes the full key over a member named key that holds only the preview, and never a value a header cannot carry', () => {
    const full = `fdk_${'b'.repeat(40)}`;
    // The twelfth freedom audit's fg variation 4: the record's preview as `key`, the one-time value as `secret`.
    expect(keyValueIn({ id: 3, key: 'fdk_abcd…', secret: full }, 'fdk')).toBe(full);
    expect(keyValueIn({ key: 'fdk_abcd…' }, 'fdk')).toBeUndefined();
    expect(keyValueIn({ key: `fdk_${'é'.repeat(40)}` }, 'fdk')).toBeUndefined();
    expect(unsendableKeyIn({ key: `fdk_${'é'.repeat(40)}` }, 'fdk')).toBe(true);
    expect(unsendableKeyIn({ key: 'fdk_abcd…' }, 'fdk')).toBe(false);
  });
});

describe('revoking the keys a check made', () => {
  /** An exchange as the client records it. */
  const answered = (method: string, url: string, status: number, json: unknown): Exchange => ({
    request: { method, url, headers: {} },
    response: { status, headers: {}, body: JSON.stringify(json) },
    json,
    durationMs: 1,
  });

  it('revokes a key made at the key create as this target routes it, and only there, along its revoke route', async () => {
    const sent: string[] = [];
    const undos: (() => Promise<void>)[] = [];
    const send = async (method: string, path: string): Promise<Exchange> => {
      sent.push(`${method} ${path}`);
      return answered(method, `https://cdc.test/api/public/v1${path}`, 200, {});
    };
    const client: InterfaceClient = { base: 'https://cdc.test/api/public/v1', request: send, get: (p) => send('GET', p), post: (p) => send('POST', p), put: (p) => send('PUT', p), patch: (p) => send('PATCH', p), delete: (p) => send('DELETE', p) };
    const target: ResolvedTarget = {
      name: 'keys elsewhere',
      cdcBaseUrl: 'https://cdc.test',
      keyPrefix: 'fdk',
      b: [],
      a: [],
      interfaceA: { operations: { 'keys.create': { method: 'POST', path: '/api_keys' }, 'keys.revoke': { method: 'POST', path: '/api_keys/{id}/revoke' } }, listItems: {}, definitions: [] },
      interfaceB: {},
      permissions: [],
    };
    const t = { target, a: () => client, cleanup: (_label: string, undo: () => Promise<void>) => void undos.push(undo) };
    const root = 'https://cdc.test/api/public/v1';
    revokeIfCreated(t, answered('POST', `${root}/api_keys`, 201, { id: 7 }));
    revokeIfCreated(t, answered('POST', `${root}/api_keys`, 200, { id: 8, name: 'a 200 counts as well' }));
    revokeIfCreated(t, answered('POST', `${root}/api-keys`, 201, { id: 9 })); // the simulator's path: not this target's key create
    revokeIfCreated(t, answered('PUT', `${root}/api_keys`, 201, { id: 10 }));
    revokeIfCreated(t, answered('POST', `${root}/api_keys`, 422, { id: 11 }));
    revokeIfCreated(t, answered('POST', `${root}/api_keys`, 201, { id: '12' }));
    for (const undo of undos) await undo();
    expect(sent).toEqual(['POST /api_keys/7/revoke', 'POST /api_keys/8/revoke']);
  });
});
