import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlClient, ControlError, startSimulator, type AccountSnapshot, type AccountSummary, type RunningSimulator, type StateDocument, type WebhookDeliveryAttempt } from './index.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { startHookReceiver } from '../simulator/testing/hook-receiver.ts';

/** What a test suite sees when the control API cannot do what it asked: always a ControlError that says where it looked. */
describe('controlClient failures', () => {
  it('a control API that does not answer: a ControlError of status 0 naming where it looked', async () => {
    // A port nothing listens on: taken, then given back.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = await controlClient(`http://127.0.0.1:${port}/_disco`).health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect(error).toMatchObject({ status: 0, message: expect.stringMatching(new RegExp(`GET /health: the control API at http://127.0.0.1:${port}/_disco did not answer \\(connect ECONNREFUSED`)) });
  });

  it('the simulator\'s origin given without /_disco: the 404 says what the control API\'s URL is', async () => {
    const sim = await startSimulator();
    try {
      const error = await controlClient(sim.origin).health().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlError);
      expect(error).toMatchObject({ status: 404, message: expect.stringContaining(`(is ${sim.origin} the control API? It is the simulator's origin followed by /_disco)`) });
      await expect(controlClient(sim.controlUrl).health()).resolves.toMatchObject({ ok: true });
    } finally {
      await sim.close();
    }
  });
});

/** A member list of an answer type: the compiler holds the list to the type (every member, no other), the test holds the answer to the list. */
const members = <T>(names: Record<keyof T, true>): string[] => Object.keys(names).sort();
const keysOf = (value: object | undefined): string[] => Object.keys(value ?? {}).sort();

