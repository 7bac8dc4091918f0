import type { DeclaredTarget } from '../suites/lib/types.ts';

/** The declarations one per line, as `field: value` in the document's dotted names (for the human-readable reports). */
export function declaredLines(declared: DeclaredTarget): string[] {
  const lines: string[] = [];
  const walk = (prefix: string, value: unknown): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner);
    } else lines.push(`${prefix}: ${value === null ? 'not served' : Array.isArray(value) ? value.join(', ') : String(value)}`);
  };
  walk('', declared);
  return lines;
}
