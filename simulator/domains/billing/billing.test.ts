import { describe, expect, it } from 'vitest';
import { makeWorld, START } from '../jobs/test-support.ts';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';

/** The real docs' billing calls in the account path: `GET /plans`, `GET /subscription`, `GET` and `PUT /payment_method`. */

interface CardBody {
  card_last_4: string | null;
  card_number: string | null;
  expiration_date: string | null;
  card_type: string | null;
  url: string;
}

const DAY = 86_400;

describe('billing (extension)', () => {
  it("lists the docs' three plans to every member, word for word", async () => {
    const world = makeWorld();
    for (const caller of [world.owner, world.colleague]) {
      const plans = (await caller.get('/plans').expect(200)).body as Record<string, unknown>[];
      expect(plans.map((p) => p.id)).toEqual(['free-trial', 'free', 'basic']);
      expect(plans[2]).toMatchObject({ name: 'Basic', description: 'Basic Plan', price_cents: 0, price_currency: 'USD', price_unit: 'month', cluster_node_hours_limit: -1, members_limit: 1, position: 0, created_at: '2015-03-17T14:40:26Z' });
      for (const plan of plans) expect(validateResource('simulator/plan', plan)).toEqual([]);
    }
  });

  it('gives the account a 14-day trial from its creation, and the plan PUT /payment_method names', async () => {
    const world = makeWorld();
    const sub = (await world.owner.get('/subscription').expect(200)).body as Record<string, unknown>;
    expect(validateResource('simulator/subscription', sub)).toEqual([]);
    const start = new Date(START).toISOString().replace('.000', '');
    const end = new Date(START + 14 * DAY * 1000).toISOString().replace('.000', '');
    expect(sub).toEqual({ trial_period_days: 14, plan_id: 'free-trial', trial_start: start, trial_end: end, trialling: true, url: 'http://sim.test/acme/api/subscription' });
    world.advance(14 * DAY);
    expect((await world.owner.get('/subscription').expect(200)).body).toMatchObject({ plan_id: 'free-trial', trialling: false });
    await world.owner.put('/payment_method', { plan_id: 'basic' }).expect(200);
    expect((await world.owner.get('/subscription').expect(200)).body).toMatchObject({ plan_id: 'basic', trial_start: start, trialling: false });
  });

  it('has no card on file at first (404), then the card a test token names; another replaces it', async () => {
    const world = makeWorld();
    expect((await world.owner.get('/payment_method').expect(404)).body).toEqual({ message: 'Item not found.' });
    const put = (await world.owner.put('/payment_method', { billing_payment_token: 'tok_visa' }).expect(200)).body as CardBody;
    // The world's clock starts in January 2026: the card expires a year on.
    expect(put).toEqual({ card_last_4: '4242', card_number: 'xxxx-xxxx-xxxx-4242', expiration_date: '01/2027', card_type: 'Visa', url: 'http://sim.test/acme/api/payment_method' });
    expect(validateResource('simulator/payment-method', put)).toEqual([]);
    expect((await world.owner.get('/payment_method').expect(200)).body).toEqual(put);
    await world.owner.put('/payment_method', { billing_payment_token: 'tok_amex', plan_id: 'free' }).expect(200);
    expect((await world.owner.get('/payment_method').expect(200)).body).toMatchObject({ card_last_4: '0005', card_type: 'American Express' });
    expect((await world.owner.get('/subscription').expect(200)).body).toMatchObject({ plan_id: 'free' });
    // Another account's billing is its own.
    await world.stranger.get('/payment_method').expect(404);
    expect((await world.stranger.get('/subscription').expect(200)).body).toMatchObject({ plan_id: 'free-trial' });
  });

  it("takes the Java client's body, null for what it does not change: a plan alone shows no card", async () => {
    const world = makeWorld();
    const put = (await world.owner.put('/payment_method', { billing_payment_token: null, plan_id: 'free' }).expect(200)).body as CardBody;
    expect(put).toEqual({ card_last_4: null, card_number: null, expiration_date: null, card_type: null, url: 'http://sim.test/acme/api/payment_method' });
    expect(validateResource('simulator/payment-method', put)).toEqual([]);
    await world.owner.get('/payment_method').expect(404);
  });

  it('refuses a bad body with one 422 naming each field, never repeating the token, and changes nothing', async () => {
    const world = makeWorld();
    await world.owner.put('/payment_method', { billing_payment_token: 'tok_visa' }).expect(200);
    const cases: [unknown, string[]][] = [
      [{}, ['billing_payment_token']],
      [{ billing_payment_token: null, plan_id: null }, ['billing_payment_token']],
      [{ billing_payment_token: 'tok_chargeDeclined' }, ['billing_payment_token']],
      [{ billing_payment_token: 'valid-token-of-nobody' }, ['billing_payment_token']],
      [{ billing_payment_token: '  ' }, ['billing_payment_token']],
      [{ plan_id: 'gold' }, ['plan_id']],
      [{ billing_payment_token: 7, plan_id: ['basic'] }, ['billing_payment_token', 'plan_id']],
      [{ billing_payment_token: 'tok_mastercard', plan_id: 'starter' }, ['plan_id']],
    ];
    for (const [body, fields] of cases) {
      const res = await world.owner.put('/payment_method', body).expect(422);
      expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field), JSON.stringify(body)).toEqual(fields);
      expect(res.text).not.toContain('valid-token-of-nobody');
    }
    await world.owner.put('/payment_method', '[1]').set('Content-Type', 'application/json').expect((res) => expect([400, 422]).toContain(res.status));
    expect((await world.owner.get('/payment_method').expect(200)).body).toMatchObject({ card_last_4: '4242' });
    expect((await world.owner.get('/subscription').expect(200)).body).toMatchObject({ plan_id: 'free-trial' });
  });

  it("is for admins: a member may list plans, not see or change the account's billing (403)", async () => {
    const world = makeWorld();
    for (const res of [await world.colleague.get('/subscription'), await world.colleague.get('/payment_method'), await world.colleague.put('/payment_method', { plan_id: 'basic' })]) {
      expect(res.status).toBe(403);
      expect(typeof (res.body as { message?: unknown }).message).toBe('string');
    }
    expect((await world.owner.get('/subscription').expect(200)).body).toMatchObject({ plan_id: 'free-trial' });
  });

  it('keeps the plan and card in the exported state', async () => {
    const world = makeWorld();
    const card = (await world.owner.put('/payment_method', { billing_payment_token: 'tok_jcb', plan_id: 'basic' }).expect(200)).body as CardBody;
    const exported = await world.http().get('/_disco/state').expect(200);
    const other = makeWorld();
    await other.http().put('/_disco/state').set('Content-Type', 'application/json').send(exported.text).expect(200);
    // The imported state holds the exported world's keys.
    const read = (path: string) => other.http().get(`/acme/api${path}`).set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(world.acme.users[0]?.api_key ?? '', '');
    expect((await read('/payment_method').expect(200)).body).toEqual(card);
    expect((await read('/subscription').expect(200)).body).toMatchObject({ plan_id: 'basic' });
  });
  it('takes a seed\'s billing as PUT /payment_method takes it, and refuses a bad one before anything is made', async () => {
    const world = makeWorld();
    const control = (body: unknown) => world.http().post('/_disco/accounts').set('Content-Type', 'application/json').send(body as object);
    const made = await control({ slug: 'initech', users: [{ name: 'Peter', email: 'peter@initech.example' }], billing: { billing_payment_token: 'tok_mastercard', plan_id: 'free' } }).expect(201);
    const key = (made.body as { users: { api_key: string }[] }).users[0]?.api_key ?? '';
    const read = (path: string) => world.http().get(`/initech/api${path}`).set('Host', 'sim.test').set('Accept', VENDOR_MEDIA_TYPE).auth(key, '');
    expect((await read('/payment_method').expect(200)).body).toMatchObject({ card_last_4: '4444', card_type: 'MasterCard', expiration_date: '01/2027' });
    expect((await read('/subscription').expect(200)).body).toMatchObject({ plan_id: 'free' });
    const refused = await control({ slug: 'hooli', users: [{ name: 'Gavin', email: 'gavin@hooli.example' }], billing: { billing_payment_token: 'tok_chargeDeclined', plan_id: 'gold' } }).expect(422);
    expect((refused.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['billing.billing_payment_token', 'billing.plan_id']);
    await control({ slug: 'hooli', billing: 'tok_visa' }).expect(422);
    const slugs = ((await world.http().get('/_disco/accounts').expect(200)).body as { slug?: string; account_id?: string }[]).map((a) => a.slug ?? a.account_id);
    expect(slugs).toContain('initech');
    expect(slugs).not.toContain('hooli');
  });
});
