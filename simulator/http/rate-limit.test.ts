import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createSimulator } from '../app.ts';
import { AdjustableClock } from '../clock.ts';
import { applySeed } from '../control/seed.ts';

const ACCEPT = 'application/vnd.service+json; version=2';
const START = Date.UTC(2026, 0, 5, 9, 30);

function world(limit: number) {
  const clock = new AdjustableClock({ frozen: true, start: START });
  const simulator = createSimulator({ clock, options: { rateLimitPerHour: limit } });
  const [acme] = applySeed(simulator.sim, {
    accounts: [{ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }, { name: 'Bob', email: 'bob@acme.example' }] }],
  });
  const key = (i: number) => `Basic ${Buffer.from(`${acme?.users[i]?.api_key}:`).toString('base64')}`;
  const get = (i = 0, path = '/acme/api/connections/types') => request(simulator.app.callback()).get(path).set('Accept', ACCEPT).set('Authorization', key(i));
  return { clock, simulator, get };
}

describe('interface B rate limits (docs/interface-b.md: per user per hour)', () => {
  it('counts down X-RateLimit-Remaining and answers 429 with the error object past the limit', async () => {
    const { get } = world(3);
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      remaining.push(res.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(typeof refused.body.message).toBe('string');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBe(30 * 60);
  });

  it('GET /rate_limit_status uses up nothing and answers a caller whose window is used up (the real docs: "except for querying the rate limit")', async () => {
    const { get } = world(2);
    const status = () => get(0, '/acme/api/rate_limit_status');
    expect((await status()).body).toMatchObject({ limits: { limit: 2, remaining: 2 } });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    const used = await status();
    expect([used.status, used.body.limits.remaining, used.headers['x-ratelimit-remaining']]).toEqual([200, 0, '0']);
  });

  it('counts each user on their own, and starts over in the next clock hour', async () => {
    const { get, clock } = world(1);
    expect((await get(0)).status).toBe(200);
    expect((await get(0)).status).toBe(429);
    expect((await get(1)).status).toBe(200);
    clock.advance(30 * 60 * 1000);
    expect((await get(0)).status).toBe(200);
  });

  it('sends no rate-limit headers when limits are off, and the control API changes the limit', async () => {
    const { get, simulator } = world(0);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    const set = await request(simulator.app.callback()).put('/_disco/limits').send({ requests_per_hour: 2 });
    expect(set.status).toBe(200);
    expect((await get()).headers['x-ratelimit-limit']).toBe('2');
    const bad = await request(simulator.app.callback()).put('/_disco/limits').send({ requests_per_hour: -1 });
    expect(bad.status).toBe(422);
  });
});
