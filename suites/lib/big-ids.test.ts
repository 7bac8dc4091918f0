import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAND_IN_BAND, bandNumbersIn, idPlusPowerOfTwo, literalOf, parseJsonWithBigIds, standInFor, stringifyWithBigIds, withRealIds } from './big-ids.ts';
import { createHttpClient } from './http.ts';
import { ConfigError, loadTargetFile, resolveTarget } from './target.ts';
import { Redactor } from './redact.ts';
import { AbsentIdGuard } from './absent-id-guard.ts';
import { DEFAULT_WIDE_ABSENT_IDS } from './absent-ids.ts';

const SNOWFLAKE = '1402933012345678901';

describe('ids beyond 2^53 read as stand-ins and written back as the target wrote them', () => {
  it('JSON.parse loses the id; the run reads a stand-in that goes back out as the same digits', () => {
    expect(String(JSON.parse(SNOWFLAKE))).not.toBe(SNOWFLAKE);
    const read = parseJsonWithBigIds(`{"id":${SNOWFLAKE},"package":{"id":${SNOWFLAKE}},"ids":[${SNOWFLAKE},7]}`) as { id: number; package: { id: number }; ids: number[] };
    expect(Number.isSafeInteger(read.id)).toBe(true);
    expect(read.id).toBeGreaterThanOrEqual(STAND_IN_BAND.min);
    expect(read.package.id).toBe(read.id);
    expect(read.ids).toEqual([read.id, 7]);
    expect(literalOf(read.id)).toBe(SNOWFLAKE);
    expect(stringifyWithBigIds({ cluster_id: read.id, n: 7, path: `/jobs/${read.id}`, negative: -read.id })).toBe(`{"cluster_id":${SNOWFLAKE},"n":7,"path":"/jobs/${SNOWFLAKE}","negative":-${SNOWFLAKE}}`);
    expect(withRealIds(`/pipelines/${read.id}?package_id=${read.id}`)).toBe(`/pipelines/${SNOWFLAKE}?package_id=${SNOWFLAKE}`);
  });

  it('two ids one apart stay two ids (as doubles they are one)', () => {
    const a = parseJsonWithBigIds('1000000000000000001');
    const b = parseJsonWithBigIds('1000000000000000002');
    expect(JSON.parse('1000000000000000001')).toBe(JSON.parse('1000000000000000002'));
    expect(a).not.toBe(b);
  });

  it('only non-negative integer literals: a fraction, an exponent, a sign keep what JSON.parse makes of them', () => {
    const read = parseJsonWithBigIds('{"a":12345678901234567890.5,"b":1.5e30,"c":-12345678901234567890,"d":9007199254740991,"e":0.1}');
    expect(read).toEqual(JSON.parse('{"a":12345678901234567890.5,"b":1.5e30,"c":-12345678901234567890,"d":9007199254740991,"e":0.1}'));
  });

  it('reads as JSON.parse does otherwise: the last of two members, __proto__ as a member, the same errors', () => {
    fc.assert(
      // Texts holding no literal of sixteen digits or more, which only this reading changes.
      fc.property(fc.json().filter((text) => !/\d{16}/.test(text)), (text) => {
        const long = `{"big":${SNOWFLAKE},"v":${text}}`;
        const read = parseJsonWithBigIds(long) as { v: unknown };
        expect(read.v).toEqual((JSON.parse(long) as { v: unknown }).v);
      }),
      { seed: 20261128, numRuns: 300 },
    );
    const dup = parseJsonWithBigIds(`{"id":1,"id":${SNOWFLAKE},"__proto__":{"x":1}}`) as Record<string, unknown>;
    expect(literalOf(dup.id as number)).toBe(SNOWFLAKE);
    expect(Object.keys(dup)).toEqual(['id', '__proto__']);
    for (const bad of [`{"id":${SNOWFLAKE},}`, `[${SNOWFLAKE}`, `0${SNOWFLAKE}`]) expect(() => parseJsonWithBigIds(bad)).toThrow(SyntaxError);
  });

  it('the same literal gets the same stand-in; digits from the band that stand for nothing stay as they are', () => {
    expect(standInFor('1000000000000000042')).toBe(standInFor('1000000000000000042'));
    expect(withRealIds(`${STAND_IN_BAND.max} and 15000000000000001`)).toBe(`${STAND_IN_BAND.max} and 15000000000000001`);
    expect(bandNumbersIn(`{"id":${STAND_IN_BAND.max},"n":15000000000000001}`)).toEqual([STAND_IN_BAND.max]);
  });

  it('absent ids are never taken from the band', () => {
    expect(DEFAULT_WIDE_ABSENT_IDS.max).toBeLessThan(STAND_IN_BAND.min);
  });

  it('reports show the real id, with secrets still hidden', () => {
    const id = standInFor(SNOWFLAKE);
    expect(new Redactor(['fdk_secretsecret']).text(`job ${id} with key fdk_secretsecret`)).toBe(`job ${SNOWFLAKE} with key [REDACTED]`);
  });

  it('the run\'s client sends the literal in the path, the query and the body, and reads it back as the same stand-in', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(`${req.url} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":${SNOWFLAKE}}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const client = createHttpClient({ timeoutMs: 2_000 });
      const first = await client.request('GET', `${base}/jobs`);
      const id = (first.json as { id: number }).id;
      const second = await client.request('POST', `${base}/jobs/${id}/watchers`, { query: { package_id: id }, body: { cluster_id: id } });
      expect(seen[1]).toBe(`/jobs/${SNOWFLAKE}/watchers?package_id=${SNOWFLAKE} {"cluster_id":${SNOWFLAKE}}`);
      expect(second.request.url).toContain(SNOWFLAKE);
      expect((second.json as { id: number }).id).toBe(id);
    } finally {
      server.close();
    }
  });
});

describe('a target document listing ids beyond 2^53', () => {
  const doc = (fixtures: string, extra = '') => `{"base_url":"http://127.0.0.1:1","accounts":[{"account_id":"acme","api_key":"k1","fixtures":${fixtures}}]${extra}}`;

  it('JSON and YAML: each fixture id is the stand-in of its literal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-big-'));
    try {
      await writeFile(join(dir, 't.json'), doc(`{"package_id":${SNOWFLAKE},"connections":{"mysql":${SNOWFLAKE}}}`));
      await writeFile(join(dir, 't.yaml'), `base_url: http://127.0.0.1:1\naccounts:\n  - account_id: acme\n    api_key: k1\n    fixtures:\n      package_id: ${SNOWFLAKE}\n      cluster_id: 7\n`);
      const fromJson = await loadTargetFile(join(dir, 't.json'), {});
      const fromYaml = await loadTargetFile(join(dir, 't.yaml'), {});
      expect(literalOf(fromJson.b[0]!.fixtures.package_id!)).toBe(SNOWFLAKE);
      expect(literalOf(fromJson.b[0]!.fixtures.connections!.mysql!)).toBe(SNOWFLAKE);
      expect(fromYaml.b[0]!.fixtures.package_id).toBe(fromJson.b[0]!.fixtures.package_id);
      expect(fromYaml.b[0]!.fixtures.cluster_id).toBe(7);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses absent ids reaching the band, and a fixture id inside it', () => {
    const refusal = (value: unknown): string => {
      try {
        resolveTarget(value, {});
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(JSON.parse(doc('{}', `,"absent_ids":{"min":1000,"max":${Number.MAX_SAFE_INTEGER}}`)))).toMatch(/absent_ids\.max must be below 5,000,000,000,000,001/);
    expect(refusal(JSON.parse(doc(`{"package_id":${STAND_IN_BAND.max - 1}}`)))).toMatch(/fixtures\.package_id is 5000000999999998: the run takes the ids from 5,000,000,000,000,001/);
    // A maximum beyond 2^53 is read exactly, so it is refused for reaching the band.
    expect(refusal(parseJsonWithBigIds(doc(`{}`, `,"absent_ids":{"min":1000,"max":${SNOWFLAKE}}`)))).toMatch(/absent_ids\.max must be below/);
  });
});

describe('the guard: a target whose own ids are in the band halts the run', () => {
  it('trips on a number from the band in any answer that the run did not send', () => {
    const guard = new AbsentIdGuard({ a: [], b: [] });
    const answer = (url: string, body: string, sent?: string) => ({ request: { method: 'GET', url, headers: {}, ...(sent ? { body: sent } : {}) }, response: { status: 404, headers: {}, body }, json: undefined, durationMs: 1 });
    guard.observe(answer('http://t/x', `{"echo":${STAND_IN_BAND.max - 5}}`, `{"n":${STAND_IN_BAND.max - 5}}`));
    expect(guard.reason).toBeNull();
    guard.observe(answer('http://t/jobs', `{"id":${STAND_IN_BAND.max - 7}}`));
    expect(guard.reason).toMatch(/GET \/jobs holds 5000000999999992, inside the ids the run takes to stand in for ids beyond 2\^53/);
  });
});

describe('idPlusPowerOfTwo: an id a lookup keeping the low bits takes for another', () => {
  it('writes id + 2^bits exactly, past 2^53 too, where a double would round', () => {
    expect(idPlusPowerOfTwo(1, 32)).toBe('4294967297');
    expect(idPlusPowerOfTwo(1_000_000_001, 32)).toBe('5294967297');
    expect(idPlusPowerOfTwo(1, 64)).toBe('18446744073709551617');
    expect(idPlusPowerOfTwo(Number.MAX_SAFE_INTEGER, 64)).toBe('18455751272964292607');
    // What arithmetic on numbers gives instead: the nearest double.
    expect(String(1 + 2 ** 64)).not.toBe('18446744073709551617');
  });
  it('makes none of a stand-in (its digits are not the target\'s id) nor of what is no positive safe integer', () => {
    const standIn = standInFor('1402933012345678901');
    expect(idPlusPowerOfTwo(standIn, 32)).toBeUndefined();
    expect(idPlusPowerOfTwo(STAND_IN_BAND.max, 32)).toBeUndefined();
    expect(idPlusPowerOfTwo(0, 32)).toBeUndefined();
    expect(idPlusPowerOfTwo(1.5, 32)).toBeUndefined();
    expect(idPlusPowerOfTwo(2 ** 60, 32)).toBeUndefined();
  });
});
