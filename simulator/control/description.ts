import type { Conventions } from '../conventions.ts';
import { HOOK_EVENTS } from '../domains/hooks/events.ts';
import { REAL_SERVICE_HOOK_VOCABULARY, spokenSettings } from '../domains/hooks/vocabulary.ts';

/**
 * How the simulator describes its own conventions in the words of a target document (the
 * `interface_a` and `interface_b` sections `disco check --target` reads): what a vendor writes
 * by hand for its deployment. `GET /_disco/target-description` answers it, so provisioning
 * never needs to know which conventions the simulator runs with.
 */
export function targetDescription(conventions: Conventions): Record<string, unknown> {
  const { a, b } = conventions;
  const path = (p: string) => p.replace(':id', '{id}');
  const { names } = a.state;
  return {
    interface_a: {
      operations: {
        'pipelines.list': 'GET /pipelines',
        'pipelines.create': 'POST /pipelines',
        'pipelines.validate': `POST ${path(a.paths.validate)}`,
        'pipelines.read': 'GET /pipelines/{id}',
        'pipelines.definition': 'GET /pipelines/{id}/definition',
        'pipelines.replace': 'PUT /pipelines/{id}',
        'pipelines.update': 'PATCH /pipelines/{id}',
        'pipelines.start': `POST ${path(a.paths.start)}`,
        'pipelines.stop': `POST ${path(a.paths.stop)}`,
        'pipelines.archive': 'DELETE /pipelines/{id}',
        'keys.list': `GET ${path(a.paths.keys)}`,
        'keys.create': `POST ${path(a.paths.keys)}`,
        'keys.read': `GET ${path(a.paths.key)}`,
        'keys.revoke': `${a.paths.revoke.method} ${path(a.paths.revoke.path)}`,
      },
      list_items: { pipelines: a.listItems, keys: a.listItems },
      pipeline_states: { field: a.state.field, deployed: [names.initial_sync, names.continuous_sync], not_deployed: [names.not_deployed], archived: [names.archived] },
      definition_format: 'json',
    },
    interface_b: {
      paging: { offset: b.paging.offset, page_size: b.paging.limit },
      // The simulator submits a job as it creates it (it never answers idle): a few seconds are
      // the time a check's polls need, not the simulator's.
      job_start_seconds: 5,
      // How long a key replaced by POST /user/tokens may still work: none in standard (the very
      // next request refuses it); alt's linger (conventions.ts) declared as five times itself,
      // in whole seconds, as a vendor leaves room for a cache's timing.
      replaced_key_seconds: conventions.b.replacedKeyLingerMs === 0 ? 0 : Math.ceil((conventions.b.replacedKeyLingerMs * 5) / 1000),
      // The query that names an object to GET /connections/{id}/salesforce/fields.
      salesforce_fields_query: { [b.salesforceObjectParameter]: 'Account' },
      // A hook in the conventions' words: a web hook to a host that never resolves (RFC 6761),
      // and every event kind. The real service's words are what a run assumes of a document
      // without one, so the standard conventions leave it out: the standard run then proves the
      // checks without a declared hook, the alt run with one.
      ...(b.hooks === REAL_SERVICE_HOOK_VOCABULARY
        ? {}
        : { hook: { type: b.hooks.types.web, settings: spokenSettings(b.hooks, { url: 'https://hooks.disco-conformance.invalid/declared?route=disco' }), events: HOOK_EVENTS.map((event) => b.hooks.events[event]) } }),
    },
    // Ids that start at 10^9 reach the range a run takes for absent ones by default: every id
    // below the first names nothing.
    ...(conventions.firstId > 1 ? { absent_ids: { min: 1_000, max: conventions.firstId - 1 } } : {}),
  };
}
