import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { B_ACCEPT } from './lib/clients.ts';
import { mediaTypeSpelling } from './lib/arbitraries/media-types.ts';
import { sshKeyBody, makeSshKey } from './lib/factories/ssh-keys.ts';
import { idOf } from './lib/answers.ts';
import { makeHook, inactiveWebHookBody } from './lib/factories/hooks.ts';
import { undoCreation, type CreatedKind } from './lib/factories/undo.ts';
import type { CheckContext, Exchange } from './lib/types.ts';

const VENDOR_TYPE = 'application/vnd.service+json';

/** Accept values that must be refused: other media types, other versions, no version, none. */
const wrongAccept = fc.oneof(
  fc.constant(null),
  fc.constantFrom('application/json', '*/*', 'text/html', 'application/xml', VENDOR_TYPE, `${VENDOR_TYPE}; version=1`, `${VENDOR_TYPE}; version=3`),
  fc.integer({ min: 0, max: 99 }).filter((v) => v !== 2).map((v) => `${VENDOR_TYPE}; version=${v}`),
  fc.constantFrom('application/vnd.other+json; version=2', 'application/json; version=2', 'application/vnd.service+xml; version=2', 'text/vnd.service+json; version=2'),
);

/** Spellings of the right media type that compare equal as media types. */
const rightAccept = fc.oneof(
  fc.constantFrom(
    B_ACCEPT,
    `${VENDOR_TYPE};version=2`,
    'APPLICATION/VND.SERVICE+JSON; version=2',
    `${VENDOR_TYPE}; version="2"`,
    `text/html, ${VENDOR_TYPE}; version=2`,
    `${VENDOR_TYPE}; version=2; q=0.5`,
  ),
  mediaTypeSpelling(VENDOR_TYPE, { version: '2' }),
  // Among other media ranges, in any position.
  fc
    .tuple(mediaTypeSpelling(VENDOR_TYPE, { version: '2' }), fc.shuffledSubarray(['application/json;q=0.9', 'text/html', 'application/xml;q=0.1', '*/*;q=0.01']), fc.nat())
    .map(([ours, others, at]) => {
      const ranges = [...others];
      ranges.splice(at % (ranges.length + 1), 0, ours);
      return ranges.join(', ');
    }),
);

/** Spec reads (GET) of account 1, with the fixtures the target has. */
function specReads(t: CheckContext): string[] {
  const paths = ['/connections/types', '/invoices'];
  const fixtures = t.target.b[0]?.fixtures;
  if (fixtures?.package_id !== undefined) paths.push(`/packages/${fixtures.package_id}`);
  const bingads = fixtures?.connections?.bingads;
  if (bingads !== undefined) paths.push(`/connections/${bingads}/bingads/accounts`);
  return paths;
}

function describeAccept(accept: string | null): string {
  return accept === null ? 'no Accept header' : `Accept ${JSON.stringify(accept)}`;
}

check({
  id: 'b-ver/accept-required',
  clauses: ['B-VER-1'],
  title: 'B-VER-1: a request without the versioned Accept header, or naming another media type or version, is refused with a 4xx',
  needs: ['b'],
  async run(t) {
    const paths = specReads(t);
    // Without Accept at all, on every read: the one case every client hits first.
    for (const path of paths) {
      const ex = await t.b().get(path, { headers: { accept: null } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} without an Accept header answered ${ex.response.status}`);
    }
    await t.property('wrong Accept is refused', fc.tuple(wrongAccept, fc.constantFrom(...paths)), async ([accept, path]) => {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} with ${describeAccept(accept)} was not refused (${ex.response.status})`);
    });
  },
});

check({
  id: 'b-ver/accept-required-on-writes',
  clauses: ['B-VER-1'],
  title: 'B-VER-1: a write (POST /hooks, POST /user/keys) without the versioned Accept header is refused with a 4xx and creates nothing',
  needs: ['b', 'write'],
  async run(t) {
    const attempts: { path: string; body: () => Record<string, unknown>; creates: CreatedKind }[] = [
      { path: '/hooks', body: () => inactiveWebHookBody(t.name('ver-hook')), creates: 'hook' },
      { path: '/user/keys', body: () => sshKeyBody(t.name('ver-key')), creates: 'sshKey' },
    ];
    const cases = fc.tuple(fc.oneof(fc.constant(null), wrongAccept), fc.constantFrom(...attempts));
    for (const attempt of attempts) await tryWrite(t, attempt, null);
    await t.property('wrong Accept on a write is refused', cases, async ([accept, attempt]) => tryWrite(t, attempt, accept), { runs: 6 });
  },
});

