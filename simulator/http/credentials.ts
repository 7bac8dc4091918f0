import { sha256Hex } from '../store.ts';

/**
 * How the letter case of an authentication scheme is read (`Conventions.schemeCase`): in any
 * case, as RFC 9110 section 11.1 makes it (`basic`, `BEARER`), or only as the spec writes it
 * (`Basic`, `Bearer`), as a deployment that compares the scheme as a string does.
 */
export type SchemeCase = 'any' | 'as-written';

/** Whether `header` begins with `scheme` in a letter case `schemeCase` reads as that scheme (the rest is the caller's to parse). */
function schemeReadable(header: string, scheme: 'Basic' | 'Bearer', schemeCase: SchemeCase): boolean {
  return schemeCase === 'any' || header.startsWith(scheme);
}

/**
 * Reads the interface B key from `Authorization: Basic base64(key:)`. Returns null for anything
 * else: another scheme, bad base64, a password that is not empty; with `schemeCase` `as-written`,
 * `Basic` in another letter case. The lenient profile also takes
 * `base64(key)` with no `:` at all, as some real clients send it. `junkTail` is the fault
 * `b-basic-trailing-junk-accepted`: the pattern not anchored at the end, so whatever follows the
 * Base64 (` junk`, `,x`, `!!`, a second token) is ignored.
 */
export function basicKey(header: string | undefined, lenient: boolean, junkTail = false, schemeCase: SchemeCase = 'any'): string | null {
  if (!header || !schemeReadable(header, 'Basic', schemeCase)) return null;
  const match = (junkTail ? /^basic[ ]+([A-Za-z0-9+/=]+)/i : /^basic[ ]+([A-Za-z0-9+/=]+)\s*$/i).exec(header);
  if (!match?.[1]) return null;
  const encoded = match[1];
  const decoded = Buffer.from(encoded, 'base64');
  // Node's decoder skips junk silently; a round trip proves the value was real base64.
  if (withoutPadding(decoded.toString('base64')) !== withoutPadding(encoded)) return null;
  const text = decoded.toString('utf8');
  const colon = text.indexOf(':');
  if (colon === -1) return lenient && text.length > 0 ? text : null;
  if (colon === 0 || colon !== text.length - 1) return null;
  return text.slice(0, colon);
}

/**
 * Base64 without its trailing `=`. A loop, not `/=+$/`: that expression tries every run of `=`
 * to the end, so a header of thousands of `=` before one other character took a quarter of a
 * second to refuse, on the event loop every request shares.
 */
export function withoutPadding(base64: string): string {
  let end = base64.length;
  while (end > 0 && base64.charCodeAt(end - 1) === 61) end--; // '='
  return base64.slice(0, end);
}

/** Reads `Authorization: Bearer <token>` (exactly one token; the scheme in any case, or only as `Bearer` with `schemeCase` `as-written`). */
export function bearerToken(header: string | undefined, schemeCase: SchemeCase = 'any'): string | null {
  if (!header || !schemeReadable(header, 'Bearer', schemeCase)) return null;
  const match = /^bearer[ ]+([^\s]+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** How many distinct Authorization headers the digest cache remembers. */
const KEY_DIGEST_CACHE_SIZE = 256;

/**
 * The SHA-256 digest of the key in an `Authorization: Basic` header (see `basicKey`), remembered
 * for repeated identical headers: clients send the same header on every request, and decoding
 * plus hashing it is a fixed cost per request. The digest of a header never changes, so the
 * cache needs no invalidation: whether the digest still names a key is decided by the store on
 * every request, so a revoked or regenerated key stops working on the very next one.
 * Headers that carry no key are not remembered (nothing to save, and junk must not evict).
 * Under the fault `junkTail` (see `basicKey`) nothing is remembered: faults switch at run time,
 * and a junk header remembered under it would go on authenticating after it is switched off.
 */
export class KeyDigestCache {
  private readonly strict = new Map<string, string>(); // Authorization header -> key digest
  private readonly lenient = new Map<string, string>(); // same, for the lenient profile

  /** `schemeCase`: the simulator's conventions, fixed at its start, so one cache reads every header one way. */
  constructor(private readonly schemeCase: SchemeCase = 'any') {}

  get(header: string | undefined, lenient: boolean, junkTail = false): string | null {
    if (!header) return null;
    if (junkTail) {
      const key = basicKey(header, lenient, true, this.schemeCase);
      return key === null ? null : sha256Hex(key);
    }
    const cache = lenient ? this.lenient : this.strict;
    const known = cache.get(header);
    if (known !== undefined) return known;
    const key = basicKey(header, lenient, false, this.schemeCase);
    if (key === null) return null;
    const digest = sha256Hex(key);
    if (cache.size >= KEY_DIGEST_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(header, digest);
    return digest;
  }
}
