import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblems, NAME_FIELDS_BY_SCHEMA } from '../../suites/lib/formats.ts';
import { isCalendarDate, isUtcDateTime } from '../../suites/lib/dates.ts';
import { contains, listAll, sameJson, userIn } from '../../suites/lib/answers.ts';
import { otherTimeZoneTaken, restoreUserAfter } from '../../suites/lib/factories/user.ts';
import type { PagingNames, PageNumberNames } from '../../suites/lib/paging.ts';
import type { CheckContext, Exchange, InterfaceClient, RequestOptions, ResolvedTarget } from '../../suites/lib/types.ts';
import { partReader } from '../../suites/catalog/b-state.ts';
import { WriteLedger } from '../../suites/lib/write-ledger.ts';
import { walkCatalogList } from '../../suites/catalog/b-lists.ts';
import { ownership } from '../../suites/catalog/b-ownership.ts';
import { generateOpenSshKey, md5ColonHex, SSH_KEY_KINDS } from '../../suites/lib/arbitraries/ssh-keys.ts';
import { hasSshKeygen } from '../support/ssh-keygen.ts';

describe('OpenSSH public keys made by the checks', () => {
  it.runIf(hasSshKeygen()).each([...SSH_KEY_KINDS])('a %s key line is read by ssh-keygen with the same MD5 fingerprint', (kind) => {
    const key = generateOpenSshKey(kind, 'disco@test');
    const dir = mkdtempSync(join(tmpdir(), 'disco-key-'));
    try {
      const file = join(dir, 'key.pub');
      writeFileSync(file, `${key.line}\n`);
      const out = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', file], { encoding: 'utf8' });
      expect(out).toContain(`MD5:${md5ColonHex(key.blob)} disco@test`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the line as type, base64 blob and comment', () => {
    const key = generateOpenSshKey('ed25519', 'me@host');
    expect(key.line).toMatch(/^ssh-ed25519 [A-Za-z0-9+/]+=* me@host$/);
    expect(generateOpenSshKey('ecdsa-p256').line).toMatch(/^ecdsa-sha2-nistp256 [A-Za-z0-9+/]+=*$/);
  });
});

describe('format rules of section 2 (B-FMT-1)', () => {
  it('accepts UTC date-times only', () => {
    for (const ok of ['2026-11-22T05:12:47Z', '2026-11-22T05:12:47.123Z', '2026-11-22T05:12:47+00:00', '2026-11-22T05:12Z']) expect(isUtcDateTime(ok), ok).toBe(true);
    for (const bad of ['2026-11-22T05:12:47', '2026-11-22T05:12:47+01:00', '2026-11-22', 'yesterday', '2026-13-22T05:12:47Z']) expect(isUtcDateTime(bad), bad).toBe(false);
  });

  it('accepts only calendar dates that exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-11-01T00:00:00Z', '26-11-01']) expect(isCalendarDate(bad), bad).toBe(false);
  });

  it('finds zone-less timestamps and non-integer ids at any depth, but not inside client-chosen maps', () => {
    const job = {
      id: 1,
      created_at: '2026-11-22T05:12:47Z',
      started_at: null,
      owner_id: '7',
      variables: { run_at: 'tomorrow', x_id: 'abc' },
      outputs: [{ id: 2, created_at: '2026-11-22T05:12:47' }],
      package: { id: 3.5 },
    };
    expect(formatProblems(job).map((p) => p.path)).toEqual(['/owner_id', '/outputs/0/created_at', '/package/id']);
    expect(formatProblems({ id: 'in_1', date: '2026-11-01' }, { stringId: true })).toEqual([]);
    expect(formatProblems({ id: 12 }, { stringId: true }).map((p) => p.path)).toEqual(['/id']);
    // A provider's id (a cluster instance's, as the real docs show it) is a string; the service's own are integers.
    expect(formatProblems({ instance_id: 'i-4d1b39a7', cluster_id: 5 })).toEqual([]);
    // So are a connection's label and its Google project, as the real docs show them.
    expect(formatProblems({ id: 53, unique_id: 'S3_CONNECTION_53', project_id: 'acme-data', connection_group_id: 'x' }).map((p) => p.path)).toEqual(['/connection_group_id']);
    expect(formatProblems({ instance_id: 'i-4d1b39a7', cluster_id: '5' }).map((p) => p.path)).toEqual(['/cluster_id']);
    // And a NetSuite connection's account and role, NetSuite's own.
    expect(formatProblems({ id: 54, net_suite_account_id: 'TSTDRV123', role_id: '3', owner_id: 'u' }).map((p) => p.path)).toEqual(['/owner_id']);
    // A region's, a stack's or a plan's own id is a name, and so is the plan a subscription names; only where the schema says so.
    const names = (schema: string) => NAME_FIELDS_BY_SCHEMA.get(schema);
    expect(formatProblems({ id: 'gcloud::us-central1', name: 'Google Cloud - Central US' }, { nameFields: names('simulator/account-region') })).toEqual([]);
    expect(formatProblems({ id: 7 }, { nameFields: names('simulator/stack') }).map((p) => p.path)).toEqual(['/id']);
    expect(formatProblems({ id: 'mint-everest' }).map((p) => p.path)).toEqual(['/id']);
    expect(formatProblems({ plan_id: 'free-trial', trial_start: '2026-01-05T09:00:00Z' }, { nameFields: names('simulator/subscription') })).toEqual([]);
    // Only the fields named, at any depth of that resource: a subscription's own id is still an integer.
    expect(formatProblems({ id: 'x', plan_id: 'basic', cluster: { plan_id: 'basic', id: 'y' } }, { nameFields: names('simulator/subscription') }).map((p) => p.path)).toEqual(['/id', '/cluster/id']);
    // A Bing Ads account as the docs' metadata path shows it: its and its campaigns' ids are Bing's, strings.
    expect(formatProblems({ account_id: '123', campaigns: [{ campaign_id: '432' }] }, { nameFields: names('simulator/bingads-metadata-account') })).toEqual([]);
    expect(formatProblems({ account_id: '123', campaigns: [{ campaign_id: '432' }] }).map((p) => p.path)).toEqual(['/account_id', '/campaigns/0/campaign_id']);
    // Google's: an AdWords customer's id, and an Analytics account's, its properties' and views' ids.
    expect(formatProblems({ customer_id: '1000000500', name: 'x' }, { nameFields: names('simulator/adwords-customer') })).toEqual([]);
    expect(formatProblems({ id: '10000051', properties: [{ id: 'UA-10000051-1', views: [{ id: '50000511' }] }] }, { nameFields: names('simulator/analytics-account') })).toEqual([]);
    // The invoice's string id is its own, not a nested record's.
    expect(formatProblems({ id: 'in_1', lines: [{ id: 'x' }] }, { stringId: true }).map((p) => p.path)).toEqual(['/lines/0/id']);
    expect(formatProblems({ plan_id: 'basic' }).map((p) => p.path)).toEqual(['/plan_id']);
    expect(names('simulator/plan')?.has('id') && names('simulator/stack')?.has('id') && names('simulator/account-region')?.has('id') && !names('simulator/cluster')).toBe(true);
  });

  it('compares JSON regardless of key order, and containment allows extra keys', () => {
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(contains({ url: 'u', basic_auth: false }, { url: 'u' })).toBe(true);
    expect(contains({ url: 'v' }, { url: 'u' })).toBe(false);
  });
});

