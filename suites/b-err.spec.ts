import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { absentId, slugLike } from './lib/arbitraries/ids-and-paths.ts';
import { describeResponse } from './lib/expect.ts';
import { B_ACCEPT, basicAuthorization } from './lib/clients.ts';
import type { CheckContext, Exchange } from './lib/types.ts';

// B-ERR-1: every not-found answer is the error object `{message}`, and every 404 carries the same
// text. The spec fixes the sameness, not the text: the exact "Item not found." is the real
// service's (gaps.md) and checked only as B-GAP-2.

const NOT_FOUND_TEXT = 'Item not found.';

/** A not-found probe: one request about something that is not there. */
interface Probe {
  label: string;
  /** Writes anything if the thing unexpectedly exists (needs 'write' to be included). */
  writes: boolean;
  send(t: CheckContext, id: number, word: string): Promise<Exchange>;
}

const probes: Probe[] = [
  { label: 'GET /packages/{absent}', writes: false, send: (t, id) => t.b().get(`/packages/${id}`) },
  { label: 'GET /hooks/{absent}', writes: false, send: (t, id) => t.b().get(`/hooks/${id}`) },
  { label: 'GET /user/keys/{absent}', writes: false, send: (t, id) => t.b().get(`/user/keys/${id}`) },
  { label: 'GET /connections/{absent}/bingads/accounts', writes: false, send: (t, id) => t.b().get(`/connections/${id}/bingads/accounts`) },
  { label: 'GET /connections/{absent}/bingads/columns', writes: false, send: (t, id) => t.b().get(`/connections/${id}/bingads/columns`) },
  { label: 'GET /disco-{unknown path}', writes: false, send: (t, _id, word) => t.b().get(`/disco-${word}`) },
  { label: 'GET /packages/{absent}/disco-{unknown}', writes: false, send: (t, id, word) => t.b().get(`/packages/${id}/disco-${word}`) },
  { label: 'GET /connections/types on an unknown account', writes: false, send: (t, _id, word) => onAccount(t, `disco-absent-${word}`, '/connections/types') },
  { label: 'POST /jobs with an absent package', writes: true, send: (t, id) => t.b().post('/jobs', { body: { cluster_id: t.fixtures().cluster_id, package_id: id, variables: {}, dynamic_variables: {} } }) },
  { label: 'POST /jobs with an absent cluster', writes: true, send: (t, id) => t.b().post('/jobs', { body: { cluster_id: id, package_id: t.fixtures().package_id, variables: {}, dynamic_variables: {} } }) },
  { label: 'PUT /hooks/{absent}/reset', writes: true, send: (t, id) => t.b().put(`/hooks/${id}/reset`) },
  { label: 'POST /jobs/{absent}/watchers', writes: true, send: (t, id) => t.b().post(`/jobs/${id}/watchers`) },
  { label: 'DELETE /deliveries/{absent}', writes: true, send: (t, id) => t.b().delete(`/deliveries/${id}`) },
  { label: 'POST /notifications/mark {absent id}', writes: true, send: (t, id) => t.b().post('/notifications/mark', { body: { id } }) },
  { label: 'PUT /connections/mysql/{absent}', writes: true, send: (t, id, word) => t.b().put(`/connections/mysql/${id}`, { body: { name: `disco-${word}` } }) },
];

/** A GET with account 1's key on the path of the account `slug`. */
function onAccount(t: CheckContext, slug: string, path: string): Promise<Exchange> {
  const url = `${t.target.baseUrl}/${encodeURIComponent(slug)}/api${path}`;
  return t.http.request('GET', url, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(t.target.b[0]?.apiKey ?? '') } });
}

function usableProbes(t: CheckContext, writes: boolean): Probe[] {
  const fixtures = t.target.b[0]?.fixtures;
  return probes.filter((p) => {
    if (p.writes && !writes) return false;
    if (p.label.includes('absent package') && fixtures?.cluster_id === undefined) return false;
    if (p.label.includes('absent cluster') && fixtures?.package_id === undefined) return false;
    return true;
  });
}

/** The anchor: the spec documents GET /packages/{id} of an absent package as 404 with `message`. */
async function anchor(t: CheckContext, clause: string): Promise<{ exchange: Exchange; message: string }> {
  const exchange = await t.b().get('/packages/2000000123');
  t.expect.status(exchange, 404, clause, `GET /packages/{absent} answered ${exchange.response.status}; the spec documents a 404`);
  t.expect.errorObjectB(exchange, clause);
  return { exchange, message: (exchange.json as { message: string }).message };
}

