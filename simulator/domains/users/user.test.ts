import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { errorFields, keyOf, makeWorld, NOT_FOUND_BODY } from './test-support.ts';

describe('GET /user', () => {
  it('returns the caller with every field of section 2, notification counts included', async () => {
    const { owner, acme } = makeWorld();
    const res = await owner.get('/user').expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('user', res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      id: acme.users[0]?.id,
      name: 'Ada Lovelace',
      email: 'ada@acme.example',
      api_key: keyOf(acme, 0),
      time_zone: 'Europe/Lisbon',
      location: 'Lisbon',
      confirmed: true,
      confirmed_at: '2026-01-05T09:00:00Z',
      notifications_count: 3,
      unread_notifications_count: 2,
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-01-05T09:00:00Z',
      last_login: '2026-01-05T09:00:00Z',
    });
    expect(res.body.url).toBe('http://sim.test/acme/api/user');
    expect(res.body.html_url).toBe('http://sim.test/acme/settings/edit');
  });

  it('counts only the caller\'s notifications', async () => {
    const { colleague } = makeWorld();
    const res = await colleague.get('/user').expect(200);
    expect(res.body).toMatchObject({ name: 'Ada Colleague', notifications_count: 0, unread_notifications_count: 0 });
  });

  it('needs a valid key; a key on another account\'s path is the not-found answer', async () => {
    const { http, acme, as } = makeWorld();
    await http().get('/acme/api/user').set('Accept', VENDOR_MEDIA_TYPE).expect(401);
    const res = await as(keyOf(acme, 0), 'globex').get('/user').expect(404);
    expect(res.text).toBe(NOT_FOUND_BODY);
  });
});

