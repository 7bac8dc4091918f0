/**
 * Path patterns of the control API (chaos rules, journal filters): `*` within one segment, `**`
 * across segments, otherwise the path itself. A pattern is about a route, so it matches every
 * spelling of a path the routers take to that route: letter case as the routers match their
 * literal segments, and the path as `routedPath` resolves it.
 */
export function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'i');
}

/**
 * Whether `path`, as sent or as the routers resolve it, matches `pattern` (from `pathPattern`).
 * `asShown` is how the caller shows a path (the journal's with keys redacted): a pattern matches
 * only what a reader of the journal could see, so it cannot probe a key sent in a path.
 */
export function matchesPath(pattern: RegExp, path: string, asShown: (path: string) => string = (p) => p): boolean {
  return pattern.test(asShown(path)) || pattern.test(asShown(routedPath(path)));
}

/**
 * The path as the routers resolve it: each segment percent-decoded (`/packages/%31` is package 1),
 * a trailing slash dropped (the routers are not strict).
 */
export function routedPath(path: string): string {
  const decoded = path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}
