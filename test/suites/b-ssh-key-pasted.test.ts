import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

const KEY_PATH = /^\/[^/]+\/api\/user\/keys(?:\/(\d+))?(?:\?.*)?$/;
const FINGERPRINT = /"fingerprint":"([^"]*)"/g;

/**
 * A deployment whose fingerprints are of another form than any the kit knows: `fingerprintOf`
 * makes one from the simulator's (the key's MD5) and the public_key text POST /user/keys was sent,
 * and GET /user/keys/{id} answers the one its POST made.
 */
function otherFingerprints(fingerprintOf: (md5: string, text: string) => string): Front {
  const made = new Map<string, string>();
  return (upstream) =>
    frontServer(upstream, (req, body, res, forward) => {
      const path = KEY_PATH.exec(req.url ?? '');
      forward(req.url ?? '/', (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (c: Buffer) => chunks.push(c));
        reply.on('end', () => {
          let text = Buffer.concat(chunks).toString('utf8');
          if (path && text.trimStart().startsWith('[')) {
            // The list: each key's fingerprint as its own read shows it.
            const keys = JSON.parse(text) as { id?: unknown; fingerprint?: unknown }[];
            text = JSON.stringify(keys.map((k) => (typeof k.fingerprint === 'string' ? { ...k, fingerprint: made.get(String(k.id)) ?? fingerprintOf(k.fingerprint, '') } : k)));
          } else if (path) {
            const sent = req.method === 'POST' ? String((JSON.parse(body.toString('utf8') || '{}') as { public_key?: unknown }).public_key ?? '') : undefined;
            text = text.replace(FINGERPRINT, (_all, md5: string) => {
              const id = path[1] ?? (/"id":(\d+)/.exec(text)?.[1] ?? '');
              const fingerprint = sent !== undefined ? fingerprintOf(md5, sent) : (made.get(id) ?? fingerprintOf(md5, ''));
              if (sent !== undefined) made.set(id, fingerprint);
              return `"fingerprint":${JSON.stringify(fingerprint)}`;
            });
          }
          const headers = { ...reply.headers };
          delete headers['content-length'];
          res.writeHead(reply.statusCode ?? 502, headers).end(text);
        });
      });
    });
}

/**
 * B-KEY-1 for a key line sent with its line feed (a pasted .pub file): its fingerprint must be the
 * key's own. Where it is none of the usual forms, the check compares it with the one the same key
 * gets without its line feed (deleting the first, an extension): a deployment with a form of its
 * own passes, one that fingerprints the text it was sent fails.
 */
describe('b-user/ssh-key and the fingerprint of a key sent with its line feed', () => {
  it('passes a deployment whose fingerprints are of a form of its own, the same for the same key', { timeout: 120_000 }, async () => {
    const ownForm = otherFingerprints((md5) => `fp-${md5.split(':').reverse().join('')}`);
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], profile: 'spec', front: ownForm, retarget: withoutControl, seed: 5, runs: 3 });
    const check = run.checks.find((c) => c.id === 'b-user/ssh-key')!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
  });

  it('fails a deployment that fingerprints the text sent, line feed and all', { timeout: 120_000 }, async () => {
    const ofText = otherFingerprints((_md5, text) => `fp-${createHash('sha1').update(text).digest('hex')}`);
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], profile: 'spec', front: ofText, retarget: withoutControl, seed: 5, runs: 3 });
    const check = run.checks.find((c) => c.id === 'b-user/ssh-key')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`).join('\n')).toMatch(/B-KEY-1: the same public key gets another fingerprint when sent ending in its line feed, as the \.pub file ssh-keygen writes, than when sent bare/);
  });
});
