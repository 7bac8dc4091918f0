import { describe, expect, it } from 'vitest';
import { basicKey, bearerToken, KeyDigestCache, withoutPadding } from './credentials.ts';

describe('Basic credentials', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it('reads the key of base64(key:), and of base64(key) only when lenient', () => {
    expect(basicKey(`Basic ${b64('abc:')}`, false)).toBe('abc');
    expect(basicKey(`basic   ${b64('abc:')}  `, false)).toBe('abc');
    expect(basicKey(`Basic ${b64('abc')}`, false)).toBeNull();
    expect(basicKey(`Basic ${b64('abc')}`, true)).toBe('abc');
    expect(basicKey(`Basic ${b64('abc:pw')}`, true)).toBeNull();
    expect(basicKey(`Basic ${b64(':')}`, true)).toBeNull();
    expect(basicKey(`Bearer ${b64('abc:')}`, true)).toBeNull();
  });

  it('refuses the valid token with anything after it but whitespace, unless the fault b-basic-trailing-junk-accepted ignores the tail', () => {
    const token = b64('abc:');
    for (const tail of [' junk', ',junk', '!!', ';x', ` ${token}`, ' Og==']) {
      expect(basicKey(`Basic ${token}${tail}`, false)).toBeNull();
      expect(basicKey(`Basic ${token}${tail}`, false, true)).toBe('abc');
    }
    expect(basicKey(`Basic ${token} \t`, false)).toBe('abc');
    expect(basicKey(`Basic YWJj!Og==`, false)).toBeNull();
  });

  it('refuses base64 that does not survive a round trip, however long its padding', () => {
    expect(basicKey(`Basic ${b64('abc:').replace(/=+$/, '')}`, false)).toBe('abc');
    expect(basicKey('Basic YWJjOg=x', false)).toBeNull();
    // A million '=' before one other character: refused at once (a /=+$/ took time quadratic in the run).
    expect(basicKey(`Basic ${'='.repeat(1_000_000)}A=`, false)).toBeNull();
    expect(withoutPadding(`${'='.repeat(1_000_000)}A`)).toHaveLength(1_000_001);
    expect(withoutPadding('YWJjOg==')).toBe('YWJjOg');
    expect(withoutPadding('')).toBe('');
  });

  it('reads the scheme in any letter case (RFC 9110 section 11.1), or only as `Basic` where the scheme is read as written', () => {
    const token = b64('abc:');
    for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
      expect(basicKey(`${scheme} ${token}`, false)).toBe('abc');
      expect(basicKey(`${scheme} ${token}`, false, false, 'as-written')).toBeNull();
      expect(new KeyDigestCache('as-written').get(`${scheme} ${token}`, false)).toBeNull();
      expect(new KeyDigestCache().get(`${scheme} ${token}`, false)).not.toBeNull();
    }
    expect(basicKey(`Basic ${token}`, false, false, 'as-written')).toBe('abc');
    expect(new KeyDigestCache('as-written').get(`Basic ${token}`, false)).not.toBeNull();
  });
});

describe('Bearer tokens', () => {
  it('reads the scheme in any letter case, or only as `Bearer` where the scheme is read as written', () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      expect(bearerToken(`${scheme} fdk_x`)).toBe('fdk_x');
      expect(bearerToken(`${scheme} fdk_x`, 'as-written')).toBeNull();
    }
    expect(bearerToken('Bearer fdk_x', 'as-written')).toBe('fdk_x');
    expect(bearerToken('Bearerfdk_x', 'as-written')).toBeNull();
  });
});
