import { stringsOf } from './answers.ts';

/**
 * Whether an error body names a field (A-ERR-2): the spec says the body names it, not how, so
 * every common spelling of a path into a document counts, anywhere in the body.
 */

// ---------------------------------------------------------------------------------------------
// Error bodies that name a field

/**
 * The ways a body may spell the path of a field: `source.tables[0]` (the simulator's),
 * `source.tables.0`, the JSON pointer `/source/tables/0` and `source/tables/0`.
 */
export function fieldSpellings(segments: readonly (string | number)[]): string[] {
  let dotted = '';
  for (const s of segments) dotted += typeof s === 'number' ? `[${s}]` : dotted === '' ? s : `.${s}`;
  const plain = segments.map(String);
  return [...new Set([dotted, plain.join('.'), `/${plain.join('/')}`, plain.join('/')])];
}

/** Whether the body names one of the paths, whole (`source.port` is not named by `port`). */
export function namesField(body: unknown, paths: readonly (readonly (string | number)[])[]): boolean {
  const texts = stringsOf(body);
  return paths.some((path) =>
    fieldSpellings(path).some((spelling) => texts.some((text) => containsToken(text, spelling))),
  );
}

/** `spelling` in `text`, not glued to a longer name (`name` is not in `rename`). */
function containsToken(text: string, spelling: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(spelling, from);
    if (at === -1) return false;
    const before = text[at - 1];
    const after = text[at + spelling.length];
    // A longer name around it (`rename`, `a.name`) is another field; a deeper path (`tables[1]`) is within it.
    const gluedBefore = before !== undefined && /[A-Za-z0-9_.\]]/.test(before);
    const gluedAfter = after !== undefined && /[A-Za-z0-9_]/.test(after);
    if (!gluedBefore && !gluedAfter) return true;
    from = at + 1;
  }
}
