import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { absentId, wideAbsentId } from './lib/arbitraries/ids-and-paths.ts';
import { objectBody, show } from './lib/answers.ts';

check({
  id: 'b-pkg/read',
  clauses: ['B-PKG-1'],
  supports: ['B-SCHEMA-1'],
  title: 'B-PKG-1: GET /packages/{package_id} returns that package',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    const id = t.fixtures().package_id;
    const ex = await t.b().get(`/packages/${id}`);
    t.expect.status(ex, '2xx', 'B-PKG-1', `GET /packages/${id} (the fixture package) answered ${ex.response.status}`);
    const pkg = objectBody(t, ex, 'B-PKG-1', `GET /packages/${id}`);
    t.expect.schema(ex, 'package', 'B-SCHEMA-1');
    t.expect.that(pkg.id === id, { clause: 'B-PKG-1', message: `GET /packages/${id} returned another package`, expected: `id ${id}`, received: `id ${show(pkg.id)}`, exchange: ex });
  },
});

check({
  id: 'b-pkg/absent',
  clauses: ['B-PKG-1'],
  title: 'B-PKG-1: GET /packages/{package_id} of an absent package answers 404 with the message object',
  needs: ['b'],
  async run(t) {
    await t.property('absent package ids are 404', fc.oneof(absentId(t.target), wideAbsentId(t.target)), async (id) => {
      const ex = await t.b().get(`/packages/${id}`);
      t.expect.status(ex, 404, 'B-PKG-1', `GET /packages/${id} (no such package) answered ${ex.response.status}`);
      t.expect.errorObjectB(ex, 'B-PKG-1');
    });
  },
});
