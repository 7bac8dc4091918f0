import { describe, expect, it } from 'vitest';
import { AcceptVerdictCache, acceptsVendorV2, VENDOR_MEDIA_TYPE, VENDOR_TYPE } from './accept.ts';

const NO_FAULT = { has: (): boolean => false };
const FAULT = { has: (): boolean => true };

/** `n` distinct headers that name the versioned media type (their weights differ). */
function spellings(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${VENDOR_TYPE}; version=2; q=0.${String(100 + i).padStart(3, '0')}`);
}

describe('the Accept verdict cache', () => {
  it('gives the verdicts of acceptsVendorV2, also once full: the oldest verdict is evicted, nothing is served unjudged', () => {
    const cache = new AcceptVerdictCache(NO_FAULT);
    for (const header of spellings(600)) expect(cache.accepts(header, false)).toBe(true);
    for (const wrong of [`${VENDOR_TYPE}; version=1`, 'application/json', 'text/html', VENDOR_TYPE]) {
      expect(cache.accepts(wrong, false)).toBe(false);
      expect(acceptsVendorV2(wrong, false)).toBe(false);
    }
    expect(cache.accepts(VENDOR_MEDIA_TYPE, false)).toBe(true);
    expect(cache.accepts(undefined, false)).toBe(false);
  });

  // Per gate, so per simulator: what one simulator's requests filled is not another's state.
  it('is its own per instance: a full cache under b-accept-cache-fails-open serves wrong headers, a fresh one beside it does not', () => {
    const full = new AcceptVerdictCache(FAULT);
    for (const header of spellings(256)) full.accepts(header, false);
    expect(full.accepts('application/json; q=0.9', false)).toBe(true);
    const fresh = new AcceptVerdictCache(FAULT);
    expect(fresh.accepts('application/json; q=0.9', false)).toBe(false);
  });
});
