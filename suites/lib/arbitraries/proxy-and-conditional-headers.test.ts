import { describe, expect, it } from 'vitest';
import { CONDITIONAL_HEADERS, FORWARDING_HEADERS, malformedForEach, NOT_ENTITY_TAGS, NOT_HTTP_DATES, spreadOver } from './proxy-and-conditional-headers.ts';

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

describe('malformedForEach', () => {
  const reads = ['pipeline', 'definition', 'key', 'pipelines', 'keys'];

  it('sends each read each header once, with a malformed value', () => {
    const probes = malformedForEach(reads, CONDITIONAL_HEADERS);
    expect(probes).toHaveLength(reads.length * CONDITIONAL_HEADERS.length);
    for (const read of reads) {
      for (const h of CONDITIONAL_HEADERS) {
        const sent = probes.filter((p) => p.to === read && p.name === h.name);
        expect(sent).toHaveLength(1);
        expect(h.malformed).toContain(sent[0]!.value);
      }
    }
  });

  it('sends every malformed value, going on where the previous header stopped', () => {
    const probes = malformedForEach(reads, CONDITIONAL_HEADERS);
    const dates = new Set(probes.filter((p) => p.name.endsWith('-since')).map((p) => p.value));
    const tags = new Set(probes.filter((p) => p.name.endsWith('-match')).map((p) => p.value));
    expect([...dates].sort()).toEqual([...NOT_HTTP_DATES].sort());
    expect([...tags].sort()).toEqual([...NOT_ENTITY_TAGS].sort());
    // The first read (a record's) is sent the first value that is no date.
    expect(probes.find((p) => p.to === 'pipeline' && p.name === 'if-modified-since')?.value).toBe('yesterday');
  });

  it('skips a header with no malformed value', () => {
    expect(malformedForEach(reads, [{ name: 'x', malformed: [] }])).toEqual([]);
  });
});
