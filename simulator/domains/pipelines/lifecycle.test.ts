import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { A, bearer, boot, createVia, definition, iso, START, type Booted } from './test-support.ts';
import { CDC_SYNC_INTERVAL_MS, INITIAL_SYNC_MS } from './lifecycle.ts';

/** The documented durations (docs/interface-a.md); the model below is written from them. */
const DOCUMENTED_INITIAL_SYNC_MS = 60_000;

interface ModelPipeline {
  id: number;
  name: string;
  deployedAt: number | null;
  archivedAt: number | null;
}

interface Model {
  now: number;
  pipelines: ModelPipeline[];
  names: number;
}

interface Real {
  b: Booted;
  key: string;
}

interface Metadata {
  id: number;
  state: string;
  status: string;
  deployed_at: string | null;
  archived_at: string | null;
  history: { from: string; to: string; reason: string }[];
}

function expectedState(p: ModelPipeline, now: number): string {
  if (p.archivedAt !== null) return 'archived';
  if (p.deployedAt === null) return 'not_deployed';
  return now < p.deployedAt + DOCUMENTED_INITIAL_SYNC_MS ? 'initial_sync' : 'continuous_sync';
}

const STATUS: Record<string, string> = { archived: 'archived', not_deployed: 'not_deployed', initial_sync: 'deployed', continuous_sync: 'deployed' };

/** What every answer about a pipeline must agree with: the model's state and a gapless history. */
function verify(m: Model, p: ModelPipeline, body: Metadata): void {
  expect(validateResource('simulator/pipeline', body)).toEqual([]);
  const state = expectedState(p, m.now);
  expect(body.state).toBe(state);
  expect(body.status).toBe(STATUS[state]);
  expect(body.deployed_at).toBe(p.deployedAt === null ? null : iso(p.deployedAt));
  expect(body.archived_at).toBe(p.archivedAt === null ? null : iso(p.archivedAt));
  // The history is a chain from not_deployed to the current state.
  let at = 'not_deployed';
  for (const entry of body.history) {
    expect(entry.from).toBe(at);
    at = entry.to;
  }
  expect(at).toBe(state);
}

abstract class PipelineCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return m.pipelines.length > 0;
  }
  target(m: Model): ModelPipeline {
    return m.pipelines[this.pick % m.pipelines.length] as ModelPipeline;
  }
  abstract run(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
}

class Create implements fc.AsyncCommand<Model, Real> {
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const name = `pipe-${m.names++}`;
    const res = await r.b.http.post(`${A}/pipelines`).set(bearer(r.key)).send(definition(name));
    expect(res.status).toBe(201);
    const p: ModelPipeline = { id: res.body.id as number, name, deployedAt: null, archivedAt: null };
    m.pipelines.push(p);
    verify(m, p, res.body as Metadata);
    expect((res.body as Metadata).history).toEqual([]);
  }
  toString(): string {
    return 'create';
  }
}

class Start extends PipelineCommand {
  async run(m: Model, r: Real): Promise<void> {
    const p = this.target(m);
    const res = await r.b.http.post(`${A}/pipelines/${p.id}/start`).set(bearer(r.key));
    if (p.archivedAt !== null) return void expect(res.status).toBe(409);
    expect(res.status).toBe(200);
    const wasDeployed = p.deployedAt !== null;
    if (!wasDeployed) p.deployedAt = m.now;
    verify(m, p, res.body as Metadata);
    if (!wasDeployed) expect((res.body as Metadata).history.at(-1)).toMatchObject({ from: 'not_deployed', to: 'initial_sync', reason: 'start' });
  }
  toString(): string {
    return `start(${this.pick})`;
  }
}

