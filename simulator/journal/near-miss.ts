/**
 * WireMock's "near miss" for the simulator's own endpoints: why a journaled request got a 404 or
 * a 405. A client developer reading `404 GET /acme/api/package/5` cannot tell a misspelt path from
 * an id that is not there; both answers are the interface's one not-found object, as the spec
 * wants. The journal (read on loopback by the developer, never part of an answer) can tell them
 * apart, so it says which, and for a path no endpoint serves, which endpoints it most nearly names.
 *
 * Worked out when an entry is shown, never on the request path. Paths match as the routers match
 * them: literal segments without regard to case, a trailing slash optional, `{name}` one
 * non-empty segment.
 */

export interface Endpoint {
  /** Upper case. */
  method: string;
  /** A template: `/{account}/api/packages/{id}`. */
  path: string;
}

/** An endpoint's distance from the request beyond which it is not offered as meant. */
const FARTHEST = 1.5;
/** Endpoints this much farther than the nearest are offered beside it. */
const TIE = 0.1;
/** A method other than the one sent: cheaper than a segment, so the right path comes first. */
const OTHER_METHOD = 0.5;
const MOST_OFFERED = 3;
/**
 * Bounds on the work for one entry: a request path may be 16 KB of junk (the journal keeps what
 * was sent), and comparing it character by character with every endpoint would take seconds.
 * No endpoint has a literal segment this long or this many segments, so nothing is lost.
 */
const LONGEST_COMPARED_SEGMENT = 40;
const MOST_COMPARED_SEGMENTS = 16;
/** How much of a request path a hint repeats. */
const SHOWN_PATH = 200;

/** What the journal says about a 404 or 405 (undefined for other statuses). */
export function nearMissHint(status: number, method: string, path: string, endpoints: readonly Endpoint[]): string | undefined {
  if (status !== 404 && status !== 405) return undefined;
  const request = segments(path);
  const asked = servedAs(method);
  const sameMethod = endpoints.find((e) => e.method === asked && matches(request, segments(e.path)));
  if (sameMethod) {
    return status === 404 ? `${show(sameMethod)} is an endpoint: the 404 is about what the path names (an id that is not there, or not the caller's, or an unknown account)` : undefined;
  }
  const atPath = endpoints.filter((e) => matches(request, segments(e.path)));
  if (atPath.length) return `${method.toUpperCase()} is not a method of ${atPath[0]!.path} (it takes ${atPath.map((e) => e.method).join(', ')})`;
  const nearest = nearestEndpoints(asked, path, endpoints);
  // The entry has the path whole: the hint names at most its start.
  const shownPath = path.length > SHOWN_PATH ? `${path.slice(0, SHOWN_PATH)}…` : path;
  const what = `no endpoint is ${method.toUpperCase().slice(0, 20)} ${shownPath}`;
  return nearest.length ? `${what}; nearest: ${nearest.map(show).join(', ')}` : `${what}, nor anything near it (GET /_disco/openapi.json lists every endpoint)`;
}

/** The endpoints the request most nearly names, nearest first; none when all are far. */
export function nearestEndpoints(method: string, path: string, endpoints: readonly Endpoint[]): Endpoint[] {
  const request = segments(path);
  if (request.length > MOST_COMPARED_SEGMENTS) return [];
  const scored = endpoints
    .map((e) => ({ e, d: distance(request, segments(e.path)) + (e.method === servedAs(method) ? 0 : OTHER_METHOD) }))
    .filter(({ d }) => d <= FARTHEST)
    .sort((x, y) => x.d - y.d);
  const best = scored[0]?.d;
  return best === undefined ? [] : scored.filter(({ d }) => d <= best + TIE).slice(0, MOST_OFFERED).map(({ e }) => e);
}

/** The routers answer HEAD wherever they answer GET. */
function servedAs(method: string): string {
  const upper = method.toUpperCase();
  return upper === 'HEAD' ? 'GET' : upper;
}

function show(e: Endpoint): string {
  return `${e.method} ${e.path}`;
}

function segments(path: string): string[] {
  return path.split('/').filter((s, i, all) => !(s === '' && (i === 0 || i === all.length - 1)));
}

function isPlaceholder(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function matches(request: readonly string[], template: readonly string[]): boolean {
  return request.length === template.length && template.every((t, i) => segmentCost(request[i]!, t) === 0);
}

/** 0 for a segment the template takes; otherwise how far apart two literals are, from 0 to 1. */
function segmentCost(sent: string, template: string): number {
  if (isPlaceholder(template)) return sent === '' ? 1 : 0;
  const a = sent.toLowerCase();
  const b = template.toLowerCase();
  if (a === b) return 0;
  if (a.length > LONGEST_COMPARED_SEGMENT || b.length > LONGEST_COMPARED_SEGMENT) return 1;
  return editDistance(a, b) / Math.max(a.length, b.length);
}

/** Segments inserted or left out cost 1 each; a segment in place of another costs segmentCost. */
function distance(request: readonly string[], template: readonly string[]): number {
  let previous = Array.from({ length: template.length + 1 }, (_, j) => j);
  for (let i = 1; i <= request.length; i++) {
    const row = [i];
    for (let j = 1; j <= template.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + segmentCost(request[i - 1]!, template[j - 1]!));
    }
    previous = row;
  }
  return previous[template.length]!;
}

/** Levenshtein distance of two short strings (path segments). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}
