import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';

/**
 * B-HDR-1: a JSON body is UTF-8 under plain `application/json` too. A connectors' controller that
 * reads a body labelled without a charset as ISO-8859-1 stores "Zoë 李" garbled, while POST /hooks
 * (the spellings' own write) reads it right. b-hdr/json-media-type-spellings renames a fixture
 * connection to a non-ASCII name under plain application/json and reads it back.
 */
async function spellings(faults: FaultName[], options: { conventions?: 'standard' | 'alt'; front?: ReturnType<typeof answering> } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-hdr/json-media-type-spellings'], profile: 'spec', seed: 7, runs: 3, faults, ...options });
  const check = run.checks.find((c) => c.id === 'b-hdr/json-media-type-spellings');
  if (!check) throw new Error('b-hdr/json-media-type-spellings did not run');
  return check;
}

describe('b-hdr/json-media-type-spellings renames a connection to a non-ASCII name under plain application/json', () => {
  it.each(['standard', 'alt'] as const)('a rename whose body without a charset is read as Latin-1 fails B-HDR-1 (%s)', async (conventions) => {
    const check = await spellings(['b-connection-rename-latin1-without-charset'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^PUT \/connections\/\w+\/\d+ with Content-Type "application\/json" \(no charset\) did not take the JSON body as the same UTF-8 text: the connection read back is named otherwise/);
    expect(check.failures[0]?.received).toContain('Ã«');
  });

  it('faultless, the name reads back as sent: it passes', async () => {
    const check = await spellings([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
  });

  it('where the connection\'s name cannot be read to put it back, no rename is sent, and a note says so', async () => {
    const check = await spellings(['b-connection-rename-latin1-without-charset'], { front: answering((req) => (req.method === 'GET' && /\/api\/connections(\/\w+\/\d+)?(\?|$)/.test(req.url ?? '') && !/\/types/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined)) });
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/no connection was renamed under plain application\/json: \w+ connection \d+'s name cannot be read/);
  });

  /** A front refusing with 422 a connection rename to a name beyond ASCII, under the Content-Types `refused` picks. */
  const refusingNonAsciiNames = (refused: (contentType: string) => boolean) =>
    answering((req, body) => (req.method === 'PUT' && /\/api\/connections\/\w+\/\d+$/.test(req.url ?? '') && /[^\x00-\x7f]/.test(body) && refused(req.headers['content-type'] ?? '') ? { status: 422, body: '{"message":"name may hold ASCII letters only"}' } : undefined));

  it('where the deployment refuses such names under any Content-Type, the charset retry is refused too: not B-HDR-1\'s business, a note says so', async () => {
    const check = await spellings([], { front: refusingNonAsciiNames(() => true) });
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/PUT \/connections\/\w+\/\d+ to a name beyond ASCII was refused under "application\/json" \(422\) and under "application\/json; charset=utf-8" \(422\) alike: the deployment refuses such names/);
  });

  it('a 415 under plain application/json refuses the very label the spec prescribes: B-HDR-1 fails, whatever the charset retry answers (audit 22, V2c)', async () => {
    const front = answering((req, body) => {
      if (req.method !== 'PUT' || !/\/api\/connections\/\w+\/\d+$/.test(req.url ?? '') || !/[^\x00-\x7f]/.test(body)) return undefined;
      // A per-route parser demanding a charset for a body beyond ASCII; names beyond ASCII refused under a charset.
      return req.headers['content-type'] === 'application/json' ? { status: 415, body: '{"message":"Unsupported Media Type: give the charset of a body beyond ASCII"}' } : { status: 422, body: '{"message":"name may hold ASCII letters only"}' };
    });
    const check = await spellings([], { front });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^PUT \/connections\/\w+\/\d+ with Content-Type "application\/json" \(no charset\) was refused 415 Unsupported Media Type: the spec's own label/);
  });

  it('where only the plain spelling is refused and the charset retry taken, B-HDR-1 fails naming both', async () => {
    const check = await spellings([], { front: refusingNonAsciiNames((contentType) => contentType === 'application/json') });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^PUT \/connections\/\w+\/\d+ with Content-Type "application\/json" \(no charset\) was refused \(422\), and the same body under "application\/json; charset=utf-8" was taken/);
  });
});
