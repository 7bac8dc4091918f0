import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { absentId, absentIdFrom, nonIntegerIdNear, wideAbsentId } from './arbitraries/ids-and-paths.ts';
import { ConfigError, loadTargetFile, resolveTarget, targetSecrets } from './target.ts';

const full = {
  name: 'staging',
  base_url: 'https://api.example.test/',
  cdc_base_url: 'https://cdc.example.test',
  key_prefix: 'fdk',
  accounts: [
    {
      account_id: 'acme-data',
      api_key_env: 'DISCO_T_KEY1',
      member_api_key_env: 'DISCO_T_MEMBER',
      pipeline_admin_key: 'fdk_${DISCO_T_ADMIN}',
      pipeline_key: 'fdk_plainnonadminkey',
      fixtures: { package_id: 3, cluster_id: '4', connections: { mysql: 12, salesforce: 13 }, delivery_ids: [7, 8], notification_ids: [] },
    },
    { account_id: 'globex', api_key: 'second-account-key' },
  ],
};
const env = { DISCO_T_KEY1: 'first-account-key', DISCO_T_MEMBER: 'first-account-member-key', DISCO_T_ADMIN: 'adminsecretpart' };

function configError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveTarget', () => {
  it('resolves _env fields and ${NAME}, strips trailing slashes and maps accounts', () => {
    const t = resolveTarget(full, env);
    expect(t).toEqual({
      name: 'staging',
      baseUrl: 'https://api.example.test',
      cdcBaseUrl: 'https://cdc.example.test',
      keyPrefix: 'fdk',
      b: [
        {
          accountId: 'acme-data',
          apiKey: 'first-account-key',
          memberApiKey: 'first-account-member-key',
          fixtures: { package_id: 3, cluster_id: 4, connections: { mysql: 12, salesforce: 13 }, delivery_ids: [7, 8], notification_ids: [] },
        },
        { accountId: 'globex', apiKey: 'second-account-key', fixtures: {} },
      ],
      a: [
        { adminKey: 'fdk_adminsecretpart', nonAdminKey: 'fdk_plainnonadminkey', fixtures: { package_id: 3, cluster_id: 4, connections: { mysql: 12, salesforce: 13 }, delivery_ids: [7, 8], notification_ids: [] } },
        { fixtures: {} },
      ],
      interfaceA: { operations: {}, listItems: {}, definitions: [] },
      interfaceB: {},
      permissions: [],
    });
  });

  it('names a missing variable and the field that names it, never a value', () => {
    const message = configError(() => resolveTarget(full, { DISCO_T_ADMIN: 'x' }));
    expect(message).toContain('DISCO_T_KEY1');
    expect(message).toContain('accounts[0].api_key_env');
    const interpolated = configError(() => resolveTarget(full, { DISCO_T_KEY1: 'k', DISCO_T_MEMBER: 'm' }));
    expect(interpolated).toContain('DISCO_T_ADMIN');
  });

  it('does not print a value that came from the environment when it is invalid', () => {
    const message = configError(() => resolveTarget({ base_url: '${DISCO_T_URL}' }, { DISCO_T_URL: 'not a url with secret-ish stuff' }));
    expect(message).toContain('base_url is not a valid URL');
    expect(message).not.toContain('secret-ish');
    expect(configError(() => resolveTarget({ base_url: 'ftp://x' }, {}))).toContain('"ftp://x"');
  });

  it.each([
    [{}, 'set base_url'],
    [{ base_url: 'http://x', base_url_env: 'X' }, 'both base_url and base_url_env'],
    [{ base_url: 'http://x', baseurl: 'http://y' }, 'unknown field baseurl (did you mean base_url?)'],
    [{ base_url: 'http://x?debug=1' }, 'query or fragment'],
    [{ base_url: 'http://x', key_prefix: 'fdk_' }, 'without the trailing underscore'],
    [{ base_url: 'http://x', accounts: {} }, 'accounts must be a list'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a' }] }, 'has an account_id but no api_key'],
    [{ base_url: 'http://x', accounts: [{ api_key: 'k' }] }, 'has an api_key but no account_id'],
    [{ base_url: 'http://x', accounts: [{ member_api_key: 'm' }] }, 'has a member_api_key but no api_key'],
    // The same key is the same user: another user's watch would not be seen.
    [{ base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', member_api_key: 'k' }] }, 'member_api_key is the same key as api_key'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a/b', api_key: 'k' }] }, 'single URL path segment'],
    // A URL takes a dot segment out, and the account with it: the requests would go elsewhere.
    [{ base_url: 'http://x', accounts: [{ account_id: '..', api_key: 'k' }] }, 'not . or ..'],
    [{ base_url: 'http://x', accounts: [{ account_id: '%2E', api_key: 'k' }] }, 'not . or ..'],
    [{ cdc_base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k' }] }, 'base_url is not set'],
    [{ base_url: 'http://x', accounts: [{ pipeline_key: 'fdk_a' }] }, 'cdc_base_url is not'],
    [{ cdc_base_url: 'http://x', accounts: [{ pipeline_admin_key: 'abc_123' }] }, 'does not start with the key prefix "fdk_"'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', fixtures: { package_id: 0 } }] }, 'package_id must be a positive integer'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', fixtures: { delivery_ids: [1, 'x'] } }] }, 'delivery_ids[1] must be a positive integer'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', fixtures: { invoice_count: 2.5 } }] }, 'invoice_count must be a positive integer'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', fixtures: { failing_package_id: 0 } }] }, 'failing_package_id must be a positive integer'],
    [{ base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', fixtures: { connections: [1] } }] }, 'connections must map'],
    [{ base_url: 'http://x', accounts: [{ api_key_env: 'lower-case bad' }] }, 'not an environment variable name'],
    [[1, 2], 'must be a mapping'],
    [{ base_url: 'http://x', permissions: ['rotate_everything'] }, 'permissions[0] must be one of'],
    [{ base_url: 'http://x', permissions: 'rotate_api_key' }, 'permissions must be a list'],
    [{ base_url: 'http://x', interface_b: { paging: { offset: 'o', page_size: 'o' } } }, 'same parameter'],
    [{ base_url: 'http://x', interface_b: { paging: { offset: 'a b' } } }, 'must be a query parameter name'],
    [{ base_url: 'http://x', interface_b: { job_start_seconds: 0 } }, 'job_start_seconds must be a number of seconds from 1 to 3600'],
    [{ base_url: 'http://x', interface_b: { job_start_seconds: '60' } }, 'job_start_seconds must be a number'],
    [{ base_url: 'http://x', interface_b: { job_end_seconds: 7200 } }, 'job_end_seconds must be a number of seconds from 1 to 3600'],
    [{ base_url: 'http://x', interface_b: { replaced_key_seconds: -1 } }, 'replaced_key_seconds must be a number of seconds from 0 to 3600'],
    [{ base_url: 'http://x', interface_b: { replaced_key_seconds: '0' } }, 'replaced_key_seconds must be a number'],
    [{ base_url: 'http://x', interface_b: { list_lag_seconds: 601 } }, 'list_lag_seconds must be a number of seconds from 0 to 600'],
    [{ base_url: 'http://x', interface_b: { list_lag_seconds: '5' } }, 'list_lag_seconds must be a number'],
    [{ base_url: 'http://x', interface_b: { salesforce_fields_query: {} } }, 'salesforce_fields_query must be an object of 1 to 10 query parameters'],
    [{ base_url: 'http://x', interface_b: { salesforce_fields_query: { object: 5 } } }, 'salesforce_fields_query must be an object of 1 to 10 query parameters'],
    [{ base_url: 'http://x', interface_b: { salesforce_fields_query: { 'a b': 'x' } } }, 'salesforce_fields_query must be an object of 1 to 10 query parameters'],
    [{ base_url: 'http://x', interface_b: { salesforce_fields_query: ['object_name'] } }, 'salesforce_fields_query must be an object of 1 to 10 query parameters'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: {}, events: ['job'], active: true } } }, 'unknown field interface_b.hook.active'],
    [{ base_url: 'http://x', interface_b: { hook: { settings: {}, events: ['job'] } } }, 'interface_b.hook.type must be the name of a hook type'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: ['url'], events: ['job'] } } }, 'interface_b.hook.settings must be an object'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', events: ['job'] } } }, 'interface_b.hook.settings must be an object'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: { pad: 'x'.repeat(5000) }, events: ['job'] } } }, 'at most 4096 bytes'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: {}, events: [] } } }, 'interface_b.hook.events must be a list of 1 to 100 different event kinds'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: {}, events: ['job', 'job'] } } }, 'interface_b.hook.events must be a list of 1 to 100 different event kinds'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: {}, events: ['job', 3] } } }, 'interface_b.hook.events must be a list of 1 to 100 different event kinds'],
    [{ base_url: 'http://x', interface_b: { hooks: [] } }, 'interface_b.hooks must be a list of 1 to 20 hooks this deployment takes'],
    [{ base_url: 'http://x', interface_b: { hooks: { type: 'web', settings: {}, events: ['job'] } } }, 'interface_b.hooks must be a list of 1 to 20 hooks'],
    [{ base_url: 'http://x', interface_b: { hooks: Array.from({ length: 21 }, () => ({ type: 'web', settings: {}, events: ['job'] })) } }, 'interface_b.hooks must be a list of 1 to 20 hooks'],
    [{ base_url: 'http://x', interface_b: { hooks: [{ type: 'web', settings: {}, events: ['job'] }, { type: 'mail', events: ['job'] }] } }, 'interface_b.hooks[1].settings must be an object'],
    [{ base_url: 'http://x', interface_b: { hooks: [{ type: 'web', settings: {}, events: ['job'], active: false }] } }, 'unknown field interface_b.hooks[0].active'],
    [{ base_url: 'http://x', interface_b: { hooks: [{ settings: {}, events: ['job'] }] } }, 'interface_b.hooks[0].type must be the name of a hook type'],
    [{ base_url: 'http://x', interface_b: { hooks: [{ type: 'web', settings: {}, events: ['job'] }, { type: 'mail', settings: {}, events: [] }] } }, 'interface_b.hooks[1].events must be a list of 1 to 100 different event kinds'],
    [{ base_url: 'http://x', interface_b: { hooks: [{ type: 'web', settings: { pad: 'x'.repeat(5000) }, events: ['job'] }] } }, 'at most 4096 bytes'],
    [{ base_url: 'http://x', interface_b: { hook: { type: 'web', settings: {}, events: ['job'] }, hooks: [{ type: 'mail', settings: {}, events: ['job'] }] } }, 'interface_b gives both hook and hooks'],
    [{ base_url: 'http://x', interface_b: { groupable_connection_types: [] } }, 'interface_b.groupable_connection_types must be a list of 1 to 100 connection type ids'],
    [{ base_url: 'http://x', interface_b: { extension_paths: { '/user': '/me' } } }, 'interface_b.extension_paths must map "METHOD /path"'],
    [{ base_url: 'http://x', interface_b: { extension_paths: { 'GET /jobs/{id}': '/job-runs' } } }, 'must name the same placeholders as /jobs/{id}'],
    [{ base_url: 'http://x', interface_b: { extension_paths: { 'GET /user': 'me' } } }, 'interface_b.extension_paths must map "METHOD /path"'],
    [{ cdc_base_url: 'http://x', interface_a: { list_paging: 'all' } }, 'interface_a.list_paging must be none, {page: NAME, page_size: NAME} or {offset: NAME, limit: NAME}'],
    [{ cdc_base_url: 'http://x', interface_a: { list_paging: { page: 'p' } } }, 'interface_a.list_paging must be none, {page: NAME, page_size: NAME} or {offset: NAME, limit: NAME}'],
    [{ cdc_base_url: 'http://x', interface_a: { list_paging: { offset: 'o', limit: 'o' } } }, 'interface_a.list_paging names the same parameter twice'],
    [{ cdc_base_url: 'http://x', interface_a: { list_paging: { offset: 'a b', limit: 'l' } } }, 'interface_a.list_paging.offset must be a query parameter name'],
    [{ cdc_base_url: 'http://x', interface_a: { initial_sync_seconds: 0 } }, 'interface_a.initial_sync_seconds must be a number of seconds above 0, at most 86400'],
    [{ cdc_base_url: 'http://x', interface_a: { initial_sync_seconds: '60' } }, 'interface_a.initial_sync_seconds must be a number of seconds above 0, at most 86400'],
    [{ base_url: 'http://x', interface_b: { extension_paging: { page: 'p', limit: 'l' } } }, 'interface_b.extension_paging must be none, {page: NAME, page_size: NAME} or {offset: NAME, limit: NAME}'],
    [{ base_url: 'http://x', interface_b: { extension_paging: { page: 'p', page_size: 'p' } } }, 'interface_b.extension_paging names the same parameter twice'],
    [{ base_url: 'http://x', interface_b: { extension_list_items: 'data..items' } }, 'interface_b.extension_list_items must be where a list answer keeps its items'],
    [{ base_url: 'http://x', interface_b: { extension_list_items: ['data'] } }, 'interface_b.extension_list_items must be a string'],
    [{ base_url: 'http://x', interface_b: { groupable_connection_types: ['azure blob'] } }, 'interface_b.groupable_connection_types must be a list of 1 to 100 connection type ids'],
    [{ base_url: 'http://x', interface_b: { groupable_connection_types: 'postgresql' } }, 'interface_b.groupable_connection_types must be a list of 1 to 100 connection type ids'],
  ])('refuses %j', (doc, message) => {
    expect(configError(() => resolveTarget(doc, {}))).toContain(message);
  });

  it('reads a declared hook as given (interface_b.hook), as a list of one', () => {
    const hook = { type: 'http', settings: { endpoint: 'https://hooks.example.invalid/x', retries: 3 }, events: ['job:completed', 'job:*'] };
    expect(resolveTarget({ base_url: 'http://x', interface_b: { hook } }, {}).interfaceB.hooks).toEqual([hook]);
    expect(resolveTarget({ base_url: 'http://x' }, {}).interfaceB.hooks).toBeUndefined();
    expect(resolveTarget({ base_url: 'http://x', interface_b: { groupable_connection_types: ['postgresql', 'azure_blob', 'postgresql'] } }, {}).interfaceB.groupableConnectionTypes).toEqual(['postgresql', 'azure_blob']);
    expect(resolveTarget({ cdc_base_url: 'http://x', interface_a: { list_paging: 'none' } }, {}).interfaceA.listPaging).toEqual({ by: 'none' });
    expect(resolveTarget({ cdc_base_url: 'http://x', interface_a: { initial_sync_seconds: 7.5 } }, {}).interfaceA.initialSyncMs).toBe(7_500);
    expect(resolveTarget({ base_url: 'http://x', interface_b: { extension_paths: { 'GET /user': '/me' } } }, {}).interfaceB.extensionPaths).toEqual({ 'GET /user': '/me' });
    expect(resolveTarget({ cdc_base_url: 'http://x', interface_a: { list_paging: { offset: 'skip', limit: 'take' } } }, {}).interfaceA.listPaging).toEqual({ by: 'offset', offset: 'skip', limit: 'take' });
    expect(resolveTarget({ base_url: 'http://x', interface_b: { extension_paging: { page: 'page', page_size: 'page_size' } } }, {}).interfaceB.extensionPaging).toEqual({ by: 'page', page: 'page', size: 'page_size' });
    expect(resolveTarget({ base_url: 'http://x', interface_b: { extension_paging: 'none' } }, {}).interfaceB.extensionPaging).toEqual({ by: 'none' });
    expect(['data', 'result.items', '$', '$.data'].map((at) => resolveTarget({ base_url: 'http://x', interface_b: { extension_list_items: at } }, {}).interfaceB.extensionListItems)).toEqual(['data', 'result.items', '$', '$.data']);
  });

  it('reads declared hooks as given, in their order (interface_b.hooks: one of each type a deployment takes)', () => {
    const hooks = [
      { type: 'http', settings: { endpoint: 'https://hooks.example.invalid/x' }, events: ['job:completed'] },
      { type: 'mail', settings: { emails: 'ops@hooks.example.invalid' }, events: ['job:failed', 'job:completed'] },
      { type: 'incident', settings: { service_key: 'none' }, events: ['job:*'] },
    ];
    expect(resolveTarget({ base_url: 'http://x', interface_b: { hooks } }, {}).interfaceB.hooks).toEqual(hooks);
    expect(resolveTarget({ base_url: 'http://x', interface_b: { hook: null, hooks } }, {}).interfaceB.hooks).toEqual(hooks);
  });

  it('reads the paging parameters, the job windows and the permissions the operator grants', () => {
    const t = resolveTarget({ base_url: 'http://x', interface_b: { paging: { offset: 'start', page_size: 'per_page' }, job_start_seconds: 300, job_end_seconds: 900 }, permissions: ['rotate_api_key'] }, {});
    expect(t.interfaceB).toEqual({ paging: { offset: 'start', pageSize: 'per_page' }, jobStartMs: 300_000, jobEndMs: 900_000 });
    expect(t.permissions).toEqual(['rotate_api_key']);
  });

  it('reads how long a replaced key may still authenticate; 0 is a promise, not an absence', () => {
    expect(resolveTarget({ base_url: 'http://x', interface_b: { replaced_key_seconds: 0 } }, {}).interfaceB).toEqual({ replacedKeyMs: 0 });
    expect(resolveTarget({ base_url: 'http://x', interface_b: { replaced_key_seconds: 1.5 } }, {}).interfaceB).toEqual({ replacedKeyMs: 1_500 });
    expect(resolveTarget({ base_url: 'http://x', interface_b: { list_lag_seconds: 0 } }, {}).interfaceB).toEqual({ listLagMs: 0 });
    expect(resolveTarget({ base_url: 'http://x', interface_b: { list_lag_seconds: 7.5 } }, {}).interfaceB).toEqual({ listLagMs: 7_500 });
    expect(resolveTarget({ base_url: 'http://x', interface_b: { salesforce_fields_query: { sobject: 'Account', force_fetch: 'true' } } }, {}).interfaceB).toEqual({ salesforceFieldsQuery: { sobject: 'Account', force_fetch: 'true' } });
    expect(resolveTarget({ base_url: 'http://x' }, {}).interfaceB.replacedKeyMs).toBeUndefined();
  });

  it('defaults the name to the host and the key prefix to fdk', () => {
    const t = resolveTarget({ cdc_base_url: 'http://127.0.0.1:9/' }, {});
    expect(t.name).toBe('127.0.0.1:9');
    expect(t.keyPrefix).toBe('fdk');
    expect(t.b).toEqual([]);
  });
});