class Stop extends PipelineCommand {
  async run(m: Model, r: Real): Promise<void> {
    const p = this.target(m);
    const res = await r.b.http.post(`${A}/pipelines/${p.id}/stop`).set(bearer(r.key));
    if (p.archivedAt !== null) return void expect(res.status).toBe(409);
    expect(res.status).toBe(200);
    const before = expectedState(p, m.now);
    p.deployedAt = null;
    verify(m, p, res.body as Metadata);
    if (before !== 'not_deployed') expect((res.body as Metadata).history.at(-1)).toMatchObject({ from: before, to: 'not_deployed', reason: 'stop' });
  }
  toString(): string {
    return `stop(${this.pick})`;
  }
}

class Update extends PipelineCommand {
  constructor(
    pick: number,
    readonly how: 'put' | 'patch',
  ) {
    super(pick);
  }
  async run(m: Model, r: Real): Promise<void> {
    const p = this.target(m);
    // A table name never used before, so the definition always changes.
    const tables = [`public.t${m.names++}`];
    const url = `${A}/pipelines/${p.id}`;
    const res =
      this.how === 'put'
        ? await r.b.http.put(url).set(bearer(r.key)).send(definition(p.name, { source: { ...(definition(p.name).source as object), tables } }))
        : await r.b.http.patch(url).set(bearer(r.key)).send({ source: { tables } });
    if (p.archivedAt !== null) return void expect(res.status).toBe(409);
    expect(res.status).toBe(200);
    const before = expectedState(p, m.now);
    if (p.deployedAt !== null) p.deployedAt = m.now;
    verify(m, p, res.body as Metadata);
    if (before !== 'not_deployed') expect((res.body as Metadata).history.at(-1)).toMatchObject({ from: before, to: 'initial_sync', reason: 'definition_changed' });
  }
  toString(): string {
    return `${this.how}(${this.pick})`;
  }
}

class Archive extends PipelineCommand {
  async run(m: Model, r: Real): Promise<void> {
    const p = this.target(m);
    const before = expectedState(p, m.now);
    const res = await r.b.http.delete(`${A}/pipelines/${p.id}`).set(bearer(r.key));
    expect(res.status).toBe(200);
    const history = (res.body as Metadata).history.map((h) => [h.from, h.to]);
    if (before === 'archived') {
      verify(m, p, res.body as Metadata);
      return;
    }
    p.deployedAt = null;
    p.archivedAt = m.now;
    verify(m, p, res.body as Metadata);
    if (before === 'not_deployed') expect(history.at(-1)).toEqual(['not_deployed', 'archived']);
    else expect(history.slice(-3)).toEqual([[before, 'stopping'], ['stopping', 'tearing_down'], ['tearing_down', 'archived']]);
  }
  toString(): string {
    return `delete(${this.pick})`;
  }
}

class Read extends PipelineCommand {
  async run(m: Model, r: Real): Promise<void> {
    const p = this.target(m);
    const res = await r.b.http.get(`${A}/pipelines/${p.id}`).set(bearer(r.key));
    expect(res.status).toBe(200);
    verify(m, p, res.body as Metadata);
  }
  toString(): string {
    return `get(${this.pick})`;
  }
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    r.b.clock.advance(this.ms);
    m.now += this.ms;
    const res = await r.b.http.get(`${A}/pipelines?include_archived=true&page_size=100`).set(bearer(r.key));
    const byId = new Map((res.body.items as Metadata[]).map((item) => [item.id, item]));
    expect(byId.size).toBe(m.pipelines.length);
    for (const p of m.pipelines) verify(m, p, byId.get(p.id) as Metadata);
  }
  toString(): string {
    return `advance(${this.ms})`;
  }
}

const commands = [
  fc.constant(new Create()),
  fc.nat().map((i) => new Start(i)),
  fc.nat().map((i) => new Stop(i)),
  fc.tuple(fc.nat(), fc.constantFrom('put' as const, 'patch' as const)).map(([i, how]) => new Update(i, how)),
  fc.nat().map((i) => new Archive(i)),
  fc.nat().map((i) => new Read(i)),
  fc.oneof(fc.constantFrom(1000, 59_000, 60_000, 61_000), fc.integer({ min: 1, max: 120_000 })).map((ms) => new Advance(ms)),
];

