/**
 * Names a place in a document the way error bodies do: `source.tables[0]`. Keys that are not
 * plain identifiers are bracketed and quoted (`settings["a.b"]`), so every path reads back to
 * exactly one place, whatever the key.
 */
export function fieldPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? 'body' : out;
}

/**
 * Reads a path `fieldPath` wrote back into its segments (`body` is the whole document): the
 * inverse of `fieldPath`, so a renderer can spell the same place another way.
 */
export function fieldSegments(path: string): (string | number)[] {
  if (path === 'body') return [];
  const segments: (string | number)[] = [];
  const token = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([A-Za-z_][A-Za-z0-9_]*)/y;
  let at = 0;
  while (at < path.length) {
    token.lastIndex = at;
    const match = token.exec(path);
    // Not a path fieldPath writes (a problem named by hand): kept whole as one key.
    if (match === null) return [path];
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else if (match[2] !== undefined) segments.push(JSON.parse(match[2]) as string);
    else segments.push(match[3] as string);
    at = token.lastIndex;
  }
  return segments;
}

/**
 * The RFC 9535 normalized path of a place: `$['source']['tables'][0]`, `$` for the whole
 * document (the spelling another deployment's validator gives, see `Conventions.a.fieldPaths`).
 */
export function normalizedJsonPath(segments: readonly (string | number)[]): string {
  // RFC 9535 2.7: a quote and a backslash escaped, control characters as \b \t \n \f \r or \u00xx.
  const short: Record<string, string> = { '\b': 'b', '\t': 't', '\n': 'n', '\f': 'f', '\r': 'r' };
  const escape = (key: string): string =>
    key.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\u0000-\u001f]/g, (c) => `\\${short[c] ?? `u${c.charCodeAt(0).toString(16).padStart(4, '0')}`}`);
  return `$${segments.map((s) => (typeof s === 'number' ? `[${s}]` : `['${escape(s)}']`)).join('')}`;
}

/**
 * Splits an RFC 6901 JSON pointer (as ajv reports `instancePath`) into segments, reading the
 * document to tell array indexes from object keys that happen to be digits.
 */
export function pointerSegments(pointer: string, document: unknown): (string | number)[] {
  if (pointer === '') return [];
  const segments: (string | number)[] = [];
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key)) {
      const index = Number(key);
      segments.push(index);
      node = node[index];
    } else {
      segments.push(key);
      node = typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return segments;
}
