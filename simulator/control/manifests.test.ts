import { describe, expect, it } from 'vitest';
import { makeWorld } from '../domains/users/test-support.ts';
import { restoredManifests } from './manifests.ts';
import { applySeed } from './seed.ts';
import { createSimulator } from '../app.ts';
import { AdjustableClock } from '../clock.ts';

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

describe('the packages whose jobs fail (the target document\'s fixtures.failing_package_id)', () => {
  it('are the active packages seeded with outcome failed, in a seed\'s manifest and a restored one alike', () => {
    const { sim } = createSimulator({ clock: new AdjustableClock({ frozen: true, start: 0 }), options: { deliverWebhooks: 'off' } });
    const [seeded] = applySeed(sim, {
      accounts: [{ slug: 'fails', users: [{ name: 'Owner', email: 'owner@fails.example' }], packages: [{ name: 'ok' }, { name: 'broken', outcome: 'failed' }, { name: 'old-broken', outcome: 'failed', status: 'archived' }] }],
    });
    const [ok, broken] = seeded?.package_ids ?? [];
    expect(ok).toBeDefined();
    expect(seeded?.failing_package_ids).toEqual([broken]);
    expect(restoredManifests(sim)[0]?.failing_package_ids).toEqual([broken]);
  });
});
