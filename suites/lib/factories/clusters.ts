import type { CheckContext } from '../types.ts';
import { is2xx } from '../answers.ts';
import type { Account } from './removal.ts';

/** The smallest cluster there is: one sandbox node. */
export function smallClusterBody(name: string): Record<string, unknown> {
  return { name, nodes: 1, type: 'sandbox', terminate_on_idle: true, time_to_idle: 3600 };
}

/** A cluster is removed by terminating it (`DELETE /clusters/{id}`); a terminated one stays listed. */
export function terminateClusterOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  t.cleanup(`terminate cluster ${id} of account ${account + 1}`, async () => {
    const ex = await t.b(account).delete(`/clusters/${id}`);
    if (!is2xx(ex)) throw new Error(`DELETE /clusters/${id} answered ${ex.response.status}; the cluster may still be running`);
  });
}
