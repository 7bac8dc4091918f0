// The same client tested with node:test in plain JavaScript: `node --test examples/`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSimulator } from 'disco';

let sim;
before(async () => {
  sim = await startSimulator({ clock: 'frozen' });
});
after(() => sim.close());

test('a 429 from a chaos rule carries Retry-After and the rate-limit headers', async () => {
  await sim.control.chaos.add({ path: '/*/api/packages', status: 429, retry_after_s: 3, times: 1 });
  const key = sim.accounts[0].users[0].api_key;
  const res = await fetch(`${sim.interfaceB()}/packages`, { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: 'application/vnd.service+json; version=2' } });
  assert.equal(res.status, 429);
  assert.equal(res.headers.get('retry-after'), '3');
  assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
});

test('the clock moves only when told to', async () => {
  const before = await sim.control.clock.get();
  const moved = await sim.control.clock.advance(60_000);
  assert.equal(moved.now_ms - before.now_ms, 60_000);
  assert.equal(moved.frozen, true);
});