describe('targetSecrets', () => {
  it('lists every key and URL credential', () => {
    const t = resolveTarget({ ...full, control_url: 'http://user:p%40ss@127.0.0.1:1/_disco' }, env);
    expect(targetSecrets(t).sort()).toEqual(['fdk_adminsecretpart', 'fdk_plainnonadminkey', 'first-account-key', 'first-account-member-key', 'p@ss', 'second-account-key', 'user'].sort());
  });

  it('lists a declared hook\'s secret-named settings (the README asks for none, but a PagerDuty hook wants a service_key)', () => {
    const t = resolveTarget({ ...full, interface_b: { hook: { type: 'pagerduty', settings: { service_name: 'etl', service_key: 'pd-key-0123' }, events: ['job'] } } }, env);
    expect(targetSecrets(t)).toContain('pd-key-0123');
    expect(targetSecrets(t)).not.toContain('etl');
  });

  it('lists the secret-named settings of every declared hook (interface_b.hooks), not the first alone', () => {
    const hooks = [
      { type: 'web', settings: { url: 'https://hooks.example.invalid/x' }, events: ['job'] },
      { type: 'pagerduty', settings: { service_name: 'etl', service_key: 'pd-key-4567' }, events: ['job'] },
    ];
    const t = resolveTarget({ ...full, interface_b: { hooks } }, env);
    expect(targetSecrets(t)).toContain('pd-key-4567');
    expect(targetSecrets(t)).not.toContain('etl');
  });
});

