import { expect, it } from 'vitest';
import { loadChecks } from '../../suites/index.ts';
import { proveFamily } from './family-proof.ts';

proveFamily('b-auth', ['b-unknown-key-accepted', 'b-old-key-valid-after-regeneration']);

it('runs the key regeneration (which kills the configured key) after every other check', async () => {
  const ids = (await loadChecks()).map((c) => c.id);
  expect(ids.at(-1)).toBe('b-auth/regenerated-key-replaces-old');
});
