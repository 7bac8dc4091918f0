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
});