describe('loadTargetFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-target-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads YAML and JSON', async () => {
    const yamlPath = join(dir, 't.yaml');
    await writeFile(yamlPath, 'name: y\nbase_url: http://127.0.0.1:4010\naccounts:\n  - account_id: acme\n    api_key_env: DISCO_T_KEY1\n');
    expect((await loadTargetFile(yamlPath, env)).b[0]?.apiKey).toBe('first-account-key');
    const jsonPath = join(dir, 't.json');
    await writeFile(jsonPath, JSON.stringify(full));
    expect((await loadTargetFile(jsonPath, env)).name).toBe('staging');
  });

  it('reports a missing file and a syntax error as ConfigError', async () => {
    await expect(loadTargetFile(join(dir, 'nope.yaml'))).rejects.toThrow(/cannot read target file .*no such file/);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"base_url": ');
    await expect(loadTargetFile(bad)).rejects.toBeInstanceOf(ConfigError);
    // V8 quotes the text around a JSON syntax error; a key there must not reach the message.
    const leaky = join(dir, 'leaky.json');
    await writeFile(leaky, '{"accounts": [{"api_key": fdk_verysecretvalue}]}');
    const error = await loadTargetFile(leaky).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/not valid JSON: unexpected text( at position \d+)?$/);
    expect((error as Error).message).not.toContain('fdk_very');
    const badYaml = join(dir, 'bad.yml');
    await writeFile(badYaml, 'base_url: [unclosed\n');
    await expect(loadTargetFile(badYaml)).rejects.toThrow(/not valid YAML/);
  });
});

