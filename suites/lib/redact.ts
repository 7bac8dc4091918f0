import type { RequestRecord, ResponseRecord } from './types.ts';

export const REDACTED = '[REDACTED]';

/** Header values that are credentials whatever their content. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-hook-signature']);

/** JSON fields whose values are secrets wherever they appear (keys, salts, passwords). */
const SECRET_FIELDS = /^(api_key|key|salt|password|secret|token|service_key|basic_auth_data)$/i;

/**
 * Removes secrets from text: every known secret value (the target's keys, and any secret seen
 * in a response during the run), plus the Base64 forms in which Basic auth carries a key.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined | null): void {
    if (!secret || secret.length < 6) return;
    this.secrets.add(secret);
    this.secrets.add(Buffer.from(`${secret}:`).toString('base64'));
    this.secrets.add(Buffer.from(secret).toString('base64'));
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

  text(value: string): string {
    let out = value;
    // Longest first, so a secret that contains another is replaced whole.
    for (const s of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
    return redactJsonFields(out);
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

/** Keeps the scheme of a credential header visible (it matters to auth failures), hides the rest. */
function redactCredential(value: string): string {
  const space = value.indexOf(' ');
  if (space > 0 && space < 20) return `${value.slice(0, space)} ${REDACTED}`;
  return value === '' ? '' : REDACTED;
}

/** `"api_key": "abc"` -> `"api_key": "[REDACTED]"` in any JSON text. */
function redactJsonFields(text: string): string {
  return text.replace(/("(?:api_key|key|salt|password|secret|token|service_key|basic_auth_data)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${REDACTED}"`);
}
