import type Router from '@koa/router';
import type { Sim } from '../context.ts';
import { ApiError, invalidFields } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';

/**
 * Chaos rules at runtime: add (`POST /_disco/chaos`, one rule, or `{rules: [...]}`), list,
 * delete one, clear. A document with any bad rule adds none of them.
 */
export function registerChaosRoutes(router: Router, sim: Sim): void {
  router.get('/chaos', (ctx) => {
    ctx.body = { rules: sim.chaos.list() };
  });

  router.post('/chaos', async (ctx) => {
    const body = await readJsonObject(ctx, 256 * 1024);
    const many = Array.isArray(body.rules);
    const result = sim.chaos.addAll(many ? (body.rules as unknown[]) : [body]);
    if ('problems' in result) throw invalidFields(result.problems.map((p) => ({ ...p, field: many ? `rules${p.field}` : p.field.replace(/^\[0\]\./, '') })));
    ctx.status = 201;
    ctx.body = many ? { rules: result.rules } : result.rules[0];
  });

  router.delete('/chaos/:id', (ctx) => {
    if (!sim.chaos.remove(ctx.params.id ?? '')) throw new ApiError('not_found', { message: 'No chaos rule with this id.' });
    ctx.status = 204;
  });

  router.delete('/chaos', (ctx) => {
    sim.chaos.clear();
    ctx.status = 204;
  });
}
