import { inactiveHookBody } from '../lib/factories/hooks.ts';
import { jobBodyFrom } from '../lib/factories/jobs.ts';
import { sshKeyBody } from '../lib/factories/ssh-keys.ts';
import { disabledScheduleBody } from '../lib/factories/schedules.ts';
import { untitledPackageBody } from '../lib/factories/packages.ts';
import { invitedMemberBody } from '../lib/factories/members.ts';
import { NEW_CONNECTION_TYPE, unreachableConnectionBody, unreachableCurlBody } from '../lib/factories/new-connections.ts';
import { smallClusterBody } from '../lib/factories/clusters.ts';
import { weeklyDeliveryBody } from '../lib/factories/deliveries.ts';
import type { BEndpoint, ResourceKind } from './types.ts';

/**
 * Every endpoint of interface B that the suites know: the spec's table (section 4B) and the
 * extensions of the real service that docs/interface-b.md documents. One entry per endpoint, in
 * the docs' order; `test/catalog.test.ts` fails when the docs list an endpoint this catalog
 * lacks, or this catalog names one the simulator does not serve.
 */
/** The real service's search (`GET /{collection}/search`) needs `q`: one every resource has, matching everything. */
const SEARCH_EVERYTHING = { q: 'id:>0' } as const;
/** The real docs' `force_fetch` of the connector metadata reads: fetched from the source again rather than a cache. */
const FORCE_FETCH = { force_fetch: 'true' } as const;

