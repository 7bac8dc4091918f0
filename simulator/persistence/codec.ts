/**
 * The simulator's state as JSON text and back: plain data (objects, arrays, strings, numbers,
 * booleans, null) plus `Map` and `Set`, which the store's collections use. A `Map` is written as
 * `{"$map": [[key, value], ...]}`, a `Set` as `{"$set": [...]}`; no record of the simulator has a
 * member named `$map` or `$set`.
 */

export function encodeState(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { $map: [...v.entries()] } : v instanceof Set ? { $set: [...v] } : v));
}

export function decodeState<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1) {
      const { $map, $set } = v as { $map?: unknown; $set?: unknown };
      if (Array.isArray($map)) return new Map($map as [unknown, unknown][]);
      if (Array.isArray($set)) return new Set($set as unknown[]);
    }
    return v;
  }) as T;
}
