import type { CheckContext, Exchange } from './types.ts';

/** Interface B's versioned media type, without its parameters (B-VER-1, B-VER-2). */
export const VENDOR_TYPE = 'application/vnd.service+json';

/**
 * B-VER-2 on a successful answer with a body: labelled with the versioned media type, compared as
 * a media type (parameters in any order and case, `version=2`). An empty body states no type.
 */
export function expectVendorMediaType(t: CheckContext, ex: Exchange): void {
  if (ex.response.body === '') return;
  t.expect.mediaType(ex, VENDOR_TYPE, { version: '2' }, 'B-VER-2');
}