export const B_ENDPOINTS: readonly BEndpoint[] = [
  // Packages
  { key: 'GET /packages', method: 'GET', path: '/packages', source: 'extension', effect: 'read', answer: { schema: 'package', list: true, paged: true } },
  { key: 'GET /packages/search', method: 'GET', path: '/packages/search', source: 'extension', effect: 'read', query: SEARCH_EVERYTHING, answer: { schema: 'package', list: true, paged: true } },
  { key: 'GET /packages/templates', method: 'GET', path: '/packages/templates', source: 'extension', effect: 'read', answer: { schema: 'simulator/package-template', list: true } },
  // A package made can only be archived, never removed, and a PUT leaves a revision behind: on a
  // real deployment neither can be undone, so the families send them only where they must be refused.
  {
    key: 'POST /packages',
    method: 'POST',
    path: '/packages',
    source: 'extension',
    effect: 'destructive',
    answer: { schema: 'package' },
    body: (c) => untitledPackageBody(c.name('package')),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['description'], kind: 'string' },
      { path: ['variables'], kind: 'string-map' },
    ],
    creates: 'package',
    touches: ['packages'],
  },
  { key: 'PUT /packages/{id}', method: 'PUT', path: '/packages/{id}', source: 'extension', id: { kind: 'package' }, effect: 'destructive', answer: { schema: 'package' }, body: () => ({ description: 'changed by disco' }), fields: [{ path: ['description'], kind: 'string' }], touches: ['package'] },
  { key: 'DELETE /packages/{id}', method: 'DELETE', path: '/packages/{id}', source: 'extension', id: { kind: 'package' }, effect: 'destructive', answer: { schema: 'package' }, touches: ['package'] },
  { key: 'GET /packages/{id}/export', method: 'GET', path: '/packages/{id}/export', source: 'extension', id: { kind: 'package' }, effect: 'read', answer: { schema: 'simulator/package-export' } },
  // A validation leaves a record in the package's validation list and changes nothing else: harmless to repeat.
  { key: 'POST /packages/{id}/validations', method: 'POST', path: '/packages/{id}/validations', source: 'extension', id: { kind: 'package' }, effect: 'write', answer: { schema: 'simulator/package-validation' }, touches: ['packageValidations'] },
  { key: 'POST /packages/{id}/validate', method: 'POST', path: '/packages/{id}/validate', source: 'extension', id: { kind: 'package' }, effect: 'write', answer: { schema: 'simulator/package-validation' }, touches: ['packageValidations'] },
  { key: 'GET /packages/{id}/validations', method: 'GET', path: '/packages/{id}/validations', source: 'extension', id: { kind: 'package' }, effect: 'read', answer: { schema: 'simulator/package-validation', list: true, paged: true } },
  { key: 'GET /packages/{id}', method: 'GET', path: '/packages/{id}', source: 'spec', clause: 'B-PKG-1', id: { kind: 'package' }, effect: 'read', answer: { schema: 'package' } },
  // Clusters
  { key: 'GET /clusters', method: 'GET', path: '/clusters', source: 'extension', effect: 'read', answer: { schema: 'simulator/cluster', list: true, paged: true } },
  { key: 'GET /clusters/search', method: 'GET', path: '/clusters/search', source: 'extension', effect: 'read', query: SEARCH_EVERYTHING, answer: { schema: 'simulator/cluster', list: true, paged: true } },
  { key: 'GET /clusters/{id}', method: 'GET', path: '/clusters/{id}', source: 'extension', id: { kind: 'cluster' }, effect: 'read', answer: { schema: 'simulator/cluster' } },
  // Jobs
  {
    key: 'POST /jobs',
    method: 'POST',
    path: '/jobs',
    source: 'spec',
    clause: 'B-JOB-1',
    bodyIds: [
      { field: 'cluster_id', kind: 'cluster' },
      { field: 'package_id', kind: 'package' },
    ],
    effect: 'write',
    answer: { schema: 'job' },
    // No dynamic variable: the spec gives their expressions no language (B-JOB-1 tries the real service's).
    body: (c) => jobBodyFrom(c.fixtures, { run_date: '2026-01-01' }, {}),
    fields: [
      { path: ['cluster_id'], kind: 'integer' },
      { path: ['package_id'], kind: 'integer' },
      { path: ['variables'], kind: 'string-map' },
      { path: ['dynamic_variables'], kind: 'string-map' },
    ],
    creates: 'job',
    touches: ['jobs'],
  },
  { key: 'GET /jobs', method: 'GET', path: '/jobs', source: 'extension', effect: 'read', answer: { schema: 'job', list: true, paged: true } },
  { key: 'GET /jobs/search', method: 'GET', path: '/jobs/search', source: 'extension', effect: 'read', query: SEARCH_EVERYTHING, answer: { schema: 'job', list: true, paged: true } },
  { key: 'GET /jobs/{id}', method: 'GET', path: '/jobs/{id}', source: 'extension', id: { kind: 'job' }, documentedQuery: { include: 'log_summary' }, effect: 'read', answer: { schema: 'job' } },
  { key: 'GET /jobs/{id}/variables', method: 'GET', path: '/jobs/{id}/variables', source: 'extension', id: { kind: 'job' }, effect: 'read', answer: { schema: 'simulator/job-variables' } },
  { key: 'GET /jobs/{id}/log', method: 'GET', path: '/jobs/{id}/log', source: 'extension', id: { kind: 'job' }, effect: 'read', answer: { schema: 'simulator/job-log' } },
  { key: 'DELETE /jobs/{id}', method: 'DELETE', path: '/jobs/{id}', source: 'extension', id: { kind: 'job' }, effect: 'write', answer: { schema: 'job' }, touches: ['jobStop'] },
  {
    key: 'POST /jobs/{id}/watchers',
    method: 'POST',
    path: '/jobs/{id}/watchers',
    source: 'spec',
    clause: 'B-JOB-5',
    id: { kind: 'job' },
    effect: 'write',
    answer: {},
    touches: ['watchers'],
    clearFirst: { method: 'DELETE', path: '/jobs/{id}/watchers', what: 'the caller created the job and may watch it already' },
  },
  { key: 'GET /jobs/{id}/watchers', method: 'GET', path: '/jobs/{id}/watchers', source: 'extension', id: { kind: 'job' }, effect: 'read', answer: { schema: 'simulator/watcher', list: true, paged: true } },
  // The user, its API key and SSH keys
  { key: 'GET /user', method: 'GET', path: '/user', source: 'extension', effect: 'read', answer: { schema: 'user' } },
  {
    key: 'PUT /user',
    method: 'PUT',
    path: '/user',
    source: 'spec',
    clause: 'B-USER-1',
    effect: 'write',
    answer: { schema: 'user' },
    body: (c) => ({ location: c.name('location') }),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['email'], kind: 'string' },
      { path: ['time_zone'], kind: 'string' },
      { path: ['location'], kind: 'string' },
      { path: ['notification_settings'], kind: 'object' },
    ],
    touches: ['user'],
  },
  // Destructive: the key the run authenticates with is dead afterwards (b-auth/regenerated-key-replaces-old).
  { key: 'POST /user/tokens', method: 'POST', path: '/user/tokens', source: 'spec', clause: 'B-AUTH-2', effect: 'destructive', answer: { schema: 'user' } },
  {
    key: 'POST /user/keys',
    method: 'POST',
    path: '/user/keys',
    source: 'spec',
    clause: 'B-KEY-1',
    effect: 'write',
    answer: { schema: 'ssh-key' },
    body: (c) => sshKeyBody(c.name('key')),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['public_key'], kind: 'string' },
    ],
    creates: 'sshKey',
    touches: ['sshKeys'],
  },
  { key: 'GET /user/keys', method: 'GET', path: '/user/keys', source: 'extension', effect: 'read', answer: { schema: 'ssh-key', list: true, paged: true } },
  { key: 'GET /user/keys/search', method: 'GET', path: '/user/keys/search', source: 'extension', effect: 'read', query: SEARCH_EVERYTHING, answer: { schema: 'ssh-key', list: true, paged: true } },
  { key: 'GET /user/keys/{id}', method: 'GET', path: '/user/keys/{id}', source: 'spec', clause: 'B-KEY-1', id: { kind: 'sshKey' }, effect: 'read', answer: { schema: 'ssh-key' } },
  { key: 'DELETE /user/keys/{id}', method: 'DELETE', path: '/user/keys/{id}', source: 'extension', id: { kind: 'sshKey' }, effect: 'write', answer: { schema: 'ssh-key' }, touches: ['sshKey', 'sshKeys'] },
  // Members (extensions the real service's clients call). Adding one sends an invitation, a new
  // role or a removal can take the run's own access away: destructive, sent only where refused.
  { key: 'GET /members', method: 'GET', path: '/members', source: 'extension', effect: 'read', answer: { schema: 'simulator/member', list: true, paged: true } },
  { key: 'GET /members/{id}', method: 'GET', path: '/members/{id}', source: 'extension', id: { kind: 'member' }, effect: 'read', answer: { schema: 'simulator/member' } },
  {
    key: 'POST /members',
    method: 'POST',
    path: '/members',
    source: 'extension',
    effect: 'destructive',
    answer: { schema: 'simulator/member' },
    body: (c) => invitedMemberBody(c.name('member')),
    fields: [
      { path: ['email'], kind: 'string' },
      { path: ['name'], kind: 'string' },
      { path: ['role'], kind: 'string' },
    ],
    creates: 'member',
    touches: ['members'],
  },
  { key: 'PUT /members/{id}', method: 'PUT', path: '/members/{id}', source: 'extension', id: { kind: 'member' }, effect: 'destructive', answer: { schema: 'simulator/member' }, body: () => ({ role: 'admin' }), fields: [{ path: ['role'], kind: 'string' }], touches: ['member'] },
  { key: 'DELETE /members/{id}', method: 'DELETE', path: '/members/{id}', source: 'extension', id: { kind: 'member' }, effect: 'destructive', answer: { schema: 'simulator/member' }, touches: ['member', 'members'] },
  // Hooks
  {
    key: 'POST /hooks',
    method: 'POST',
    path: '/hooks',
    source: 'spec',
    clause: 'B-HOOK-1',
    effect: 'write',
    answer: { schema: 'hook' },
    body: (c) => inactiveHookBody(c.interfaceB, c.name('hook')),
    fields: [
      { path: ['type'], kind: 'string' },
      { path: ['name'], kind: 'string' },
      { path: ['settings'], kind: 'object' },
      { path: ['events'], kind: 'string-array' },
      { path: ['active'], kind: 'boolean' },
    ],
    creates: 'hook',
    touches: ['hooks'],
    // The real service's words unless the target document gives hooks of its own.
    bodyUsesGapValues: (b) => b.hooks === undefined,
  },
  { key: 'GET /hooks', method: 'GET', path: '/hooks', source: 'extension', effect: 'read', answer: { schema: 'hook', list: true, paged: true } },
  { key: 'GET /hooks/search', method: 'GET', path: '/hooks/search', source: 'extension', effect: 'read', query: SEARCH_EVERYTHING, answer: { schema: 'hook', list: true, paged: true } },
  { key: 'GET /hooks/types', method: 'GET', path: '/hooks/types', source: 'extension', effect: 'read', answer: { schema: 'simulator/hook-type', list: true } },
  { key: 'GET /hooks/{id}', method: 'GET', path: '/hooks/{id}', source: 'spec', clause: 'B-HOOK-1', id: { kind: 'hook' }, effect: 'read', answer: { schema: 'hook' } },
  // A test delivery to the hook's target: nothing of the account changes, but something is sent.
  { key: 'GET /hooks/{id}/ping', method: 'GET', path: '/hooks/{id}/ping', source: 'extension', id: { kind: 'hook' }, effect: 'write', answer: { schema: 'hook' } },
  {
    key: 'PUT /hooks/{id}',
    method: 'PUT',
    path: '/hooks/{id}',
    source: 'extension',
    id: { kind: 'hook' },
    effect: 'write',
    answer: { schema: 'hook' },
    body: (c) => ({ name: c.name('renamed'), active: false }),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['active'], kind: 'boolean' },
    ],
    touches: ['hook', 'hooks'],
  },
  { key: 'DELETE /hooks/{id}', method: 'DELETE', path: '/hooks/{id}', source: 'extension', id: { kind: 'hook' }, effect: 'write', answer: { schema: 'hook' }, touches: ['hook', 'hooks'] },
  { key: 'PUT /hooks/{id}/reset', method: 'PUT', path: '/hooks/{id}/reset', source: 'spec', clause: 'B-HOOK-2', id: { kind: 'hook' }, effect: 'write', answer: { schema: 'hook' }, touches: ['hook'] },
  { key: 'PUT /hooks/{id}/reset_salt', method: 'PUT', path: '/hooks/{id}/reset_salt', source: 'extension', id: { kind: 'hook' }, effect: 'write', answer: { schema: 'simulator/hook-salt' }, touches: ['hook'] },
  // Invoices
  { key: 'GET /invoices', method: 'GET', path: '/invoices', source: 'spec', clause: 'B-INV-1', effect: 'read', answer: { schema: 'invoice', list: true, paged: true } },
  { key: 'GET /invoices/{id}', method: 'GET', path: '/invoices/{id}', source: 'extension', id: { kind: 'invoice' }, effect: 'read', answer: { schema: 'invoice' } },
  // Connections
  { key: 'GET /connections/types', method: 'GET', path: '/connections/types', source: 'spec', clause: 'B-CONN-1', effect: 'read', answer: { schema: 'connection-type', list: true } },
  { key: 'GET /connections', method: 'GET', path: '/connections', source: 'extension', effect: 'read', answer: { schema: 'connection', list: true, paged: true } },
  { key: 'GET /connections/{type}/{id}', method: 'GET', path: '/connections/{type}/{id}', source: 'extension', id: { kind: 'connection' }, effect: 'read', answer: { schema: 'connection' } },
  {
    key: 'PUT /connections/{type}/{id}',
    method: 'PUT',
    path: '/connections/{type}/{id}',
    source: 'spec',
    clause: 'B-CONN-2',
    id: { kind: 'connection' },
    effect: 'write',
    answer: { schema: 'connection' },
    body: (c) => ({ name: c.name('connection') }),
    fields: [{ path: ['name'], kind: 'string' }],
    touches: ['connection'],
  },
  // Destructive: the API cannot delete a connection group again.
  {
    key: 'POST /connection_groups',
    method: 'POST',
    path: '/connection_groups',
    source: 'spec',
    clause: 'B-CG-1',
    effect: 'destructive',
    answer: { schema: 'connection-group' },
    body: (c) => {
      const mysql = c.fixtures.connections?.mysql;
      return { connection_group: { name: c.name('group'), description: 'disco' }, ...(mysql !== undefined ? { connections: [{ id: mysql, type: 'mysql' }] } : {}) };
    },
    fields: [
      { path: ['connection_group'], kind: 'object' },
      { path: ['connection_group', 'name'], kind: 'string' },
      { path: ['connection_group', 'description'], kind: 'string' },
      { path: ['connections'], kind: 'array' },
      { path: ['connections', 0, 'id'], kind: 'integer' },
      { path: ['connections', 0, 'type'], kind: 'string' },
    ],
    touches: ['connectionGroups'],
  },
  { key: 'GET /connection_groups', method: 'GET', path: '/connection_groups', source: 'extension', effect: 'read', answer: { schema: 'connection-group', list: true, paged: true } },
  { key: 'GET /connection_groups/{id}', method: 'GET', path: '/connection_groups/{id}', source: 'extension', id: { kind: 'connectionGroup' }, effect: 'read', answer: { schema: 'connection-group' } },
  // Making, testing and deleting connections (extensions the real service's clients call). A test
  // makes a deployment connect out to the host named; a connection made holds credentials; a
  // deleted one cannot come back: destructive, sent only where they must be refused.
  {
    key: 'POST /connections/{type}',
    method: 'POST',
    path: '/connections/{type}',
    pathType: NEW_CONNECTION_TYPE,
    source: 'extension',
    effect: 'destructive',
    answer: { schema: 'connection' },
    body: (c) => unreachableConnectionBody(c.name('connection')),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['host'], kind: 'string' },
      { path: ['port'], kind: 'integer' },
    ],
    creates: 'connection',
    touches: ['connections'],
  },
  { key: 'POST /connections/{type}/test', method: 'POST', path: '/connections/{type}/test', pathType: NEW_CONNECTION_TYPE, source: 'extension', effect: 'destructive', answer: {}, body: (c) => unreachableConnectionBody(c.name('connection')), fields: [{ path: ['host'], kind: 'string' }] },
  { key: 'POST /connections/{type}/{id}/test', method: 'POST', path: '/connections/{type}/{id}/test', source: 'extension', id: { kind: 'connection' }, effect: 'destructive', answer: {} },
  { key: 'DELETE /connections/{type}/{id}', method: 'DELETE', path: '/connections/{type}/{id}', source: 'extension', id: { kind: 'connection' }, effect: 'destructive', answer: { schema: 'connection' }, touches: ['connection', 'connections'] },
  // Reading a connection's source (validating it, importing its schema) and the curl requests
  // make a deployment connect out, to its users' own data or to any URL, and bring back what is
  // there: destructive too, sent only where they must be refused. (The schema's answer shape is
  // left out here so no read of the catalog sends it.)
  { key: 'POST /connections/{type}/{id}/validate', method: 'POST', path: '/connections/{type}/{id}/validate', source: 'extension', id: { kind: 'connection' }, effect: 'destructive', answer: {} },
  { key: 'GET /connections/{type}/{id}/schema', method: 'GET', path: '/connections/{type}/{id}/schema', source: 'extension', id: { kind: 'connection' }, effect: 'destructive', answer: {} },
  { key: 'POST /connections/curl/test', method: 'POST', path: '/connections/curl/test', source: 'extension', effect: 'destructive', answer: {}, body: () => unreachableCurlBody(), fields: [{ path: ['url'], kind: 'string' }] },
  { key: 'POST /connections/curl/validate', method: 'POST', path: '/connections/curl/validate', source: 'extension', effect: 'destructive', answer: {}, body: () => unreachableCurlBody(), fields: [{ path: ['url'], kind: 'string' }] },
  // The spec says query parameters exist, not which: the real service's, or the target document's.
  { key: 'GET /connections/{id}/salesforce/fields', method: 'GET', path: '/connections/{id}/salesforce/fields', source: 'spec', clause: 'B-CONN-3', id: { kind: 'connection', connectionType: 'salesforce' }, query: { object_name: 'Account' }, declaredQuery: (b) => b.salesforceFieldsQuery, documentedQuery: FORCE_FETCH, effect: 'read', answer: { list: true } },
  { key: 'GET /connections/{id}/bingads/accounts', method: 'GET', path: '/connections/{id}/bingads/accounts', source: 'spec', clause: 'B-CONN-3', id: { kind: 'connection', connectionType: 'bingads' }, effect: 'read', answer: { list: true } },
  // The same metadata at the real service's own paths, in its docs' shapes (extensions).
  { key: 'GET /connections/metadata/salesforce/{id}/objects', method: 'GET', path: '/connections/metadata/salesforce/{id}/objects', source: 'extension', id: { kind: 'connection', connectionType: 'salesforce' }, documentedQuery: FORCE_FETCH, effect: 'read', answer: { schema: 'simulator/salesforce-objects' } },
  { key: 'GET /connections/metadata/salesforce/{id}/fields', method: 'GET', path: '/connections/metadata/salesforce/{id}/fields', source: 'extension', id: { kind: 'connection', connectionType: 'salesforce' }, query: { object_name: 'Account' }, documentedQuery: FORCE_FETCH, effect: 'read', answer: { schema: 'simulator/salesforce-fields' } },
  { key: 'GET /connections/metadata/bingads/{id}/accounts', method: 'GET', path: '/connections/metadata/bingads/{id}/accounts', source: 'extension', id: { kind: 'connection', connectionType: 'bingads' }, documentedQuery: FORCE_FETCH, effect: 'read', answer: { schema: 'simulator/bingads-metadata-account', list: true } },
  { key: 'GET /connections/metadata/bingads/{id}/columns', method: 'GET', path: '/connections/metadata/bingads/{id}/columns', source: 'extension', id: { kind: 'connection', connectionType: 'bingads' }, effect: 'read', answer: { schema: 'simulator/bingads-metadata-columns' } },
  { key: 'GET /connections/metadata/adwords/{id}/customers', method: 'GET', path: '/connections/metadata/adwords/{id}/customers', source: 'extension', id: { kind: 'connection', connectionType: 'adwords' }, documentedQuery: FORCE_FETCH, effect: 'read', answer: { schema: 'simulator/adwords-customer', list: true } },
  { key: 'GET /connections/metadata/analytics/{id}/accounts', method: 'GET', path: '/connections/metadata/analytics/{id}/accounts', source: 'extension', id: { kind: 'connection', connectionType: 'analytics' }, documentedQuery: FORCE_FETCH, effect: 'read', answer: { schema: 'simulator/analytics-account', list: true } },
  { key: 'GET /connections/metadata/facebookadsinsights/{id}/accounts', method: 'GET', path: '/connections/metadata/facebookadsinsights/{id}/accounts', source: 'extension', id: { kind: 'connection', connectionType: 'facebookadsinsights' }, documentedQuery: FORCE_FETCH, effect: 'read', answer: { schema: 'simulator/facebook-ad-account', list: true } },
  { key: 'GET /connections/metadata/facebookadsinsights/{id}/fields', method: 'GET', path: '/connections/metadata/facebookadsinsights/{id}/fields', source: 'extension', id: { kind: 'connection', connectionType: 'facebookadsinsights' }, effect: 'read', answer: { schema: 'simulator/facebook-insights-field', list: true } },
  { key: 'GET /connections/{id}/bingads/columns', method: 'GET', path: '/connections/{id}/bingads/columns', source: 'spec', clause: 'B-CONN-3', id: { kind: 'connection', connectionType: 'bingads' }, effect: 'read', answer: { list: true } },
  // Deliveries: deleting one cannot be undone (the run deletes one listed fixture, b-dlv/delete).
  { key: 'GET /deliveries', method: 'GET', path: '/deliveries', source: 'extension', effect: 'read', answer: { schema: 'simulator/delivery', list: true, paged: true } },
  // Creating a delivery on a real deployment moves data between its connections: destructive, so
  // the cross-cutting families send it only where it must be refused.
  {
    key: 'POST /deliveries',
    method: 'POST',
    path: '/deliveries',
    source: 'extension',
    effect: 'destructive',
    answer: { schema: 'simulator/delivery' },
    body: (c) => weeklyDeliveryBody(c.name('delivery'), c.fixtures),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['interval_amount'], kind: 'integer' },
      { path: ['interval_unit'], kind: 'string' },
      { path: ['source'], kind: 'object' },
      { path: ['source', 'connection', 'id'], kind: 'integer' },
      { path: ['destination'], kind: 'object' },
    ],
    creates: 'delivery',
    touches: ['deliveries'],
  },
  { key: 'GET /deliveries/{id}', method: 'GET', path: '/deliveries/{id}', source: 'extension', id: { kind: 'delivery' }, effect: 'read', answer: { schema: 'simulator/delivery' } },
  { key: 'DELETE /deliveries/{id}', method: 'DELETE', path: '/deliveries/{id}', source: 'spec', clause: 'B-DLV-1', id: { kind: 'delivery' }, effect: 'destructive', answer: { empty: true }, touches: ['delivery'] },
  // Notifications
  { key: 'GET /notifications', method: 'GET', path: '/notifications', source: 'extension', effect: 'read', everyItemQuery: { all: 'true' }, answer: { schema: 'simulator/notification', list: true, paged: true } },
  {
    key: 'POST /notifications/mark',
    method: 'POST',
    path: '/notifications/mark',
    source: 'spec',
    clause: 'B-NTF-1',
    bodyIds: [{ field: 'id', kind: 'notification' }],
    effect: 'write',
    answer: {},
    body: () => ({}),
    fields: [{ path: ['id'], kind: 'integer' }],
    touches: ['notifications'],
  },
  { key: 'GET /cluster_plans', method: 'GET', path: '/cluster_plans', source: 'extension', effect: 'read', answer: { schema: 'simulator/cluster-plan', list: true } },
  { key: 'GET /regions', method: 'GET', path: '/regions', source: 'extension', effect: 'read', answer: { schema: 'simulator/account-region', list: true } },
  { key: 'GET /stacks', method: 'GET', path: '/stacks', source: 'extension', effect: 'read', answer: { schema: 'simulator/stack', list: true } },
  // Cluster writes (extensions the real service's clients call). Creating, changing and
  // terminating clusters costs a real deployment machines: destructive, so the cross-cutting
  // families leave them to checks that ask for it.
  { key: 'POST /clusters', method: 'POST', path: '/clusters', source: 'extension', effect: 'destructive', answer: { schema: 'simulator/cluster' }, body: (c) => smallClusterBody(c.name('cluster')), fields: [{ path: ['name'], kind: 'string' }, { path: ['nodes'], kind: 'integer' }, { path: ['type'], kind: 'string' }, { path: ['terminate_on_idle'], kind: 'boolean' }, { path: ['time_to_idle'], kind: 'integer' }], creates: 'cluster' },
  { key: 'GET /clusters/{id}/instances', method: 'GET', path: '/clusters/{id}/instances', source: 'extension', id: { kind: 'cluster' }, effect: 'read', answer: { schema: 'simulator/cluster-instance', list: true } },
  { key: 'PUT /clusters/{id}', method: 'PUT', path: '/clusters/{id}', source: 'extension', id: { kind: 'cluster' }, effect: 'destructive', answer: { schema: 'simulator/cluster' }, body: () => ({ description: 'changed by disco' }), fields: [{ path: ['description'], kind: 'string' }], touches: ['cluster'] },
  { key: 'DELETE /clusters/{id}', method: 'DELETE', path: '/clusters/{id}', source: 'extension', id: { kind: 'cluster' }, effect: 'destructive', answer: { schema: 'simulator/cluster' }, touches: ['cluster'] },
  { key: 'POST /clusters/{id}/watchers', method: 'POST', path: '/clusters/{id}/watchers', source: 'extension', id: { kind: 'cluster' }, effect: 'write', answer: { schema: 'simulator/watcher' }, touches: ['clusterWatchers'] },
  { key: 'GET /clusters/{id}/watchers', method: 'GET', path: '/clusters/{id}/watchers', source: 'extension', id: { kind: 'cluster' }, effect: 'read', answer: { schema: 'simulator/watcher', list: true, paged: true } },
  { key: 'DELETE /clusters/{id}/watchers', method: 'DELETE', path: '/clusters/{id}/watchers', source: 'extension', id: { kind: 'cluster' }, effect: 'write', answer: { empty: true }, touches: ['clusterWatchers'] },
  { key: 'DELETE /jobs/{id}/watchers', method: 'DELETE', path: '/jobs/{id}/watchers', source: 'extension', id: { kind: 'job' }, effect: 'write', answer: { empty: true }, touches: ['watchers'] },
  // Schedules (extensions the real service's clients call)
  { key: 'GET /schedules', method: 'GET', path: '/schedules', source: 'extension', effect: 'read', answer: { schema: 'simulator/schedule', list: true, paged: true } },
  { key: 'GET /schedules/search', method: 'GET', path: '/schedules/search', source: 'extension', effect: 'read', query: SEARCH_EVERYTHING, answer: { schema: 'simulator/schedule', list: true, paged: true } },
  {
    key: 'POST /schedules',
    method: 'POST',
    path: '/schedules',
    source: 'extension',
    effect: 'write',
    answer: { schema: 'simulator/schedule' },
    body: (c) => disabledScheduleBody(c.name('schedule'), c.fixtures),
    fields: [
      { path: ['name'], kind: 'string' },
      { path: ['status'], kind: 'string' },
      { path: ['start_at'], kind: 'string' },
      { path: ['interval_amount'], kind: 'integer' },
      { path: ['interval_unit'], kind: 'string' },
      { path: ['task'], kind: 'object' },
    ],
    creates: 'schedule',
    touches: ['schedules'],
  },
  { key: 'GET /schedules/{id}', method: 'GET', path: '/schedules/{id}', source: 'extension', id: { kind: 'schedule' }, effect: 'read', answer: { schema: 'simulator/schedule' } },
  { key: 'PUT /schedules/{id}', method: 'PUT', path: '/schedules/{id}', source: 'extension', id: { kind: 'schedule' }, effect: 'write', answer: { schema: 'simulator/schedule' }, body: () => ({ description: 'changed by disco' }), fields: [{ path: ['description'], kind: 'string' }], touches: ['schedule'] },
  { key: 'DELETE /schedules/{id}', method: 'DELETE', path: '/schedules/{id}', source: 'extension', id: { kind: 'schedule' }, effect: 'write', answer: { schema: 'simulator/schedule' }, touches: ['schedule'] },
  { key: 'POST /schedules/{id}/watchers', method: 'POST', path: '/schedules/{id}/watchers', source: 'extension', id: { kind: 'schedule' }, effect: 'write', answer: { schema: 'simulator/watcher' }, touches: ['scheduleWatchers'] },
  { key: 'GET /schedules/{id}/watchers', method: 'GET', path: '/schedules/{id}/watchers', source: 'extension', id: { kind: 'schedule' }, effect: 'read', answer: { schema: 'simulator/watcher', list: true, paged: true } },
  { key: 'DELETE /schedules/{id}/watchers', method: 'DELETE', path: '/schedules/{id}/watchers', source: 'extension', id: { kind: 'schedule' }, effect: 'write', answer: { empty: true }, touches: ['scheduleWatchers'] },
  // Runs the schedule's packages as jobs, and may provision a cluster: on a real deployment that
  // moves data and costs money, and the jobs it starts are not named in its answer to be stopped.
  { key: 'POST /schedules/{id}/run', method: 'POST', path: '/schedules/{id}/run', source: 'extension', id: { kind: 'schedule' }, effect: 'destructive', answer: { schema: 'simulator/schedule' } },
  { key: 'POST /schedules/{id}/clone', method: 'POST', path: '/schedules/{id}/clone', source: 'extension', id: { kind: 'schedule' }, effect: 'write', answer: { schema: 'simulator/schedule' }, creates: 'schedule', touches: ['schedules'] },
  // Limits
  { key: 'GET /rate_limit_status', method: 'GET', path: '/rate_limit_status', source: 'extension', effect: 'read', answer: { schema: 'simulator/rate-limit-status' } },
  // Billing (extensions the real service's Java client calls). Changing the plan or the card on
  // file of a real account is not the run's to do: destructive, sent only where refused.
  { key: 'GET /plans', method: 'GET', path: '/plans', source: 'extension', effect: 'read', answer: { schema: 'simulator/plan', list: true } },
  { key: 'GET /subscription', method: 'GET', path: '/subscription', source: 'extension', effect: 'read', answer: { schema: 'simulator/subscription' } },
  { key: 'GET /payment_method', method: 'GET', path: '/payment_method', source: 'extension', effect: 'read', answer: { schema: 'simulator/payment-method' } },
  { key: 'PUT /payment_method', method: 'PUT', path: '/payment_method', source: 'extension', effect: 'destructive', answer: { schema: 'simulator/payment-method' }, body: () => ({ plan_id: 'free-trial' }), fields: [{ path: ['plan_id'], kind: 'string' }, { path: ['billing_payment_token'], kind: 'string' }] },
];

