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