describe('walking a paged list (listAll)', () => {
  /**
   * A list of `total` items behind `names` (offset or page number from 1, size; a page holds at most `cap`, a larger size
   * silently lowered; a size above `refuseAbove` answers 422), or one that ignores its query and
   * answers `fixed` items.
   */
  function listClient(total: number, behaviour: { names: PagingNames | PageNumberNames; cap?: number; refuseAbove?: number } | { fixed: number }): { client: InterfaceClient; asked: string[] } {
    const asked: string[] = [];
    const items = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
    const send = async (method: string, path: string, options?: RequestOptions): Promise<Exchange> => {
      const query = options?.query ?? {};
      asked.push(new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString());
      const size = 'fixed' in behaviour ? 0 : Number(query[behaviour.names.pageSize] ?? 20);
      if (!('fixed' in behaviour) && behaviour.refuseAbove !== undefined && query[behaviour.names.pageSize] !== undefined && size > behaviour.refuseAbove) {
        const refusal = { message: `${behaviour.names.pageSize} must be at most ${behaviour.refuseAbove}` };
        return { request: { method, url: `https://t.test${path}`, headers: {} }, response: { status: 422, headers: {}, body: JSON.stringify(refusal) }, json: refusal, durationMs: 1 };
      }
      const held = Math.min(size, 'fixed' in behaviour ? size : (behaviour.cap ?? size));
      const from = 'fixed' in behaviour ? 0 : 'page' in behaviour.names ? (Number(query[behaviour.names.page] ?? 1) - 1) * held : Number(query[behaviour.names.offset] ?? 0);
      const page = 'fixed' in behaviour ? items.slice(0, behaviour.fixed) : items.slice(from, from + held);
      return { request: { method, url: `https://t.test${path}`, headers: {} }, response: { status: 200, headers: {}, body: JSON.stringify(page) }, json: page, durationMs: 1 };
    };
    const client: InterfaceClient = { base: 'https://t.test', request: send, get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o), patch: (p, o) => send('PATCH', p, o), delete: (p, o) => send('DELETE', p, o) };
    return { client, asked };
  }
  const perPage = { offset: 'start', pageSize: 'per_page' };

  it('walks every page with the names given, and is complete at the end of a list that honours the page size', async () => {
    const { client, asked } = listClient(250, { names: perPage });
    const walk = await listAll(client, '/things', perPage);
    expect(walk?.items.length).toBe(250);
    expect(walk?.complete).toBe(true);
    expect(walk?.pageSizeHonoured).toBe(true);
    expect(walk?.exchanges.length).toBe(3);
    expect(asked).toEqual(['per_page=1', 'start=0&per_page=100', 'start=100&per_page=100', 'start=200&per_page=100']);
  });

  it('is never complete on a list that ignores the page size: its short first page only looks like the whole list', async () => {
    const { client } = listClient(250, { fixed: 25 });
    const walk = await listAll(client, '/things', perPage);
    expect(walk?.items.length).toBe(25);
    expect(walk?.pageSizeHonoured).toBe(false);
    expect(walk?.complete).toBe(false);
  });

  it('is not complete when it stops at maxPages', async () => {
    const { client } = listClient(250, { names: perPage });
    const walk = await listAll(client, '/things', perPage, 2);
    expect(walk?.items.length).toBe(200);
    expect(walk?.complete).toBe(false);
  });

  // The spec bounds no page size but the invoice list's: an extension list may hold fewer a page than asked.
  it('reads past a page shorter than asked where the target lowers the page size, and ends at an empty page', async () => {
    const { client, asked } = listClient(60, { names: perPage, cap: 25 });
    const walk = await listAll(client, '/things', perPage);
    expect(walk?.items).toHaveLength(60);
    expect(walk?.complete).toBe(true);
    expect(walk?.paging.holds).toBe(25);
    expect(asked).toEqual(['per_page=1', 'start=0&per_page=100', 'start=25&per_page=100', 'start=50&per_page=100']);
    // One page of 100 allowed (a caller's budget) reads as many items, in pages of 25.
    expect((await listAll(listClient(60, { names: perPage, cap: 25 }).client, '/things', perPage, 1))?.complete).toBe(true);
    // A list on one short page: the next offset (empty) tells it ended.
    const short = listClient(10, { names: perPage });
    expect((await listAll(short.client, '/things', perPage, 1))?.complete).toBe(true);
    expect(short.asked).toEqual(['per_page=1', 'start=0&per_page=100', 'start=10&per_page=100']);
  });

  // interface_b.extension_paging: an extension list may page by page number, or not at all.
  it('walks a list paged by page number page after page, through a page size lowered silently, to its end', async () => {
    const byNumber = { page: 'p', pageSize: 'size' };
    const { client, asked } = listClient(250, { names: byNumber });
    const walk = await listAll(client, '/things', byNumber);
    expect([walk?.items.length, walk?.complete, new Set(walk?.items.map((i) => JSON.stringify(i))).size]).toEqual([250, true, 250]);
    expect(asked).toEqual(['size=1', 'p=1&size=100', 'p=2&size=100', 'p=3&size=100']);
    const capped = listClient(60, { names: byNumber, cap: 25 });
    const cappedWalk = await listAll(capped.client, '/things', byNumber);
    expect([cappedWalk?.items.length, cappedWalk?.complete, new Set(cappedWalk?.items.map((i) => JSON.stringify(i))).size]).toEqual([60, true, 60]);
    expect(capped.asked).toEqual(['size=1', 'p=1&size=100', 'p=2&size=100', 'p=3&size=100']);
  });

  it('reads an unpaged list in one request, whole', async () => {
    const { client, asked } = listClient(30, { fixed: 30 });
    const walk = await listAll(client, '/things', { unpaged: true });
    expect([walk?.items.length, walk?.complete, asked]).toEqual([30, true, ['']]);
  });

  it('asks a smaller page size where 100 is refused, before calling the list not served', async () => {
    const { client, asked } = listClient(60, { names: perPage, refuseAbove: 50 });
    const walk = await listAll(client, '/things', perPage);
    expect(walk?.items).toHaveLength(60);
    expect(walk?.complete).toBe(true);
    expect(walk?.paging.size).toBe(50);
    expect(asked).toEqual(['per_page=1', 'start=0&per_page=100', 'start=0&per_page=50', 'start=50&per_page=50']);
    // Every size refused: the target's own default (no size asked), read to its end the same way.
    const none = await listAll(listClient(30, { names: perPage, refuseAbove: 1 }).client, '/things', perPage);
    expect(none?.items).toHaveLength(30);
    expect(none?.paging.size).toBeUndefined();
  });

  it('ends at a page repeating the one before (the offset is not taken), never complete', async () => {
    const { client } = listClient(60, { fixed: 25 });
    const walk = await listAll(client, '/things', perPage);
    expect(walk?.items).toHaveLength(25);
    expect(walk?.complete).toBe(false);
  });
});

