import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/*
 * A-ERR-3 at every object of a definition, for every documented type, in every run
 * (a-err/wrong-shape-422's sweep). Off the simulator profile the definition schema is the
 * deployment's: a made-up key that one type's settings take and keep is an open object there,
 * not an unknown key (no false alarm); one taken and dropped is unknown and taken (a failure);
 * and a refusal that still made the pipeline changed something (a failure).
 */

const PIPELINES = /^\/api\/public\/v1\/pipelines(\?.*)?$/;
const ONE_PIPELINE = /^\/api\/public\/v1\/pipelines\/(\d+)$/;
const DEFINITION = /^\/api\/public\/v1\/pipelines\/(\d+)\/definition$/;
const MADE_UP = 'disco_unknown_';

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The made-up keys of `settings` and the settings without them. */
function splitMadeUp(settings: Doc): { kept: Doc; madeUp: Doc } {
  const kept: Doc = {};
  const madeUp: Doc = {};
  for (const [k, v] of Object.entries(settings)) (k.startsWith(MADE_UP) ? madeUp : kept)[k] = v;
  return { kept, madeUp };
}

/** Sends `body` to the deployment at `upstream` as `req` was sent, and hands back its status and body. */
function send(upstream: string, req: http.IncomingMessage, body: string): Promise<{ status: number; body: string }> {
  const target = new URL(upstream);
  const headers = { ...req.headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (c: Buffer) => chunks.push(c));
      reply.on('end', () => resolve({ status: reply.statusCode ?? 502, body: Buffer.concat(chunks).toString('utf8') }));
    });
    out.on('error', reject);
    out.end(body);
  });
}

/** Which writes a front takes made-up keys in destination.settings on: create's of one destination type, or any type's on PUT or PATCH. */
type OpenOn = { method: 'POST'; type: string } | { method: 'PUT' | 'PATCH' };

/** The pipeline a write names: create's from its answer, PUT's and PATCH's from the path. */
function writeOf(req: http.IncomingMessage, on: OpenOn): boolean {
  return req.method === on.method && (on.method === 'POST' ? PIPELINES : ONE_PIPELINE).test(req.url ?? '');
}

/**
 * A deployment whose destination settings take any key on the writes `on` names: such a write
 * whose settings hold made-up keys is sent to the simulator behind without them and answered as
 * it answers; the definition read puts them back when `keep`, as a free-form object does.
 * Without `keep`, the keys are taken and dropped.
 */
const openSettings = (keep: boolean, on: OpenOn): Front => (upstream) => {
  const extra = new Map<number, Doc>();
  return frontServer(upstream, (req, raw, res, forward) => {
    const reply = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    const doc = writeOf(req, on) ? parse(raw.toString('utf8')) : undefined;
    const destination = isDoc(doc) ? doc.destination : undefined;
    if (isDoc(doc) && isDoc(destination) && (on.method !== 'POST' || destination.type === on.type) && isDoc(destination.settings)) {
      const { kept, madeUp } = splitMadeUp(destination.settings);
      if (Object.keys(madeUp).length) {
        void send(upstream, req, JSON.stringify({ ...doc, destination: { ...destination, settings: kept } })).then((answer) => {
          const named = ONE_PIPELINE.exec(req.url ?? '');
          const id = named ? Number(named[1]) : (parse(answer.body) as { id?: unknown } | undefined)?.id;
          if (typeof id === 'number' && answer.status < 300) extra.set(id, madeUp);
          reply(answer.status, answer.body);
        });
        return;
      }
    }
    const read = DEFINITION.exec(req.url ?? '');
    const added = read && keep ? extra.get(Number(read[1])) : undefined;
    forward(req.url ?? '/', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const value = added ? parse(body) : undefined;
        const settings = isDoc(value) && isDoc(value.destination) && isDoc(value.destination.settings) ? value.destination.settings : undefined;
        if (settings && added) Object.assign(settings, added);
        const headers = { ...answer.headers };
        delete headers['content-length'];
        res.writeHead(answer.statusCode ?? 502, headers).end(settings ? JSON.stringify(value) : body);
      });
    });
  });
};

/** Whether `value` holds a made-up key in any object, at any depth. */
function holdsMadeUp(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsMadeUp);
  return isDoc(value) && Object.entries(value).some(([k, v]) => k.startsWith(MADE_UP) || holdsMadeUp(v));
}

/** Without the made-up keys, at any depth. */
function withoutMadeUp(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMadeUp);
  if (!isDoc(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith(MADE_UP)).map(([k, v]) => [k, withoutMadeUp(v)]));
}

/**
 * A deployment whose PUT writes the document before it looks for unknown keys: a replace holding
 * made-up keys is stored without them, then refused with 422.
 */
