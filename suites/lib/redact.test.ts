import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, Redactor } from './redact.ts';

const KEY = 'fdk_0123456789abcdefsecret';

describe('Redactor', () => {
  const r = new Redactor([KEY]);

  it('hides a key raw, in Basic auth Base64, in plain Base64 and URL-encoded', () => {
    const forms = [KEY, Buffer.from(`${KEY}:`).toString('base64'), Buffer.from(KEY).toString('base64'), encodeURIComponent(Buffer.from(KEY).toString('base64'))];
    for (const form of forms) {
      const out = r.text(`before ${form} after`);
      expect(out).toBe(`before ${REDACTED} after`);
    }
    const odd = new Redactor(['key/with+chars=']);
    expect(odd.text(`GET /x?k=${encodeURIComponent('key/with+chars=')}`)).toBe(`GET /x?k=${REDACTED}`);
  });

  it('hides the beginning of a key that a display clipped', () => {
    const body = `{"id":1,"owner":"${KEY}"}`;
    const clipped = `${body.slice(0, body.indexOf(KEY) + 10)}…`;
    expect(clipped).toContain(KEY.slice(0, 10));
    const out = r.text(`200 application/json ${clipped}`);
    expect(out).not.toContain(KEY.slice(0, 6));
    expect(out).toContain(`${REDACTED}…`);
  });

  it('hides secret JSON members, also one cut short, and URL credentials however short', () => {
    expect(r.text('{"salt": "abc", "name": "x"}')).toBe(`{"salt": "${REDACTED}", "name": "x"}`);
    expect(r.text('{"api_key": "unknownvalue')).toBe(`{"api_key": "${REDACTED}"`);
    // Cut between a backslash and what it escapes: the beginning is hidden too.
    expect(r.text('{"password": "unknown-value\\')).toBe(`{"password": "${REDACTED}"`);
    expect(r.text('{"password": "unknown-value\\…')).toBe(`{"password": "${REDACTED}"…`);
    expect(r.text('GET http://u:pw@127.0.0.1:1/x failed')).toBe(`GET http://${REDACTED}@127.0.0.1:1/x failed`);
  });

  it('hides URL credentials wherever they are, as the expression it replaced did, in time linear in the text', () => {
    const old = (text: string) => text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"]+@/gi, `$1${REDACTED}@`);
    const samples = [
      'see https://ada:s3cret@db.example/x and postgres://u@h:5432/d, not mailto:x@y or ://a@b',
      'x_http://u:p@h 1http://u:p@h a.b+c-d://u:p@h "http://u:p@h" http://@h http://u/p@h http://u?p@h',
      'ftp://a:b@c ftp://d:e@f',
      'HTTP://U:P@H svn+ssh://u@h',
    ];
    for (const text of samples) expect(new Redactor().text(text), text).toBe(old(text));
    // Where it was wrong: a userinfo holding an @ ends at the last one before the host (it hid only `ada`).
    expect(new Redactor().text('GET https://ada@acme:pw-secret@api.example/x@y failed')).toBe(`GET https://${REDACTED}@api.example/x@y failed`);
    // A long run of scheme characters: the expression took time quadratic in it (and minutes at a few megabytes).
    const run = `0${'+A'.repeat(200_000)}`;
    expect(new Redactor().text(`${run}://u:p@h`)).toBe(`${run}://${REDACTED}@h`);
    expect(new Redactor().text(`${'a.'.repeat(200_000)} no url`)).toBe(`${'a.'.repeat(200_000)} no url`);
  });

  it('learns secrets from JSON answers (a regenerated key) and hides them from then on', () => {
    const learner = new Redactor();
    expect(learner.text('fresh-key-value-1')).toBe('fresh-key-value-1');
    learner.learn({ user: { api_key: 'fresh-key-value-1' } });
    expect(learner.text('the key fresh-key-value-1')).toBe(`the key ${REDACTED}`);
  });

  it('keeps the scheme of a credential header and hides the rest', () => {
    expect(r.headers({ authorization: 'Basic Zm9vOg==', accept: 'x' })).toEqual({ authorization: `Basic ${REDACTED}`, accept: 'x' });
  });

  it('hides a cookie whole: its first word is its value, not a scheme', () => {
    expect(r.headers({ 'set-cookie': 'sid=Zx81kq0Abc; Path=/', cookie: 'sid=Zx81kq0Abc' })).toEqual({ 'set-cookie': REDACTED, cookie: REDACTED });
  });

  it('learns the secrets of more member names, whole names only (a timestamp of token_expires_at is no secret)', () => {
    const learner = new Redactor();
    learner.learn({ refresh_token: 'rt-0123456789', client_secret: 'cs-0123456789', private_key: 'pk-0123456789', apiKey: 'ak-0123456789', token_expires_at: '2026-11-29T00:00:00Z' });
    expect(learner.text('rt-0123456789 cs-0123456789 pk-0123456789 ak-0123456789 2026-11-29T00:00:00Z')).toBe(`${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} 2026-11-29T00:00:00Z`);
    expect(learner.text('{"access_token": "never-learned-1"}')).toBe(`{"access_token": "${REDACTED}"}`);
  });

  it('learns a string of a response that starts with interface A\'s key prefix, under any member name', () => {
    const learner = new Redactor([], 'fdk');
    learner.learn({ id: 7, value: 'fdk_0123456789abcdefghij', hint: 'fdk_zzzz…', name: 'fdk_short' });
    expect(learner.text('key fdk_0123456789abcdefghij, hint fdk_zzzz…, name fdk_short')).toBe(`key ${REDACTED}, hint fdk_zzzz…, name fdk_short`);
    // Without the prefix nothing is learned from such a member.
    const plain = new Redactor();
    plain.learn({ value: 'fdk_0123456789abcdefghij' });
    expect(plain.text('fdk_0123456789abcdefghij')).toBe('fdk_0123456789abcdefghij');
  });

  it('hides what one search per secret hid, in one pass whatever the number of secrets', () => {
    // The search it replaced: each form, longest first, split out of the whole text in turn.
    const oneByOne = (secrets: string[], text: string) => {
      const forms = secrets.flatMap((x) => [x, Buffer.from(`${x}:`).toString('base64'), Buffer.from(x).toString('base64')].flatMap((f) => [f, encodeURIComponent(f)]));
      let out = text;
      for (const f of [...new Set(forms)].sort((a, b) => b.length - a.length)) out = out.split(f).join(REDACTED);
      return out;
    };
    const token = fc.stringMatching(/^[A-Za-z0-9_+/=-]{6,40}$/);
    const filler = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '"', ':', '{', '}', 'é', '/'), maxLength: 30 });
    fc.assert(
      fc.property(fc.uniqueArray(token, { minLength: 1, maxLength: 30 }), fc.array(fc.tuple(filler, fc.nat(), fc.constantFrom(0, 1, 2)), { maxLength: 12 }), (secrets, pieces) => {
        const forms = (x: string) => [x, Buffer.from(`${x}:`).toString('base64'), Buffer.from(x).toString('base64')];
        const text = pieces.map(([f, n, form]) => `${f}${forms(secrets[n % secrets.length]!)[form]}`).join('') + 'end';
        const out = new Redactor(secrets).text(text);
        // No secret, in any form, survives.
        for (const x of secrets) for (const f of forms(x)) expect(out.includes(f), f).toBe(false);
        // Where no secret runs into another, exactly what the old search gave.
        const overlapping = secrets.some((a) => secrets.some((b) => a !== b && (a.includes(b.slice(0, 6)) || b.includes(a.slice(-6)))));
        if (!overlapping) expect(out).toBe(oneByOne(secrets, text));
      }),
      { seed: 20261128, numRuns: 400 },
    );
  });

  it('two secrets that overlap are hidden as one span, so neither shows a piece', () => {
    const r2 = new Redactor(['XXabcd1234', 'abcd1234YYYYYY']);
    expect(r2.text('-XXabcd1234YYYYYY-')).toBe(`-${REDACTED}-`);
  });
});

