import { describe, expect, it } from 'vitest';
import { CONDITIONAL_HEADERS, FORWARDING_HEADERS, spreadOver } from './proxy-and-conditional-headers.ts';

describe('spreadOver', () => {
  it('sends every value once, dealt over the requests in turn across headers', () => {
    const probes = spreadOver(['a', 'b', 'c'], [
      { name: 'x', values: ['1', '2'] },
      { name: 'y', values: ['3', '4', '5'] },
    ]);
    expect(probes).toEqual([
      { to: 'a', name: 'x', value: '1' },
      { to: 'b', name: 'x', value: '2' },
      { to: 'c', name: 'y', value: '3' },
      { to: 'a', name: 'y', value: '4' },
      { to: 'b', name: 'y', value: '5' },
    ]);
  });

  it('gives every read a host that is no host, with the shared forwarding values and five reads', () => {
    const probes = spreadOver([1, 2, 3, 4, 5], FORWARDING_HEADERS);
    expect(probes).toHaveLength(FORWARDING_HEADERS.reduce((n, h) => n + h.values.length, 0));
    for (const read of [1, 2, 3, 4, 5]) expect(probes.some((p) => p.to === read && p.name === 'x-forwarded-host')).toBe(true);
  });

  it('sends nothing when there is no request', () => {
    expect(spreadOver([], FORWARDING_HEADERS)).toEqual([]);
  });
});

describe('CONDITIONAL_HEADERS', () => {
  it('holds each header\'s well-formed values, then its malformed ones', () => {
    for (const h of CONDITIONAL_HEADERS) expect(h.values).toEqual([...h.wellFormed, ...h.malformed]);
    expect(CONDITIONAL_HEADERS.map((h) => h.name)).toEqual(['if-modified-since', 'if-unmodified-since', 'if-none-match', 'if-match']);
  });
});