const replaceRefusedButWritten: Front = (upstream) =>
  frontServer(upstream, (req, raw, res, forward) => {
    const doc = req.method === 'PUT' && ONE_PIPELINE.test(req.url ?? '') ? parse(raw.toString('utf8')) : undefined;
    if (holdsMadeUp(doc)) {
      void send(upstream, req, JSON.stringify(withoutMadeUp(doc))).then(() => {
        res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"unknown key"}');
      });
      return;
    }
    forward(req.url ?? '/', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/** A deployment that refuses a made-up key in `sync` with 422, yet stores the definition without it. */
const refusesButCreates: Front = (upstream) =>
  frontServer(upstream, (req, raw, res, forward) => {
    const doc = req.method === 'POST' && PIPELINES.test(req.url ?? '') ? parse(raw.toString('utf8')) : undefined;
    const sync = isDoc(doc) ? doc.sync : undefined;
    if (isDoc(doc) && isDoc(sync) && Object.keys(sync).some((k) => k.startsWith(MADE_UP))) {
      void send(upstream, req, JSON.stringify({ ...doc, sync: splitMadeUp(sync).kept })).then(() => {
        res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"unknown key in sync"}');
      });
      return;
    }
    forward(req.url ?? '/', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/** Without the made-up keys set to null, at any depth: what a merge patch's no-op deletion leaves. */
function withoutNulledMadeUp(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulledMadeUp);
  if (!isDoc(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => !(k.startsWith(MADE_UP) && v === null)).map(([k, v]) => [k, withoutNulledMadeUp(v)]));
}

/**
 * A deployment that checks only a merge patch's result: a made-up key set to null deletes
 * nothing, so the patch is taken (the patch is sent on without it); with a value it is refused.
 */
const patchNullsIgnored: Front = (upstream) =>
  frontServer(upstream, (req, raw, res, forward) => {
    const doc = req.method === 'PATCH' && ONE_PIPELINE.test(req.url ?? '') ? parse(raw.toString('utf8')) : undefined;
    const stripped = withoutNulledMadeUp(doc);
    if (isDoc(doc) && JSON.stringify(stripped) !== JSON.stringify(doc)) {
      void send(upstream, req, JSON.stringify(stripped)).then((answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
      return;
    }
    forward(req.url ?? '/', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

const failuresOf = (run: Awaited<ReturnType<typeof runSuitesAgainstSimulator>>) => run.checks.flatMap((c) => c.failures.map((f) => `${f.clause}: ${f.message}`));

describe('a-err/wrong-shape-422 sweeps every object of every documented type (spec profile)', () => {
  it('settings of one type that keep any key: no false alarm, and a note says so', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: openSettings(true, { method: 'POST', type: 'bigquery' }), seed: 4, runs: 5 });
    const check = run.checks[0]!;
    expect(failuresOf(run)).toEqual([]);
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.notes.join(' ')).toMatch(/destination\.settings\.disco_unknown_\w+ \(sqlserver source, bigquery destination.*keeps the key/);
  });

  it('settings of one type that take a made-up key and drop it: A-ERR-3 fails, in every run', { timeout: 60_000 }, async () => {
    for (const seed of [4, 7]) {
      const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: openSettings(false, { method: 'POST', type: 'bigquery' }), seed, runs: 5 });
      expect(failuresOf(run).join('\n')).toMatch(/^A-ERR-3: .*destination\.settings\.disco_unknown_\w+ \(sqlserver source, bigquery destination.*dropped it silently/m);
    }
  });

  it('a 422 that still made the pipeline: A-ERR-3 fails (the list shows it)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: refusesButCreates, seed: 4, runs: 5 });
    expect(failuresOf(run).join('\n')).toMatch(/^A-ERR-3: the sweep's misshapen definitions were refused, yet the pipeline list shows \d+ new pipeline/m);
  });
});

describe('a-err/wrong-shape-422 sweeps every object on replace and update too', () => {
  for (const method of ['PUT', 'PATCH'] as const) {
    it(`settings that keep any key on ${method}: no false alarm, and a note says so`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: openSettings(true, { method }), seed: 4, runs: 5 });
      const check = run.checks[0]!;
      expect(failuresOf(run)).toEqual([]);
      expect(check.verdict, check.reason).toBe('pass');
      expect(check.notes.join(' ')).toMatch(new RegExp(`${method} \\S+ \\(json\\) with the made-up key destination\\.settings\\.disco_unknown_\\w+ .*keeps the key`));
    });

    it(`settings that take a made-up key on ${method} and drop it: A-ERR-3 fails, in every run`, { timeout: 60_000 }, async () => {
      for (const seed of [4, 7]) {
        const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: openSettings(false, { method }), seed, runs: 5 });
        expect(failuresOf(run).join('\n')).toMatch(new RegExp(`^A-ERR-3: ${method} \\S+ \\(json\\) with the made-up key destination\\.settings\\.disco_unknown_\\w+ .*dropped it silently`, 'm'));
      }
    });
  }

  it('a PATCH that takes a made-up key set to null (a merge patch deleting nothing): A-ERR-3 fails, in every run', { timeout: 60_000 }, async () => {
    for (const seed of [4, 7]) {
      const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: patchNullsIgnored, seed, runs: 5 });
      expect(failuresOf(run).join('\n')).toMatch(/^A-ERR-3: PATCH \S+ \(json\) with the made-up key disco_unknown_\w+ set to null .*expected 422/m);
    }
  });

  it('settings open to any key on PATCH: a made-up key set to null there is not sent (it would delete nothing), and a note says so', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: openSettings(true, { method: 'PATCH' }), seed: 4, runs: 5 });
    expect(failuresOf(run)).toEqual([]);
    expect(run.checks[0]!.notes.join(' ')).toMatch(/made-up key\(s\) set to null were not sent in a PATCH/);
  });

  it('a 422 to a PUT that still wrote the document: A-ERR-3 fails (the definition read after it differs)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: replaceRefusedButWritten, seed: 4, runs: 5 });
    expect(failuresOf(run).join('\n')).toMatch(/^A-ERR-3: PUT \S+ \(json\) with the made-up key .* was refused with 422, yet the pipeline's definition read after it differs from before/m);
  });
});
