import type { RequestRecord, ResponseRecord } from './types.ts';
import { withRealIds } from './big-ids.ts';

export const REDACTED = '[REDACTED]';

/** Header values that are credentials whatever their content. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-hook-signature']);

/** Those of them that start with an authentication scheme (`Basic`, `Bearer`), which stays visible. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);

/**
 * Whole member names, not parts of names: a value learned as a secret is hidden wherever it shows,
 * so a part-match (`token_expires_at`) would hide a timestamp in every report. `api_?key` also
 * takes `apiKey` (the match ignores case).
 */
const SECRET_FIELD_NAMES = 'api_?key|key|salt|password|passwd|passphrase|secret|client_secret|token|access_token|refresh_token|id_token|api_token|auth_token|private_key|service_key|basic_auth_data|credentials?';

/** JSON fields whose values are secrets wherever they appear (keys, salts, passwords). */
const SECRET_FIELDS = new RegExp(`^(${SECRET_FIELD_NAMES})$`, 'i');

/** A string that starts with interface A's key prefix and is long enough to be a key (factories/api-keys.ts's rule). */
export function isPrefixedKey(value: string, prefix: string): boolean {
  return value.startsWith(`${prefix}_`) && value.length > prefix.length + 16 && !value.endsWith('…');
}

/** Whether a member of this name holds a secret wherever it appears (a declared hook's `service_key`, a `salt`). */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.test(name);
}

/**
 * Whether a member of this name may hold a secret, for a check that shows a value of its own
 * choosing (a definition's changes): a secret field's name, or one that ends in one
 * (`sasl_password`, `aws_secret_access_key`, `sshPrivateKey`), whatever the value's type. Wider
 * than `isSecretField`, which hides values in every report text: a value shown in place of a
 * placeholder here is only a clearer message, one hidden wrongly costs nothing, and an ending
 * rather than any part keeps `password_env` (a variable's name) and `token_expires_at` visible.
 */
export function looksSecret(name: string): boolean {
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter((w) => w !== '');
  return words.some((_, i) => SECRET_FIELDS.test(words.slice(i).join('_')));
}

/**
 * `"api_key": "abc"` in any JSON text. The value may also run into the `…` of a clipped text or
 * the end of it (a body cut short by describeResponse), and is still hidden, also where the cut
 * fell between a backslash and the character it escapes (`"password": "abc\`).
 */
const SECRET_JSON_MEMBER = new RegExp(`("(?:${SECRET_FIELD_NAMES})"\\s*:\\s*)"(?:[^"\\\\…]|\\\\[^…])*\\\\?(?:"|(?=…)|$)`, 'gi');

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
 * No secret is shorter (`add` takes none: shorter values are too common to hide without hiding
 * ordinary words), so every form of one is indexed by this many first characters.
 */
const MIN_SECRET = 6;

/** Two characters as one number, for the prefilter of positions where a secret may start. */
function pairAt(text: string, i: number): number {
  return ((text.charCodeAt(i) & 0xff) << 8) | (text.charCodeAt(i + 1) & 0xff);
}

