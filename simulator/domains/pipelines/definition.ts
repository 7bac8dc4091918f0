import type { FieldProblem } from '../../http/errors.ts';
import { fieldPath } from '../../http/field-path.ts';

/** What responses show instead of a secret; sending it back keeps the stored secret. */
export const REDACTED = '[REDACTED]';

/** Keys whose values are secrets, wherever they appear in a definition. */
const SECRET_KEYS = new Set(['password']);

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets an own property, even one named `__proto__`: bodies are data, never prototypes. Only that
 * key needs defineProperty (the one setter a plain object inherits); a plain assignment is several
 * times cheaper, and every read and write of a pipeline copies its definition key by key.
 */
export function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A copy with every secret replaced by the redaction marker. */
export function redact(value: Json): Json {
  if (Array.isArray(value)) return value.map(redact);
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) setOwn(out, key, SECRET_KEYS.has(key) && typeof child === 'string' ? REDACTED : redact(child));
  return out;
}

/**
 * Puts the stored secrets back where a new document carries the redaction marker (a client that
 * read a definition and sends it back, edited). A marker with no stored secret at the same place
 * is a 400 naming the field: the simulator never stores the marker as a password.
 */
export function restoreSecrets(next: Json, stored: Json): { value: Json; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const walk = (node: Json, old: Json, path: (string | number)[]): Json => {
    if (Array.isArray(node)) return node.map((child, i) => walk(child, Array.isArray(old) ? old[i] : undefined, [...path, i]));
    if (!isObject(node)) return node;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(node)) {
      const previous = isObject(old) && Object.hasOwn(old, key) ? old[key] : undefined;
      if (SECRET_KEYS.has(key) && child === REDACTED) {
        if (typeof previous === 'string') setOwn(out, key, previous);
        else {
          problems.push({ field: fieldPath([...path, key]), message: 'is the redaction marker, and there is no stored secret to keep: send the secret' });
          setOwn(out, key, child);
        }
      } else setOwn(out, key, walk(child, previous, [...path, key]));
    }
    return out;
  };
  return { value: walk(next, stored, []), problems };
}

/**
 * RFC 7396 JSON merge patch: objects merge key by key, `null` removes a key, anything else
 * replaces. Returns a new value; `target` is not modified.
 */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: Record<string, Json> = {};
  if (isObject(target)) for (const [key, value] of Object.entries(target)) setOwn(out, key, value);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else setOwn(out, key, mergePatch(Object.hasOwn(out, key) ? out[key] : undefined, value));
  }
  return out;
}

/** Whether two documents say the same thing (key order does not matter, array order does). */
export function sameDocument(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameDocument(item, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameDocument(a[key], b[key]));
  }
  return false;
}