/** The catalog entry of `key`; a typo is a bug of the suite, so it throws. */
export function bEndpoint(key: string): BEndpoint {
  const found = B_ENDPOINTS.find((e) => e.key === key);
  if (!found) throw new Error(`no interface B endpoint ${key} in the catalog`);
  return found;
}

/** The path of `endpoint` with its placeholders filled. */
export function bPath(endpoint: Pick<BEndpoint, 'path' | 'pathType'>, values: { id?: number | string; type?: string }): string {
  return endpoint.path.replace('{type}', String(values.type ?? endpoint.pathType ?? '')).replace('{id}', String(values.id ?? ''));
}

/**
 * Where the catalog reads each kind of thing: one by id, and the list that holds them. Families
 * that must tell whose a thing is (isolation) or read back what a write changed use these.
 */
export const RESOURCE_READS: Readonly<Record<ResourceKind, { one?: string; list?: string }>> = {
  package: { one: 'GET /packages/{id}', list: 'GET /packages' },
  cluster: { one: 'GET /clusters/{id}', list: 'GET /clusters' },
  schedule: { one: 'GET /schedules/{id}', list: 'GET /schedules' },
  job: { one: 'GET /jobs/{id}', list: 'GET /jobs' },
  hook: { one: 'GET /hooks/{id}', list: 'GET /hooks' },
  sshKey: { one: 'GET /user/keys/{id}', list: 'GET /user/keys' },
  invoice: { one: 'GET /invoices/{id}', list: 'GET /invoices' },
  connection: { one: 'GET /connections/{type}/{id}', list: 'GET /connections' },
  connectionGroup: { one: 'GET /connection_groups/{id}', list: 'GET /connection_groups' },
  delivery: { list: 'GET /deliveries' },
  notification: { list: 'GET /notifications' },
  member: { one: 'GET /members/{id}', list: 'GET /members' },
};

