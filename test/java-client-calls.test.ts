import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';

/**
 * Every call the real service's Java client makes (the `Resource` list of xplenty/xplenty.jar's
 * `Xplenty.java`: its paths and methods, written down here as facts, no code of theirs), sent as
 * that client sends it (Basic `key:`, `Accept: application/vnd.xplenty+json`, bodies as the
 * vendor type) to the lenient profile, in an order a client could use: each one succeeds. The
 * two account calls the simulator does not model (making and deleting accounts) answer 405, as
 * the README says. A call the simulator stopped serving fails here by name.
 */

type Ids = Record<string, string | number>;

interface Call {
  /** The client's name for the call. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under `/{account}/api`, or at the API's root where the client (and the docs) make it there. */
  path: string;
  root?: boolean;
  body?: (ids: Ids) => unknown;
  /** What to remember of the answer for later calls. */
  keep?: (body: unknown, ids: Ids) => void;
  /** The answer expected when it is not a success (the calls the simulator does not model). */
  status?: number;
}

const idOf = (key: string) => (body: unknown, ids: Ids) => {
  ids[key] = (body as { id: number }).id;
};

const CALLS: readonly Call[] = [
  // Made first, so that the reads and changes have something of their own.
  { name: 'CreatePackage', method: 'POST', path: '/packages', body: () => ({ name: 'java-client' }), keep: idOf('package') },
  { name: 'CreateCluster', method: 'POST', path: '/clusters', body: () => ({ nodes: 1, type: 'sandbox', name: 'java-client' }), keep: idOf('cluster') },
  { name: 'RunJob', method: 'POST', path: '/jobs', body: (ids) => ({ cluster_id: ids.seededCluster, package_id: ids.seededPackage }), keep: idOf('job') },
  { name: 'CreateSchedule', method: 'POST', path: '/schedules', body: (ids) => ({ name: 'java-client', start_at: '2027-01-01T00:00:00Z', interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: ids.seededPackage }] } }), keep: idOf('schedule') },
  { name: 'CreateHook', method: 'POST', path: '/hooks', body: () => ({ type: 'email', settings: { emails: 'ops@acme.example' }, events: ['job'] }), keep: idOf('hook') },
  { name: 'CreatePublicKey', method: 'POST', path: '/user/keys', body: () => ({ public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJfAyMBs0lOcd7ICzLHKtr67kiPm6Ha1EVKnJSLGHbxw java@client' }), keep: idOf('key') },
  { name: 'CreateMember', method: 'POST', path: '/members', body: () => ({ email: 'java.client@acme.example' }), keep: idOf('member') },
  { name: 'RunPackageValidation', method: 'POST', path: '/packages/{package}/validations', keep: idOf('validation') },
  // Reads.
  { name: 'Packages', method: 'GET', path: '/packages' },
  { name: 'Package', method: 'GET', path: '/packages/{package}' },
  { name: 'PackageTemplates', method: 'GET', path: '/packages/templates' },
  { name: 'PackageValidations', method: 'GET', path: '/packages/{package}/validations' },
  { name: 'PackageValidation', method: 'GET', path: '/packages/{package}/validations/{validation}' },
  { name: 'ClusterPlans', method: 'GET', path: '/cluster_plans' },
  { name: 'Clusters', method: 'GET', path: '/clusters' },
  { name: 'Cluster', method: 'GET', path: '/clusters/{cluster}' },
  { name: 'ClusterInstances', method: 'GET', path: '/clusters/{seededCluster}/instances' },
  { name: 'Jobs', method: 'GET', path: '/jobs' },
  { name: 'Job', method: 'GET', path: '/jobs/{job}' },
  { name: 'JobExecVars', method: 'GET', path: '/jobs/{job}/variables' },
  { name: 'JobLog', method: 'GET', path: '/jobs/{job}/log' },
  { name: 'JobPreviewOutput', method: 'GET', path: '/jobs/{job}/outputs/{output}/preview' },
  { name: 'Schedules', method: 'GET', path: '/schedules' },
  { name: 'Schedule', method: 'GET', path: '/schedules/{schedule}' },
  { name: 'User', method: 'GET', path: '/user' },
  { name: 'UserNotifications', method: 'GET', path: '/user/notifications', root: true },
  { name: 'HookEvents', method: 'GET', path: '/hook_events', root: true },
  { name: 'HookTypes', method: 'GET', path: '/hooks/types' },
  { name: 'Hooks', method: 'GET', path: '/hooks' },
  { name: 'Hook', method: 'GET', path: '/hooks/{hook}' },
  { name: 'PingHook', method: 'GET', path: '/hooks/{hook}/ping' },
  { name: 'PublicKeys', method: 'GET', path: '/user/keys' },
  { name: 'PublicKey', method: 'GET', path: '/user/keys/{key}' },
  { name: 'Members', method: 'GET', path: '/members' },
  { name: 'Member', method: 'GET', path: '/members/{member}' },
  { name: 'Regions', method: 'GET', path: '/regions' },
  { name: 'Accounts', method: 'GET', path: '/accounts', root: true },
  { name: 'Account', method: 'GET', path: '/accounts/{account}', root: true },
  { name: 'Connections', method: 'GET', path: '/connections' },
  { name: 'ConnectionTypes', method: 'GET', path: '/connections/types' },
  { name: 'Connection', method: 'GET', path: '/connections/mysql/{mysql}' },
  { name: 'Stacks', method: 'GET', path: '/stacks' },
  { name: 'SystemVariables', method: 'GET', path: '/variables', root: true },
  { name: 'Timezones', method: 'GET', path: '/timezones', root: true },
  { name: 'Plans', method: 'GET', path: '/plans' },
  { name: 'Subscription', method: 'GET', path: '/subscription' },
  { name: 'PaymentMethod', method: 'GET', path: '/payment_method' },
  { name: 'ProductUpdates', method: 'GET', path: '/product_updates', root: true },
  // Watching, changing, acting.
  { name: 'ClusterWatcher (add)', method: 'POST', path: '/clusters/{cluster}/watchers' },
  { name: 'ClusterWatcher (list)', method: 'GET', path: '/clusters/{cluster}/watchers' },
  { name: 'JobWatcher (add)', method: 'POST', path: '/jobs/{job}/watchers' },
  { name: 'JobWatcher (list)', method: 'GET', path: '/jobs/{job}/watchers' },
  { name: 'UpdatePackage', method: 'PUT', path: '/packages/{package}', body: () => ({ description: 'changed by the Java client' }) },
  { name: 'UpdateCluster', method: 'PUT', path: '/clusters/{cluster}', body: () => ({ description: 'changed by the Java client' }) },
  { name: 'UpdateSchedule', method: 'PUT', path: '/schedules/{schedule}', body: () => ({ name: 'java-client renamed' }) },
  { name: 'CloneSchedule', method: 'POST', path: '/schedules/{schedule}/clone' },
  { name: 'UpdateUser', method: 'PUT', path: '/user', body: () => ({ location: 'Porto' }) },
  { name: 'ResetUserPassword', method: 'POST', path: '/user_password', root: true, body: () => ({ email: 'ada@acme.example' }) },
  { name: 'MarkUserNotificationRead', method: 'POST', path: '/user/notifications/mark', root: true },
  { name: 'UpdateHook', method: 'PUT', path: '/hooks/{hook}', body: () => ({ name: 'java-client hook' }) },
  { name: 'HookResetSalt', method: 'PUT', path: '/hooks/{hook}/reset_salt' },
  { name: 'SetMemberRole', method: 'PUT', path: '/members/{member}', body: () => ({ role: 'admin' }) },
  { name: 'UpdateAccount', method: 'PUT', path: '/accounts/{account}', root: true, body: () => ({ location: 'Lisbon' }) },
  { name: 'UpdatePaymentMethodAndPlan', method: 'PUT', path: '/payment_method', body: () => ({ billing_payment_token: 'tok_mastercard', plan_id: 'basic' }) },
  { name: 'LikeProductUpdate', method: 'POST', path: '/product_updates/1/like', root: true },
  // Stopped, removed, terminated last.
  { name: 'ClusterWatcher (stop)', method: 'DELETE', path: '/clusters/{cluster}/watchers' },
  { name: 'JobWatcher (stop)', method: 'DELETE', path: '/jobs/{job}/watchers' },
  { name: 'StopJob', method: 'DELETE', path: '/jobs/{job}' },
  { name: 'RemoveSchedule', method: 'DELETE', path: '/schedules/{schedule}' },
  { name: 'DeleteHook', method: 'DELETE', path: '/hooks/{hook}' },
  { name: 'DeletePublicKey', method: 'DELETE', path: '/user/keys/{key}' },
  { name: 'DeleteMember', method: 'DELETE', path: '/members/{member}' },
  { name: 'DeletePackage', method: 'DELETE', path: '/packages/{package}' },
  { name: 'DeleteConnection', method: 'DELETE', path: '/connections/mysql/{mysql}' },
  { name: 'TerminateCluster', method: 'DELETE', path: '/clusters/{cluster}' },
  // Not modelled (README): a simulated user belongs to the one account it was seeded in.
  { name: 'CreateAccount', method: 'POST', path: '/accounts', root: true, body: () => ({ name: 'Another', account_id: 'another' }), status: 405 },
  { name: 'DeleteAccount', method: 'DELETE', path: '/accounts/{account}', root: true, status: 405 },
];

describe("every call of the vendor's Java client", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ profile: 'lenient', clock: 'frozen' });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('is served, and succeeds when sent as the client sends it', async () => {
    const account = sim.accounts[0]!;
    const headers = { authorization: `Basic ${Buffer.from(`${account.users[0]!.api_key}:`).toString('base64')}`, accept: 'application/vnd.xplenty+json' };
    const ids: Ids = { account: account.account_id, seededPackage: account.package_ids[0]!, seededCluster: account.cluster_ids[1]!, mysql: account.connections.find((c) => c.type === 'mysql')!.id };
    const problems: string[] = [];
    for (const call of CALLS) {
      // A job's output exists once it has completed (35 s on the simulator's clock).
      if (call.name === 'JobPreviewOutput') {
        await sim.control.clock.advance(60_000);
        const job = (await (await fetch(`${sim.interfaceB()}/jobs/${ids.job}`, { headers })).json()) as { outputs: { id: number }[] };
        ids.output = job.outputs[0]?.id ?? 0;
      }
      const path = call.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(ids[name]));
      const url = call.root ? `${sim.origin}${path}` : `${sim.interfaceB()}${path}`;
      const body = call.body?.(ids);
      const res = await fetch(url, { method: call.method, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/vnd.xplenty+json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await res.text();
      const ok = call.status !== undefined ? res.status === call.status : res.status >= 200 && res.status < 300;
      if (!ok) problems.push(`${call.name}: ${call.method} ${path} answered ${res.status} ${text.slice(0, 120)}`);
      else if (call.keep) call.keep(JSON.parse(text) as unknown, ids);
    }
    expect(problems).toEqual([]);
    expect(CALLS.filter((c) => c.status === undefined)).toHaveLength(CALLS.length - 2);
  });
});
