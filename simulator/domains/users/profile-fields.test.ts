import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { avatarUrlFor } from './new-user.ts';
import { SERVICE_TIME_ZONE_IDENTIFIERS, SERVICE_TIME_ZONE_LIST } from './service-time-zones.ts';
import { timeZoneInfo } from './time-zone.ts';
import { errorFields, makeWorld } from './test-support.ts';

/**
 * The user's fields the real docs show beside the spec's (resources/user.md, the GET and PUT /user
 * examples): `time_zone_info`, `gravatar_email`, `receive_newsletter`; the last two set by PUT.
 */

describe("the real docs' user fields", () => {
  it('GET /user shows them: the zone as name, IANA identifier and standard offset; the gravatar address; no newsletter', async () => {
    const { owner } = makeWorld();
    const body = (await owner.get('/user').expect(200)).body as Record<string, unknown>;
    expect(body).toMatchObject({ time_zone: 'Europe/Lisbon', time_zone_info: { name: 'Europe/Lisbon', identifier: 'Europe/Lisbon', offset: '+0000' }, gravatar_email: 'ada@acme.example', receive_newsletter: false });
    expect(validateResource('user', body)).toEqual([]);
  });

  it("PUT /user takes the docs' example: gravatar_email (the picture follows it), receive_newsletter, time_zone UTC as Etc/UTC", async () => {
    const { owner } = makeWorld();
    const res = await owner.put('/user', { name: 'Sample User', location: 'California', gravatar_email: 'gravatar@example.com', time_zone: 'UTC', receive_newsletter: true }).expect(200);
    expect(res.body).toMatchObject({ gravatar_email: 'gravatar@example.com', receive_newsletter: true, time_zone_info: { name: 'UTC', identifier: 'Etc/UTC', offset: '+0000' }, avatar_url: avatarUrlFor('gravatar@example.com') });
    expect((await owner.get('/user').expect(200)).body).toMatchObject({ gravatar_email: 'gravatar@example.com', receive_newsletter: true });
    // The member record shows the same address; null goes back to the user's own email.
    const member = (await owner.get(`/members/${String(res.body.id)}`).expect(200)).body as Record<string, unknown>;
    expect(member.gravatar_email).toBe('gravatar@example.com');
    const reset = await owner.put('/user', { gravatar_email: null }).expect(200);
    expect(reset.body).toMatchObject({ gravatar_email: 'ada@acme.example', avatar_url: avatarUrlFor('ada@acme.example') });
  });

  it('refuses a gravatar_email that is no address and a receive_newsletter that is no boolean, naming each, and changes nothing', async () => {
    const { owner } = makeWorld();
    const before = (await owner.get('/user').expect(200)).body as Record<string, unknown>;
    const res = await owner.put('/user', { gravatar_email: 'not an address', receive_newsletter: 'yes' }).expect(422);
    expect(errorFields(res.body)).toEqual(['gravatar_email', 'receive_newsletter']);
    await owner.put('/user', { gravatar_email: 7 }).expect(422);
    expect((await owner.get('/user').expect(200)).body).toEqual(before);
  });

  it("gives a service zone name its Rails zone and standard offset, in summer too", () => {
    const july = Date.UTC(2026, 6, 15);
    expect(timeZoneInfo('Pacific Time (US & Canada)', july)).toEqual({ name: 'Pacific Time (US & Canada)', identifier: 'America/Los_Angeles', offset: '-0800' });
    expect(timeZoneInfo('Newfoundland', july)).toEqual({ name: 'Newfoundland', identifier: 'America/St_Johns', offset: '-0330' });
    expect(timeZoneInfo('Asia/Kolkata', july)).toEqual({ name: 'Asia/Kolkata', identifier: 'Asia/Kolkata', offset: '+0530' });
    // Southern summer is in January: Sydney's standard offset is still +1000.
    expect(timeZoneInfo('Sydney', Date.UTC(2026, 0, 15)).offset).toBe('+1000');
  });

  it("maps every name of the docs' list to a zone whose standard offset is the list's, but where the zone's rules have changed since", () => {
    // Rule changes after the docs' list was made (tzdata): these zones' standard offsets moved.
    const CHANGED = new Set(['Chihuahua', 'Caracas', 'Greenland', 'Santiago', 'Casablanca', 'Istanbul', 'Almaty', 'Novosibirsk', 'Magadan']);
    // Mappings Rails has since corrected (the docs' list shows the old zones' offsets).
    const REMAPPED = new Set(['International Date Line West', 'Solomon Is.']);
    const differ: string[] = [];
    for (const { id, name } of SERVICE_TIME_ZONE_LIST) {
      expect(SERVICE_TIME_ZONE_IDENTIFIERS[id], id).toBeDefined();
      const listed = /\(GMT([+-]\d\d):(\d\d)\)/.exec(name);
      const offset = timeZoneInfo(id, Date.UTC(2026, 0, 1)).offset;
      if (`${listed?.[1]}${listed?.[2]}` !== offset && !CHANGED.has(id) && !REMAPPED.has(id)) differ.push(`${id}: list ${name}, ${SERVICE_TIME_ZONE_IDENTIFIERS[id]} ${offset}`);
    }
    expect(differ).toEqual([]);
    expect(Object.keys(SERVICE_TIME_ZONE_IDENTIFIERS).sort()).toEqual(SERVICE_TIME_ZONE_LIST.map((z) => z.id).sort());
  });
});