/**
 * Removes secrets from text: every known secret value (the target's keys, and any secret seen
 * in a response during the run), in the forms in which a request carries one (Basic auth's
 * Base64, URL encoding), and a secret's beginning where a display clipped it.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  /** The secrets as given (not their encodings), for finding a clipped one. */
  private readonly plain = new Set<string>();
  /**
   * Where the text is searched from, built when first needed and grown as secrets are learned: each form
   * by its first MIN_SECRET characters (longest first, so a secret that contains another is
   * replaced whole), each plain secret by its first MIN_PARTIAL, and which pairs of characters
   * begin one. A run learns hundreds of secrets (keys, salts) and a report redacts thousands of
   * texts: one pass over a text, whatever the number of secrets, instead of one search per secret.
   */
  private index: SecretIndex | null = null;

  /**
   * `keyPrefix`: interface A's key prefix; a string of a response that starts with it (and is
   * long enough to be a key) is learned as a secret under any member name, as the checks find a
   * new key in a create answer (factories/api-keys.ts).
   */
  constructor(secrets: Iterable<string> = [], private readonly keyPrefix?: string) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined | null): void {
    if (!secret || secret.length < MIN_SECRET || this.plain.has(secret)) return;
    this.plain.add(secret);
    const forms = [secret, Buffer.from(`${secret}:`).toString('base64'), Buffer.from(secret).toString('base64')];
    for (const form of forms) {
      for (const shown of [form, encodeURIComponent(form)]) {
        if (this.secrets.has(shown)) continue;
        this.secrets.add(shown);
        if (this.index) indexForm(this.index, shown);
      }
    }
    if (this.index) indexPlain(this.index, secret);
  }

  /** The index, made once; later secrets go into it as they are added (a run learns them one by one). */
  private built(): SecretIndex {
    if (this.index) return this.index;
    const index = { forms: new Map<string, string[]>(), plain: new Map<string, string[]>(), starts: new Uint8Array(65_536), longestPlain: 0 };
    for (const form of this.secrets) indexForm(index, form);
    for (const secret of this.plain) indexPlain(index, secret);
    this.index = index;
    return index;
  }

  /** The length of the longest known form starting at `i`, or 0. */
  private formAt(text: string, i: number, index: SecretIndex): number {
    if (index.starts[pairAt(text, i)] === 0) return 0;
    const bucket = index.forms.get(text.slice(i, i + MIN_SECRET));
    if (bucket) for (const form of bucket) if (text.startsWith(form, i)) return form.length;
    return 0;
  }

  /** Every known form replaced; two that overlap are hidden as one span, so neither shows a piece. */
  private knownSecrets(text: string): string {
    if (this.secrets.size === 0 || text.length < MIN_SECRET) return text;
    const index = this.built();
    const last = text.length - MIN_SECRET;
    let out = '';
    let copied = 0;
    let i = 0;
    while (i <= last) {
      const found = this.formAt(text, i, index);
      if (found === 0) {
        i++;
        continue;
      }
      let end = i + found;
      for (let j = i + 1; j < end && j <= last; j++) {
        const more = this.formAt(text, j, index);
        if (more > 0 && j + more > end) end = j + more;
      }
      out += `${text.slice(copied, i)}${REDACTED}`;
      copied = i = end;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  /** Learns the secret fields of a JSON value (a regenerated key, a new salt). */
  learn(value: unknown): void {
    if (Array.isArray(value)) for (const v of value) this.learn(v);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'string' && SECRET_FIELDS.test(k)) this.add(v);
        else this.learn(v);
      }
    } else if (typeof value === 'string' && this.keyPrefix && isPrefixedKey(value, this.keyPrefix)) this.add(value);
  }

  /**
   * A text for a report: secrets hidden, and (every report text passes here) each stand-in for an
   * id beyond 2^53 written as the id the target sent (big-ids.ts), so a message names real ids.
   */
  text(value: string): string {
    let out = this.knownSecrets(withRealIds(value));
    if (out.includes(CLIP_MARK) && this.plain.size > 0) out = this.clippedSecrets(out);
    return hideUrlUserinfo(out.replace(SECRET_JSON_MEMBER, `$1"${REDACTED}"`));
  }

  /**
   * `…"key":"fdk_ab12…`: the kept beginning of a secret just before a clip mark is hidden too, the
   * longest such beginning of any secret (at least MIN_PARTIAL characters, short of the whole).
   */
  private clippedSecrets(text: string): string {
    const index = this.built();
    let out = text;
    for (let at = out.indexOf(CLIP_MARK); at >= 0; at = out.indexOf(CLIP_MARK, at + 1)) {
      for (let k = Math.min(index.longestPlain - 1, at); k >= MIN_PARTIAL; k--) {
        const start = at - k;
        const bucket = index.plain.get(out.slice(start, start + MIN_PARTIAL));
        if (!bucket) continue;
        const kept = out.slice(start, at);
        if (!bucket.some((s) => s.length > k && s.startsWith(kept))) continue;
        out = `${out.slice(0, start)}${REDACTED}${out.slice(at)}`;
        at = start + REDACTED.length;
        break;
      }
    }
    return out;
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      const name = k.toLowerCase();
      // Only an authorization header has a scheme worth showing; a cookie's first word is its value.
      out[k] = !SECRET_HEADERS.has(name) ? this.text(v) : CREDENTIAL_HEADERS.has(name) ? redactCredential(v) : v === '' ? '' : REDACTED;
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

type SecretIndex = { forms: Map<string, string[]>; plain: Map<string, string[]>; starts: Uint8Array; longestPlain: number };

/** A form into its bucket, which stays longest first. */
function indexForm(index: SecretIndex, form: string): void {
  const key = form.slice(0, MIN_SECRET);
  const bucket = index.forms.get(key);
  if (!bucket) index.forms.set(key, [form]);
  else {
    const at = bucket.findIndex((f) => f.length < form.length);
    bucket.splice(at === -1 ? bucket.length : at, 0, form);
  }
  index.starts[pairAt(form, 0)] = 1;
}

function indexPlain(index: SecretIndex, secret: string): void {
  const key = secret.slice(0, MIN_PARTIAL);
  index.plain.set(key, [...(index.plain.get(key) ?? []), secret]);
  index.longestPlain = Math.max(index.longestPlain, secret.length);
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
