import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../simulator/journal/journal.ts';
import { harEntry } from '../../reports/har.ts';
import { journalExchange, journalNotes } from './journal-har.ts';

function entry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 'req_abc_1',
    seq: 1,
    at: { simulator: '2026-11-28T10:00:00Z', wall: '2026-11-28T10:00:00.123Z' },
    method: 'GET',
    path: '/acme/api/packages',
    query: { limit: '1', type: ['a', 'b'] },
    interface: 'B',
    status: 200,
    latencyMs: 1.5,
    request: { headers: { host: '127.0.0.1:4010', authorization: 'Basic [REDACTED]' } },
    response: { headers: { 'content-type': 'application/json' }, body: '[]' },
    ...overrides,
  };
}

describe('a journal entry as a HAR entry', () => {
  it('rebuilds the URL from the Host header, the scheme and the query, repeats included', () => {
    const ex = journalExchange(entry(), 'https');
    expect(ex.request.url).toBe('https://127.0.0.1:4010/acme/api/packages?limit=1&type=a&type=b');
    expect(ex.startedAt).toBe(Date.parse('2026-11-28T10:00:00.123Z'));
    expect(harEntry(ex, journalNotes(entry()))).toMatchObject({ request: { queryString: [{ name: 'limit', value: '1' }, { name: 'type', value: 'a' }, { name: 'type', value: 'b' }] }, _requestId: 'req_abc_1', _interface: 'B' });
  });

  it('takes any Host a client sent without failing: one that names no host becomes localhost', () => {
    for (const host of ['a b', 'evil.example/x?y', '', '[::1', 'h\u0000t']) {
      const ex = journalExchange(entry({ request: { headers: { host } } }), 'http');
      expect(ex.request.url).toBe('http://localhost/acme/api/packages?limit=1&type=a&type=b');
      expect(() => harEntry(ex, journalNotes(entry()))).not.toThrow();
    }
    expect(journalExchange(entry({ request: { headers: {} } }), 'http').request.url).toMatch(/^http:\/\/localhost\//);
    for (const host of ['api.example:80', '[::1]:4010', 'LOCALHOST']) expect(journalExchange(entry({ request: { headers: { host } } }), 'http').request.url).toBe(`http://${host}/acme/api/packages?limit=1&type=a&type=b`);
  });

  it('a body the journal cut short is noted, its size unknown', () => {
    const cut = entry({ response: { headers: {}, body: 'x'.repeat(4096), bodyTruncated: true } });
    const har = harEntry(journalExchange(cut, 'http'), journalNotes(cut)) as { response: { content: { size: number; comment?: string } } };
    expect(har.response.content.size).toBe(4096);
    expect(har.response.content.comment).toMatch(/^clipped/);
  });
});