describe('whose thing an id of account 2 names, as account 1 sees it (ownership)', () => {
  /**
   * Account 1's view: `read` answers GET /hooks/7; `list` is its hook list (paged honestly), or
   * null when not served. Account 2's own read of GET /hooks/7 answers `theirs` (by default what
   * account 1 reads: the same thing).
   */
  function account1(read: { status: number; json: unknown }, list: unknown[] | null, pageSizeIgnored = false, theirs = read) {
    const client = (own: { status: number; json: unknown }): InterfaceClient => {
      const send = async (method: string, path: string, options?: RequestOptions): Promise<Exchange> => {
        const query = options?.query ?? {};
        const offset = pageSizeIgnored ? 0 : Number(query.offset ?? 0);
        const size = pageSizeIgnored ? 20 : Number(query.limit ?? 20);
        const [status, json] = path === '/hooks/7' ? [own.status, own.json] : list === null ? [404, { message: 'Item not found.' }] : [200, list.slice(offset, offset + size)];
        return { request: { method, url: `https://t.test/acme/api${path}`, headers: {} }, response: { status, headers: {}, body: JSON.stringify(json) }, json, durationMs: 1 };
      };
      return { base: 'https://t.test/acme/api', request: send, get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o), patch: (p, o) => send('PATCH', p, o), delete: (p, o) => send('DELETE', p, o) };
    };
    const target: ResolvedTarget = { name: 't', baseUrl: 'https://t.test', keyPrefix: 'fdk', b: [], a: [], interfaceA: { operations: {}, listItems: {}, definitions: [] }, interfaceB: {}, permissions: [] };
    return { b: (account?: 0 | 1) => (account === 1 ? client(theirs) : client(read)), target };
  }
  const mark = 'disco-run-iso-hook';
  const hook = (name: string) => ({ status: 200, json: { id: 7, name } });

  const many = Array.from({ length: 150 }, (_, i) => ({ id: 100 + i }));

  it('a hook account 1 reads by id but does not list among its own (read whole, over pages), or that bears a name only account 2\'s hook of this run bears, is a leak', async () => {
    expect(await ownership(account1(hook('nightly'), [{ id: 3 }]), 'hook', { id: 7 }, [mark])).toBe('leak');
    expect(await ownership(account1(hook('nightly'), many), 'hook', { id: 7 }, [mark])).toBe('leak');
    expect(await ownership(account1(hook(mark), null), 'hook', { id: 7 }, [mark])).toBe('leak');
  });

  it('a hook account 1 reads and lists is its own (ids numbered per account), and so is one account 2 reads as another hook', async () => {
    expect(await ownership(account1(hook('nightly'), [...many, { id: 7 }]), 'hook', { id: 7 }, [mark])).toBe('own');
    expect(await ownership(account1(hook('nightly'), null, false, hook('weekly')), 'hook', { id: 7 }, [mark])).toBe('own');
    expect(await ownership(account1(hook('nightly'), many, true, hook('weekly')), 'hook', { id: 7 }, [mark])).toBe('own');
  });

  it('one it cannot list whole, and account 2 reads as the same hook, cannot be told either way (never counted as its own)', async () => {
    expect(await ownership(account1(hook('nightly'), null), 'hook', { id: 7 }, [mark])).toBe('unproven');
    expect(await ownership(account1(hook('nightly'), many, true), 'hook', { id: 7 }, [mark])).toBe('unproven');
    // Account 2's read refused tells nothing more.
    expect(await ownership(account1(hook('nightly'), null, false, { status: 404, json: { message: 'Item not found.' } }), 'hook', { id: 7 }, [mark])).toBe('unproven');
  });

  it('the spec\'s read refusing the id makes it not account 1\'s', async () => {
    expect(await ownership(account1({ status: 404, json: { message: 'Item not found.' } }, null), 'hook', { id: 7 }, [mark])).toBe('not-own');
  });
});

