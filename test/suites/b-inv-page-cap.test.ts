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

/**
 * B-LIM-2 binds every request, whatever name asks the page size: b-inv/page-size also sends 250
 * under the common page-size names the target's paging does not use. The deployment below pages
 * by its own names, capped and with a default of 20, but reads one older name uncapped, and
 * answers `count` with a count (a name that means something else there: noted, not judged).
 */
function invoicesWithOlderName(names: { offset: string; pageSize: string }, older: string): http.Server {
  const count = 150;
  const invoices = Array.from({ length: count }, (_, i) => ({ id: `INV-${String(i + 1).padStart(4, '0')}`, date: '2026-01-01', amount: 10, currency: 'USD', status: 'paid', pdf_url: 'https://invoices.example/x.pdf' }));
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const found = url.pathname === '/acme/api/invoices';
    const asked = url.searchParams.get(names.pageSize);
    // Its own page size as the spec has it: an integer from 1 to 100, anything else refused.
    const refused = found && asked !== null && !(/^[1-9][0-9]*$/.test(asked) && Number(asked) <= 100);
    res.writeHead(refused ? 422 : found ? 200 : 404, { 'content-type': 'application/vnd.service+json; version=2' });
    if (refused) return res.end(JSON.stringify({ message: `${names.pageSize} must be an integer from 1 to 100` }));
    if (found && url.searchParams.has('count')) return res.end(JSON.stringify({ count }));
    const offset = Number(url.searchParams.get(names.offset) ?? 0);
    const limit = asked !== null ? Number(asked) : url.searchParams.has(older) ? Number(url.searchParams.get(older)) : 20;
    res.end(JSON.stringify(found ? invoices.slice(offset, offset + limit) : { message: 'Item not found.' }));
  });
}

describe('b-inv/page-size under page-size names the target does not use', () => {
  it('fails where an older name (size) is read uncapped', { timeout: 30_000 }, async () => {
    const server = invoicesWithOlderName({ offset: 'offset', pageSize: 'limit' }, 'size');
    try {
      const target = await localTarget(server);
      const { check, verdict } = await runOneCheck(target, 'b-inv/page-size', 'B-LIM-2', { readOnly: true });
      expect(verdict?.verdict).toBe('fail');
      expect(check.failures.map((f) => f.message)).toEqual(["GET /invoices?size=250 (a page-size name other than the target's limit) answered a page of 150 invoices"]);
    } finally {
      await closeServer(server);
    }
  });

  it('passes where every other name is ignored, noting count answered with no list', { timeout: 30_000 }, async () => {
    const server = invoicesWithOlderName({ offset: 'offset', pageSize: 'limit' }, 'no_such_name');
    try {
      const target = await localTarget(server);
      const { check } = await runOneCheck(target, 'b-inv/page-size', 'B-LIM-2', { readOnly: true });
      expect(check.failures.map((f) => f.message)).toEqual([]);
      expect(check.notes.join('\n')).toContain('answered 2xx without a list of invoices, so not judged: GET /invoices?count=250 (200)');
    } finally {
      await closeServer(server);
    }
  });

  it("sends limit, not per_page, where the target document names per_page: a per_page read as the target's own passes, limit read uncapped fails", { timeout: 30_000 }, async () => {
    const names = { offset: 'start', pageSize: 'per_page' };
    for (const [older, verdictWanted] of [['page_size_unused', 'pass'], ['limit', 'fail']] as const) {
      const server = invoicesWithOlderName(names, older);
      try {
        const local = await localTarget(server);
        const target = { ...local, interfaceB: { ...local.interfaceB, paging: names } };
        const { check } = await runOneCheck(target, 'b-inv/page-size', 'B-LIM-2', { readOnly: true });
        expect(check.failures.map((f) => f.message).slice(0, verdictWanted === 'pass' ? 3 : 0)).toEqual([]);
        expect(check.verdict).toBe(verdictWanted);
        if (verdictWanted === 'fail') expect(check.failures.map((f) => f.message)).toEqual(["GET /invoices?limit=250 (a page-size name other than the target's per_page) answered a page of 150 invoices"]);
      } finally {
        await closeServer(server);
      }
    }
  });
});
