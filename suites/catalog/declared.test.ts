import { describe, expect, it } from 'vitest';
import { resolveTarget } from '../lib/target.ts';
import { declaredLines } from '../../reports/declared.ts';
import { declaredOf } from './declared.ts';

describe('declaredOf: what a target document told the run, for the reports', () => {
  it('is nothing for a document that keeps the real service conventions, even when it spells some out', () => {
    expect(declaredOf(resolveTarget({ base_url: 'http://x' }, {}))).toBeUndefined();
    const spelled = resolveTarget({ base_url: 'http://x', interface_a: { operations: { 'pipelines.archive': 'DELETE /pipelines/{id}' }, list_items: { pipelines: 'items' }, definition_format: 'json' }, interface_b: { paging: { offset: 'offset', page_size: 'limit' }, extension_list_items: '$' } }, {});
    expect(declaredOf(spelled)).toBeUndefined();
  });

  it('names each departure in the document own words, counts definitions, and lists the permissions and the absent ids', () => {
    const target = resolveTarget(
      {
        base_url: 'http://x',
        permissions: ['rotate_api_key'],
        interface_a: {
          operations: { 'keys.revoke': 'POST /api_keys/{id}/revoke', 'pipelines.validate': null, 'pipelines.archive': 'DELETE /pipelines/{id}' },
          list_items: { pipelines: 'data', keys: 'items' },
          pipeline_states: { field: 'phase', deployed: ['backfilling', 'streaming'], not_deployed: ['not_deployed'], archived: ['retired'] },
          definition_format: 'yaml',
          definitions: [{ name: 'orders' }, { name: 'users' }],
          list_paging: { offset: 'skip', limit: 'take' },
        },
        interface_b: { paging: { offset: 'start', page_size: 'limit' }, extension_paging: { page: 'p', page_size: 'per' }, extension_list_items: 'data', job_start_seconds: 300, job_end_seconds: 900, replaced_key_seconds: 0, list_lag_seconds: 7.5, salesforce_fields_query: { sobject: 'Account' }, hook: { type: 'http', settings: { endpoint: 'https://h.example.invalid/x' }, events: ['job:completed', 'job:*'] }, groupable_connection_types: ['postgresql'], extension_paths: { 'GET /user': '/me' } },
        absent_ids: { min: 1000, max: 999_999_999 },
      },
      {},
    );
    const declared = declaredOf(target);
    expect(declared).toEqual({
      interface_a: {
        operations: { 'keys.revoke': 'POST /api_keys/{id}/revoke', 'pipelines.validate': null },
        list_items: { pipelines: 'data' },
        pipeline_states: { field: 'phase', deployed: ['backfilling', 'streaming'], archived: ['retired'] },
        definition_format: 'yaml',
        definitions: 2,
        list_paging: { offset: 'skip', limit: 'take' },
      },
      interface_b: { paging: { offset: 'start' }, extension_paging: { page: 'p', page_size: 'per' }, extension_list_items: 'data', job_start_seconds: 300, job_end_seconds: 900, replaced_key_seconds: 0, list_lag_seconds: 7.5, salesforce_fields_query: { sobject: 'Account' }, hook: { type: 'http', settings: { endpoint: 'https://h.example.invalid/x' }, events: ['job:completed', 'job:*'] }, groupable_connection_types: ['postgresql'], extension_paths: { 'GET /user': '/me' } },
      permissions: ['rotate_api_key'],
      absent_ids: { min: 1000, max: 999_999_999 },
    });
    expect(declaredLines(declared ?? {})).toEqual([
      'interface_a.operations.keys.revoke: POST /api_keys/{id}/revoke',
      'interface_a.operations.pipelines.validate: not served',
      'interface_a.list_items.pipelines: data',
      'interface_a.pipeline_states.field: phase',
      'interface_a.pipeline_states.deployed: backfilling, streaming',
      'interface_a.pipeline_states.archived: retired',
      'interface_a.definition_format: yaml',
      'interface_a.definitions: 2',
      'interface_a.list_paging.offset: skip',
      'interface_a.list_paging.limit: take',
      'interface_b.paging.offset: start',
      'interface_b.extension_paging.page: p',
      'interface_b.extension_paging.page_size: per',
      'interface_b.extension_list_items: data',
      'interface_b.job_start_seconds: 300',
      'interface_b.job_end_seconds: 900',
      'interface_b.replaced_key_seconds: 0',
      'interface_b.list_lag_seconds: 7.5',
      'interface_b.salesforce_fields_query.sobject: Account',
      'interface_b.hook.type: http',
      'interface_b.hook.settings.endpoint: https://h.example.invalid/x',
      'interface_b.hook.events: job:completed, job:*',
      'interface_b.groupable_connection_types: postgresql',
      'interface_b.extension_paths.GET /user: /me',
      'permissions: rotate_api_key',
      'absent_ids.min: 1000',
      'absent_ids.max: 999999999',
    ]);
  });

  it('shows several declared hooks as hooks, each by its index; one stays hook', () => {
    const hooks = [
      { type: 'http', settings: { endpoint: 'https://h.example.invalid/x' }, events: ['job:completed'] },
      { type: 'mail', settings: { emails: 'ops@h.example.invalid' }, events: ['job:*'] },
    ];
    const declared = declaredOf(resolveTarget({ base_url: 'http://x', interface_b: { hooks } }, {}));
    expect(declared).toEqual({ interface_b: { hooks } });
    expect(declaredLines(declared ?? {})).toEqual([
      'interface_b.hooks[0].type: http',
      'interface_b.hooks[0].settings.endpoint: https://h.example.invalid/x',
      'interface_b.hooks[0].events: job:completed',
      'interface_b.hooks[1].type: mail',
      'interface_b.hooks[1].settings.emails: ops@h.example.invalid',
      'interface_b.hooks[1].events: job:*',
    ]);
    expect(declaredOf(resolveTarget({ base_url: 'http://x', interface_b: { hooks: hooks.slice(0, 1) } }, {}))).toEqual({ interface_b: { hook: hooks[0] } });
  });
});
