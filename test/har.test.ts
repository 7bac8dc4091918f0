import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { startEmbeddedTarget } from '../bin/embedded-target.ts';
import { loadChecks } from '../suites/index.ts';
import { runChecks } from '../suites/lib/run.ts';
import { targetSecrets } from '../suites/lib/target.ts';
import { HarFile } from '../reports/har.ts';
import { disco } from './support/cli.ts';
import { closeServer, localTarget } from './support/local-target.ts';

/**
 * HAR 1.2's required members (http://www.softwareishard.com/blog/har-12-spec/), as a schema: what
 * a tool that reads the archive may rely on.
 */
const nameValues = { type: 'array', items: { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: { type: 'string' } } } };
const HAR_1_2 = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: { type: 'object', required: ['name', 'version'] },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
                properties: { headers: nameValues, queryString: nameValues, postData: { type: 'object', required: ['mimeType'] }, bodySize: { type: 'integer' } },
              },
              response: {
                type: 'object',
                required: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'],
                properties: { status: { type: 'integer' }, headers: nameValues, content: { type: 'object', required: ['size', 'mimeType'], properties: { size: { type: 'integer' }, text: { type: 'string' } } } },
              },
              cache: { type: 'object' },
              timings: { type: 'object', required: ['send', 'wait', 'receive'], properties: { send: { type: 'number' }, wait: { type: 'number' }, receive: { type: 'number' } } },
            },
          },
        },
      },
    },
  },
} as const;

