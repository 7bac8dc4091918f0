import type { ARoute, CheckContext, Exchange, InterfaceClient, RequestOptions } from '../lib/types.ts';
import type { AOperation } from '../lib/target-types.ts';
import { isObject, listItemsIn, routeMissing } from '../lib/answers.ts';
import { plainDefinition } from '../lib/arbitraries/definitions.ts';
import { documentBody } from '../lib/documents.ts';
import { A_CONVENTIONS, A_ENDPOINTS, aEndpoint } from './a-endpoints.ts';
import type { AEndpoint } from './types.ts';

/**
 * Interface A as this target serves it: the routes, list envelopes and state names of its target
 * document (`interface_a`), the real service's conventions (docs/interface-a.md) where the
 * document says nothing. Checks ask here for every route; none is spelled in a check.
 */

/** How `operation` is served: the document's route, null when it says "not served", else the convention. */
export function aRoute(t: Pick<CheckContext, 'target'>, operation: AOperation): ARoute | null {
  const described = t.target.interfaceA.operations[operation];
  if (described !== undefined) return described;
  const { method, path } = aEndpoint(operation);
  return { method, path };
}

/** The route of `operation`, or the end of the check (a skip) naming the document field that would enable it. */
export function routeOrSkip(t: CheckContext, operation: AOperation, purpose: string): ARoute {
  const route = aRoute(t, operation);
  if (route === null) t.skip(`the target document says this target does not serve ${operation} (interface_a.operations.${operation} is null), so ${purpose}`);
  return route;
}

/** The route's path with the id filled in. */
export function routePath(route: ARoute, id?: number | string): string {
  return id === undefined ? route.path : route.path.replace('{id}', String(id));
}

/**
 * Sends `operation` (for `id`, where it names one) with `client`, a key of the check's choosing,
 * along the route this target serves it on. A target whose document says it does not serve the
 * operation still gets the convention's route: the caller judges the answer.
 */
export function aSend(t: Pick<CheckContext, 'target'>, client: InterfaceClient, operation: AOperation, options?: RequestOptions): Promise<Exchange>;
export function aSend(t: Pick<CheckContext, 'target'>, client: InterfaceClient, operation: AOperation, id: number | string, options?: RequestOptions): Promise<Exchange>;
export function aSend(t: Pick<CheckContext, 'target'>, client: InterfaceClient, operation: AOperation, idOrOptions?: number | string | RequestOptions, maybeOptions?: RequestOptions): Promise<Exchange> {
  const id = typeof idOrOptions === 'number' || typeof idOrOptions === 'string' ? idOrOptions : undefined;
  const options = (id === undefined ? (idOrOptions as RequestOptions | undefined) : maybeOptions) ?? {};
  const route = aRoute(t, operation) ?? aEndpoint(operation);
  return client.request(route.method, routePath(route, id), options);
}

/**
 * Ends the check (a skip) when the answer shows the target does not serve `operation` at its
 * route: the reason names the route tried and the document field that would move it.
 */
export function skipUnlessServed(t: CheckContext, operation: AOperation, ex: Exchange, purpose: string): void {
  if (!routeMissing(ex)) return;
  const route = aRoute(t, operation);
  t.skip(`${operation} answered ${ex.response.status} at ${route ? `${route.method} ${route.path}` : 'no route'}, so ${purpose}; if this target serves it elsewhere, set interface_a.operations.${operation} ("METHOD /path") in the target document`);
}

/** Every operation that names one pipeline by id, in catalog order, as this target routes it (those it does not serve left out). */
export function pipelineOperations(t: Pick<CheckContext, 'target'>): (AEndpoint & { route: ARoute })[] {
  return A_ENDPOINTS.filter((e) => e.id === 'pipeline').flatMap((e) => {
    const route = aRoute(t, e.operation);
    return route ? [{ ...e, route }] : [];
  });
}

/** The path of an operation for any id text (absent ids, malformed ones). */
export function pathWithId(endpoint: { route: ARoute }, id: number | string): string {
  return routePath(endpoint.route, id);
}

/** A valid body of the kind `endpoint` takes: a definition named `base` in the target's format, a small merge patch, or none. */
export function validOptions(t: CheckContext, endpoint: AEndpoint, base: string): RequestOptions {
  switch (endpoint.body) {
    case 'definition':
      return documentBody(plainDefinition(t.name(base)), definitionFormat(t));
    case 'merge-patch':
      return { body: { description: `changed by ${base}` } };
    default:
      return {};
  }
}

/**
 * A body that parses in no format, of the kind `body` names: in the definition format's media
 * type, else JSON's. Nothing can be made or changed with it whatever the target makes of the key.
 */
export function malformedBody(t: Pick<CheckContext, 'target'>, body: 'definition' | 'merge-patch' | 'json', name: string): RequestOptions {
  if (body === 'definition' && definitionFormat(t) === 'yaml') return { body: `name: [${name}\nsource: {`, headers: { 'content-type': 'application/yaml' } };
  return { body: `{"name": "${name}", `, headers: { 'content-type': 'application/json' } };
}

/** The format this target takes definition documents in. */
export function definitionFormat(t: Pick<CheckContext, 'target'>): 'json' | 'yaml' {
  return t.target.interfaceA.definitionFormat ?? A_CONVENTIONS.definitionFormat;
}

/**
 * The items of a list answer, where the target document says they are (`interface_a.list_items`:
 * a member name or a dotted path, `$` for a bare array); undefined when they are not there.
 */
export function listItemsOf(t: Pick<CheckContext, 'target'>, kind: 'pipelines' | 'keys', body: unknown): unknown[] | undefined {
  return listItemsIn(body, t.target.interfaceA.listItems[kind] ?? A_CONVENTIONS.listItems[kind]);
}

export type SpecState = 'deployed' | 'not_deployed' | 'archived';

/**
 * A pipeline's state in the spec's words, from its metadata as the target writes it
 * (`interface_a.pipeline_states`): the target's own name, and which of the spec's three it
 * means (undefined when it names none of them: a state the spec does not know, A-GAP-2).
 */
export function pipelineState(t: Pick<CheckContext, 'target'>, body: unknown): { name?: string; spec?: SpecState; field: string } {
  const described = t.target.interfaceA.pipelineStates ?? {};
  const conventions = A_CONVENTIONS.pipelineStates;
  const field = described.field ?? conventions.field;
  const value = isObject(body) ? body[field] : undefined;
  const name = typeof value === 'string' ? value : undefined;
  if (name === undefined) return { field };
  const lists: [SpecState, readonly string[]][] = [
    ['deployed', described.deployed ?? conventions.deployed],
    ['not_deployed', described.notDeployed ?? conventions.notDeployed],
    ['archived', described.archived ?? conventions.archived],
  ];
  const spec = lists.find(([, names]) => names.includes(name))?.[0];
  return { name, field, ...(spec ? { spec } : {}) };
}