describe('pipeline lifecycle (A-GAP-2, A-PIPE-1, A-PIPE-2)', () => {
  it('the documented durations are the implemented ones', () => {
    expect(INITIAL_SYNC_MS).toBe(DOCUMENTED_INITIAL_SYNC_MS);
    expect(CDC_SYNC_INTERVAL_MS).toBe(30_000);
  });

  it('random sequences of create, start, stop, update, delete and clock moves follow the documented transitions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'large' }), async (cmds) => {
        const b = boot();
        await fc.asyncModelRun(() => ({ model: { now: START, pipelines: [], names: 0 }, real: { b, key: b.acme.plain } }), cmds);
      }),
      { seed: 42, numRuns: 40 },
    );
  });

  it('a batch pipeline moves last_sync_at every interval_minutes', async () => {
    const b = boot();
    const created = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('batchy', { sync: { mode: 'batch', interval_minutes: 15 } }));
    await b.http.post(`${A}/pipelines/${created.body.id}/start`).set(bearer(b.acme.plain));
    const deployedAt = b.clock.now();
    b.clock.advance(INITIAL_SYNC_MS + 20 * 60_000);
    const res = await b.http.get(`${A}/pipelines/${created.body.id}`).set(bearer(b.acme.plain));
    expect(res.body.last_sync_at).toBe(iso(deployedAt + INITIAL_SYNC_MS + 15 * 60_000));
  });
});

