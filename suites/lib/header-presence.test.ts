import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CookieValueTally, PresenceTally, setCookies, signTest } from './header-presence.ts';
import { comparableHeaders, headerDifferences } from './comparison.ts';
import type { Exchange } from './types.ts';

const answer = (headers: Record<string, string>): Exchange => ({ request: { method: 'GET', url: 'http://x/a', headers: {} }, response: { status: 404, headers, body: '{"error":"not found"}' }, json: { error: 'not found' }, startedAt: 0, durationMs: 1 }) as unknown as Exchange;
const plain = { 'content-type': 'application/json' };

describe('signTest', () => {
  it('agrees with the binomial distribution', () => {
    expect(signTest(0, 0)).toBe(1);
    expect(signTest(1, 0)).toBe(1);
    // 10 of 10 one way: 2 / 1024.
    expect(signTest(10, 0)).toBeCloseTo(2 / 1024, 10);
    expect(signTest(0, 10)).toBeCloseTo(2 / 1024, 10);
    // 9 and 1: 2 * 11 / 1024.
    expect(signTest(9, 1)).toBeCloseTo(22 / 1024, 10);
    expect(signTest(5, 5)).toBe(1);
  });
});

describe('PresenceTally', () => {
  it('names a header that comes with one kind of answer in every pair, never its value', () => {
    const tally = new PresenceTally();
    for (let i = 0; i < 20; i++) tally.record('GET /pipelines/{id}', answer({ ...plain, 'last-modified': `Sun, 29 Nov 2026 10:00:${String(i).padStart(2, '0')} GMT` }), answer(plain));
    const [split] = tally.splits();
    expect(split).toMatchObject({ header: 'last-modified', subjectOnly: 20, referenceOnly: 0, both: 0, pairs: 20, where: ['GET /pipelines/{id}'] });
    expect(split?.p).toBeLessThan(1e-5);
    expect(JSON.stringify(split)).not.toContain('Nov');
  });

  it('counts a header both answers carry as no tell, and reads header names in any case', () => {
    const tally = new PresenceTally();
    for (let i = 0; i < 20; i++) tally.record('DELETE /pipelines/{id}', answer({ ...plain, 'Set-Cookie': `a=${i}` }), answer({ ...plain, 'set-cookie': `a=${i + 1}` }));
    expect(tally.splits()).toEqual([expect.objectContaining({ header: 'set-cookie', subjectOnly: 0, referenceOnly: 0, both: 20, p: 1 })]);
  });

  it('finds no tell in a cookie a gateway sets at random, to either kind alike (no false alarm)', () => {
    // Each pair's cookies drawn independently of the kind, at any rate: the presence ignores the
    // kind, and a split that uneven by chance is rarer than the check's 0.001 / 3.
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.array(fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })), { minLength: 20, maxLength: 300 }), (rate, draws) => {
        const tally = new PresenceTally();
        for (const [s, r] of draws) tally.record('GET /pipelines/{id}', answer(s < rate ? { ...plain, 'set-cookie': 'x=1' } : plain), answer(r < rate ? { ...plain, 'set-cookie': 'x=2' } : plain));
        return tally.splits().every((split) => split.p >= 0.001 / 3);
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });
});

describe('comparableHeaders and the headers compared by presence', () => {
  it('leaves their values out of the comparison of two answers', () => {
    const a = comparableHeaders(answer({ ...plain, 'last-modified': 'Sun, 29 Nov 2026 10:00:00 GMT', 'set-cookie': 'a=1', expires: '0' }));
    const b = comparableHeaders(answer({ ...plain, 'last-modified': 'Sun, 29 Nov 2026 11:00:00 GMT', 'set-cookie': 'a=2', expires: '-1' }));
    expect(headerDifferences(a, b)).toEqual([]);
  });
});

describe('CookieValueTally', () => {
  const cookie = (value: string): Exchange => answer({ ...plain, 'set-cookie': value });

  it('names a cookie one value for every absent id and a steady other for a foreign id, never its value', () => {
    const tally = new CookieValueTally();
    for (let i = 0; i < 6; i++) tally.record('5', cookie('pipeline_shard=globex; Path=/; HttpOnly'), String(900 + i), cookie('pipeline_shard=acme-data; Path=/; HttpOnly'));
    const tells = tally.tells();
    expect(tells).toEqual([{ name: 'pipeline_shard', referenceAnswers: 6, referenceIds: 6, subjectId: '5', subjectAnswers: 6 }]);
    expect(JSON.stringify(tells)).not.toContain('globex');
  });

  it('judges no sticky cookie drawn at random per answer, nor one stamped with the time (no false alarm)', () => {
    const tally = new CookieValueTally();
    for (let i = 0; i < 30; i++) {
      tally.record('5', cookie(`AWSALB=${Math.random().toString(36).slice(2)}; Expires=Sun, 06 Dec 2026 10:00:00 GMT; Path=/`), String(900 + i), cookie(`AWSALB=${Math.random().toString(36).slice(2)}; Expires=Sun, 06 Dec 2026 10:00:00 GMT; Path=/`));
      tally.record('6', cookie(`seen=${1000 + 2 * i}`), String(950 + i), cookie(`seen=${1001 + 2 * i}`));
    }
    expect(tally.tells()).toEqual([]);
  });

  it('takes the requested id in a value as no tell, nor a cookie seen once for the foreign id', () => {
    const tally = new CookieValueTally();
    for (let i = 0; i < 5; i++) tally.record('5', cookie('last=p5'), String(900 + i), cookie(`last=p${900 + i}`));
    tally.record('6', cookie('once=b'), '999', cookie('once=a'));
    tally.record('6', answer(plain), '998', cookie('once=a'));
    expect(tally.tells()).toEqual([]);
  });

  it('reads several Set-Cookie headers joined by commas, an Expires date splitting none', () => {
    expect([...setCookies(cookie('a=1; Expires=Sun, 06 Dec 2026 10:00:00 GMT; Path=/, b=x42y; HttpOnly'), '42')]).toEqual([['a', '1'], ['b', 'x{id}y']]);
  });
});