/** Interface B of `sim`'s account `slug`, as a client of it calls it with `key`. */
function interfaceB(sim: RunningSimulator, slug: string, key: string) {
  const headers = { accept: VENDOR_MEDIA_TYPE, authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, 'content-type': 'application/json' };
  return {
    get: async (path: string) => (await fetch(`${sim.interfaceB(slug)}${path}`, { headers })).status,
    post: async (path: string, body: object) => (await fetch(`${sim.interfaceB(slug)}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<{ id: number }>,
  };
}

/** The error a call failed with, to be looked at (every failure of the client is a ControlError). */
const failure = (call: Promise<unknown>): Promise<unknown> => call.then(() => 'no failure', (e: unknown) => e);

/**
 * Each method of the client against a started simulator, seen at work through the interfaces
 * where it changes what they do: a key minted authenticates, a limit set refuses, a state
 * imported is the state served.
 */
describe('controlClient against a started simulator', () => {
  let sim: RunningSimulator;
  beforeEach(async () => {
    // A frozen clock: a rate-limit window (a clock hour) cannot end in the middle of a test.
    sim = await startSimulator({ clock: 'frozen' });
  });
  afterEach(() => sim.close());

  it('targetDescription(): the sections the simulator\'s own target document holds', async () => {
    const alt = await startSimulator({ conventions: 'alt' });
    try {
      const description = await alt.control.targetDescription();
      // alt's ids start at 10^9: the one set of conventions with absent_ids.
      expect(description).toEqual({ interface_a: alt.target.interface_a, interface_b: alt.target.interface_b, absent_ids: alt.target.absent_ids });
      expect(description.absent_ids).toBeDefined();
      expect(await sim.control.targetDescription()).toEqual({ interface_a: sim.target.interface_a, interface_b: sim.target.interface_b });
    } finally {
      await alt.close();
    }
  });

  it('accounts.create, list, seed and get: an account made from the seed format, extended, and shown without its keys', async () => {
    const made = await sim.control.accounts.create({ slug: 'client-co', name: 'Client Co', users: [{ name: 'Cleo', email: 'cleo@client.example' }], pipeline_keys: [{ name: 'ci', admin: true }], packages: [{ name: 'first' }] });
    expect(made).toMatchObject({ account_id: 'client-co', users: [{ name: 'Cleo', api_key: expect.any(String) }], pipeline_keys: [{ name: 'ci', admin: true, key: expect.any(String) }], package_ids: [expect.any(Number)] });
    const userKey = made.users[0]!.api_key;
    expect(await interfaceB(sim, 'client-co', userKey).get('/packages')).toBe(200);
    const listed = await sim.control.accounts.list();
    expect(listed).toContainEqual({ account_id: 'client-co', numeric_id: made.numeric_id, name: 'Client Co' });
    expect(keysOf(listed[0])).toEqual(members<AccountSummary>({ account_id: true, numeric_id: true, name: true }));

    // seed() reports what it added alone.
    const added = await sim.control.accounts.seed('client-co', { packages: [{ name: 'second' }] });
    expect(added).toMatchObject({ account_id: 'client-co', users: [], pipeline_keys: [], package_ids: [expect.any(Number)] });

    const snapshot = await sim.control.accounts.get('client-co');
    expect(snapshot).toMatchObject({ account_id: 'client-co', name: 'Client Co', users: [{ name: 'Cleo', role: 'admin', owner: true, api_key: `[redacted ${userKey.length} chars]` }], pipeline_keys: [{ name: 'ci', admin: true, revoked_at: null }], counts: { packages: 2 } });
    expect(snapshot.package_ids).toEqual([...made.package_ids, ...added.package_ids]);
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain(userKey);
    expect(text).not.toContain(made.pipeline_keys[0]!.key);
    expect(keysOf(snapshot)).toEqual(
      members<AccountSnapshot>({ account_id: true, numeric_id: true, name: true, now: true, users: true, pipeline_keys: true, counts: true, package_ids: true, cluster_ids: true, job_ids: true, hook_ids: true, connections: true, delivery_ids: true, notifications: true, pipeline_ids: true }),
    );
    expect(keysOf(snapshot.users[0])).toEqual(members<AccountSnapshot['users'][number]>({ id: true, name: true, email: true, role: true, owner: true, api_key: true }));
    expect(keysOf(snapshot.pipeline_keys[0])).toEqual(members<AccountSnapshot['pipeline_keys'][number]>({ id: true, name: true, admin: true, preview: true, expires_at: true, revoked_at: true }));

    await expect(failure(sim.control.accounts.get('nobody'))).resolves.toMatchObject({ name: 'ControlError', status: 404, message: expect.stringMatching(/^GET \/accounts\/nobody: 404/) });
    await expect(failure(sim.control.accounts.seed('nobody', {}))).resolves.toMatchObject({ name: 'ControlError', status: 404, message: expect.stringMatching(/^POST \/accounts\/nobody\/seed: 404/) });
    await expect(failure(sim.control.accounts.create({ slug: 'bad', users: [{ name: 'x', email: 7 as unknown as string }] }))).resolves.toMatchObject({ name: 'ControlError', status: 422, message: expect.stringMatching(/^POST \/accounts: 422/) });
  });

  it('accounts.mintPipelineKey: the key it answers authenticates on interface A', async () => {
    const slug = sim.accounts[0]!.account_id;
    const minted = await sim.control.accounts.mintPipelineKey(slug, { name: 'client-test' });
    expect(minted).toMatchObject({ name: 'client-test', admin: false, key: expect.stringMatching(/^fdk_/) });
    const archive = (key: string) => fetch(`${sim.interfaceA}/pipelines/999999`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
    // An absent pipeline: a key that authenticates hears 404, one that does not 401.
    expect(await archive(minted.key)).toBe(404);
    expect(await archive(`${minted.key.slice(0, -4)}abcd`)).toBe(401);
    const shown = (await sim.control.accounts.get(slug)).pipeline_keys.find((k) => k.id === minted.id);
    expect(shown).toMatchObject({ name: 'client-test', admin: false, expires_at: null });
    expect(minted.key.startsWith(shown!.preview.replace(/…$/, ''))).toBe(true);
    expect(shown!.preview).not.toContain(minted.key);
    await expect(failure(sim.control.accounts.mintPipelineKey(slug, { name: '' }))).resolves.toMatchObject({ name: 'ControlError', status: 422, message: expect.stringMatching(new RegExp(`^POST /accounts/${slug}/pipeline-keys: 422`)) });
  });

  it('accounts.replaceUserKey: the user\'s key becomes the replacement, the old one stops working', async () => {
    const [slug, user] = [sim.accounts[0]!.account_id, sim.accounts[0]!.users[0]!];
    const replacement = 'client_test_replacement_key_0123';
    expect(await sim.control.accounts.replaceUserKey(slug, { current: user.api_key, replacement })).toEqual({ user_id: user.id });
    expect(await interfaceB(sim, slug, replacement).get('/packages')).toBe(200);
    expect(await interfaceB(sim, slug, user.api_key).get('/packages')).toBe(401);
    await expect(failure(sim.control.accounts.replaceUserKey(slug, { current: user.api_key, replacement: 'short' }))).resolves.toMatchObject({ name: 'ControlError', status: 422, message: expect.stringMatching(/user-keys\/replace: 422/) });
  });

  it('accounts.webhookDeliveries: the attempts of the account\'s hooks, as they went', async () => {
    const receiver = await startHookReceiver();
    try {
      const [slug, key] = [sim.accounts[0]!.account_id, sim.accounts[0]!.users[0]!.api_key];
      expect(await sim.control.accounts.webhookDeliveries(slug)).toEqual([]);
      const b = interfaceB(sim, slug, key);
      const hook = await b.post('/hooks', { type: 'web', settings: { url: receiver.url }, events: ['job.completed'] });
      expect(await b.get(`/hooks/${hook.id}/ping`)).toBe(200);
      await sim.control.webhooks.waitForDeliveries();
      const attempts = await sim.control.accounts.webhookDeliveries(slug);
      expect(attempts).toEqual([expect.objectContaining({ hook_id: hook.id, hook_type: 'web', event: 'ping', url: receiver.url, attempt: 1, outcome: 'response', status: 204, error: null, next_attempt_at: null })]);
      expect(keysOf(attempts[0])).toEqual(
        members<WebhookDeliveryAttempt>({ hook_id: true, hook_type: true, event: true, url: true, attempt: true, outcome: true, status: true, error: true, at: true, latency_ms: true, next_attempt_at: true }),
      );
      expect(receiver.received.map((r) => r.event)).toEqual(['ping']);
    } finally {
      await receiver.close();
    }
  });

  it('limits.get and set: the limit set is read back and refuses the request past it', async () => {
    const [slug, key] = [sim.accounts[0]!.account_id, sim.accounts[0]!.users[0]!.api_key];
    expect(await sim.control.limits.get()).toEqual({ requests_per_hour: 5000 });
    expect(await sim.control.limits.set({ requests_per_hour: 3 })).toEqual({ requests_per_hour: 3 });
    expect(await sim.control.limits.get()).toEqual({ requests_per_hour: 3 });
    const b = interfaceB(sim, slug, key);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await b.get('/packages'));
    expect(statuses).toEqual([200, 200, 200, 429]);
    await sim.control.limits.set({ requests_per_hour: 0 });
    expect(await b.get('/packages')).toBe(200);
    await expect(failure(sim.control.limits.set({ requests_per_hour: -1 }))).resolves.toMatchObject({ name: 'ControlError', status: 422, message: expect.stringMatching(/^PUT \/limits: 422/) });
  });

  it('state.export and import: a state exported comes back whole, here and in another simulator', async () => {
    const exported = await sim.control.state.export();
    expect(exported.format).toBe('disco-state/1');
    expect(keysOf(exported)).toEqual(members<StateDocument>({ format: true, accounts: true, sequences: true, now: true }));
    const [slug, key] = [sim.accounts[0]!.account_id, sim.accounts[0]!.users[0]!.api_key];

    // Changed after the export: an account more, a key replaced.
    await sim.control.accounts.create({ slug: 'made-later', users: [{ name: 'Late', email: 'late@client.example' }] });
    await sim.control.accounts.replaceUserKey(slug, { current: key, replacement: 'client_test_replacement_key_0123' });
    expect(await interfaceB(sim, slug, key).get('/packages')).toBe(401);

    expect(await sim.control.state.import(exported)).toEqual({ accounts: sim.accounts.length });
    expect((await sim.control.accounts.list()).map((a) => a.account_id)).toEqual(sim.accounts.map((a) => a.account_id));
    expect(await interfaceB(sim, slug, key).get('/packages')).toBe(200);

    // Another simulator given the document serves this one's accounts, keys and all.
    const other = await startSimulator({ seed: 'empty' });
    try {
      expect(await other.control.state.import(exported)).toEqual({ accounts: sim.accounts.length });
      expect(await interfaceB(other, slug, key).get('/packages')).toBe(200);
    } finally {
      await other.close();
    }
    await expect(failure(sim.control.state.import({ ...exported, accounts: [{}] }))).resolves.toMatchObject({ name: 'ControlError', status: 422, message: expect.stringMatching(/^PUT \/state: 422/) });
  });
});