describe('walking a catalog list (walkCatalogList)', () => {
  /** A notification list that answers `refuseAll` to a request carrying `all`, pages otherwise. */
  function notificationClient(refuseAll: number | null): { client: InterfaceClient; asked: string[] } {
    const asked: string[] = [];
    const items = [{ id: 1, last_read_at: null }, { id: 2, last_read_at: '2026-01-01T00:00:00Z' }];
    const send = async (method: string, path: string, options?: RequestOptions): Promise<Exchange> => {
      const query = options?.query ?? {};
      asked.push(new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString());
      const [status, json] = refuseAll !== null && query.all !== undefined ? [refuseAll, { message: 'unknown parameter all' }] : [200, items.slice(Number(query.offset ?? 0), Number(query.offset ?? 0) + Number(query.limit ?? 20))];
      return { request: { method, url: `https://t.test${path}`, headers: {} }, response: { status, headers: {}, body: JSON.stringify(json) }, json, durationMs: 1 };
    };
    return { client: { base: 'https://t.test', request: send, get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o), patch: (p, o) => send('PATCH', p, o), delete: (p, o) => send('DELETE', p, o) }, asked };
  }
  const target = { interfaceB: {} };

  it('asks for every notification, read ones too, as the real service lists them (all=true)', async () => {
    const { client, asked } = notificationClient(null);
    const walk = await walkCatalogList(client, target, '/notifications');
    expect('refused' in walk ? null : walk.items).toHaveLength(2);
    expect(asked).toEqual(['all=true&limit=1', 'all=true&offset=0&limit=100', 'all=true&offset=2&limit=100']);
  });

  it('walks without the parameter on a target that refuses it, and not at all where the list is not served', async () => {
    const refusing = notificationClient(422);
    const walk = await walkCatalogList(refusing.client, target, '/notifications');
    expect('refused' in walk ? null : walk.complete).toBe(true);
    expect(refusing.asked).toEqual(['all=true&limit=1', 'limit=1', 'offset=0&limit=100', 'offset=2&limit=100']);
    const absent = notificationClient(404);
    expect('refused' in (await walkCatalogList(absent.client, target, '/notifications'))).toBe(true);
    expect(absent.asked).toEqual(['all=true&limit=1']);
    // A list whose real service default shows everything is walked as it is.
    const hooks = notificationClient(null);
    await walkCatalogList(hooks.client, target, '/hooks');
    expect(hooks.asked).toEqual(['limit=1', 'offset=0&limit=100', 'offset=2&limit=100']);
  });
});

