import type { Conventions } from '../conventions.ts';
import { HOOK_EVENTS } from '../domains/hooks/events.ts';
import { REAL_SERVICE_HOOK_VOCABULARY, spokenSettings, type HookVocabulary } from '../domains/hooks/vocabulary.ts';
import { LIVE_HOOK_TYPES, type LiveHookType } from '../domains/hooks/types.ts';

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
      // How long a deployment's initial sync lasts: the spec says there is one, not for how long.
      initial_sync_seconds: a.initialSyncMs / 1000,
    },
    interface_b: {
      paging: { offset: b.paging.offset, page_size: b.paging.limit },
      // The other lists, where they page otherwise than the invoices (by page number).
      ...(b.extensionPaging === 'as-invoices' ? {} : { extension_paging: { page: b.extensionPaging.page, page_size: b.extensionPaging.pageSize } }),
      // Where those lists keep their items, where not as a bare array (alt's envelope).
      ...(b.extensionListItems === '$' ? {} : { extension_list_items: b.extensionListItems }),
      // The simulator submits a job as it creates it (it never answers idle): a few seconds are
      // the time a check's polls need, not the simulator's.
      job_start_seconds: 5,
      // How long a key replaced by POST /user/tokens may still work: none in standard (the very
      // next request refuses it); alt's linger (conventions.ts) declared as five times itself,
      // in whole seconds, as a vendor leaves room for a cache's timing.
      replaced_key_seconds: conventions.b.replacedKeyLingerMs === 0 ? 0 : Math.ceil((conventions.b.replacedKeyLingerMs * 5) / 1000),
      // The lists show a write at once (conventions.ts, declaresCurrentLists).
      ...(b.declaresCurrentLists ? { list_lag_seconds: 0 } : {}),
      // The query that names an object to GET /connections/{id}/salesforce/fields.
      salesforce_fields_query: { [b.salesforceObjectParameter]: 'Account' },
      // One hook of each type the simulator takes, in the conventions' words, each delivering
      // nowhere (web and slack to a host that never resolves, RFC 6761; mail to an address
      // there; a PagerDuty key of no account), with every event kind: a deployment's document
      // declares its own types, which the checks that make and reset hooks then cover all of. The
      // real service's words are what a run assumes of a document without any, so the standard
      // conventions leave them out: the standard run then proves the checks without declared
      // hooks, the alt run with them.
      ...(b.hooks === REAL_SERVICE_HOOK_VOCABULARY ? {} : { hooks: declaredHooks(b.hooks) }),
    },
    // Ids that start at 10^9 reach the range a run takes for absent ones by default: every id
    // below the first names nothing.
    ...(conventions.firstId > 1 ? { absent_ids: { min: 1_000, max: conventions.firstId - 1 } } : {}),
  };
}

/**
 * Settings of a hook of each live type that delivers nowhere, in the real service's keys. The web
 * and Slack URLs hold capitals in their path and query, as receivers' tokens do (Slack's
 * .../services/T0A1B2C3D/B4E5F6G7H/XyZ...), and the PagerDuty service's name capitals and a blank:
 * a run on declared hooks (the alt conventions') then shows a deployment that stores a URL
 * lowercased or a service's name as a slug.
 */
const NOWHERE_SETTINGS: Record<LiveHookType, Record<string, unknown>> = {
  web: { url: 'https://hooks.disco-conformance.invalid/declared/T0kenAbC9?route=Disco' },
  email: { emails: 'disco@hooks.disco-conformance.invalid' },
  slack: { url: 'https://hooks.disco-conformance.invalid/services/T0A1B2C3D/B4E5F6G7H/XyZaBcDeFgHiJkLmNoPqRsTu', channel: '#disco' },
  pagerduty: { service_key: 'disco-conformance-no-such-service', service_name: 'Disco Conformance' },
};

function declaredHooks(words: HookVocabulary): Record<string, unknown>[] {
  const events = HOOK_EVENTS.map((event) => words.events[event]);
  return LIVE_HOOK_TYPES.map((type) => ({ type: words.types[type], settings: spokenSettings(words, NOWHERE_SETTINGS[type]), events }));
}