describe('lifecycle faults', () => {
  it('a-delete-deployed-keeps-running: the archive skips stop and teardown and keeps deployed_at', async () => {
    const b = boot(['a-delete-deployed-keeps-running']);
    const created = await createVia(b, b.acme.plain, 'orders');
    await b.http.post(`${A}/pipelines/${created.id}/start`).set(bearer(b.acme.plain));
    b.clock.advance(INITIAL_SYNC_MS);
    const res = await b.http.delete(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(res.status).toBe(200);
    expect(res.body.deployed_at).not.toBeNull();
    expect((res.body.history as { from: string; to: string }[]).at(-1)).toMatchObject({ from: 'continuous_sync', to: 'archived' });
    expect((res.body.history as { to: string }[]).some((h) => h.to === 'stopping' || h.to === 'tearing_down')).toBe(false);
  });

  it('a-delete-not-deployed-starts: archiving a not-deployed pipeline deploys it first', async () => {
    const b = boot(['a-delete-not-deployed-starts']);
    const created = await createVia(b, b.acme.plain, 'orders');
    const res = await b.http.delete(`${A}/pipelines/${created.id}`).set(bearer(b.acme.plain));
    expect(res.status).toBe(200);
    expect((res.body.history as { from: string; to: string }[]).map((h) => [h.from, h.to])).toEqual([
      ['not_deployed', 'initial_sync'],
      ['initial_sync', 'stopping'],
      ['stopping', 'tearing_down'],
      ['tearing_down', 'archived'],
    ]);
  });
});

describe('definition faults', () => {
  it('a-unknown-keys-ignored: unknown keys are dropped silently (201) instead of 422', async () => {
    const b = boot(['a-unknown-keys-ignored']);
    const doc = definition('lenient', { colour: 'blue', sync: { mode: 'cdc', cadence: 'often' } });
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(doc);
    expect(res.status).toBe(201);
    const stored = await b.http.get(`${A}/pipelines/${res.body.id}/definition`).set(bearer(b.acme.plain));
    expect(stored.body).not.toHaveProperty('colour');
    expect(stored.body.sync).toEqual({ mode: 'cdc' });
  });

  it('a-unknown-keys-ignored-under-bigquery-settings: only a bigquery destination\'s settings drop unknown keys', async () => {
    const b = boot(['a-unknown-keys-ignored-under-bigquery-settings']);
    const bigquery = { type: 'bigquery', settings: { project_id: 'acme-data', dataset: 'raw', credentials_env: 'BQ_CREDENTIALS', colour: 'blue' } };
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('open-bq', { destination: bigquery }));
    expect(res.status).toBe(201);
    const stored = await b.http.get(`${A}/pipelines/${res.body.id}/definition`).set(bearer(b.acme.plain));
    expect(stored.body.destination.settings).not.toHaveProperty('colour');
    // Elsewhere in the same document, and in another type's settings, the key is still the wrong shape.
    const elsewhere = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('closed-bq', { destination: { ...bigquery, colour: 'blue' } }));
    expect(elsewhere.status).toBe(422);
    const snowflake = definition('closed-sf');
    (snowflake.destination as { settings: Record<string, unknown> }).settings.colour = 'blue';
    expect((await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(snowflake)).status).toBe(422);
  });

  it('a-unknown-keys-ignored-on-replace and -on-update: only PUT\'s settings, only PATCH\'s sync, drop unknown keys', async () => {
    const b = boot(['a-unknown-keys-ignored-on-replace', 'a-unknown-keys-ignored-on-update']);
    const auth = bearer(b.acme.plain);
    const made = await b.http.post(`${A}/pipelines`).set(auth).send(definition('partial-models'));
    expect(made.status).toBe(201);
    const path = `${A}/pipelines/${made.body.id}`;
    const base = definition('partial-models');
    const settings = (base.destination as { settings: Record<string, unknown> }).settings;
    const withSettingsKey = { ...base, destination: { ...(base.destination as object), settings: { ...settings, colour: 'blue' } } };
    expect((await b.http.put(path).set(auth).send(withSettingsKey)).status).toBe(200);
    expect((await b.http.get(`${path}/definition`).set(auth)).body.destination.settings).not.toHaveProperty('colour');
    expect((await b.http.patch(path).set(auth).send({ sync: { mode: 'cdc', colour: 'blue' } })).status).toBe(200);
    expect((await b.http.get(`${path}/definition`).set(auth)).body.sync).toEqual({ mode: 'cdc' });
    // Each method stays closed elsewhere, and create stays closed at both.
    expect((await b.http.put(path).set(auth).send({ ...base, sync: { mode: 'cdc', colour: 'blue' } })).status).toBe(422);
    expect((await b.http.patch(path).set(auth).send({ destination: withSettingsKey.destination })).status).toBe(422);
    expect((await b.http.post(`${A}/pipelines`).set(auth).send({ ...withSettingsKey, name: 'closed-create' })).status).toBe(422);
  });

  it('a-optional-fields-coerced: optional fields of another JSON type that read as their own are converted (201), required ones still 422', async () => {
    const b = boot(['a-optional-fields-coerced']);
    const doc = definition('coerced', { description: 5, sync: { mode: 'batch', interval_minutes: '60', initial_load: 'false' } });
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(doc);
    expect(res.status).toBe(201);
    const stored = await b.http.get(`${A}/pipelines/${res.body.id}/definition`).set(bearer(b.acme.plain));
    expect(stored.body.description).toBe('5');
    expect(stored.body.sync).toEqual({ mode: 'batch', interval_minutes: 60, initial_load: false });
    const required = definition('required-port');
    (required.source as { connection: Record<string, unknown> }).connection.port = '5432';
    expect((await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(required)).status).toBe(422);
  });

  it('a-invalid-definition-no-field: a failed rule is 400 without naming the field', async () => {
    const b = boot(['a-invalid-definition-no-field']);
    const res = await b.http.post(`${A}/pipelines`).set(bearer(b.acme.plain)).send(definition('x', { sync: { mode: 'never' } }));
    expect(res.status).toBe(400);
    expect(res.body).not.toHaveProperty('field');
    expect(res.body).not.toHaveProperty('problems');
    expect(res.body.error).not.toContain('sync.mode');
  });
});
