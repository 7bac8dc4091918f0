import { parse } from 'content-type';

export const VENDOR_TYPE = 'application/vnd.service+json';
export const VENDOR_VERSION = '2';
/** The vendor type the real service's own clients (xplenty.py, .rb, .jar) send: accepted by the lenient profile. */
export const CLIENT_VENDOR_TYPE = 'application/vnd.xplenty+json';
/** The media type of interface B's successful bodies (B-VER-2). */
export const VENDOR_MEDIA_TYPE = `${VENDOR_TYPE}; version=${VENDOR_VERSION}`;

/**
 * Whether an `Accept` header asks for interface B's version 2 media type. Strict: one of the
 * listed media ranges must be exactly the vendor type with `version=2` (compared as a media
 * type: case-insensitive type, parameters in any order, quoted or not), and not `q=0`. Uncached
 * (the gate keeps a cache of its own: AcceptVerdictCache).
 */
export function acceptsVendorV2(header: string | undefined, lenient: boolean): boolean {
  if (!header) return false;
  return lenient ? acceptsLoosely(header) : acceptsStrictly(header);
}

/** How many distinct Accept headers each verdict cache remembers. */
const VERDICT_CACHE_SIZE = 256;

/**
 * acceptsVendorV2, remembered: clients repeat the same header on every request, and the verdict
 * depends on nothing else. One per interface B gate, so per simulator: a process that runs several
 * simulators (the tests) shares no state between them, and a fault's state is its simulator's own.
 */
export class AcceptVerdictCache {
  private readonly strict = new Map<string, boolean>(); // Accept header -> verdict, strict profile
  private readonly lenient = new Map<string, boolean>(); // same, lenient profile

  constructor(private readonly faults: { has(name: 'b-accept-cache-fails-open'): boolean }) {}

  accepts(header: string | undefined, lenient: boolean): boolean {
    if (!header) return false;
    const verdicts = lenient ? this.lenient : this.strict;
    const known = verdicts.get(header);
    if (known !== undefined) return known;
    // b-accept-cache-fails-open: a full cache serves what it has not judged instead of evicting.
    if (verdicts.size >= VERDICT_CACHE_SIZE && this.faults.has('b-accept-cache-fails-open')) return true;
    const verdict = acceptsVendorV2(header, lenient);
    if (verdicts.size >= VERDICT_CACHE_SIZE) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(header, verdict);
    return verdict;
  }
}

function acceptsStrictly(header: string): boolean {
  for (const range of splitRanges(header)) {
    let parsed;
    try {
      parsed = parse(withoutTabs(range));
    } catch {
      continue;
    }
    if (parsed.type !== VENDOR_TYPE) continue;
    if (parsed.parameters.version !== VENDOR_VERSION) continue;
    if (parsed.parameters.q !== undefined && Number(parsed.parameters.q) === 0) continue;
    return true;
  }
  return false;
}

/**
 * What real clients send (docs/interface-b.md): `version=2` after a space or a comma instead of `;`, or no
 * version at all (the service then serves its latest version, 2), and the real service's own
 * vendor type name (`application/vnd.xplenty+json`). Another version is refused.
 */
function acceptsLoosely(header: string): boolean {
  const lower = header.toLowerCase();
  if (!lower.includes(VENDOR_TYPE) && !lower.includes(CLIENT_VENDOR_TYPE)) return false;
  const version = /version\s*=\s*"?([^";,\s]+)/.exec(lower)?.[1];
  return version === undefined || version === VENDOR_VERSION;
}

function splitRanges(header: string): string[] {
  // Commas inside quoted parameter values do not separate ranges.
  const ranges: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      ranges.push(current.trim());
      current = '';
    } else current += ch;
  }
  ranges.push(current.trim());
  return ranges.filter((r) => r.length > 0);
}

/**
 * RFC 9110 allows tabs as well as spaces around `;` and `=` (OWS); the `content-type` parser
 * only takes spaces, so tabs become spaces first.
 */
function withoutTabs(value: string): string {
  return value.replace(/\t/g, ' ');
}

/** Whether a header value parses as a media type at all. */
export function parsesAsMediaType(header: string): boolean {
  try {
    parse(withoutTabs(header));
    return true;
  } catch {
    return false;
  }
}

/** Whether a Content-Type header names `type`, compared as a media type (parameters ignored). */
export function isMediaType(header: string | undefined, types: readonly string[]): boolean {
  if (!header) return false;
  try {
    return types.includes(parse(withoutTabs(header)).type);
  } catch {
    return false;
  }
}