/**
 * The operations `interface_b.extension_paths` moves that are no extension of the catalog (a spec
 * operation cannot be moved: the spec fixes its path): each with why, for the CLI to refuse.
 */
export function unmovablePaths(moves: Readonly<Record<string, string>>): string[] {
  const extensions = new Set(B_ENDPOINTS.filter((e) => e.source === 'extension').map((e) => e.key));
  const spec = new Set(B_ENDPOINTS.filter((e) => e.source === 'spec').map((e) => e.key));
  return Object.keys(moves)
    .filter((key) => !extensions.has(key))
    .map((key) => (spec.has(key) ? `${key} is the spec's own operation` : `${key} is no extension of the endpoint catalog (docs/interface-b.md lists them, such as GET /user, GET /jobs/{id}, GET /connections)`));
}

/**
 * Values the real service takes for the query parameters of the B-CONN-3 reads (gaps.md names the
 * parameters: the Salesforce object's name and `force_fetch`, Bing Ads' `report_type`), beyond the
 * one query each read is sent with. The checks sample them beside it: a deployment may refuse a
 * value it does not know (any 4xx), but what it answers 200 is an array of objects whatever the
 * object or report type. Each list ends with a value no deployment knows.
 */
export const B_CONN_3_SAMPLES = {
  /** Standard objects of every Salesforce org beside the declared one (the real service's default, Account). */
  salesforceObjects: ['Account', 'Contact', 'Lead', 'Opportunity', 'Case', 'DiscoNoSuchObject'],
  /**
   * A custom object (Salesforce names them `Name__c`): an org's own objects, which a deployment
   * may describe by another path than the standard ones. No org is known to have this one: the
   * simulator describes any custom object; a deployment whose org lacks it refuses it (noted), and
   * a `salesforce_fields_query` naming one of the fixture org's own is read instead.
   */
  salesforceCustomObject: 'Disco_Sample__c',
  /** Fetched again from the source rather than a cache: another path to the same answer. */
  salesforceFetch: { force_fetch: 'true' },
  /** Versions of the Bing Ads API (Microsoft's 13, the current, and the 12 and 11 before it) for the real service's api_version. */
  bingAdsApiVersions: ['13', '12', '11'],
  /**
   * The real service's force_fetch: campaigns fetched again from Bing Ads for every account (its
   * docs), another path to the same array. Campaign ids are Microsoft's, not the API's records:
   * the absent-id guard does not watch a source's metadata (suites/lib/absent-id-guard.ts).
   */
  bingAdsFetch: { force_fetch: 'true' },
  /** The report types the real service takes, its default (KeywordPerformanceReport) first. */
  bingAdsReportTypes: ['KeywordPerformanceReport', 'AccountPerformanceReport', 'CampaignPerformanceReport', 'AdGroupPerformanceReport', 'AdPerformanceReport', 'SearchQueryPerformanceReport', 'DiscoNoSuchReport'],
} as const;

/**
 * The query parameters the real service's metadata reads take (gaps.md: Salesforce fields
 * `object_name` and `force_fetch`; Bing Ads accounts `api_version`, `accounts` and `force_fetch`;
 * Bing Ads columns `report_type` and `api_version`): the names a robustness check sends odd values
 * under, beside the ones a target document declares.
 */
export const REAL_SERVICE_READ_QUERY_NAMES = ['object_name', 'force_fetch', 'api_version', 'accounts', 'report_type'] as const;
