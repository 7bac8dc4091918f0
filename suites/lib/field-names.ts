import { stringsOf } from './answers.ts';

/**
 * Whether an error body names a field (A-ERR-2): the spec says the body names it, not how, so
 * every common spelling of a path into a document counts, anywhere in the body.
 */

// ---------------------------------------------------------------------------------------------
// Error bodies that name a field

/**
 * The ways a body may spell the path of a field: `source.tables[0]` (the simulator's),
 * `source.tables.0`, the JSON pointer `/source/tables/0`, `source/tables/0`, and JSONPath as
 * validators write it, `$.source.tables[0]` and RFC 9535's normalized `$['source']['tables'][0]`
 * (with double quotes too). The `$.` form is listed whole because the dot before the name would
 * otherwise read as a longer name around it.
 */
export function fieldSpellings(segments: readonly (string | number)[]): string[] {
  let dotted = '';
  for (const s of segments) dotted += typeof s === 'number' ? `[${s}]` : dotted === '' ? s : `.${s}`;
  const plain = segments.map(String);
  const bracketed = (quote: string): string => `$${segments.map((s) => (typeof s === 'number' ? `[${s}]` : `[${quote}${s}${quote}]`)).join('')}`;
  return [...new Set([dotted, plain.join('.'), `/${plain.join('/')}`, plain.join('/'), `$.${dotted}`, bracketed("'"), bracketed('"')])];
}

/**
 * Whether the body names one of the paths, whole (`source.port` is not named by `port`): in a
 * text, spelt as `fieldSpellings` does, or as a list of its segments (`"loc": ["source",
 * "connection", "port"]`, as pydantic and FastAPI write it, where the list may begin with where
 * the field was, `["body", ...]`).
 */
export function namesField(body: unknown, paths: readonly (readonly (string | number)[])[]): boolean {
  const texts = stringsOf(body);
  const lists = segmentListsOf(body);
  return paths.some(
    (path) => fieldSpellings(path).some((spelling) => texts.some((text) => containsToken(text, spelling))) || lists.some((list) => endsWithPath(list, path)),
  );
}

/** Every array in `value`, at any depth, whose items are all strings or numbers. */
function segmentListsOf(value: unknown, out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === 'string' || typeof v === 'number')) out.push(value as (string | number)[]);
    else for (const v of value) segmentListsOf(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) segmentListsOf(v, out);
  }
  return out;
}

/** Whether `list` ends with the segments of `path` (a number and its digits alike). */
function endsWithPath(list: readonly (string | number)[], path: readonly (string | number)[]): boolean {
  if (list.length < path.length) return false;
  const tail = list.slice(list.length - path.length);
  return tail.every((segment, i) => String(segment) === String(path[i]));
}

/** `spelling` in `text`, not glued to a longer name (`name` is not in `rename`). */
function containsToken(text: string, spelling: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(spelling, from);
    if (at === -1) return false;
    const before = text[at - 1];
    const after = text[at + spelling.length];
    // A longer name around it (`rename`, `a.name`, `$['a']['name']`) is another field; a deeper path (`tables[1]`) is within it.
    const gluedBefore = (before !== undefined && /[A-Za-z0-9_.\]]/.test(before)) || /\]\[['"]$/.test(text.slice(Math.max(0, at - 3), at));
    const gluedAfter = after !== undefined && /[A-Za-z0-9_]/.test(after);
    if (!gluedBefore && !gluedAfter) return true;
    from = at + 1;
  }
}

/**
 * The item of a list the body names instead of the failing one(s) (`source.tables[2]` for a bad
 * `source.tables[1]`: an index counted from 1), or undefined. `items`: the paths of the list's
 * items that count as the field (the bad item; for a repeat, the repeat and the item it repeats);
 * none when the field is no list item. A body that names one of them, or no item of the list, is
 * not held here (naming the list itself is naming the field, as `namesField` has it).
 */
export function namesAnotherItem(body: unknown, items: readonly (readonly (string | number)[])[]): (string | number)[] | undefined {
  const [first] = items;
  if (first === undefined || namesField(body, items)) return undefined;
  const list = first.slice(0, -1);
  const accepted = new Set(items.map((p) => p.at(-1)));
  // Past the last accepted index by a few: a list of the check's is short, an off-by-one close.
  const last = Math.max(...[...accepted].map(Number));
  for (let index = 0; index <= last + 2; index++) {
    if (accepted.has(index)) continue;
    const other = [...list, index];
    if (namesField(body, [other])) return other;
  }
  return undefined;
}
