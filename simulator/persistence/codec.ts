/**
 * The simulator's state as JSON text and back: plain data (objects, arrays, strings, numbers,
 * booleans, null) plus `Map` and `Set`, which the store's collections use. A `Map` is written as
 * `{"$map": [[key, value], ...]}`, a `Set` as `{"$set": [...]}`.
 *
 * Clients store objects of their own choosing (a user's `notification_settings`, a pipeline's
 * definition), whose members may be named `$map` or `$set` too: read back as markers they came
 * back as a Map or a Set, or, malformed, made a whole record unreadable, so a restart dropped it
 * and every record after it. So every member name of stored data that starts with `$` is written
 * with one more `$` (`$map` as `$$map`, `$$x` as `$$$x`) and read back without it: a marker is
 * the one member of its object and starts with a single `$`, which no stored name written here
 * does. Files written before this escaping read the same unless a stored name starts with `$$`.
 */

const DOLLAR = 36;

export function encodeState(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map) return { $map: [...v.entries()] };
    if (v instanceof Set) return { $set: [...v] };
    if (isPlainObject(v) && Object.keys(v).some(startsWithDollar)) return renamed(v, (name) => (startsWithDollar(name) ? `$${name}` : name));
    return v;
  });
}

export function decodeState<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (!isPlainObject(v)) return v;
    const names = Object.keys(v);
    if (names.length === 1) {
      const { $map, $set } = v as { $map?: unknown; $set?: unknown };
      if (Array.isArray($map)) return new Map($map as [unknown, unknown][]);
      if (Array.isArray($set)) return new Set($set as unknown[]);
    }
    return names.some(isEscaped) ? renamed(v, (name) => (isEscaped(name) ? name.slice(1) : name)) : v;
  }) as T;
}

function startsWithDollar(name: string): boolean {
  return name.charCodeAt(0) === DOLLAR;
}

/** A stored name as written: `$` and a name that itself starts with `$`. */
function isEscaped(name: string): boolean {
  return name.charCodeAt(0) === DOLLAR && name.charCodeAt(1) === DOLLAR;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof Set);
}

/**
 * A copy of `object` with its members renamed, in their order. Defined, not assigned, so a member
 * named `__proto__` (JSON.parse makes it an own member) stays a member and never becomes the
 * copy's prototype.
 */
function renamed(object: Record<string, unknown>, rename: (name: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(object)) Object.defineProperty(out, rename(name), { value: object[name], enumerable: true, writable: true, configurable: true });
  return out;
}
