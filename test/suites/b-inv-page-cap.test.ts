import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { closeServer, localTarget } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * B-LIM-2: no page ever holds more than 100 invoices. A target that honours any page size, asked
 * for 150 on an account of 30 invoices, answers 30: the cap cannot show, and is not a pass. A
 * page size below 1 is outside 1 to 100 too: one that caps 150 but reads 0 as "no limit" fails.
 */
function uncappedInvoices(count: number, zeroMeansAll = false, noDefault = false): http.Server {
  const invoices = Array.from({ length: count }, (_, i) => ({ id: `INV-${String(i + 1).padStart(4, '0')}`, date: '2026-01-01', amount: 10, currency: 'USD', status: 'paid', pdf_url: 'https://invoices.example/x.pdf' }));
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const asked = Number(url.searchParams.get('limit') ?? (noDefault ? count : 20));
    // zeroMeansAll: sizes capped at 100, but 0 taken as "no limit"; noDefault: sizes capped at 100, but none asked serves the whole list.
    const limit = zeroMeansAll ? (asked === 0 ? count : Math.min(asked, 100)) : noDefault && url.searchParams.has('limit') ? Math.min(asked, 100) : asked;
    const found = url.pathname === '/acme/api/invoices';
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/vnd.service+json; version=2' });
    res.end(JSON.stringify(found ? invoices.slice(offset, offset + limit) : { message: 'Item not found.' }));
  });
}

describe('b-inv/page-size on an account of few invoices', () => {
  it('leaves B-LIM-2 not verified, saying why, where a page size above 100 cannot show', { timeout: 30_000 }, async () => {
    const server = uncappedInvoices(30);
    try {
      const target = await localTarget(server);
      const { check, verdict } = await runOneCheck(target, 'b-inv/page-size', 'B-LIM-2', { readOnly: true });
      expect(check.verdict).toBe('pass');
      expect(check.partial?.map((p) => p.clause)).toEqual(['B-LIM-2']);
      expect(check.partial?.[0]?.reason).toMatch(/30 invoices.*more than 100 invoices lets it be/);
      expect(verdict?.verdict).toBe('not-verified');
    } finally {
      await closeServer(server);
    }
  });

  it('fails where the sizes above 100 are capped but 0 answers the whole list', { timeout: 30_000 }, async () => {
    const server = uncappedInvoices(150, true);
    try {
      const target = await localTarget(server);
      const { check, verdict } = await runOneCheck(target, 'b-inv/page-size', 'B-LIM-2', { readOnly: true });
      expect(verdict?.verdict).toBe('fail');
      expect(check.failures.map((f) => f.message)).toEqual(['GET /invoices?limit=0 (a page size outside 1 to 100) answered a page of 150 invoices']);
    } finally {
      await closeServer(server);
    }
  });

  /** The spec states no default page size, but no page holds more than 100: none asked is no exception. */
  it('fails where every size asked is capped but none asked answers the whole list', { timeout: 30_000 }, async () => {
    const server = uncappedInvoices(150, false, true);
    try {
      const target = await localTarget(server);
      const { check, verdict } = await runOneCheck(target, 'b-inv/page-size', 'B-LIM-2', { readOnly: true });
      expect(verdict?.verdict).toBe('fail');
      expect(check.failures.map((f) => f.message)).toEqual(['GET /invoices without a page size answered a page of 150 invoices']);
    } finally {
      await closeServer(server);
    }
  });
});
