import { parseMediaType } from './media-type.ts';
import type { CheckContext, Exchange } from './types.ts';

/** Interface B's versioned media type, without its parameters (B-VER-1, B-VER-2). */
export const VENDOR_TYPE = 'application/vnd.service+json';

/** The versioned media type as the messages write it. */
const VENDOR_TYPE_V2 = `${VENDOR_TYPE}; version=2`;

/** Whether an answer is labelled with the versioned media type, compared as a media type (parameters in any order and case). */
export function labelledVendorType(ex: Exchange): boolean {
  const header = ex.response.headers['content-type'];
  if (!header) return false;
  try {
    const parsed = parseMediaType(header);
    return parsed.type === VENDOR_TYPE && parsed.parameters.version === '2';
  } catch {
    return false;
  }
}

/**
 * B-VER-2 on a successful answer with a body: labelled with the versioned media type, compared as
 * a media type (parameters in any order and case, `version=2`). An empty body states no type.
 * `what` (the request, as the caller names it) leads the message where given.
 */
export function expectVendorMediaType(t: CheckContext, ex: Exchange, what?: string): void {
  if (ex.response.body === '') return;
  if (what === undefined) {
    t.expect.mediaType(ex, VENDOR_TYPE, { version: '2' }, 'B-VER-2');
    return;
  }
  const header = ex.response.headers['content-type'];
  t.expect.that(labelledVendorType(ex), {
    clause: 'B-VER-2',
    message: `${what}: Content-Type is ${header ? `"${header}"` : 'missing'}, expected the media type ${VENDOR_TYPE_V2}`,
    expected: `Content-Type: ${VENDOR_TYPE_V2}`,
    received: header ?? '(none)',
    exchange: ex,
  });
}
