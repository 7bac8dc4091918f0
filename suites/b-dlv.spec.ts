import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { isObject, pageListing } from './lib/answers.ts';

check({
  id: 'b-dlv/delete',
  clauses: ['B-DLV-1'],
  title: 'B-DLV-1: DELETE /deliveries/{delivery_id} deletes the delivery blueprint and answers 204 with no body',
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
      // GET /deliveries is an extension: where it is served, the deleted blueprint is gone from it.
      const listed = await listCatalog(t.b(), t.target, '/deliveries', 20);
      if (listed) {
        const page = pageListing(listed, (d) => isObject(d) && d.id === id);
        t.expect.that(page === undefined, { clause: 'B-DLV-1', message: `delivery ${id} is still listed by GET /deliveries after its deletion`, expected: 'not listed', received: 'listed', exchange: page });
      } else {
        t.note('GET /deliveries (an extension) is not served: the deletion itself was not observed beyond the 204');
      }
      t.note(`deleted delivery ${id}`);
      return;
    }
    t.skip('every delivery in fixtures.delivery_ids answers 404: they were used up by earlier runs (list fresh disposable ones)');
  },
});
