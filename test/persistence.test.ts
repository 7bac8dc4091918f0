import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState, encodeState } from '../simulator/persistence/codec.ts';
import { loadStateFile, parseStateFile, recordLine, type StateRecord } from '../simulator/persistence/state-file.ts';
import { startSimulator } from '../api/index.ts';
import { disco, discoEntry } from './support/cli.ts';
import { documentOf, prepare } from './support/documented-requests.ts';
import { INTERFACE_A_PREFIX } from '../simulator/interfaces/which.ts';
import { Redactor } from '../suites/lib/redact.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ACCEPT = 'application/vnd.service+json; version=2';

function record(n: number): StateRecord {
  return { t: 'account', accounts: [{ slug: `a${n}`, things: new Map([[n, new Set([n])]]) }], sequences: [['hook', n]], clock: { sim: n, wall: n, frozen: true, speed: 1 } };
}

describe('the state file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-state-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('round-trips Maps and Sets', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer(), fc.string())), fc.array(fc.integer()), (entries, values) => {
        const value = { m: new Map(entries), s: new Set(values), nested: [{ m: new Map([['k', new Set(['v'])]]) }] };
        expect(decodeState(encodeState(value))).toEqual(value);
      }),
      { seed: 7 },
    );
  });

  it('gives back a client\'s own data exactly, members named like its markers ($map, $set, $$x) and __proto__ included, in their order', () => {
    // Objects built from JSON text, as a request body is: `__proto__` is then an own member.
    const name = fc.oneof(fc.constantFrom('$map', '$set', '$$map', '$$$set', '$', '$$', 'a$b', '__proto__'), fc.string({ maxLength: 5 }));
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.array(fc.tuple(name, tie('value')), { maxLength: 4 }).map((members) => JSON.parse(`{${members.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`) as unknown),
      ),
    }));
    fc.assert(
      fc.property(value, (data) => {
        const stored = { users: new Map([[1, { notification_settings: data }]]), tags: new Set(['t']) };
        const back = decodeState<typeof stored>(encodeState(stored));
        expect(back.users).toBeInstanceOf(Map);
        expect(back.tags).toEqual(new Set(['t']));
        expect(JSON.stringify(back.users.get(1)?.notification_settings)).toBe(JSON.stringify(data));
      }),
      { seed: 20261127, numRuns: 500 },
    );
    // What once made a whole record unreadable (a Map of entries that are not pairs), and what came back as a Set.
    const settings = JSON.parse('{"x": {"$map": [1]}, "email": {"$set": [1, 2]}, "$$y": 1, "__proto__": {"polluted": true}}') as unknown;
    expect(JSON.stringify(decodeState(encodeState({ settings })))).toBe(JSON.stringify({ settings }));
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('drops a torn last record and cuts the file back, keeping everything before it', async () => {
    const file = join(dir, 'torn.log');
    const good = [record(1), record(2), record(3)].map(recordLine).join('');
    await writeFile(file, good + recordLine(record(4)).slice(0, 40));
    // Parsing alone reads the same records and leaves the bytes as they are (a live file).
    const parsed = parseStateFile(await readFile(file));
    expect(parsed.records.map((r) => r.sequences[0]?.[1])).toEqual([1, 2, 3]);
    expect(parsed.good).toBe(Buffer.byteLength(good));
    expect((await stat(file)).size).toBe(Buffer.byteLength(good) + 40);
    const loaded = await loadStateFile(file);
    expect(loaded.records.map((r) => r.sequences[0]?.[1])).toEqual([1, 2, 3]);
    expect(loaded.droppedBytes).toBe(40);
    expect((await stat(file)).size).toBe(Buffer.byteLength(good));
    expect((loaded.records[0]?.accounts[0] as { things: Map<number, Set<number>> }).things.get(1)).toEqual(new Set([1]));
  });

  it('never empties a file that holds no record: a state export, a report, text are someone\'s files', async () => {
    for (const [name, text] of [['export.json', '{\n  "format": "disco-state/1",\n  "accounts": []\n}\n'], ['bad.json', '{bad'], ['notes.txt', 'hello\nworld\n']] as const) {
      const file = join(dir, name);
      await writeFile(file, text);
      await expect(loadStateFile(file)).rejects.toThrow(/holds no record of a --state log .* left as it is/);
      expect(await readFile(file, 'utf8')).toBe(text);
    }
    // The torn start of a first record is a log's: cut, as a torn tail is.
    const torn = join(dir, 'torn-first.log');
    await writeFile(torn, recordLine(record(1)).slice(0, 30));
    expect(await loadStateFile(torn)).toEqual({ records: [], droppedBytes: 30 });
    expect((await stat(torn)).size).toBe(0);
    // An empty file holds nothing to lose.
    await writeFile(join(dir, 'empty.log'), '');
    expect(await loadStateFile(join(dir, 'empty.log'))).toEqual({ records: [], droppedBytes: 0 });
  });

  it('stops at a record whose checksum does not match: a corrupt middle never yields a wrong state', async () => {
    const file = join(dir, 'corrupt.log');
    const lines = [record(1), record(2), record(3)].map(recordLine);
    await writeFile(file, lines[0]! + lines[1]!.replace('"a2"', '"a9"') + lines[2]!);
    const loaded = await loadStateFile(file);
    expect(loaded.records).toHaveLength(1);
    await appendFile(file, '');
    expect(await loadStateFile(join(dir, 'missing.log'))).toEqual({ records: [], droppedBytes: 0 });
  });
});