describe('PUT /user', () => {
  const update = {
    name: 'Augusta Ada King',
    email: 'countess@lovelace.example',
    time_zone: 'Asia/Kolkata',
    location: 'London',
    notification_settings: { job_completed: false, job_failed: true },
  };

  it('updates name, email, time_zone, location and notification_settings and answers 200 with the user', async () => {
    const { owner, clock } = makeWorld();
    clock.advance(60_000);
    const res = await owner.put('/user', update).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('user', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ ...update, created_at: '2026-01-05T09:00:00Z', updated_at: '2026-01-05T09:01:00Z' });
    // notification_settings is replaced as a whole: the seed's cluster_events is gone.
    expect(res.body.notification_settings).toEqual(update.notification_settings);
    const again = await owner.get('/user').expect(200);
    expect(again.body).toEqual(res.body);
  });

  it('changes only the fields given and ignores unknown keys, including read-only ones', async () => {
    const { owner, acme } = makeWorld();
    const before = (await owner.get('/user')).body as Record<string, unknown>;
    const res = await owner.put('/user', { location: 'Porto', id: 999, api_key: 'f'.repeat(40), confirmed: false, colour: 'blue' }).expect(200);
    expect(res.body).toEqual({ ...before, location: 'Porto' });
    expect(res.body.api_key).toBe(keyOf(acme, 0));
  });

  it('answers 200 with the user unchanged when there is no body or an empty object', async () => {
    const { owner, clock } = makeWorld();
    const before = (await owner.get('/user')).body as Record<string, unknown>;
    clock.advance(5_000);
    expect((await owner.put('/user').expect(200)).body).toEqual(before);
    expect((await owner.put('/user', {}).expect(200)).body).toEqual(before);
  });

  it('accepts IANA names beyond the runtime\'s canonical list, such as UTC, Etc/UTC and US/Eastern', async () => {
    const { owner } = makeWorld();
    for (const zone of ['UTC', 'Etc/UTC', 'US/Eastern', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) {
      const res = await owner.put('/user', { time_zone: zone }).expect(200);
      expect(res.body.time_zone).toBe(zone);
    }
  });

  it("accepts the real service's own time zone names, as its list gives them (Pacific Time (US & Canada), Nuku'alofa), and only those", async () => {
    const { owner } = makeWorld();
    for (const zone of ['Pacific Time (US & Canada)', 'Mid-Atlantic', "Nuku'alofa", 'Marshall Is.', 'London']) {
      const res = await owner.put('/user', { time_zone: zone }).expect(200);
      expect(res.body.time_zone).toBe(zone);
    }
    for (const zone of ['Pacific Time', 'pacific time (us & canada)', 'Atlantis']) await owner.put('/user', { time_zone: zone }).expect(422);
  });

  it.each([
    ['email', 'not-an-email'],
    ['email', 'ada@localhost'],
    ['email', 'ada@@acme.example'],
    ['email', 'ada lovelace@acme.example'],
    ['email', '.ada@acme.example'],
    ['email', 'ada@acme..example'],
    ['email', 'ada@-acme.example'],
    ['email', 'ada@acme.123'],
    ['email', `${'a'.repeat(65)}@acme.example`],
    ['email', 'ada@acmé.example'],
    ['email', 42],
    ['time_zone', 'Mars/Olympus_Mons'],
    ['time_zone', '+01:00'],
    ['time_zone', 'UTC '],
    ['time_zone', ''],
    ['time_zone', null],
    ['name', ''],
    ['name', '   '],
    ['name', ['Ada']],
    ['name', 'x'.repeat(256)],
    ['location', 7],
    ['notification_settings', []],
    ['notification_settings', 'all'],
    ['notification_settings', null],
  ])('refuses %s = %j with 422 naming the field and changes nothing', async (field, value) => {
    const { owner } = makeWorld();
    const before = (await owner.get('/user')).body as Record<string, unknown>;
    const res = await owner.put('/user', { [field]: value }).expect(422);
    expect(errorFields(res.body)).toEqual([field]);
    expect(validateResource('error-b', res.body)).toEqual([]);
    expect((await owner.get('/user')).body).toEqual(before);
  });

  it('names every bad field at once and applies none of the good ones', async () => {
    const { owner } = makeWorld();
    const res = await owner.put('/user', { name: 'Ok', email: 'nope', time_zone: 'Nowhere/Land', location: false }).expect(422);
    expect(errorFields(res.body).sort()).toEqual(['email', 'location', 'time_zone']);
    expect((await owner.get('/user')).body.name).toBe('Ada Lovelace');
  });

  it('refuses a body that is not a JSON object (422), malformed JSON (400) and other media types (415)', async () => {
    const { owner } = makeWorld();
    expect(errorFields((await owner.put('/user', [1, 2]).expect(422)).body)).toEqual(['body']);
    await owner.put('/user', '{"name": ').expect(400);
    await owner.put('/user').set('Content-Type', 'text/plain').send('name=Ada').expect(415);
  });

  it('with b-user-update-ignored answers 200 with the user unchanged', async () => {
    const { owner } = makeWorld({ faults: ['b-user-update-ignored'] });
    const res = await owner.put('/user', update).expect(200);
    expect(res.body.name).toBe('Ada Lovelace');
    expect((await owner.get('/user')).body.email).toBe('ada@acme.example');
  });

  describe('properties (fixed seed)', () => {
    const forbidden = fc.constantFrom(' ', '(', ')', ',', ':', ';', '<', '>', '[', ']', '\\', '"', '@', '\u00e9', '\t');
    const invalidEmail = fc.oneof(
      fc.string({ maxLength: 40 }).filter((s) => !/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(s)),
      fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), forbidden, fc.stringMatching(/^[a-z]{0,10}$/)).map(([a, bad, b]) => `${a}${bad}${b}@acme.example`),
      fc.stringMatching(/^[a-z]{1,10}$/).map((local) => `${local}@acme`),
      fc.stringMatching(/^[a-z]{1,10}$/).map((local) => `${local}@acme.example.`),
      fc.stringMatching(/^[a-z]{1,10}$/).map((local) => `${local}..x@acme.example`),
      fc.integer({ min: 65, max: 90 }).map((n) => `${'a'.repeat(n)}@acme.example`),
      fc.integer({ min: 250, max: 400 }).map((n) => `a@${'b'.repeat(n - 10)}.example`),
    );

    it('random invalid emails are refused with 422 naming email, and nothing changes', async () => {
      const { owner } = makeWorld();
      const before = (await owner.get('/user')).body as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(invalidEmail, async (email) => {
          const res = await owner.put('/user', { email });
          expect(res.status, email).toBe(422);
          expect(errorFields(res.body)).toEqual(['email']);
        }),
        { seed: 42, numRuns: 150 },
      );
      expect((await owner.get('/user')).body).toEqual(before);
    });

    const rejectedByIntl = (zone: string) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return false;
      } catch {
        return true;
      }
    };
    const invalidZone = fc.oneof(
      fc.string({ maxLength: 30 }).filter(rejectedByIntl),
      fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(':00', ':30', '00', '')).map(([s, h, m]) => `${s}${String(h).padStart(2, '0')}${m}`),
      fc.constantFrom('Europe/Lisbon ', ' UTC', 'Europe//Lisbon', 'Europe/', '/UTC', 'UTC/', 'Europe/Lisbon/Extra/More'),
    );

    it('random invalid time zones are refused with 422 naming time_zone, and nothing changes', async () => {
      const { owner } = makeWorld();
      const before = (await owner.get('/user')).body as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(invalidZone, async (zone) => {
          const res = await owner.put('/user', { time_zone: zone });
          expect(res.status, JSON.stringify(zone)).toBe(422);
          expect(errorFields(res.body)).toEqual(['time_zone']);
        }),
        { seed: 42, numRuns: 150 },
      );
      expect((await owner.get('/user')).body).toEqual(before);
    });
  });
});

