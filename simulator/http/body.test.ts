import { describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { createSimulator } from '../app.ts';
import { applySeed } from '../control/seed.ts';
import { MAX_NESTING, yamlNestingEstimate } from './body.ts';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('YAML nesting, measured before parsing', () => {
  it('never underestimates the depth of a generated document, in block or flow style', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.boolean(), (depth, flow) => {
        const text = stringify(nested(depth), flow ? { collectionStyle: 'flow' } : {});
        expect(yamlNestingEstimate(text, 1000)).toBeGreaterThanOrEqual(depth);
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it('ignores brackets inside quotes and comments', () => {
    expect(yamlNestingEstimate('a: "[[[[[["\nb: \'{{{{\' # [[[[[[\n', 10)).toBeLessThanOrEqual(2);
  });

  it('refuses hostile nesting with a 422 on interface A instead of crashing the process', async () => {
    const { app, sim } = createSimulator();
    const [acme] = applySeed(sim, { accounts: [{ slug: 'acme', pipeline_keys: [{ name: 'admin', admin: true }] }] });
    const key = acme?.pipeline_keys[0]?.key ?? '';
    for (const body of ['['.repeat(3000) + ']'.repeat(3000), '{a: '.repeat(3000) + '1' + '}'.repeat(3000), Array.from({ length: 500 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'), '- '.repeat(2000) + 'x']) {
      for (let round = 0; round < 3; round++) {
        const res = await request(app.callback()).post('/api/public/v1/pipelines').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/yaml').send(body);
        expect(res.status).toBe(422);
        expect(res.body.field).toBe('body');
        expect(res.body.error).toContain(`${MAX_NESTING} levels`);
      }
    }
  });
});