/** `disco serve --state FILE` as a child process; resolves once it listens, with its target document. */
async function serveWithState(state: string, target: string): Promise<{ child: ChildProcess; exited: Promise<unknown>; origin: string; key: string; slug: string }> {
  const child = spawn(process.execPath, [discoEntry(), 'serve', '--port', '0', '--state', state, '--write-target', target, '--rate-limit', '0', '--deliver-webhooks', 'off'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  // Listened for from the start: a killed child may be gone before anyone waits for it.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('keys and fixture ids: written')) resolve();
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  const doc = JSON.parse(await readFile(target, 'utf8')) as { base_url: string; accounts: { account_id: string; api_key: string }[] };
  const first = doc.accounts[0];
  if (!first) throw new Error('no account in the target document');
  return { child, exited, origin: doc.base_url, key: first.api_key, slug: first.account_id };
}

describe('disco serve --state FILE, killed with SIGKILL in the middle of a write burst', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-kill-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const ROUNDS = Number(process.env.DISCO_KILL_ROUNDS ?? 5);
  const MIN_WRITES_PER_ROUND = 6;

  it(`loses no acknowledged write and never corrupts the state (${ROUNDS} rounds)`, { timeout: 240_000 }, async () => {
    const state = join(dir, 'state.log');
    const target = join(dir, 'target.json');
    const acknowledged: number[] = [];
    const random = fc.sample(fc.integer({ min: 30, max: 400 }), { numRuns: ROUNDS, seed: 11 });
    for (let round = 0; round < ROUNDS; round++) {
      const { child, exited, origin, key, slug } = await serveWithState(state, target);
      const auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
      // Every hook acknowledged so far must be there after each restart.
      for (const id of acknowledged) {
        const res = await fetch(`${origin}/${slug}/api/hooks/${id}`, { headers: { authorization: auth, accept: ACCEPT } });
        expect(res.status, `hook ${id}, acknowledged before a SIGKILL, after restart ${round}`).toBe(200);
      }
      let stop = false;
      let thisRound = 0;
      const burst = Array.from({ length: 8 }, async () => {
        while (!stop) {
          try {
            const res = await fetch(`${origin}/${slug}/api/hooks`, { method: 'POST', headers: { authorization: auth, accept: ACCEPT, 'content-type': 'application/json' }, body: JSON.stringify({ name: `round ${round}`, type: 'email', settings: { emails: 'ops@acme.example' }, events: ['job'] }) });
            if (res.status === 201) {
              acknowledged.push(((await res.json()) as { id: number }).id);
              thisRound++;
            }
          } catch {
            return; // the process is gone: this write was never acknowledged
          }
        }
      });
      // The kill lands a random moment after the burst is under way (some writes acknowledged),
      // not a random moment after it started: on a loaded machine (five test workers on two
      // cores) 400 ms had seen fewer than 5 writes acknowledged per round.
      const burstDeadline = Date.now() + 30_000;
      while (thisRound < MIN_WRITES_PER_ROUND && Date.now() < burstDeadline) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, random[round]));
      child.kill('SIGKILL');
      stop = true;
      await Promise.all(burst);
      await exited;
      // Judged once the process is gone, so a failure leaves none behind.
      expect(thisRound, `round ${round}: the burst made writes at all`).toBeGreaterThanOrEqual(MIN_WRITES_PER_ROUND);
    }
    // A last start proves the final state loads, with every acknowledged write.
    const { child, exited, origin, key, slug } = await serveWithState(state, target);
    try {
      const auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
      const missing: number[] = [];
      for (const id of acknowledged) {
        const res = await fetch(`${origin}/${slug}/api/hooks/${id}`, { headers: { authorization: auth, accept: ACCEPT } });
        if (res.status !== 200) missing.push(id);
      }
      expect(missing).toEqual([]);
      process.stdout.write(`persistence: ${ROUNDS} SIGKILL rounds, ${acknowledged.length} acknowledged writes checked, 0 lost\n`);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});

describe('state export and import', () => {
  it('moves the whole state from one simulator to another through the control API', async () => {
    const from = await startSimulator({ clock: 'frozen' });
    const to = await startSimulator({ seed: 'empty' });
    try {
      const exported = await (await fetch(`${from.controlUrl}/state`)).text();
      expect(exported).not.toContain(from.accounts[0]?.pipeline_keys[0]?.key ?? 'no key');
      const put = await fetch(`${to.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported });
      expect(put.status).toBe(200);
      const key = from.accounts[0]?.users[0]?.api_key ?? '';
      // Every package, active and archived (the list shows one status at a time), as it was.
      for (const status of ['active', 'archived']) {
        const packagesOf = async (sim: typeof from) => {
          const res = await fetch(`${sim.interfaceB(from.accounts[0]?.account_id)}/packages?status=${status}`, { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: ACCEPT } });
          expect(res.status).toBe(200);
          // Urls name the simulator that answers: compared without them.
          return ((await res.json()) as { id: number; url?: string; html_url?: string }[]).map(({ url: _url, html_url: _html, ...rest }) => rest);
        };
        const moved = await packagesOf(to);
        expect(moved.length).toBeGreaterThan(0);
        expect(moved).toEqual(await packagesOf(from));
      }
      // An interface A key of the old simulator works on the new one: its digest moved.
      const admin = from.accounts[0]?.pipeline_keys.find((k) => k.admin)?.key ?? '';
      expect((await fetch(`${to.interfaceA}/pipelines/999999`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } })).status).toBe(404);
      // The same through the command line, into a third simulator.
      const file = join(tmpdir(), `disco-state-${process.pid}.json`);
      expect((await disco(['state', 'export', '--url', from.controlUrl, '--out', file])).code).toBe(0);
      const third = await startSimulator({ seed: 'empty' });
      try {
        const imported = await disco(['state', 'import', file, '--url', third.controlUrl]);
        expect(imported.code, imported.stderr).toBe(0);
        expect((await third.control.health()).accounts).toBe(from.accounts.length);
      } finally {
        await third.close();
        await rm(file, { force: true });
      }
      const bad = await fetch(`${to.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format: 'nope', accounts: [] }) });
      expect(bad.status).toBe(422);
      expect((await fetch(`${to.interfaceB(from.accounts[0]?.account_id)}/packages`, { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: ACCEPT } })).status).toBe(200);
    } finally {
      await from.close();
      await to.close();
    }
  });
});

