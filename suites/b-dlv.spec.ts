import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { isObject, pageListing } from './lib/answers.ts';
import type { CheckContext } from './lib/types.ts';

/**
 * Whether deleted delivery `id` is gone, as far as the target shows it: the list (GET /deliveries,
 * an extension) read whole without it, or a second DELETE finding nothing to delete (404 or 410
 * with the error object). A second 2xx proves nothing either way: deleting what is gone may be a
 * no-op. Fails B-DLV-1 when the list still shows it; the reason it could not be seen otherwise.
 */
async function expectGone(t: CheckContext, id: number): Promise<string | undefined> {
  const listed = await listCatalog(t.b(), t.target, '/deliveries', 20);
  if (listed) {
    const page = pageListing(listed, (d) => isObject(d) && d.id === id);
    t.expect.that(page === undefined, { clause: 'B-DLV-1', message: `delivery ${id} is still listed by GET /deliveries after its deletion`, expected: 'not listed', received: 'listed', exchange: page });
    if (listed.complete) return undefined;
  }
  const again = await t.b().delete(`/deliveries/${id}`);
  if ([404, 410].includes(again.response.status) && isObject(again.json) && typeof again.json.message === 'string') return undefined;
  const list = listed ? 'GET /deliveries (an extension) could not be read whole' : 'GET /deliveries (an extension) is not served';
  return `${list}, and a second DELETE /deliveries/${id} answered ${again.response.status}, which does not say whether it is gone`;
}

check({
  id: 'b-dlv/delete',
  clauses: ['B-DLV-1'],
  title: 'B-DLV-1: DELETE /deliveries/{delivery_id} deletes the delivery blueprint (it is listed no more, or a second DELETE finds nothing) and answers 204 with no body',
  needs: ['b', 'write', 'fixture:delivery_ids'],
  async run(t) {
    // Destructive: each run uses up one of the disposable deliveries the target lists.
    for (const id of t.fixtures().delivery_ids ?? []) {
      const ex = await t.b().delete(`/deliveries/${id}`);
      if (ex.response.status === 404) continue;
      t.expect.status(ex, 204, 'B-DLV-1', `DELETE /deliveries/${id} answered ${ex.response.status}, expected 204`);
      t.expect.that(ex.response.body === '', {
        clause: 'B-DLV-1',
        message: `DELETE /deliveries/${id} answered with a body`,
        expected: 'no body',
        received: `${ex.response.body.length} bytes`,
        exchange: ex,
      });
      const unseen = await expectGone(t, id);
      if (unseen) t.partial('B-DLV-1', `the deletion itself was not seen, only the 204: ${unseen}`);
      t.note(`deleted delivery ${id}`);
      return;
    }
    t.skip('every delivery in fixtures.delivery_ids answers 404: they were used up by earlier runs (list fresh disposable ones)');
  },
});
