import { isSecretField, REDACTED, Redactor } from '../suites/lib/redact.ts';

/**
 * Defence in depth: the runner already redacts what it records, but everything a reporter
 * writes passes through the target's secrets once more, value by value before rendering (so an
 * escaped form cannot hide a secret) and over the final text. A member named as a secret (a
 * declared hook's `service_key`) is hidden here, in the structure, so that the pass over the final
 * text finds nothing more to change in a certificate already hashed and signed.
 */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  return walk(value, redactor) as T;
}

function walk(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return redactor.text(value);
  if (Array.isArray(value)) return value.map((v) => walk(v, redactor));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactor.text(k)] = typeof v === 'string' && v !== '' && isSecretField(k) ? REDACTED : walk(v, redactor);
    return out;
  }
  return value;
}

export function reportRedactor(secrets: readonly string[]): Redactor {
  return new Redactor(secrets);
}