interface HarDocument {
  log: { comment: string; entries: { _check: string; _clauses: string[]; comment: string; request: { method: string; url: string; headers: { name: string; value: string }[]; bodySize: number; postData?: { text: string; comment?: string } }; response: { status: number; _error?: string; headers: unknown[]; content: { size: number; text?: string } } }[] };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'disco-har-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a record of the run as an HTTP Archive (disco check --har)', () => {
  it('holds every exchange the checks made, each naming its check, valid HAR 1.2, with no key, salt or regenerated key in it', { timeout: 90_000 }, async () => {
    const embedded = await startEmbeddedTarget();
    const file = join(dir, 'run.har');
    const raw: string[] = [];
    try {
      const ids = ['b-auth/regenerated-key-replaces-old', 'b-hook/reset-salt', 'b-rob/large-body', 'a-auth/bearer-key-on-delete', 'b-pkg/absent'];
      const checks = (await loadChecks()).filter((c) => ids.includes(c.id));
      expect(checks.map((c) => c.id).sort()).toEqual([...ids].sort());
      const har = HarFile.open(file, { name: 'disco', version: 'test' }, 'a test run');
      const out = await runChecks({
        target: embedded.target,
        checks,
        profile: 'simulator',
        seed: 11,
        runs: 3,
        readOnly: false,
        timeoutMs: 10_000,
        // The secrets the run learns as it goes (regenerated keys, new salts), read from the raw answers.
        onExchange: (ex) => raw.push(ex.response.body),
        record: { bodyCap: 4096, add: (ex, check) => har.add(ex, check) },
      });
      har.close();
      expect(out.checks.map((c) => c.verdict)).toEqual(checks.map(() => 'pass'));

      const text = await readFile(file, 'utf8');
      const doc = JSON.parse(text) as HarDocument;
      const validate = new Ajv({ strict: false }).compile(HAR_1_2);
      expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
      expect(doc.log.comment).toBe('a test run');
      // Every exchange, each under the check that sent it.
      expect(doc.log.entries).toHaveLength(out.checks.reduce((n, c) => n + c.requests, 0));
      for (const c of out.checks) expect(doc.log.entries.filter((e) => e._check === c.id).length, c.id).toBe(c.requests);
      expect(doc.log.entries.find((e) => e._check === 'b-pkg/absent')?._clauses).toEqual(['B-PKG-1']);

      const learned = raw.flatMap((body) => [...body.matchAll(/"(?:api_key|salt)"\s*:\s*"([^"]+)"/g)].map((m) => m[1]!));
      expect(learned.length).toBeGreaterThan(3);
      for (const secret of [...targetSecrets(embedded.target), ...learned]) expect(text.includes(secret), 'a secret in the HAR').toBe(false);
      expect(text).toContain('[REDACTED]');

      // The robustness check's bodies of megabytes: the start kept and marked, the size the whole body's.
      const large = doc.log.entries.filter((e) => (e.request.postData?.text.length ?? 0) > 0 && e.request.bodySize > 1_000_000);
      expect(large.length).toBeGreaterThan(0);
      for (const e of large) {
        expect(e.request.postData!.text.length).toBeLessThan(4096 + 20);
        expect(e.request.postData!.text.endsWith('…')).toBe(true);
        expect(e.request.postData!.comment).toMatch(/^clipped/);
      }
    } finally {
      await embedded.close();
    }
  });

  it('from the command line: written 0600, counted on the console, refused where nothing is sent or it cannot be written', { timeout: 90_000 }, async () => {
    const file = join(dir, 'cli.har');
    const reports = join(dir, 'reports');
    const r = await disco(['check', '--only', 'b-pkg', '--seed', '3', '--runs', '3', '--har', file, '--report-dir', reports]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(await readFile(file, 'utf8')) as HarDocument;
    const result = JSON.parse(await readFile(join(reports, 'result.json'), 'utf8')) as { checks: { requests: number }[] };
    const count = result.checks.reduce((n, c) => n + c.requests, 0);
    expect(doc.log.entries).toHaveLength(count);
    expect(r.stdout).toContain(`disco check: ${count} exchanges written to ${file}`);
    expect(doc.log.comment).toMatch(/^disco check against .*, seed 3, started \d{4}-/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const planned = await disco(['check', '--plan', '--har', file]);
    expect([planned.code, planned.stderr.trim()]).toEqual([2, 'disco: --har records the exchanges of a run; --plan sends none']);
    const unwritable = await disco(['check', '--only', 'b-pkg/absent', '--har', join(dir, 'absent-folder', 'x.har'), '--report-dir', reports]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toContain(`cannot write the HAR file ${join(dir, 'absent-folder', 'x.har')}: ENOENT`);
  });

  it('is a whole archive when Ctrl-C ends the run', { timeout: 90_000 }, async () => {
    const file = join(dir, 'interrupted.har');
    // Ctrl-C once the archive has grown (written a megabyte at a time), however slowly the run started.
    const r = await disco(['check', '--seed', '4', '--har', file, '--report-dir', join(dir, 'interrupted')], {
      whenReady: (child) => {
        const watch = setInterval(() => {
          if (existsSync(file) && statSync(file).size > 1_000_000) {
            clearInterval(watch);
            child.kill('SIGINT');
          }
        }, 50);
        child.once('exit', () => clearInterval(watch));
      },
    });
    expect(r.code).toBe(130);
    const doc = JSON.parse(await readFile(file, 'utf8')) as HarDocument;
    expect(doc.log.entries.length).toBeGreaterThan(10);
    expect(r.stdout).toContain(`disco check: ${doc.log.entries.length} exchanges written to ${file}`);
  });

  it('keeps the requests that got no answer, as developer tools do (status 0, _error), and never one not sent', { timeout: 60_000 }, async () => {
    // Answers the first request of the run with interface B's error object, then never again.
    let seen = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      if (seen++ === 0) res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Item not found.","error":"Not found."}');
    });
    const target = await localTarget(server);
    const file = join(dir, 'unanswered.har');
    try {
      // The key checks need no fixture: each sends a request of its own.
      const checks = (await loadChecks()).filter((c) => c.id.startsWith('b-auth/') || c.id.startsWith('b-conn/'));
      const har = HarFile.open(file, { name: 'disco', version: 'test' }, 'a hanging target');
      const out = await runChecks({ target, checks, profile: 'spec', seed: 5, runs: 3, readOnly: false, timeoutMs: 300, schedule: 'serial', record: { bodyCap: 4096, add: (ex, check) => har.add(ex, check) } });
      har.close();
      const text = await readFile(file, 'utf8');
      const doc = JSON.parse(text) as HarDocument;
      const validate = new Ajv({ strict: false }).compile(HAR_1_2);
      expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

      const answered = doc.log.entries.filter((e) => e.response.status !== 0);
      const unanswered = doc.log.entries.filter((e) => e.response.status === 0);
      expect(answered).toHaveLength(out.checks.reduce((n, c) => n + c.requests, 0));
      expect(answered.length).toBe(1);
      // The client stops sending after five requests in a row got nothing: those five are kept, the checks' later requests were never sent.
      expect(unanswered).toHaveLength(5);
      expect(seen).toBe(6);
      expect(har.unansweredCount).toBe(5);
      for (const e of unanswered) {
        expect(e.response._error).toBe('no answer within 300 ms');
        expect(e.response.headers).toEqual([]);
        expect(e.comment).toBe(`${e._check} (${e._clauses.join(', ')}) | no answer: no answer within 300 ms`);
        expect(checks.map((c) => c.id)).toContain(e._check);
        expect(e.request.url.startsWith(target.baseUrl!)).toBe(true);
      }
      expect(out.checks.some((c) => c.verdict === 'error' && /not sent: the target stopped answering/.test(c.reason ?? ''))).toBe(true);
      for (const secret of targetSecrets(target)) expect(text.includes(secret), 'a secret in the HAR').toBe(false);
    } finally {
      server.closeAllConnections();
      await closeServer(server);
    }
  });

  it('from the command line, counts the requests that got no answer', { timeout: 60_000 }, async () => {
    // The probe (no key) is answered 401; every request with a key waits for ever.
    const server = http.createServer((req, res) => {
      req.resume();
      if (req.headers.authorization === undefined) res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized","error":"Unauthorized"}');
    });
    const target = await localTarget(server);
    const document = join(dir, 'hanging.json');
    await writeFile(document, JSON.stringify({ base_url: target.baseUrl, accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }));
    const file = join(dir, 'hanging.har');
    try {
      const r = await disco(['check', '--target', document, '--only', 'b-auth', '--timeout', '300', '--har', file, '--report-dir', join(dir, 'hanging')]);
      expect(r.code, r.stderr).toBe(2);
      const doc = JSON.parse(await readFile(file, 'utf8')) as HarDocument;
      const unanswered = doc.log.entries.filter((e) => e.response.status === 0).length;
      expect(unanswered).toBeGreaterThan(0);
      expect(r.stdout).toContain(`disco check: ${doc.log.entries.length} exchanges written to ${file} (${unanswered} without an answer)`);
    } finally {
      server.closeAllConnections();
      await closeServer(server);
    }
  });
});