describe('a time zone the target takes besides the user\'s own (otherTimeZoneTaken)', () => {
  /** A PUT /user that takes only `takes` as a time zone (422 otherwise) and answers what it stored. */
  function zoneClient(takes: readonly string[]): { client: InterfaceClient; sent: unknown[] } {
    const sent: unknown[] = [];
    const send = async (method: string, path: string, options?: RequestOptions): Promise<Exchange> => {
      sent.push(options?.body);
      const body = options?.body as Record<string, unknown>;
      const [status, json] = takes.includes(String(body.time_zone)) ? [200, body] : [422, { message: 'Validation failed' }];
      return { request: { method, url: `https://t.test${path}`, headers: {} }, response: { status, headers: {}, body: JSON.stringify(json) }, json, durationMs: 1 };
    };
    return { client: { base: 'https://t.test', request: send, get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o), patch: (p, o) => send('PATCH', p, o), delete: (p, o) => send('DELETE', p, o) }, sent };
  }
  const user = { name: 'Ada', email: 'ada@example.com', time_zone: 'UTC', location: 'Lisbon' };

  it('finds the first other name the target takes and shows, sending the user whole', async () => {
    const { client, sent } = zoneClient(['UTC', 'Europe/London']);
    expect(await otherTimeZoneTaken(client, user, 'UTC')).toEqual({ zone: 'Europe/London', tried: ['America/New_York', 'Asia/Tokyo', 'Eastern Time (US & Canada)', 'Tokyo', 'Europe/London'] });
    expect(sent[0]).toEqual({ ...user, time_zone: 'America/New_York' });
  });

  it('tries zones away from UTC all year first: a user there shows times written in the user\'s zone (B-FMT-1)', async () => {
    const { client } = zoneClient(['UTC', 'Etc/UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo']);
    expect((await otherTimeZoneTaken(client, user, 'America/New_York')).zone).toBe('Asia/Tokyo');
    expect((await otherTimeZoneTaken(client, user, 'UTC')).zone).toBe('America/New_York');
  });

  it('finds none on a target that takes only the user\'s own name, and says what was tried', async () => {
    const { client } = zoneClient(['Windows/GMT Standard Time']);
    expect(await otherTimeZoneTaken(client, { ...user, time_zone: 'Windows/GMT Standard Time' }, 'Windows/GMT Standard Time')).toEqual({ tried: ['America/New_York', 'Asia/Tokyo', 'Eastern Time (US & Canada)', 'Tokyo', 'Europe/London', 'London', 'UTC', 'Etc/UTC'] });
  });

  it("finds one of the real service's own names on a target that takes only those (its list of time zones)", async () => {
    const { client } = zoneClient(['UTC', 'London', 'Eastern Time (US & Canada)']);
    expect((await otherTimeZoneTaken(client, user, 'UTC')).zone).toBe('Eastern Time (US & Canada)');
  });
});