describe('POST /user/tokens', () => {
  it('regenerates the caller\'s key: 200 with the user and a new api_key', async () => {
    const { owner, acme } = makeWorld();
    const res = await owner.post('/user/tokens').expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('user', res.body)).toEqual([]);
    expect(res.body.api_key).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.api_key).not.toBe(keyOf(acme, 0));
    expect(res.body.id).toBe(acme.users[0]?.id);
  });

  it('the old key fails on the very next request; the new key works; other users keep theirs', async () => {
    const { owner, colleague, as } = makeWorld();
    const newKey = (await owner.post('/user/tokens').expect(200)).body.api_key as string;
    await owner.get('/user').expect(401);
    const me = await as(newKey, 'acme').get('/user').expect(200);
    expect(me.body.api_key).toBe(newKey);
    await colleague.get('/user').expect(200);
  });

  it('every regeneration retires the key before it', async () => {
    const { owner, as } = makeWorld();
    const second = (await owner.post('/user/tokens').expect(200)).body.api_key as string;
    const third = (await as(second, 'acme').post('/user/tokens').expect(200)).body.api_key as string;
    await as(second, 'acme').get('/user').expect(401);
    await as(third, 'acme').get('/user').expect(200);
  });

  it('ignores a body', async () => {
    const { owner } = makeWorld();
    await owner.post('/user/tokens', { api_key: 'mine' }).expect(200);
  });

  it('with b-old-key-valid-after-regeneration the previous key keeps working', async () => {
    const { owner, as } = makeWorld({ faults: ['b-old-key-valid-after-regeneration'] });
    const newKey = (await owner.post('/user/tokens').expect(200)).body.api_key as string;
    await owner.get('/user').expect(200);
    await as(newKey, 'acme').get('/user').expect(200);
  });
});

describe('the fault b-user-times-in-user-zone', () => {
  it("writes the user's updated_at with the offset of the user's zone, the same instant; without it, UTC", async () => {
    const faulty = makeWorld({ faults: ['b-user-times-in-user-zone'] });
    const body = { time_zone: 'America/New_York' };
    const shifted = await faulty.owner.put('/user').send(body).expect(200);
    // 2026-01-05 is winter in New York: five hours behind UTC.
    expect(shifted.body.updated_at).toBe('2026-01-05T04:00:00-05:00');
    expect(Date.parse(shifted.body.updated_at)).toBe(Date.parse('2026-01-05T09:00:00Z'));
    expect(shifted.body.created_at).toBe('2026-01-05T09:00:00Z');
    const plain = await makeWorld().owner.put('/user').send(body).expect(200);
    expect(plain.body.updated_at).toBe('2026-01-05T09:00:00Z');
  });
});
