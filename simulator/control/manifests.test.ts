import { describe, expect, it } from 'vitest';
import { makeWorld } from '../domains/users/test-support.ts';
import { restoredManifests } from './manifests.ts';

describe('the manifests of a restored state (disco serve --state)', () => {
  it("name the first user's notifications only, as a seed's manifest does: the target document's api_key is that user's", () => {
    const { sim, acme } = makeWorld();
    const account = sim.store.accounts.get(acme.account_id);
    const colleague = acme.users[1];
    if (!account || !colleague) throw new Error('the test seed has acme with two users');
    // A notification of the second user (a member), as a job it watches would bring.
    const id = sim.store.nextId('notification', account);
    account.notifications.set(id, { id, userId: colleague.id, kind: 'job.completed', message: 'Job mine completed', jobId: null, read: false, readAt: null, createdAt: 0 });
    const [restored] = restoredManifests(sim).filter((m) => m.account_id === acme.account_id);
    expect(restored?.notification_ids).toEqual(acme.notification_ids);
    expect(restored?.notification_ids).not.toContain(id);
  });
});
