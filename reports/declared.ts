import type { DeclaredTarget } from '../suites/lib/types.ts';

/** The declarations as `[field, value]` pairs, in the document's dotted names (for the reports that show them as text or properties). */
export function declaredEntries(declared: DeclaredTarget): [string, string][] {
  const entries: [string, string][] = [];
  const walk = (prefix: string, value: unknown): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner);
    } else if (Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object')) {
      // A list of records (interface_b.hooks): each by its index, as the document's validation names it.
      value.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    } else entries.push([prefix, value === null ? 'not served' : Array.isArray(value) ? value.join(', ') : String(value)]);
  };
  walk('', declared);
  return entries;
}

/** The declarations one per line, as `field: value`. */
export function declaredLines(declared: DeclaredTarget): string[] {
  return declaredEntries(declared).map(([field, value]) => `${field}: ${value}`);
}
