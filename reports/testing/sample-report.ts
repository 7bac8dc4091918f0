import { CLAUSES } from '../../suites/clauses.ts';
import { clauseVerdicts, exitCodeFor, runOutcome, summarize } from '../../suites/lib/aggregate.ts';
import type { CheckResult } from '../../suites/lib/types.ts';
import type { RunReport } from '../model.ts';

/**
 * A realistic run for the reporters' tests: a pass, a fail with a full exchange, an error, a
 * skip, and text that XML and HTML must escape. `secret` is planted raw and Base64-encoded
 * where a careless runner might leave it.
 */
export const SAMPLE_SECRET = 'sk_live_9f8e7d6c5b4a3210zyxw';
const basic = Buffer.from(`${SAMPLE_SECRET}:`).toString('base64');

export function sampleChecks(secret: string = SAMPLE_SECRET): CheckResult[] {
  return [
    {
      id: 'b-auth/basic-key',
      title: 'The API key as Basic username with an empty password authenticates',
      clauses: ['B-AUTH-1'],
      verdict: 'pass',
      failures: [],
      properties: [{ seed: 42, runs: 25 }],
      durationMs: 120,
      requests: 26,
      notes: ['median latency 3 ms'],
    },
    {
      id: 'b-lim/page-size',
      title: 'No invoice page holds more than 100 invoices',
      clauses: ['B-LIM-2', 'B-GAP-3'],
      verdict: 'fail',
      reason: 'B-LIM-2: a page held 150 invoices',
      failures: [
        {
          clause: 'B-LIM-2',
          message: 'a page held 150 invoices (limit=150) & that is > 100 <b>bold</b> ]]>',
          expected: 'at most 100 items',
          received: `150 items; body starts [{"id":"in_1","note":"\u0001ctl","api_key":"${secret}"}`,
          request: {
            method: 'GET',
            url: `http://127.0.0.1:4010/disco-one/api/invoices?limit=150&token=${secret}`,
            headers: { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${basic}` },
          },
          response: {
            status: 200,
            headers: { 'content-type': 'application/vnd.service+json; version=2', 'x-echo': secret },
            body: `[{"id":"in_00000001","date":"2026-01-01","amount":199,"currency":"USD","status":"successful","owner_key":"${secret}"}]`,
          },
          curl: `curl -i -X GET 'http://127.0.0.1:4010/disco-one/api/invoices?limit=150' -H "authorization: Basic $(printf '%s:' "$DISCO_API_KEY" | base64)" -H 'accept: application/vnd.service+json; version=2' # ${secret}`,
          property: { seed: 42, runs: 25, counterexample: '[150]', numShrinks: 3, path: '0:1' },
        },
      ],
      properties: [{ seed: 42, runs: 25, counterexample: '[150]', numShrinks: 3, path: '0:1' }],
      durationMs: 340,
      requests: 12,
      notes: [],
    },
    {
      id: 'b-lim/param-names',
      title: 'B-GAP-3 (simulator convention): invoice paging takes offset and limit',
      clauses: ['B-GAP-3'],
      verdict: 'pass',
      failures: [],
      advisories: [{ clause: 'B-GAP-3', message: 'limit was ignored', expected: '5 invoices', received: '20 invoices' }],
      properties: [],
      durationMs: 15,
      requests: 1,
      notes: [],
    },
    {
      id: 'b-job/create',
      title: 'POST /jobs creates and starts a job',
      clauses: ['B-JOB-1'],
      verdict: 'error',
      reason: `POST http://127.0.0.1:4010/disco-one/api/jobs: socket hang up (key ${secret})`,
      failures: [],
      properties: [],
      durationMs: 10_000,
      requests: 1,
      notes: [],
    },
    {
      id: 'a-auth/expiry',
      title: 'An expired key does not authenticate',
      clauses: ['A-AUTH-4'],
      verdict: 'skip',
      reason: 'needs the simulator control API to move time (control_url); not available on this target',
      failures: [],
      properties: [],
      durationMs: 0,
      requests: 0,
      notes: [],
    },
  ];
}

export function sampleReport(overrides: Partial<RunReport> = {}, secret: string = SAMPLE_SECRET): RunReport {
  const checks = sampleChecks(secret);
  const profile = overrides.profile ?? 'spec';
  const clauses = clauseVerdicts(checks, { profile, clauses: CLAUSES });
  const outcome = runOutcome(clauses, checks);
  return {
    tool: { name: 'disco', version: '0.1.0' },
    target: { name: 'staging <eu> & "friends"', baseUrl: 'http://127.0.0.1:4010', cdcBaseUrl: 'http://127.0.0.1:4010' },
    profile,
    seed: 42,
    runs: 25,
    runId: 'a1b2c3d4',
    startedAt: '2026-11-22T05:00:00.000Z',
    finishedAt: '2026-11-22T05:00:11.000Z',
    durationMs: 11_000,
    options: { only: [], readOnly: false, timeoutMs: 10_000, allowIncomplete: false },
    checks,
    clauses,
    leftovers: [`b-hook/create: delete hook 17 (HTTP 500) key=${secret}`],
    outcome,
    exitCode: exitCodeFor(outcome, { allowIncomplete: false }),
    summary: summarize(clauses),
    ...overrides,
  };
}
