import { routeOf } from './target-types.ts';

/**
 * Interface B's extensions (the real service's operations beyond the spec: `GET /user`,
 * `GET /jobs/{id}`, ...) at the paths a deployment serves them, where its target document moves
 * them (`interface_b.extension_paths`: the catalog's `METHOD /path` of an extension to the
 * deployment's path). The interface B client of a check rewrites what it sends, so every check
 * follows the move without spelling paths of its own. A move names its method: `PUT /user` is
 * the spec's, on the same path as `GET /user`. Templates name `{id}` and `{type}`.
 */

const PLACEHOLDER = /\{(id|type)\}/g;

/** A path template as a pattern matching a concrete path (its placeholders one segment each). */
function patternOf(template: string): RegExp {
  const parts = template.split(PLACEHOLDER);
  // split with a capture group alternates literal text and placeholder names.
  const source = parts.map((part, i) => (i % 2 === 1 ? `(?<${part}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}/?$`);
}

/** The placeholders a template names, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/**
 * A function moving a request's concrete path (with its query, if any) to where `moves` says;
 * requests no move's method and template match stay as they are.
 */
export function pathMover(moves: Readonly<Record<string, string>>): (method: string, path: string) => string {
  const compiled = Object.entries(moves).flatMap(([from, to]) => {
    const route = routeOf(from);
    return route ? [{ method: route.method, pattern: patternOf(route.path), to }] : [];
  });
  return (method, path) => {
    const cut = path.indexOf('?');
    const bare = cut === -1 ? path : path.slice(0, cut);
    for (const { method: from, pattern, to } of compiled) {
      if (from !== method.toUpperCase()) continue;
      const match = pattern.exec(bare);
      if (!match) continue;
      const moved = to.replace(PLACEHOLDER, (_m, name: string) => match.groups?.[name] ?? '');
      return cut === -1 ? moved : `${moved}${path.slice(cut)}`;
    }
    return path;
  };
}
