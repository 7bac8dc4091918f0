import { describe, expect, it } from 'vitest';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/*
 * Freedom audit 28 on the interface B checks mutation audit 27 changed: deployments that choose
 * otherwise where the spec leaves them free, each checked fine (green before and after: no check
 * change), kept because each run takes a second or so.
 * - b-hdr/json-media-type-on-every-write: connection groups named with letters beyond ASCII refused
 *   422 (the spec fixes no character set): the group is made again in ASCII and judged, noted.
 * - b-hook/create-read: a hook name holding < or > refused 422 (a deployment's rule against
 *   markup in names): noted.
 * - b-schema/read-formats and written-formats: a Date header five minutes behind the records'
 *   clock (a gateway whose clock the database host's runs ahead of): within the slack, passed.
 */
function refusingBeyondAsciiGroups(): Front {
  return answering((req, body) => {
    if (req.method !== 'POST' || !/\/connection_groups$/.test((req.url ?? '').split('?')[0] ?? '')) return undefined;
    return /[^\x00-\x7f]|\\u00[89a-f]|\\u0[1-9a-f]/i.test(body) ? { status: 422, body: JSON.stringify({ message: 'name may hold ASCII letters only' }) } : undefined;
  });
}

function refusingMarkupHookNames(): Front {
  return answering((req, body) => {
    if (req.method !== 'POST' || !/\/hooks$/.test((req.url ?? '').split('?')[0] ?? '')) return undefined;
    const name = (JSON.parse(body) as { name?: unknown }).name;
    return typeof name === 'string' && /[<>]/.test(name) ? { status: 422, body: JSON.stringify({ message: 'name may not hold < or >' }) } : undefined;
  });
}

function dateBehind(ms: number): Front {
  return (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      forwardWhole(forward, req.url ?? '/', (reply) => {
        const date = reply.headers.date;
        const headers = date === undefined ? reply.headers : { ...reply.headers, date: new Date(Date.parse(date) - ms).toUTCString() };
        sendText(res, reply.status, headers, reply.body);
      });
    });
}

describe.concurrent('audit 27 interface B checks on deployments that chose otherwise', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`b-hdr: group names beyond ASCII refused 422: made in ASCII, noted, passed (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['b-hdr/json-media-type-on-every-write'], conventions, seed: 7, runs: 3, front: refusingBeyondAsciiGroups() });
      const [check] = run.checks;
      expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check?.notes.join('\n')).toMatch(/refused a group named with letters beyond ASCII \(422\) and took one named in ASCII/);
    });
    it(`b-hook: names holding < or > refused 422: noted, passed (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['b-hook/create-read'], conventions, seed: 7, runs: 3, front: refusingMarkupHookNames() });
      const [check] = run.checks;
      expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check?.notes.join('\n')).toMatch(/with a name holding &, < and > answered 422/);
    });
    it(`b-schema: a Date header five minutes behind the records' clock: passed (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ exactly: ['b-schema/read-formats', 'b-schema/written-formats'], conventions, seed: 7, runs: 3, front: dateBehind(5 * 60_000) });
      expect(run.checks.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message)]), describeChecks(run.checks)).toEqual([
        ['b-schema/read-formats', 'pass', []],
        ['b-schema/written-formats', 'pass', []],
      ]);
    });
  }
});
