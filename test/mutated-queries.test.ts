import { describe, expect, it } from 'vitest';
import { startSimulator } from '../api/index.ts';
import { INTERFACE_A_PREFIX } from '../simulator/interfaces/which.ts';
import { Redactor } from '../suites/lib/redact.ts';
import { documentOf, prepare } from './support/documented-requests.ts';
import { isErrorObjectOf, STACK_TRACE } from './support/error-objects.ts';

/**
 * Every documented read of both interfaces (the request the OpenAPI document describes, on real
 * ids of a seeded simulator), each of its query parameters and three it does not take given
 * edge and hostile values once, and some of them twice: every answer is a 200 or a 4xx with the
 * interface's error object, never a 5xx or a stack trace, with headers an HTTP client reads
 * (Node's limit is 16 KB: paging links once carried a 10 KB parameter the list ignored three
 * times over, and later a 10 KB address filter twice).
 */

const VALUES = ['', ' ', '-1', '0', '1.5', '1e309', '9007199254740993', 'NaN', '\u0000', '%', 'x'.repeat(10_000), '😀'.repeat(300), '😀'.repeat(499), '[]', 'null', 'true', '2026-13-45T25:00:00Z', ',,,', 'all,all', 'asc,desc'];
/*
 * The values also sent twice (a parameter given twice reaches the handler as a list, whatever
 * the values): the empty one, a number, a word, a list-like one, and the long ones whose
 * repetition makes an answer's headers too large. All 20 twice made 32,000 requests over the
 * two conventions (33 s); these six twice make 20,700 (21 s).
 */
const TWICE = new Set(['', '0', 'null', 'all,all', 'x'.repeat(10_000), '😀'.repeat(499)]);
const NOT_TAKEN = ['unknown', 'constructor', '__proto__'];
const HEADER_LIMIT = 16 * 1024;
const REDACTOR = new Redactor();

describe('every documented read, its query mutated (X-ROB-1)', () => {
  // Each set of conventions: the alt one names its paging parameters and paths otherwise.
  it.each(['standard', 'alt'] as const)('answers a 200 or a 4xx error object with headers a client can read; never a 5xx (%s conventions)', { timeout: 120_000 }, async (conventions) => {
    const first = await startSimulator({ conventions });
    const doc = await documentOf(first);
    await first.close();
    const definitionExample = doc.paths['/api/public/v1/pipelines']?.post?.requestBody?.content['application/json']?.example as object;
    const problems: string[] = [];
    // The paging parameters' names, as the target document describes them.
    const named = first.target.interface_b?.paging;
    const paging = [named?.offset ?? 'offset', named?.page_size ?? 'limit'] as const;
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op || path.startsWith('/_disco')) continue;
      // A fresh simulator per read: prepare makes what the path names (an SSH key can be added once).
      const sim = await startSimulator({ conventions, clock: 'frozen', rateLimit: 0, deliverWebhooks: 'off' });
      try {
        const request = await prepare(sim, 'get', path, op, definitionExample);
        const names = [...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), ...NOT_TAKEN];
        for (const name of names) {
          for (const value of VALUES) {
            for (const times of TWICE.has(value) ? [1, 2] : [1]) {
              const url = new URL(request.url);
              // A list is asked for its second item, so its answer carries paging links back
              // (prev, first) as well as on (next): each repeats the list's parameters.
              if (paging.every((p) => names.includes(p))) {
                url.searchParams.set(paging[0], '1');
                url.searchParams.set(paging[1], '1');
              }
              url.searchParams.delete(name);
              for (let i = 0; i < times; i++) url.searchParams.append(name, value);
              const said = `GET ${path}?${name}=${JSON.stringify(value.slice(0, 20))}${times > 1 ? ' (twice)' : ''}`;
              sent++;
              let res: Response;
              try {
                res = await fetch(url, { headers: request.init.headers as Record<string, string> });
              } catch (err) {
                problems.push(`${said}: no answer a client can read: ${String((err as Error).cause ?? err).slice(0, 100)}`);
                continue;
              }
              const text = await res.text();
              let headerBytes = 0;
              res.headers.forEach((v, k) => (headerBytes += k.length + v.length + 4));
              if (headerBytes > HEADER_LIMIT) problems.push(`${said}: ${headerBytes} bytes of headers`);
              if (res.status >= 500 || STACK_TRACE.test(text)) problems.push(`${said}: ${res.status} ${REDACTOR.text(text.slice(0, 150))}`);
              else if (res.status >= 400) {
                if (!isErrorObjectOf(path.startsWith(INTERFACE_A_PREFIX) ? 'A' : 'B', text)) problems.push(`${said}: ${res.status} without the interface's error object`);
              } else if (res.status !== 200) problems.push(`${said}: ${res.status}`);
            }
          }
        }
      } finally {
        await sim.close();
      }
    }
    process.stdout.write(`mutated queries (${conventions}): ${sent} requests\n`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(5_000);
  });
});