async function tryWrite(t: CheckContext, attempt: { path: string; body: () => Record<string, unknown>; creates: CreatedKind }, accept: string | null): Promise<void> {
  const ex = await t.b().post(attempt.path, { body: attempt.body(), headers: { accept } });
  const id = idOf(ex);
  if (ex.response.status < 300 && id !== undefined) undoCreation(t, 0, attempt.creates, id);
  t.expect.status(ex, '4xx', 'B-VER-1', `POST ${attempt.path} with ${describeAccept(accept)} was not refused (${ex.response.status})`);
}

check({
  id: 'b-ver/accept-as-media-type',
  clauses: ['B-VER-1'],
  title: 'B-VER-1: the versioned Accept header is matched as a media type (case, spacing, quoting, among other ranges)',
  needs: ['b'],
  async run(t) {
    await t.property('equivalent spellings are served', fc.tuple(rightAccept, fc.constantFrom(...specReads(t))), async ([accept, path]) => {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '2xx', 'B-VER-1', `GET ${path} with Accept ${JSON.stringify(accept)} names the required media type but was refused`);
    });
  },
});

check({
  id: 'b-ver/not-acceptable-is-406',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention, as the real service): a wrong or missing Accept gets 406 with the error object',
  needs: ['b'],
  async run(t) {
    await t.property('wrong Accept gets 406', fc.tuple(wrongAccept, fc.constantFrom(...specReads(t))), async ([accept, path]) => {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, 406, 'B-GAP-2', `GET ${path} with ${describeAccept(accept)} answered ${ex.response.status}; the real service answers 406`);
      t.expect.errorObjectB(ex, 'B-GAP-2');
    });
  },
});

function expectVendorType(t: CheckContext, ex: Exchange, what: string): void {
  t.expect.status(ex, '2xx', 'B-VER-2', `${what} should succeed to check its media type (answered ${ex.response.status})`);
  if (ex.response.body === '') return; // no body, no content type to state
  t.expect.mediaType(ex, VENDOR_TYPE, { version: '2' }, 'B-VER-2');
}

check({
  id: 'b-ver/success-media-type',
  clauses: ['B-VER-2'],
  title: 'B-VER-2: successful reads with a body use application/vnd.service+json; version=2, whichever spelling of Accept asked for it',
  needs: ['b'],
  async run(t) {
    for (const path of specReads(t)) expectVendorType(t, await t.b().get(path), `GET ${path}`);
    await t.property('media type under any Accept spelling', fc.tuple(rightAccept, fc.constantFrom(...specReads(t))), async ([accept, path]) => {
      expectVendorType(t, await t.b().get(path, { headers: { accept } }), `GET ${path} with Accept ${JSON.stringify(accept)}`);
    });
  },
});

check({
  id: 'b-ver/write-responses-media-type',
  clauses: ['B-VER-2'],
  title: 'B-VER-2: successful writes and reads of what they made (hook create/read/reset, SSH key create/read, notification mark) use the versioned media type',
  needs: ['b', 'write'],
  async run(t) {
    const hook = await makeHook(t, 0, 'ver-hook');
    expectVendorType(t, hook.created, 'POST /hooks');
    expectVendorType(t, await t.b().get(`/hooks/${hook.id}`), `GET /hooks/${hook.id}`);
    expectVendorType(t, await t.b().put(`/hooks/${hook.id}/reset`), `PUT /hooks/${hook.id}/reset`);

    const key = await makeSshKey(t, 0, 'ver-key');
    expectVendorType(t, key.created, 'POST /user/keys');
    expectVendorType(t, await t.b().get(`/user/keys/${key.id}`), `GET /user/keys/${key.id}`);

    const notificationId = t.fixtures().notification_ids?.[0];
    if (notificationId !== undefined) {
      expectVendorType(t, await t.b().post('/notifications/mark', { body: { id: notificationId } }), 'POST /notifications/mark');
    } else {
      t.note('no fixtures.notification_ids: POST /notifications/mark not checked');
    }

    // The success media type does not depend on how the request spelled Accept.
    await t.property('write answers under any Accept spelling', rightAccept, async (accept) => {
      expectVendorType(t, await t.b().put(`/hooks/${hook.id}/reset`, { headers: { accept } }), `PUT /hooks/${hook.id}/reset with Accept ${JSON.stringify(accept)}`);
    }, { runs: 5 });
  },
});
