import { describe, expect, it } from 'vitest';
import { requiredFields, schemaNames, validateResource } from './schemas.ts';

// The schemas compile when first used (schemas.ts), so a schema that ajv's strict mode refuses
// would surface in the middle of a run: every one is compiled here instead.
describe('the resource schemas', () => {
  it('each compiles under strict mode and judges a value', () => {
    const names = schemaNames();
    expect(names.length).toBeGreaterThan(10);
    expect(names).toContain('package');
    for (const name of names) expect(() => validateResource(name, {}), name).not.toThrow();
  });

  it('an empty object misses what a schema requires; an unknown name is an error, not a pass', () => {
    expect(requiredFields('package').length).toBeGreaterThan(0);
    expect(validateResource('package', {}).map((p) => p.message)).toContain(`missing required field ${requiredFields('package')[0]}`);
    expect(() => validateResource('no-such-resource', {})).toThrow(/no schema named no-such-resource/);
  });
});
