import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './definition-schema.ts';
import { seededDefinition } from './seeded.ts';

/** Seeds store their definition without the validator: it must be valid for every name a seed may give. */
describe('the seeded definition', () => {
  it('is valid under the schema for any name the seed check lets through', () => {
    const seedName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}$/);
    fc.assert(
      fc.property(seedName, (name) => {
        expect(checkDefinition(seededDefinition(name))).toEqual({ kind: 'valid' });
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