describe('reading the user back (GET /user, an extension)', () => {
  const user = { id: 7, name: 'Ada', email: 'ada@example.com', time_zone: 'UTC', location: 'Lisbon', notification_settings: { email: true } };
  const answer = (status: number, json: unknown): Exchange => ({ request: { method: 'GET', url: 'https://t.test/acme/api/user', headers: {} }, response: { status, headers: {}, body: JSON.stringify(json) }, json, durationMs: 1 });

  it('takes the user object, bare or under a user member: not another wrapper, another shape or a refusal', () => {
    expect(userIn(answer(200, user))).toEqual(user);
    expect(userIn(answer(200, { user, meta: { request_id: 'r1' } }))).toEqual(user);
    for (const [status, json] of [[200, { data: user }], [200, [user]], [200, { id: 7, name: 'Ada' }], [200, { user: { id: 7 } }], [404, user], [404, { user }], [200, null]] as const) expect(userIn(answer(status, json)), JSON.stringify(json)).toBeUndefined();
  });

  it('registers the restore only for a user it can put back, with the fields PUT /user takes', async () => {
    for (const [read, restores] of [[user, true], [{ user }, true], [{ data: user }, false]] as const) {
      const sent: { method: string; body: unknown }[] = [];
      const undos: (() => Promise<void>)[] = [];
      const send = async (method: string, path: string, options?: RequestOptions): Promise<Exchange> => {
        sent.push({ method, body: options?.body });
        return method === 'GET' ? answer(200, read) : answer(200, user);
      };
      const client: InterfaceClient = { base: 'https://t.test/acme/api', request: send, get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o), patch: (p, o) => send('PATCH', p, o), delete: (p, o) => send('DELETE', p, o) };
      const t: Pick<CheckContext, 'b' | 'cleanup'> = { b: () => client, cleanup: (_label, undo) => void undos.push(undo) };
      const got = await restoreUserAfter(t);
      expect(got !== undefined, JSON.stringify(read)).toBe(restores);
      expect(undos.length).toBe(restores ? 1 : 0);
      for (const undo of undos) await undo();
      if (restores) expect(sent.at(-1)).toEqual({ method: 'PUT', body: { name: 'Ada', email: 'ada@example.com', time_zone: 'UTC', location: 'Lisbon', notification_settings: { email: true } } });
    }
  });
});