function messageOf(ex: Exchange): unknown {
  return ex.json && typeof ex.json === 'object' && !Array.isArray(ex.json) ? (ex.json as Record<string, unknown>).message : undefined;
}

async function compareNotFound(t: CheckContext, writes: boolean): Promise<void> {
  const reference = await anchor(t, 'B-ERR-1');
  const cases = fc.tuple(fc.constantFrom(...usableProbes(t, writes).map((p) => p.label)), absentId(), fc.stringMatching(/^[a-z0-9]{1,12}$/));
  let notFounds = 0;
  await t.property('every 404 carries the same message', cases, async ([label, id, word]) => {
    const probe = probes.find((p) => p.label === label) ?? probes[0]!;
    const ex = await probe.send(t, id, word);
    // The spec fixes no status for most of these (a write on an absent id might even succeed
    // and do nothing, a 422 might name the field) and the body only of not-found answers: a 404
    // must be the error object with the text of every other 404; other answers are not judged.
    const status = ex.response.status;
    if (status !== 404) return;
    t.expect.errorObjectB(ex, 'B-ERR-1');
    notFounds++;
    t.expect.that(messageOf(ex) === reference.message, {
      clause: 'B-ERR-1',
      message: `${label}: this 404 carries another text than the 404 of an absent package`,
      expected: JSON.stringify(reference.message),
      received: describeResponse(ex),
      exchange: ex,
    });
  });
  t.note(`${notFounds} of the generated not-found requests were answered 404 and compared`);
}

check({
  id: 'b-err/404-same-message-reads',
  clauses: ['B-ERR-1'],
  title: 'B-ERR-1: every 404 of a read (absent package, hook, SSH key, connection; unknown paths; unknown account) is the error object with one and the same message',
  needs: ['b'],
  async run(t) {
    await compareNotFound(t, false);
  },
});

check({
  id: 'b-err/404-same-message-writes',
  clauses: ['B-ERR-1'],
  title: 'B-ERR-1: every 404 of a write (POST /jobs with an absent package or cluster, hook reset, watch, delivery delete, notification mark, connection rename) is the error object with the same message as every other 404',
  needs: ['b', 'write'],
  async run(t) {
    await compareNotFound(t, true);
  },
});

check({
  id: 'b-err/404-text',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (the real service\'s text): a 404 says exactly "Item not found."',
  needs: ['b'],
  async run(t) {
    const reference = await anchor(t, 'B-GAP-2');
    t.expect.that(reference.message === NOT_FOUND_TEXT, {
      clause: 'B-GAP-2',
      message: 'the 404 text is not the real service\'s',
      expected: JSON.stringify(NOT_FOUND_TEXT),
      received: JSON.stringify(reference.message),
      exchange: reference.exchange,
    });
    await t.property('absent ids say "Item not found."', fc.tuple(fc.constantFrom('/packages', '/hooks', '/user/keys'), absentId()), async ([collection, id]) => {
      const ex = await t.b().get(`${collection}/${id}`);
      t.expect.status(ex, 404, 'B-GAP-2');
      t.expect.that(messageOf(ex) === NOT_FOUND_TEXT, { clause: 'B-GAP-2', message: `GET ${collection}/{absent}: the 404 text is not the real service's`, expected: JSON.stringify(NOT_FOUND_TEXT), received: describeResponse(ex), exchange: ex });
    });
  },
});

check({
  id: 'b-err/unknown-account-404',
  clauses: ['B-ERR-1'],
  title: 'B-ERR-1: an unknown account id in the path, with a valid key, gets a 4xx; a 404 is the error object with the same message as an absent package',
  needs: ['b'],
  async run(t) {
    const reference = await anchor(t, 'B-ERR-1');
    const known = new Set(t.target.b.map((b) => b.accountId));
    await t.property('unknown account is not found', slugLike().filter((s) => !known.has(s)), async (slug) => {
      const ex = await onAccount(t, slug, '/connections/types');
      t.expect.status(ex, '4xx', 'B-ERR-1', `GET /{unknown account}/api/connections/types with a valid key answered ${ex.response.status}`);
      // A 401 or 403 (the key is not valid there) is a fitting refusal whose body the spec leaves
      // open; a 404 is a not-found answer, so it carries the error object and the common text.
      if (ex.response.status === 404) {
        t.expect.errorObjectB(ex, 'B-ERR-1');
        t.expect.that(messageOf(ex) === reference.message, { clause: 'B-ERR-1', message: 'the 404 of an unknown account carries another text than other 404s', expected: JSON.stringify(reference.message), received: describeResponse(ex), exchange: ex });
      }
    });
  },
});
