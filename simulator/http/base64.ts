const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decodes standard, padded base64, or returns null when `text` is not exactly that: empty,
 * unpadded, other characters, or non-zero bits in the last character's padding. Node's decoder
 * skips junk silently and two such texts would decode to one value, so the decoded bytes must
 * encode back to the very same text.
 */
export function decodeCanonicalBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const decoded = Buffer.from(text, 'base64');
  return decoded.toString('base64') === text ? decoded : null;
}
