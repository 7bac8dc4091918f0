import type { RequestRecord, ResponseRecord } from './types.ts';
import { withRealIds } from './big-ids.ts';

export const REDACTED = '[REDACTED]';

/** Header values that are credentials whatever their content. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-hook-signature']);

const SECRET_FIELD_NAMES = 'api_key|key|salt|password|secret|token|service_key|basic_auth_data';

/** JSON fields whose values are secrets wherever they appear (keys, salts, passwords). */
const SECRET_FIELDS = new RegExp(`^(${SECRET_FIELD_NAMES})$`, 'i');

/**
 * `"api_key": "abc"` in any JSON text. The value may also run into the `…` of a clipped text or
 * the end of it (a body cut short by describeResponse), and is still hidden.
 */
const SECRET_JSON_MEMBER = new RegExp(`("(?:${SECRET_FIELD_NAMES})"\\s*:\\s*)"(?:[^"\\\\…]|\\\\.)*(?:"|(?=…)|$)`, 'gi');

/** What ends a URL's authority (its userinfo and host). */
const AUTHORITY_END = /[\s/?#'"]/;
const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
const LETTER = /[A-Za-z]/;
const WORD_CHAR = /\w/;

/** A text clipped for display ends its kept part with this; a secret may be cut there. */
const CLIP_MARK = '…';

/** Shorter remnants of a cut secret are too common to hide without hiding ordinary words. */
const MIN_PARTIAL = 4;

/**
 * Removes secrets from text: every known secret value (the target's keys, and any secret seen
 * in a response during the run), in the forms in which a request carries one (Basic auth's
 * Base64, URL encoding), and a secret's beginning where a display clipped it.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  /** The secrets as given (not their encodings), for finding a clipped one. */
  private readonly plain = new Set<string>();
  /** `secrets`, longest first, so a secret that contains another is replaced whole; null when stale. */
  private ordered: string[] | null = null;

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined | null): void {
    if (!secret || secret.length < 6 || this.plain.has(secret)) return;
    this.plain.add(secret);
    const forms = [secret, Buffer.from(`${secret}:`).toString('base64'), Buffer.from(secret).toString('base64')];
    for (const form of forms) {
      this.secrets.add(form);
      this.secrets.add(encodeURIComponent(form));
    }
    this.ordered = null;
  }

  /** Learns the secret fields of a JSON value (a regenerated key, a new salt). */
  learn(value: unknown): void {
    if (Array.isArray(value)) for (const v of value) this.learn(v);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'string' && SECRET_FIELDS.test(k)) this.add(v);
        else this.learn(v);
      }
    }
  }

  /**
   * A text for a report: secrets hidden, and (every report text passes here) each stand-in for an
   * id beyond 2^53 written as the id the target sent (big-ids.ts), so a message names real ids.
   */
  text(value: string): string {
    this.ordered ??= [...this.secrets].sort((a, b) => b.length - a.length);
    let out = withRealIds(value);
    for (const s of this.ordered) if (out.includes(s)) out = out.split(s).join(REDACTED);
    if (out.includes(CLIP_MARK)) out = this.clippedSecrets(out);
    return hideUrlUserinfo(out.replace(SECRET_JSON_MEMBER, `$1"${REDACTED}"`));
  }

  /** `…"key":"fdk_ab12…`: the kept beginning of a secret just before a clip mark is hidden too. */
  private clippedSecrets(text: string): string {
    let out = text;
    for (let at = out.indexOf(CLIP_MARK); at >= 0; at = out.indexOf(CLIP_MARK, at + 1)) {
      for (const s of this.plain) {
        let k = Math.min(s.length - 1, at);
        while (k >= MIN_PARTIAL && out.slice(at - k, at) !== s.slice(0, k)) k--;
        if (k >= MIN_PARTIAL) {
          out = `${out.slice(0, at - k)}${REDACTED}${out.slice(at)}`;
          at = at - k + REDACTED.length;
          break;
        }
      }
    }
    return out;
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? redactCredential(v) : this.text(v);
    }
    return out;
  }

  request(r: RequestRecord): RequestRecord {
    return { method: r.method, url: this.text(r.url), headers: this.headers(r.headers), ...(r.body !== undefined ? { body: this.text(r.body) } : {}) };
  }

  response(r: ResponseRecord): ResponseRecord {
    return { status: r.status, headers: this.headers(r.headers), body: this.text(r.body) };
  }
}

/**
 * `scheme://user:password@` with the userinfo hidden, however short. A scan from each `://`, not
 * one expression: `/\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@'"]+@/gi` tried every position of a long run of
 * scheme characters (a body of `+A+A+A...` from a target), quadratic in the run, and a run's
 * reports are redacted whole. Each character is looked at a bounded number of times: a scheme runs
 * back from `://` no further than the previous one, an authority forward no further than the next.
 */
function hideUrlUserinfo(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('://'); at >= 0; at = text.indexOf('://', at + 3)) {
    if (!hasScheme(text, at)) continue;
    // The userinfo ends at the last `@` of the authority, as URL parsers read `a@b:c@host`.
    let end = -1;
    for (let i = at + 3; i < text.length && !AUTHORITY_END.test(text[i]!); i++) if (text[i] === '@') end = i;
    if (end <= at + 3) continue;
    out += `${text.slice(copied, at + 3)}${REDACTED}`;
    copied = end; // the '@' stays
    at = end - 2; // the next search starts after it
  }
  return out + text.slice(copied);
}

/** Whether a URL scheme ends at `at`: a letter at a word boundary, then letters, digits, `+`, `.`, `-`. */
function hasScheme(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && SCHEME_CHAR.test(text[start - 1]!)) start--;
  for (let i = start; i < at; i++) {
    if (LETTER.test(text[i]!) && (i === 0 || !WORD_CHAR.test(text[i - 1]!))) return true;
  }
  return false;
}

/** Keeps the scheme of a credential header visible (it matters to auth failures), hides the rest. */
function redactCredential(value: string): string {
  const space = value.indexOf(' ');
  if (space > 0 && space < 20) return `${value.slice(0, space)} ${REDACTED}`;
  return value === '' ? '' : REDACTED;
}
