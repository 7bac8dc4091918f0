import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/*
 * A-ERR-2, a-err/invalid-definition-400's cases on its own deployed pipeline (09035c0, freedom
 * audit 27): where a refusal is one the property would fail (a 400 naming no field), the check
 * sends the stored definition as created back by the same operation, to tell a refusal of any
 * change ("stop it first") from a failed validation. Taken, that valid change sets the definition
 * back as created. Before 09035c0 the definition 'kept' after the 400 was judged after that valid
 * change, and not read again for the next cases: where an earlier case's 2xx had stored another
 * definition (off the simulator profile a broken definition may be taken, the target's schema
 * judging otherwise), the check reported the deployment's own reset as the refused definition
 * stored ("refused with 400, yet the pipeline's definition read after it differs from before"), a
 * false failure in place of the true one (the 400 names no field).
 *
 * The deployment before the simulator, for a started pipeline: the first broken definition the
 * simulator refuses is taken (200) and the deployment keeps the definition with a description of
 * its own (not the broken value: not judged, noted); the second is refused 400 naming no field; the
 * rest as the simulator answers. A valid change taken stores what it sends.
 */
function takesFirstThenRefusesNamingNothing(): Front {
  const running = new Set<string>();
  const refusedSoFar = new Map<string, number>();
  const ownDescription = new Set<string>();
  return (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const lifecycle = /\/pipelines\/(\d+)\/(start|deploy|stop|undeploy)$/.exec(path);
      if (lifecycle && req.method === 'POST') {
        if (lifecycle[2] === 'start' || lifecycle[2] === 'deploy') running.add(lifecycle[1]!);
        else running.delete(lifecycle[1]!);
      }
      const change = /\/pipelines\/(\d+)$/.exec(path);
      const definition = /\/pipelines\/(\d+)\/definition$/.exec(path);
      forwardWhole(forward, req.url ?? '/', (reply) => {
        if (change && (req.method === 'PUT' || req.method === 'PATCH') && running.has(change[1]!)) {
          const id = change[1]!;
          if (reply.status >= 200 && reply.status < 300) ownDescription.delete(id);
          if (reply.status === 400) {
            const n = (refusedSoFar.get(id) ?? 0) + 1;
            refusedSoFar.set(id, n);
            if (n === 1) {
              ownDescription.add(id);
              return sendText(res, 200, { 'content-type': 'application/json' }, JSON.stringify({ id: Number(id) }));
            }
            if (n === 2) return sendText(res, 400, { 'content-type': 'application/json' }, JSON.stringify({ error: 'The definition is invalid.' }));
          }
        }
        if (definition && req.method === 'GET' && reply.status === 200 && ownDescription.has(definition[1]!)) {
          const json = /json/i.test(String(reply.headers['content-type'] ?? ''));
          const document = (json ? JSON.parse(reply.body) : parseYaml(reply.body)) as Record<string, unknown>;
          document.description = 'as the deployment keeps it';
          return sendText(res, 200, reply.headers, json ? JSON.stringify(document) : toYaml(document));
        }
        sendText(res, reply.status, reply.headers, reply.body);
      });
    });
}

describe('a-err/invalid-definition-400 on a deployed pipeline whose valid change sets the definition back', () => {
  it.each(['standard', 'alt'] as const)('fails only for the 400 naming no field, not for a definition "stored" (%s conventions, spec profile)', { timeout: 120_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-err/invalid-definition-400'], conventions, profile: 'spec', seed: 7, runs: 10, front: takesFirstThenRefusesNamingNothing() });
    const [check] = run.checks;
    const messages = check?.failures.map((f) => f.message).join('\n') ?? '';
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(messages).toMatch(/the pipeline deployed, does not name the field/);
    expect(messages).not.toMatch(/yet the pipeline's definition read after it differs from before/);
  });
});
