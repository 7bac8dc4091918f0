import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { interfaceATarget, jsonServer } from '../support/local-target.ts';

/**
 * A gateway that asks every anonymous request for a key (401) and finds nothing anywhere with one
 * (404 with an error object) answers /api/public/v1 just as interface A would for absent
 * pipelines: A-VER-1 is not shown by that alone, only once a pipeline was found there.
 */
const KEY = `fdk_${'A'.repeat(40)}`;

describe('a-ver against a gateway that finds nothing under /api/public/v1', () => {
  let server: http.Server;
  beforeAll(async () => {
    server = jsonServer(({ bearer }) => (bearer === KEY ? { status: 404, body: { error: 'Not found.' } } : { status: 401, body: { error: 'Unauthorized.' } }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('leaves A-VER-1 not verified, never passed', { timeout: 60_000 }, async () => {
    const target = interfaceATarget(server, 'gateway', ['pipelines.archive'], [{ adminKey: KEY, fixtures: {} }]);
    const checks = (await loadChecks()).filter((c) => c.id.startsWith('a-ver/'));
    const out = await runChecks({ target, checks, profile: 'spec', seed: 1, runs: 3, readOnly: false, timeoutMs: 5_000 });
    expect(clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === 'A-VER-1')?.verdict).toBe('not-verified');
  });
});
