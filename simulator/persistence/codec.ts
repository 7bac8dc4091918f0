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
    // Most values are strings and numbers: they leave at once.
    if (v === null || typeof v !== 'object') return v;
    if (v instanceof Map) return { $map: [...v.entries()] };
    if (v instanceof Set) return { $set: [...v] };
    if (!Array.isArray(v) && hasDollarName(v as Record<string, unknown>)) return renamed(v as Record<string, unknown>, (name) => (startsWithDollar(name) ? `$${name}` : name));
    return v;
  });
}

export function decodeState<T>(text: string): T {
  return decodeParsed(JSON.parse(text)) as T;
}

/**
 * What `decodeState` makes of the text `JSON.parse` read as `value`: for a document already
 * parsed (a request body), so it is not written out and read again. Changes `value` in place.
 * A walk over the objects and arrays, children first as a reviver goes, but without a call for
 * every string and number: a reviver made reading a state 4 times slower than `JSON.parse`.
 */
export function decodeParsed(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeParsed(value[i]);
    return value;
  }
  const object = value as Record<string, unknown>;
  const names = Object.keys(object);
  let escaped = false;
  for (const name of names) {
    const member = object[name];
    const decoded = decodeParsed(member);
    // Defined, not assigned: a member named `__proto__` stays a member.
    if (decoded !== member) Object.defineProperty(object, name, { value: decoded, enumerable: true, writable: true, configurable: true });
    escaped ||= isEscaped(name);
  }
  if (names.length === 1) {
    const { $map, $set } = object as { $map?: unknown; $set?: unknown };
    if (Array.isArray($map)) return new Map($map as [unknown, unknown][]);
    if (Array.isArray($set)) return new Set($set as unknown[]);
  }
  return escaped ? renamed(object, (name) => (isEscaped(name) ? name.slice(1) : name)) : object;
}

function hasDollarName(object: Record<string, unknown>): boolean {
  for (const name in object) if (startsWithDollar(name) && Object.prototype.hasOwnProperty.call(object, name)) return true;
  return false;
}

function startsWithDollar(name: string): boolean {
  return name.charCodeAt(0) === DOLLAR;
}

/** A stored name as written: `$` and a name that itself starts with `$`. */
function isEscaped(name: string): boolean {
  return name.charCodeAt(0) === DOLLAR && name.charCodeAt(1) === DOLLAR;
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
