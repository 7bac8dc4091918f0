import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { describeResponse } from './lib/expect.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { errorObjectA, isObject, requestLine } from './lib/answers.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { aSend } from './catalog/a-requests.ts';
import { aTargetFindsPipelines } from './lib/controls.ts';

/*
 * A-VER-1: interface A is served under `{cdc_base_url}/api/public/v1`. The one endpoint the spec
 * fixes is `DELETE /pipelines/{id}`, and its answers tell a served path from an unknown one:
 * without a key the interface must ask for one (401), with the key an absent pipeline is a 404
 * carrying the error object. An unknown path is 404 whatever the key, so "401 without a key" is
 * what proves the interface answers there. Other versions are not in the spec: what
 * `/api/public/v2` answers is noted, never judged.
 */

function notServed(t: CheckContext, ex: Exchange, why: string): never {
  t.fail({
    clause: 'A-VER-1',
    message: `interface A does not answer under /api/public/v1: ${requestLine(ex)} ${why}`,
    expected: 'interface A at {cdc_base_url}/api/public/v1',
    received: describeResponse(ex),
    exchange: ex,
  });
}

check({
  id: 'a-ver/served-under-v1',
  clauses: ['A-VER-1'],
  title: 'A-VER-1: interface A answers under /api/public/v1: DELETE /pipelines/{id} without a key is asked for one (401), not treated as an unknown path',
  needs: ['a'],
  async run(t) {
    // Without credentials, and for ids no system holds: nothing can be deleted, even by a
    // target that got authentication wrong, so this runs under --read-only too.
    await t.property('DELETE /api/public/v1/pipelines/{absent id} without a key', fc.integer({ min: 0, max: 89_999_999 }), async (seed) => {
      const anonymous = await aSend(t, t.aWithAuthorization(null), 'pipelines.archive', absentIdFrom(t.target, seed));
      if (anonymous.response.status === 404) notServed(t, anonymous, 'answered 404 without a key, as for a path that does not exist, instead of asking for a key (401)');
      t.expect.status(anonymous, 401, 'A-AUTH-7', `${requestLine(anonymous)} without a key answered ${anonymous.response.status}`);
    }, { runs: 5 });

    // The simulator also lists pipelines there (A-GAP-1); a real target may not.
    if (t.profile === 'simulator') {
      const list = await aSend(t, t.a(), 'pipelines.list');
      if (list.response.status === 404) notServed(t, list, 'answered 404 with the admin key');
      t.expect.status(list, 200, 'A-VER-1', `GET /api/public/v1/pipelines answered ${list.response.status}`);
    }

    // Not in the spec: only a note for the reader of the report.
    const base = t.target.cdcBaseUrl ?? '';
    const v2 = await t.http.request('DELETE', `${base}/api/public/v2/pipelines/${absentIdFrom(t.target, 7)}`, { headers: { accept: 'application/json' } });
    const err = errorObjectA(v2);
    t.note(`/api/public/v2 (not in the spec) answers DELETE /pipelines/{absent id} without a key with ${v2.response.status}${err ? ` ${JSON.stringify(err.error)}` : isObject(v2.json) ? ' (a JSON object)' : ''}`);
  },
});

check({
  id: 'a-ver/key-accepted-under-v1',
  clauses: ['A-VER-1'],
  title: 'A-VER-1: under /api/public/v1 the admin key is accepted and an absent pipeline is a 404 with the error object (DELETE of absent ids)',
  needs: ['a', 'write'],
  async run(t) {
    // 401 without a key and 404 with it is also what a gateway answers that asks every anonymous
    // request for a key and finds nothing anywhere: the interface must be seen finding a pipeline
    // under /api/public/v1 (the routes of the control are all under it).
    await aTargetFindsPipelines(t, 'A-VER-1');
    await t.property('DELETE /api/public/v1/pipelines/{absent id} with the key', fc.integer({ min: 0, max: 89_999_999 }), async (seed) => {
      const keyed = await aSend(t, t.a(), 'pipelines.archive', absentIdFrom(t.target, seed));
      if (keyed.response.status === 401 || keyed.response.status === 403) notServed(t, keyed, `refused the configured admin key (${keyed.response.status})`);
      t.expect.status(keyed, 404, 'A-ENUM-1', `${requestLine(keyed)} of an absent pipeline answered ${keyed.response.status}, expected 404`);
      t.expect.errorObjectA(keyed, 'A-ERR-1');
    }, { runs: 5 });
  },
});
