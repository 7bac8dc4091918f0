import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bodyText, capped } from './middleware.ts';
import { BODY_CAP } from './redact.ts';

function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

describe('bodies in the journal', () => {
  it('keeps a short body whole and the start of a long one, marked truncated', () => {
    expect(capped('{"a":1}')).toEqual({ body: '{"a":1}' });
    expect(capped('')).toEqual({});
    expect(capped(undefined)).toEqual({});
    const long = `${'é'.repeat(BODY_CAP)}tail`;
    expect(capped(long)).toEqual({ body: 'é'.repeat(BODY_CAP), bodyTruncated: true });
  });

  it('keeps of a byte body what it keeps of the same text, decoding only its start', () => {
    // Characters of 1 to 4 bytes, in runs long enough to cross the cap and the decoded window.
    const piece = fc.constantFrom('a', '{"x":', 'é', '€', '😀', '\u0000');
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, fc.integer({ min: 1, max: 3000 })), { maxLength: 12 }), (runs) => {
        const text = runs.map(([p, n]) => p.repeat(n)).join('');
        expect(capped(bodyText(Buffer.from(text)))).toEqual(capped(text));
      }),
      { seed: 20261125, numRuns: 300 },
    );
    expect(capped(bodyText(Buffer.from('😀'.repeat(BODY_CAP * 3))))).toEqual({ body: '😀'.repeat(BODY_CAP / 2), bodyTruncated: true });
  });

  it('does not keep the rest of a long body alive', () => {
    // 100 bodies of 1 MB each: kept as views of their bodies, the capped starts would hold 100 MB.
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const kept: unknown[] = [];
    for (let i = 0; i < 100; i++) kept.push(capped(`${i}:${'x'.repeat(1_000_000)}`));
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept).toHaveLength(100);
    expect(grown).toBeLessThan(20_000_000);
  });
});
