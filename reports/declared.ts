import type { DeclaredTarget } from '../suites/lib/types.ts';

/** The declarations as `[field, value]` pairs, in the document's dotted names (for the reports that show them as text or properties). */
export function declaredEntries(declared: DeclaredTarget): [string, string][] {
  const entries: [string, string][] = [];
  const walk = (prefix: string, value: unknown): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner);
    } else entries.push([prefix, value === null ? 'not served' : Array.isArray(value) ? value.join(', ') : String(value)]);
  };
  walk('', declared);
  return entries;
}

/** The declarations one per line, as `field: value`. */
export function declaredLines(declared: DeclaredTarget): string[] {
  return declaredEntries(declared).map(([field, value]) => `${field}: ${value}`);
}
