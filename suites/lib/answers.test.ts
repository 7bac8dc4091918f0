import { describe, expect, it } from 'vitest';
import { bodyShows, createdId, fieldsIn, jsonChanges, show, showChanges } from './answers.ts';
import { literalOf } from './big-ids.ts';
import type { Exchange } from './types.ts';
import { looksSecret } from './redact.ts';

describe('looksSecret', () => {
  it('takes a secret field name, or one that ends in one, not a name that only starts with one', () => {
    for (const name of ['password', 'sasl_password', 'aws_secret_access_key', 'sshPrivateKey', 'client-secret', 'credentials', 'apiKey']) expect(looksSecret(name), name).toBe(true);
    for (const name of ['password_env', 'credentials_env', 'token_expires_at', 'host', 'user', 'keys_total']) expect(looksSecret(name), name).toBe(false);
  });
});

describe('show', () => {
  it('is the JSON of a short value, with the value of each secret-looking member as the marker', () => {
    expect(show({ host: 'h', port: 5432, connection: { password: 'hunter2-long', credentials: { k: 'v' } } })).toBe('{"host":"h","port":5432,"connection":{"password":"[REDACTED]","credentials":"[REDACTED]"}}');
  });

  it('summarises deeper levels to fit, and never cuts a value', () => {
    const value = { name: 'n', source: { url: `postgres://u:${'p'.repeat(300)}@db/x` } };
    expect(show(value)).toBe('{"name":"n","source":{"url":"…(318 characters)"}}');
    expect(show({ a: [value, value, value, value, value] }, 20)).toBe('{"a":[…5 items]}');
    expect(show('x'.repeat(400))).toBe('"…(400 characters)"');
    expect(show([{ a: 1 }], 8)).toBe('[…1 item]');
  });
});

describe('jsonChanges', () => {
  it('names the deepest paths that differ, a secret-looking member by the marker only', () => {
    const before = { name: 'a', source: { connection: { host: 'h', password: 'one-secret' }, tables: ['t'] }, 'odd name': 1 };
    const after = { name: 'a', source: { connection: { host: 'h2', password: 'two-secret' }, tables: ['t', 'u'] }, 'odd name': 2 };
    expect(jsonChanges(before, after)).toEqual([
      { path: 'source.connection.host', before: '"h"', after: '"h2"' },
      { path: 'source.connection.password', before: '[REDACTED]', after: '[REDACTED]' },
      { path: 'source.tables', before: '["t"]', after: '["t","u"]' },
      { path: '["odd name"]', before: '1', after: '2' },
    ]);
    expect(jsonChanges(before, after, ['name'])).toEqual([]);
    expect(jsonChanges({ a: 1 }, { b: 1 })).toEqual([{ path: 'a', before: '1', after: '(absent)' }, { path: 'b', before: '(absent)', after: '1' }]);
    expect(showChanges(jsonChanges(before, after), 1)).toEqual({ paths: 'source.connection.host; and 3 more', before: 'source.connection.host "h"; and 3 more', after: 'source.connection.host "h2"; and 3 more' });
  });
});

describe('createdId', () => {
  const answer = (status: number, json: unknown, location?: string): Exchange => ({
    request: { method: 'POST', url: 'https://cdc.example.com/api/public/v1/pipelines', headers: {} },
    response: { status, headers: location === undefined ? {} : { location }, body: json === undefined ? '' : JSON.stringify(json) },
    json,
    durationMs: 1,
  });

  it('takes the record in the body first, wrapped or not', () => {
    expect(createdId(answer(201, { id: 7 }, '/api/public/v1/pipelines/9'))).toBe(7);
    expect(createdId(answer(201, { pipeline: { id: 8 } }))).toBe(8);
  });

  it("takes the Location's integer last segment where the body has no record, relative or absolute", () => {
    expect(createdId(answer(201, undefined, '/api/public/v1/pipelines/12'))).toBe(12);
    expect(createdId(answer(201, undefined, 'https://cdc.example.com/api/public/v1/pipelines/13/'))).toBe(13);
    expect(createdId(answer(201, undefined, 'pipelines/14'))).toBe(14);
  });

  it('reads an id beyond 2^53 in a Location as its stand-in, as in a body', () => {
    const id = createdId(answer(201, undefined, '/api/public/v1/pipelines/1402933012345678901'));
    expect(id === undefined ? undefined : literalOf(id)).toBe('1402933012345678901');
  });

  it('takes nothing from a refusal, a Location that names no integer, or no Location', () => {
    expect(createdId(answer(409, undefined, '/api/public/v1/pipelines/12'))).toBeUndefined();
    expect(createdId(answer(201, undefined, '/api/public/v1/pipelines/abc'))).toBeUndefined();
    expect(createdId(answer(201, undefined, '/api/public/v1/pipelines/12?x=1#y'))).toBe(12);
    expect(createdId(answer(201, undefined))).toBeUndefined();
    expect(createdId(answer(201, { ok: true }))).toBeUndefined();
  });
});

describe('fieldsIn', () => {
  it('is the record where a member or the body has an id, else the body object itself (a create answered without its id)', () => {
    expect(fieldsIn({ api_key: { id: 3, expires_at: 'x' }, secret: 's' })).toEqual({ id: 3, expires_at: 'x' });
    expect(fieldsIn({ name: 'k', key: 'v', expires_at: '2030-01-01T00:00:00Z' })).toEqual({ name: 'k', key: 'v', expires_at: '2030-01-01T00:00:00Z' });
    expect(fieldsIn([{ id: 1 }])).toBeUndefined();
    expect(fieldsIn(undefined)).toBeUndefined();
  });
});

describe('bodyShows', () => {
  const answer = (body: string): Exchange => ({
    request: { method: 'GET', url: 'https://cdc.example.com/api/public/v1/api-keys', headers: {} },
    response: { status: 200, headers: {}, body },
    json: JSON.parse(body) as unknown,
    durationMs: 1,
  });

  it('finds a value written with JSON escapes (PHP\'s \\/, Gson\'s \\u003d) as well as one written plainly', () => {
    expect(bodyShows(answer('[{"key":"svc_ab/cd=="}]'), 'svc_ab/cd==')).toBe(true);
    expect(bodyShows(answer('[{"key":"svc_ab\\/cd\\u003d\\u003d"}]'), 'svc_ab/cd==')).toBe(true);
    expect(bodyShows(answer('[{"key":"svc_ab…"}]'), 'svc_ab/cd==')).toBe(false);
  });

  it('asks one answer for many texts, keys and nested values alike (its strings are walked once and kept)', () => {
    const one = answer('{"items":[{"n\\u0061me":"a\\/b","tags":["x\\u003dy",{"deep":"z\\/w"}]}],"count":2}');
    expect(['name', 'a/b', 'x=y', 'z/w', 'items'].map((text) => bodyShows(one, text))).toEqual([true, true, true, true, true]);
    expect(['a/c', 'count2', 'w/z'].map((text) => bodyShows(one, text))).toEqual([false, false, false]);
    expect(bodyShows(answer('"just\\/text"'), 'just/text')).toBe(true);
  });
});
