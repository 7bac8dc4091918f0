/**
 * What the real service's older clients send instead of JSON (lenient profile only): Rails-style
 * bracketed names, `cluster[nodes]=2&job[variables][day]=x`, as a form body (the API docs' curl
 * examples, the old Python client) or as the query string of a POST without a body (the Ruby
 * client). Values arrive as text; an integer-looking value becomes a number and `true`/`false`
 * a boolean, as the real service's parameter parsing does for typed fields.
 */
export function bracketedObject(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, raw] of pairs) {
    const keys = bracketKeys(name);
    if (!keys) continue;
    let node = root;
    for (const [i, key] of keys.entries()) {
      if (i === keys.length - 1) {
        node[key] = coerce(raw);
        break;
      }
      const next = node[key];
      node = next !== null && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : (node[key] = {});
    }
  }
  return root;
}

/** `a[b][c]` as ['a', 'b', 'c']; null for a name that is not of that form (or tries a prototype key). */
function bracketKeys(name: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return null;
  const keys = [match[1] ?? '', ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
  if (keys.some((k) => k === '' || k === '__proto__' || k === 'constructor' || k === 'prototype') || keys.length > 8) return null;
  return keys;
}

function coerce(value: string): unknown {
  if (/^-?(0|[1-9]\d{0,14})$/.test(value)) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Whether a query string carries bracketed body fields (`cluster[name]=...`), as the Ruby client's POSTs do. */
export function hasBracketedFields(query: Record<string, unknown>): boolean {
  return Object.keys(query).some((k) => k.includes('['));
}
