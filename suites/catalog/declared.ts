import type { AListPaging, DeclaredTarget, ResolvedTarget } from '../lib/types.ts';
import type { AOperation } from '../lib/target-types.ts';
import { REAL_SERVICE_PAGING } from '../lib/paging.ts';
import { A_CONVENTIONS, aEndpoint } from './a-endpoints.ts';
import { bEndpoint } from './b-endpoints.ts';
import { sameJson } from '../lib/answers.ts';


/**
 * What the target document declared that the checks then used, where it departs from the real
 * service's conventions (docs/interface-a.md, docs/interface-b.md), in the document's own words,
 * and the permissions it granted: the reports show it, so a reader sees what the verdicts rest on
 * (a route moved, a state renamed, a job given an hour to start). Undefined when it declared
 * nothing of the kind.
 */
export function declaredOf(target: ResolvedTarget): DeclaredTarget | undefined {
  const a: NonNullable<DeclaredTarget['interface_a']> = {};
  const operations: Record<string, string | null> = {};
  for (const [op, route] of Object.entries(target.interfaceA.operations) as [AOperation, (typeof target.interfaceA.operations)[AOperation]][]) {
    if (route === undefined) continue;
    const convention = aEndpoint(op);
    if (route === null) operations[op] = null;
    else if (route.method !== convention.method || route.path !== convention.path) operations[op] = `${route.method} ${route.path}`;
  }
  if (Object.keys(operations).length) a.operations = operations;
  const items = target.interfaceA.listItems;
  const listItems = {
    ...(items.pipelines !== undefined && items.pipelines !== A_CONVENTIONS.listItems.pipelines ? { pipelines: items.pipelines } : {}),
    ...(items.keys !== undefined && items.keys !== A_CONVENTIONS.listItems.keys ? { keys: items.keys } : {}),
  };
  if (Object.keys(listItems).length) a.list_items = listItems;
  const states = target.interfaceA.pipelineStates;
  if (states) {
    const same = (given: readonly string[] | undefined, convention: readonly string[]) => given === undefined || given.join('\n') === convention.join('\n');
    const conv = A_CONVENTIONS.pipelineStates;
    const declared = {
      ...(states.field !== undefined && states.field !== conv.field ? { field: states.field } : {}),
      ...(!same(states.deployed, conv.deployed) ? { deployed: states.deployed } : {}),
      ...(!same(states.notDeployed, conv.notDeployed) ? { not_deployed: states.notDeployed } : {}),
      ...(!same(states.archived, conv.archived) ? { archived: states.archived } : {}),
    };
    if (Object.keys(declared).length) a.pipeline_states = declared;
  }
  if (target.interfaceA.definitionFormat !== undefined && target.interfaceA.definitionFormat !== A_CONVENTIONS.definitionFormat) a.definition_format = target.interfaceA.definitionFormat;
  if (target.interfaceA.definitions.length) a.definitions = target.interfaceA.definitions.length;
  const listPaging = target.interfaceA.listPaging;
  if (listPaging && !sameJson(listPaging, A_CONVENTIONS.listPaging)) {
    a.list_paging = documentPaging(listPaging);
  }
  if (target.interfaceA.initialSyncMs !== undefined) a.initial_sync_seconds = target.interfaceA.initialSyncMs / 1000;

  const b: NonNullable<DeclaredTarget['interface_b']> = {};
  const paging = target.interfaceB.paging;
  if (paging) {
    const declared = {
      ...(paging.offset !== undefined && paging.offset !== REAL_SERVICE_PAGING.offset ? { offset: paging.offset } : {}),
      ...(paging.pageSize !== undefined && paging.pageSize !== REAL_SERVICE_PAGING.pageSize ? { page_size: paging.pageSize } : {}),
    };
    if (Object.keys(declared).length) b.paging = declared;
  }
  const extension = target.interfaceB.extensionPaging;
  if (extension) b.extension_paging = documentPaging(extension);
  const extensionItems = target.interfaceB.extensionListItems;
  if (extensionItems !== undefined && extensionItems !== '$') b.extension_list_items = extensionItems;
  if (target.interfaceB.jobStartMs !== undefined) b.job_start_seconds = target.interfaceB.jobStartMs / 1000;
  if (target.interfaceB.jobEndMs !== undefined) b.job_end_seconds = target.interfaceB.jobEndMs / 1000;
  if (target.interfaceB.replacedKeyMs !== undefined) b.replaced_key_seconds = target.interfaceB.replacedKeyMs / 1000;
  if (target.interfaceB.listLagMs !== undefined) b.list_lag_seconds = target.interfaceB.listLagMs / 1000;
  const salesforce = target.interfaceB.salesforceFieldsQuery;
  // The catalog's own query is the real service's: declaring it departs from nothing.
  if (salesforce !== undefined && JSON.stringify(salesforce) !== JSON.stringify(bEndpoint('GET /connections/{id}/salesforce/fields').query)) b.salesforce_fields_query = { ...salesforce };
  // Declared hooks replace the real service's words wholesale: always a departure. One is
  // shown as `hook`, as most documents give it; several as `hooks`.
  const hooks = (target.interfaceB.hooks ?? []).map((hook) => ({ type: hook.type, settings: structuredClone(hook.settings), events: [...hook.events] }));
  if (hooks.length === 1) b.hook = hooks[0];
  else if (hooks.length > 1) b.hooks = hooks;
  if (target.interfaceB.groupableConnectionTypes) b.groupable_connection_types = [...target.interfaceB.groupableConnectionTypes];
  if (target.interfaceB.extensionPaths) b.extension_paths = { ...target.interfaceB.extensionPaths };

  const out: DeclaredTarget = {
    ...(Object.keys(a).length ? { interface_a: a } : {}),
    ...(Object.keys(b).length ? { interface_b: b } : {}),
    ...(target.permissions.length ? { permissions: [...target.permissions] } : {}),
    ...(target.absentIds ? { absent_ids: { ...target.absentIds } } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/** A paging scheme in the target document's words. */
function documentPaging(paging: AListPaging): 'none' | { page: string; page_size: string } | { offset: string; limit: string } {
  return paging.by === 'none' ? 'none' : paging.by === 'page' ? { page: paging.page, page_size: paging.size } : { offset: paging.offset, limit: paging.limit };
}
