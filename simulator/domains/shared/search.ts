import { invalidField } from '../../http/errors.ts';
import { compareKeys, type Direction } from './list-order.ts';

/**
 * The real service's search (its API docs, sections/search-*.md): a query string of terms
 *
 *   attribute1:value1 attribute2:"some terms with spaces" date:>2016-01-01 date:<2016-01-02 -attribute2:value3 other text
 *
 * `:` is equal, `:>` greater than or equal, `:<` less than or equal (for numbers and dates);
 * a text attribute matches when its value contains the phrase, without regard to case; `-`
 * negates a text term (not a number or a date). Terms of one attribute with the same sign are
 * joined with OR, the rest with AND, as the docs say. Free text (words or quoted phrases given to
 * no attribute) matches an item where any of its free-text fields contains it; an item must match
 * one of them, and matching more ranks it higher ("ordered by relevance"). Plain rules, no HTTP.
 */

/** What an attribute searches in an item. */
export type SearchField<T> =
  /** Contains the phrase (without regard to case) in any of the values, or with `exact` equals one (a status, a type); negatable. */
  | { kind: 'text'; values: (item: T) => readonly (string | number | null | undefined)[]; exact?: boolean }
  /** A number: `:`, `:>`, `:<`. */
  | { kind: 'number'; value: (item: T) => number | null }
  /** A moment (epoch ms): `:` the same day (a date) or second (a date-time), `:>` from, `:<` until. */
  | { kind: 'date'; value: (item: T) => number | null };

export interface SearchSpec<T> {
  fields: Readonly<Record<string, SearchField<T>>>;
  /** The values free text looks in. */
  freeText: (item: T) => readonly (string | number | null | undefined)[];
}

export interface SearchTerm {
  /** null: free text. */
  attribute: string | null;
  negated: boolean;
  op: 'eq' | 'gte' | 'lte';
  value: string;
}

/**
 * At most this many bytes of query (UTF-8): the rest would only cost time, and a search's paging
 * links carry the query three times over, percent-encoded (at most 9 KB at this bound, inside
 * the 16 KB of headers an HTTP client reads; 1000 characters of emoji made 18 KB).
 */
const MAX_QUERY_BYTES = 1000;

const TERM = /(-?)([A-Za-z_]+):([<>]?)("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g;

/** Reads the query into terms; a term naming an attribute the resource does not have is a 422 naming `q`. */
export function parseSearchQuery<T>(q: string, spec: SearchSpec<T>): SearchTerm[] {
  if (Buffer.byteLength(q, 'utf8') > MAX_QUERY_BYTES) throw invalidField('q', `must be at most ${MAX_QUERY_BYTES} bytes (UTF-8)`);
  const terms: SearchTerm[] = [];
  for (const m of q.matchAll(TERM)) {
    const [, minus, attribute, sign, raw, quoted, freeQuoted, word] = m;
    if (attribute !== undefined) {
      const name = attribute.toLowerCase();
      const field = spec.fields[name];
      if (!field) throw invalidField('q', `searches ${attribute}, which is not one of ${Object.keys(spec.fields).join(', ')}`);
      const op = sign === '>' ? 'gte' : sign === '<' ? 'lte' : 'eq';
      const negated = minus === '-';
      if (field.kind === 'text' && op !== 'eq') throw invalidField('q', `compares ${attribute} with ${sign}, which only numbers and dates take`);
      if (field.kind !== 'text' && negated) throw invalidField('q', `negates ${attribute}, a ${field.kind}: only text can be negated`);
      const value = quoted ?? raw ?? '';
      if (field.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) throw invalidField('q', `compares ${attribute} with ${value}, which is not a number`);
      if (field.kind === 'date' && parseWhen(value) === null) throw invalidField('q', `compares ${attribute} with ${value}, which is not an ISO 8601 date or date-time`);
      terms.push({ attribute: name, negated, op, value });
    } else {
      const value = freeQuoted ?? word ?? '';
      if (value !== '') terms.push({ attribute: null, negated: false, op: 'eq', value });
    }
  }
  return terms;
}

/**
 * The items the terms find, in the order asked: by relevance (the best first; then the newest),
 * or by one of `sorts` in `direction`.
 */
export function searchItems<T extends { id: number }>(
  items: Iterable<T>,
  terms: readonly SearchTerm[],
  spec: SearchSpec<T>,
  order: { sort: string | null; direction: Direction; keys: Readonly<Record<string, (item: T) => number | string>> },
): T[] {
  const groups = new Map<string, SearchTerm[]>();
  const free: string[] = [];
  for (const term of terms) {
    if (term.attribute === null) free.push(term.value.toLowerCase());
    else {
      const key = `${term.negated ? '-' : ''}${term.attribute}`;
      groups.set(key, [...(groups.get(key) ?? []), term]);
    }
  }
  const found: { item: T; score: number }[] = [];
  for (const item of items) {
    let score = 0;
    let kept = true;
    for (const group of groups.values()) {
      // One attribute with one sign: any of its terms (OR); a negated one holds where its phrase is absent.
      const hits = group.filter((term) => matches(item, term, spec) !== term.negated);
      if (hits.length === 0) {
        kept = false;
        break;
      }
      score += hits.length;
    }
    if (!kept) continue;
    if (free.length > 0) {
      const haystack = spec.freeText(item).map((v) => (v === null || v === undefined ? '' : String(v).toLowerCase()));
      const matched = free.filter((word) => haystack.some((v) => v.includes(word))).length;
      if (matched === 0) continue;
      score += matched;
    }
    found.push({ item, score });
  }
  const key = order.sort === null ? undefined : order.keys[order.sort];
  const created = order.keys.created;
  const sign = order.direction === 'asc' ? 1 : -1;
  found.sort((a, b) =>
    key ? sign * (compareKeys(key(a.item), key(b.item)) || (created ? compareKeys(created(a.item), created(b.item)) : 0) || a.item.id - b.item.id) : b.score - a.score || (created ? compareKeys(created(b.item), created(a.item)) : 0) || b.item.id - a.item.id,
  );
  return found.map((f) => f.item);
}

function matches<T>(item: T, term: SearchTerm, spec: SearchSpec<T>): boolean {
  const field = spec.fields[term.attribute ?? ''];
  if (!field) return false;
  if (field.kind === 'text') {
    const phrase = term.value.toLowerCase();
    return field.values(item).some((v) => v !== null && v !== undefined && (field.exact ? String(v).toLowerCase() === phrase : String(v).toLowerCase().includes(phrase)));
  }
  if (field.kind === 'number') {
    const value = field.value(item);
    if (value === null) return false;
    const asked = Number(term.value);
    return term.op === 'eq' ? value === asked : term.op === 'gte' ? value >= asked : value <= asked;
  }
  const value = field.value(item);
  const when = parseWhen(term.value);
  if (value === null || when === null) return false;
  return term.op === 'eq' ? value >= when.from && value <= when.until : term.op === 'gte' ? value >= when.from : value <= when.until;
}

/** A date is its whole UTC day; a date-time its second. */
function parseWhen(value: string): { from: number; until: number } | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const from = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(from) ? { from, until: from + 86_400_000 - 1 } : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return null;
  const from = Math.floor(at / 1000) * 1000;
  return { from, until: from + 999 };
}
