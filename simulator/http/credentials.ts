/**
 * Reads the interface B key from `Authorization: Basic base64(key:)`. Returns null for anything
 * else: another scheme, bad base64, a password that is not empty. The lenient profile also takes
 * `base64(key)` with no `:` at all, as some real clients send it.
 */
export function basicKey(header: string | undefined, lenient: boolean): string | null {
  if (!header) return null;
  const match = /^basic[ ]+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const encoded = match[1];
  const decoded = Buffer.from(encoded, 'base64');
  // Node's decoder skips junk silently; a round trip proves the value was real base64.
  if (decoded.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) return null;
  const text = decoded.toString('utf8');
  const colon = text.indexOf(':');
  if (colon === -1) return lenient && text.length > 0 ? text : null;
  if (colon === 0 || colon !== text.length - 1) return null;
  return text.slice(0, colon);
}

/** Reads `Authorization: Bearer <token>` (scheme case-insensitive, exactly one token). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer[ ]+([^\s]+)$/i.exec(header);
  return match?.[1] ?? null;
}