describe('the interface_a section and the pipeline fixtures', () => {
  const base = { cdc_base_url: 'http://cdc.test', accounts: [{ pipeline_admin_key: 'fdk_x', fixtures: { pipeline_ids: [5, 6], archivable_pipelines: { deployed: 7, not_deployed: 8 } } }] };

  it('reads routes, envelopes, state names, the definition format and inline definitions', () => {
    const target = resolveTarget({
      ...base,
      interface_a: {
        operations: { 'pipelines.list': 'GET /flows', 'keys.revoke': 'POST /api_keys/{id}/revoke', 'pipelines.validate': null },
        list_items: { pipelines: 'data', keys: 'result.keys' },
        pipeline_states: { field: 'phase', deployed: ['running', 'syncing'], not_deployed: 'draft', archived: ['retired'] },
        definition_format: 'yaml',
        definitions: [{ name: 'orders', source: {} }],
      },
    });
    expect(target.interfaceA).toEqual({
      operations: { 'pipelines.list': { method: 'GET', path: '/flows' }, 'keys.revoke': { method: 'POST', path: '/api_keys/{id}/revoke' }, 'pipelines.validate': null },
      listItems: { pipelines: 'data', keys: 'result.keys' },
      pipelineStates: { field: 'phase', deployed: ['running', 'syncing'], notDeployed: ['draft'], archived: ['retired'] },
      definitionFormat: 'yaml',
      definitions: [{ name: 'orders', source: {} }],
    });
    expect(target.a[0]?.fixtures).toEqual({ pipeline_ids: [5, 6], archivable_pipelines: { deployed: 7, not_deployed: 8 } });
  });

  it.each([
    [{ operations: { 'pipelines.lists': 'GET /x' } }, 'unknown field interface_a.operations.pipelines.lists'],
    [{ operations: { 'pipelines.list': '/flows' } }, 'interface_a.operations.pipelines.list must be "METHOD /path"'],
    [{ operations: { 'keys.revoke': 'DELETE /api_keys' } }, 'its path needs {id}'],
    [{ operations: { 'pipelines.create': 'POST /flows/{id}' } }, 'its path has no {id}'],
    [{ definition_format: 'xml' }, 'definition_format must be json or yaml'],
    [{ definitions: ['/nonexistent/definition.yaml'] }, 'cannot read /nonexistent/definition.yaml'],
    [{ definitions: [[1, 2]] }, 'definitions[0] must be a definition document'],
    [{ operations: { 'pipelines.start': 'POST /pipelines/../{id}/start' } }, 'must be "METHOD /path"'],
  ])('refuses %j', (section, message) => {
    expect(configError(() => resolveTarget({ ...base, interface_a: section }))).toContain(message);
  });
});

