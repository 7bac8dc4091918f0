import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { capped } from './middleware.ts';
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