describe('reading back what a write may change (partReader)', () => {
  /** A target whose answers come from `answer(path)`, counted per path. */
  function readerTarget(answer: (path: string, calls: number, query: Record<string, unknown>) => { status: number; json: unknown }) {
    const calls = new Map<string, number>();
    const asked: string[] = [];
    const send = async (method: string, path: string, options?: RequestOptions): Promise<Exchange> => {
      const n = (calls.get(path) ?? 0) + 1;
      calls.set(path, n);
      const query = options?.query ?? {};
      asked.push(`${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`);
      const { status, json } = answer(path, n, query);
      return { request: { method, url: `https://t.test/acme/api${path}`, headers: {} }, response: { status, headers: {}, body: JSON.stringify(json) }, json, durationMs: 1 };
    };
    const client: InterfaceClient = { base: 'https://t.test/acme/api', request: send, get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o), patch: (p, o) => send('PATCH', p, o), delete: (p, o) => send('DELETE', p, o) };
    const target: ResolvedTarget = { name: 't', baseUrl: 'https://t.test', keyPrefix: 'fdk', b: [], a: [], interfaceA: { operations: {}, listItems: {}, definitions: [] }, interfaceB: {}, permissions: [] };
    return { b: () => client, target, asked };
  }
  /** One page of `items` as the real service's paging names ask it (offset, limit; default 20). */
  const paged = (items: readonly unknown[], query: Record<string, unknown>) => {
    const offset = Number(query.offset ?? 0);
    return items.slice(offset, offset + Number(query.limit ?? 20));
  };
  const cluster = { id: 3, name: 'etl', description: 'nightly', nodes: 2, status: 'available', terminate_on_idle: false, time_to_idle: 3600, created_at: '2026-01-01T00:00:00Z' };

  it('a cluster\'s counters and timestamps moving with its own jobs are no change; a termination or a new description is', async () => {
    const busy = readerTarget((_p, n) => ({ status: 200, json: { ...cluster, running_jobs_count: n % 2, updated_at: `2026-01-01T00:00:0${n}Z`, available_since: `2026-01-01T00:0${n}:00Z` } }));
    const read = partReader(busy, 1, 'cluster', { id: 3 })!;
    expect(await read()).toBe(await read());
    const ending = readerTarget((_p, n) => ({ status: 200, json: { ...cluster, status: n === 1 ? 'available' : 'pending_terminate' } }));
    const readEnding = partReader(ending, 1, 'cluster', { id: 3 })!;
    expect(await readEnding()).not.toBe(await readEnding());
    const renamed = readerTarget((_p, n) => ({ status: 200, json: { ...cluster, description: n === 1 ? 'nightly' : 'changed by disco' } }));
    const readRenamed = partReader(renamed, 1, 'cluster', { id: 3 })!;
    expect(await readRenamed()).not.toBe(await readRenamed());
  });

  it('an answer of another shape than the part\'s is unreadable, never compared', async () => {
    const wrapped = readerTarget(() => ({ status: 200, json: { data: [{ id: 1 }], total: 1 } }));
    for (const part of ['hooks', 'jobs', 'sshKeys', 'schedules'] as const) expect(await partReader(wrapped, 1, part)!(), part).toBeUndefined();
    expect(await partReader(wrapped, 1, 'watchers', { id: 1 })!()).toBeUndefined();
    expect(await partReader(wrapped, 1, 'delivery', { id: 1 })!()).toBeUndefined();
    expect(await partReader(wrapped, 1, 'notifications', {}, [1])!()).toBeUndefined();
    const listed = readerTarget((_p, _n, query) => ({ status: 200, json: paged([{ id: 2 }, { id: 1 }], query) }));
    expect(await partReader(listed, 1, 'hooks')!()).toBe('[1,2]');
    expect(await partReader(listed, 1, 'delivery', { id: 5 })!()).toBe('"missing"');
  });

  // 150 connections listed oldest first: connection 130 and the newest are on the second page.
  const connections = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, name: `c${i + 1}` }));

  it('reads a list to its end: a change past the first page is a change, not "missing" twice', async () => {
    const renamed = readerTarget((_p, n, query) => ({ status: 200, json: paged(n <= 3 ? connections : connections.map((c) => (c.id === 130 ? { ...c, name: 'renamed by account 1' } : c)), query) }));
    const read = partReader(renamed, 1, 'connection', { id: 130 })!;
    const before = await read();
    expect(before).toBe(JSON.stringify({ id: 130, name: 'c130' }));
    expect(await read()).not.toBe(before);
    // A job made by a refused write, at the end of a list kept oldest first.
    const grown = readerTarget((_p, n, query) => ({ status: 200, json: paged(n <= 3 ? connections : [...connections, { id: 151 }], query) }));
    const readJobs = partReader(grown, 1, 'jobs')!;
    expect(await readJobs()).not.toBe(await readJobs());
  });

  it('learns once how a list pages, so a read before and after a write costs no probe more (and a page shorter than one seen no next page)', async () => {
    let length = 30;
    const short = readerTarget((_p, _n, query) => ({ status: 200, json: paged(connections.slice(0, length), query) }));
    const read = partReader(short, 1, 'connection', { id: 3 })!;
    await read();
    await read();
    length = 29;
    await read();
    // A page of 30 where 100 were asked may be a lowered page size: the next offset tells.
    expect(short.asked).toEqual(['/connections?limit=1', '/connections?offset=0&limit=100', '/connections?offset=30&limit=100', '/connections?offset=0&limit=100', '/connections?offset=30&limit=100', '/connections?offset=0&limit=100']);
  });

  it('explains a lagging connection list by the run\'s own writes, made at /connections/{type}, and nothing else', async () => {
    // The list shows connection 151 only from the second read on (the first: the page-size probe
    // and two pages): made before the mark, it surfaced late.
    const lagging = () => readerTarget((_p, n, query) => ({ status: 200, json: paged(n <= 3 ? connections : [...connections, { id: 151, name: 'c151' }], query) }));
    const ledger = new WriteLedger();
    ledger.observe({ request: { method: 'POST', url: 'https://t.test/acme/api/connections/mysql', headers: {} }, response: { status: 201, headers: {}, body: '{"id":151}' }, json: { id: 151 }, durationMs: 1 });
    const since = ledger.mark();
    for (const [part, values] of [['connections', {}], ['connection', { id: 151 }]] as const) {
      const reader = partReader(lagging(), 1, part, values)!;
      const was = (await reader())!;
      const now = (await reader())!;
      expect(now, part).not.toBe(was);
      expect(reader.late?.(ledger, since, was, now), part).toBe('151 created before it');
      // A connection the run did not make, or made after the mark, is not explained.
      expect(reader.late?.(new WriteLedger(), 0, was, now), part).toBeUndefined();
      expect(reader.late?.(ledger, 0, was, now), part).toBeUndefined();
    }
  });

  it('a list it cannot read whole is unreadable, never compared: longer than 20 pages, or ignoring the page size', async () => {
    const long = Array.from({ length: 2_050 }, (_, i) => ({ id: i + 1 }));
    const endless = readerTarget((_p, _n, query) => ({ status: 200, json: paged(long, query) }));
    expect(await partReader(endless, 1, 'connection', { id: 5 })!()).toBeUndefined();
    expect(await partReader(endless, 1, 'jobs')!()).toBeUndefined();
    // Other paging names than the document says: every read is the same first page of 20.
    const deaf = readerTarget(() => ({ status: 200, json: connections.slice(0, 20) }));
    expect(await partReader(deaf, 1, 'connection', { id: 130 })!()).toBeUndefined();
    expect(await partReader(deaf, 1, 'hooks')!()).toBeUndefined();
  });
});