describe('a __proto__ member of a target document', () => {
  it('is refused, never read as the prototype of the document (whose members would pass the unknown-field check)', () => {
    expect(configError(() => resolveTarget(JSON.parse('{"base_url": "http://x", "__proto__": {"name": "evil"}}')))).toBe('target: __proto__ is not a field of a target document');
    expect(configError(() => resolveTarget(JSON.parse('{"base_url": "http://x", "accounts": [{"__proto__": {"account_id": "a"}}]}')))).toBe('target: accounts[0].__proto__ is not a field of a target document');
  });
});

describe('a document nested past any target document', () => {
  it('is refused by its depth, not by a stack overflow', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(configError(() => resolveTarget({ base_url: 'http://x', name: deep }))).toBe('target: the document nests deeper than 64 levels, which no target document does');
  });
});

describe('a definition file that is not valid JSON', () => {
  it('is refused without the parser\'s excerpt of its text, which may hold a source\'s password', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-definition-'));
    try {
      const file = join(dir, 'orders.json');
      await writeFile(file, '{"source": {"type": "postgres", "password": s3cr3t-db-password-XYZ}}');
      const message = configError(() => resolveTarget({ base_url: 'http://x', cdc_base_url: 'http://x', interface_a: { definitions: [file] } }));
      expect(message).toContain(`${file} is not valid JSON`);
      expect(message).not.toContain('s3cr3t');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('absent_ids: the ids that name nothing on the target', () => {
  const withFixtures = (fixtures: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ base_url: 'http://x', cdc_base_url: 'http://x', accounts: [{ account_id: 'a', api_key: 'k', fixtures }], ...extra });

  it('defaults to the built-in ranges, and takes a declared one', () => {
    expect(resolveTarget(withFixtures({ package_id: 5 }), {}).absentIds).toBeUndefined();
    const t = resolveTarget(withFixtures({ package_id: 1_000_000_001 }, { absent_ids: { min: 1000, max: 999_999_999 } }), {});
    expect(t.absentIds).toEqual({ min: 1000, max: 999_999_999 });
    expect(absentIdFrom(t, 0)).toBe(1000);
    fc.assert(fc.property(absentId(t), wideAbsentId(t), nonIntegerIdNear(t), (id, wide, odd) => id >= 1000 && id <= 999_999_999 && wide >= 1000 && wide <= 999_999_999 && !odd.includes('1000000001')), { seed: 20261127, numRuns: 200 });
  });

  it.each([
    [{ min: 1000 }, 'absent_ids needs both min and max'],
    [{ min: 0, max: 5000 }, 'absent_ids.min must be a positive integer'],
    [{ min: 10, max: 500 }, 'absent_ids must span at least 1,000 ids'],
    [{ min: 10, max: 5000, step: 1 }, 'unknown field absent_ids.step'],
  ])('refuses absent_ids %j', (range, message) => {
    expect(configError(() => resolveTarget(withFixtures({}, { absent_ids: range }), {}))).toContain(message);
  });

  // A run would otherwise ask for, archive or revoke real things it took for absent: on the alt
  // simulator, whose ids start at 10^9, a check revoked the configured admin key so.
  it.each([
    [{ package_id: 1_000_000_001 }, {}, 'accounts[0].fixtures.package_id is 1000000001, inside the ids the run takes by default for ones that name nothing (1,000,000,000 to 2,147,483,647)'],
    [{ connections: { mysql: 2 ** 40 } }, {}, 'accounts[0].fixtures.connections.mysql is 1099511627776, inside the ids the run takes by default'],
    [{ archivable_pipelines: { deployed: 2_000_000_000 } }, {}, 'accounts[0].fixtures.archivable_pipelines.deployed is 2000000000'],
    [{ delivery_ids: [3, 4_000] }, { absent_ids: { min: 1000, max: 9999 } }, 'accounts[0].fixtures.delivery_ids[1] is 4000, inside the ids absent_ids names for ones that name nothing (1,000 to 9,999)'],
  ])('refuses a document listing an id inside the ranges in use: %j', (fixtures, extra, message) => {
    const said = configError(() => resolveTarget(withFixtures(fixtures, extra), {}));
    expect(said).toContain(message);
    expect(said).toContain('Set absent_ids to a range');
  });
});