describe("a client's own data named like the state's markers ($map, $set)", () => {
  // A user's notification_settings are any JSON object the client sends.
  const settings = { email: { $set: [1, 2] }, x: { $map: [1] }, $$y: 1, plain: true };
  const json = (auth: string, body?: unknown): RequestInit => ({ method: body === undefined ? 'GET' : 'PUT', headers: { authorization: auth, accept: ACCEPT, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('comes back as sent after a restart with --state, and the writes after it too', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-markers-'));
    try {
      const state = join(dir, 'state.log');
      const target = join(dir, 'target.json');
      const first = await serveWithState(state, target);
      const auth = `Basic ${Buffer.from(`${first.key}:`).toString('base64')}`;
      let hookId: number;
      try {
        expect((await fetch(`${first.origin}/${first.slug}/api/user`, json(auth, { notification_settings: settings }))).status).toBe(200);
        const hook = await fetch(`${first.origin}/${first.slug}/api/hooks`, { method: 'POST', headers: { authorization: auth, accept: ACCEPT, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'email', settings: { emails: 'ops@acme.example' }, events: ['job'] }) });
        expect(hook.status).toBe(201);
        hookId = ((await hook.json()) as { id: number }).id;
      } finally {
        first.child.kill('SIGTERM');
        await first.exited;
      }
      const second = await serveWithState(state, target);
      try {
        const user = (await (await fetch(`${second.origin}/${second.slug}/api/user`, json(auth))).json()) as { notification_settings: unknown };
        expect(JSON.stringify(user.notification_settings)).toBe(JSON.stringify(settings));
        expect((await fetch(`${second.origin}/${second.slug}/api/hooks/${hookId}`, json(auth))).status, 'the hook made after the settings').toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('comes back as sent through state export and import', async () => {
    const from = await startSimulator({ clock: 'frozen' });
    const to = await startSimulator({ seed: 'empty' });
    try {
      const slug = from.accounts[0]?.account_id ?? '';
      const auth = `Basic ${Buffer.from(`${from.accounts[0]?.users[0]?.api_key ?? ''}:`).toString('base64')}`;
      expect((await fetch(`${from.interfaceB(slug)}/user`, json(auth, { notification_settings: settings }))).status).toBe(200);
      const exported = await (await fetch(`${from.controlUrl}/state`)).text();
      expect((await fetch(`${to.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported })).status).toBe(200);
      const user = (await (await fetch(`${to.interfaceB(slug)}/user`, json(auth))).json()) as { notification_settings: unknown };
      expect(JSON.stringify(user.notification_settings)).toBe(JSON.stringify(settings));
    } finally {
      await from.close();
      await to.close();
    }
  });
});

describe('every documented read, after a state export and import', () => {
  it.each(['standard', 'alt'] as const)('answers the same as before: the whole state and its moment moved (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const from = await startSimulator({ conventions, clock: 'frozen', rateLimit: 0, deliverWebhooks: 'off' });
    const to = await startSimulator({ conventions, seed: 'empty', clock: 'frozen', rateLimit: 0, deliverWebhooks: 'off' });
    try {
      const doc = await documentOf(from);
      const definitionExample = doc.paths['/api/public/v1/pipelines']?.post?.requestBody?.content['application/json']?.example as object;
      // Varied state first: every documented write once (a regenerated key would lock the reads out).
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const method of ['post', 'put', 'patch'] as const) {
          const op = ops[method];
          if (!op || path.startsWith('/_disco') || /tokens|regenerate/.test(path) || /\{id\}\/(start|stop|deploy|undeploy)$/.test(path)) continue;
          const request = await prepare(from, method, path, op, definitionExample);
          await (await fetch(request.url, request.init)).text();
        }
      }
      // The reads, each with what it names made (a job run to its end moves the clock a minute).
      const reads: { path: string; url: string; headers: Record<string, string> }[] = [];
      for (const [path, ops] of Object.entries(doc.paths)) {
        // Not an SSH key's or a pipeline's own read: prepare would make the same key, or a pipeline of the same name, the writes made.
        if (!ops.get || path.startsWith('/_disco') || (/\{(key_id|id)\}/.test(path) && (path.includes('/user/keys/') || path.startsWith(INTERFACE_A_PREFIX)))) continue;
        const request = await prepare(from, 'get', path, ops.get, definitionExample);
        reads.push({ path, url: request.url, headers: request.init.headers as Record<string, string> });
      }
      const exported = await (await fetch(`${from.controlUrl}/state`)).text();
      // The importer's clock starts a minute behind the exporter's.
      expect((await fetch(`${to.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: exported })).status).toBe(200);
      const differ: string[] = [];
      for (const read of reads) {
        const answer = async (sim: typeof from) => {
          const res = await fetch(read.url.replace(from.origin, sim.origin), { headers: read.headers });
          return `${res.status} ${(await res.text()).split(sim.origin).join('ORIGIN')}`;
        };
        const [before, after] = [await answer(from), await answer(to)];
        // Answers hold keys (GET /user's api_key): a failure message never shows one.
        if (before !== after) differ.push(new Redactor().text(`${read.path}: before ${before.slice(0, 160)}\n  after ${after.slice(0, 160)}`));
      }
      expect(differ).toEqual([]);
      expect(reads.length).toBeGreaterThan(60);
      const badMoment = await fetch(`${to.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format: 'disco-state/1', accounts: [], sequences: [], now: 'yesterday' }) });
      expect(badMoment.status).toBe(422);
      expect(await badMoment.text()).toContain('now');
      // A moment past the year 9999 would make every later timestamp unwritable in ISO 8601 (B-FMT-1).
      const farFuture = await fetch(`${to.controlUrl}/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format: 'disco-state/1', accounts: [], sequences: [], now: Date.UTC(20000, 0, 1) }) });
      expect(farFuture.status).toBe(422);
      expect((await (await fetch(`${to.controlUrl}/clock`)).json()) as { now: string }).toMatchObject({ now: expect.stringMatching(/^\d{4}-/) as unknown });
    } finally {
      await from.close();
      await to.close();
    }
  });
});
