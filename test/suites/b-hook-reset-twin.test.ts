import type http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../suites/lib/target.ts';
import { jsonServer, localServers } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * B-HOOK-2's "nothing else changes" on a deployment whose hooks carry a field that moves by
 * itself (a count of reads here; a delivery's time or a flag the deployment keeps elsewhere): the
 * reset is not blamed for it, since a hook made alike and never reset moves too. A reset that
 * really changes a field still fails; a field of the spec's hook moving by itself leaves the
 * clause not verified rather than passed. The twin keeps its salt: a reset that salts every hook
 * fails, unless salts move by themselves (then not verified). Each reset gives a salt the hook
 * never had: one derived from what never changes passes the first reset and fails the second.
 */

type Mode = 'moving-extra' | 'reset-deactivates' | 'active-flips' | 'reset-bumps-revision' | 'reset-salts-every-hook' | 'salt-rotates-on-first-read' | 'reset-salt-derived';

interface StoredHook {
  [field: string]: unknown;
  id: number;
  active: boolean;
  salt: string;
}

function hookTarget(mode: Mode): http.Server {
  const hooks = new Map<number, StoredHook>();
  let nextId = 1;
  let reads = 0;
  const readsOf = new Map<number, number>();
  const shown = (hook: StoredHook) => {
    reads++;
    const own = (readsOf.get(hook.id) ?? 0) + 1;
    readsOf.set(hook.id, own);
    // active-flips: the deployment turns every hook off by itself from its third answer on.
    const off = mode === 'active-flips' && own >= 3 ? { active: false } : {};
    // salt-rotates-on-first-read: the salt a hook was created with is replaced by itself when the hook is first read.
    if (mode === 'salt-rotates-on-first-read' && own === 2) hook.salt = randomBytes(32).toString('hex');
    return { ...hook, reads, ...off };
  };
  return jsonServer(({ method, path, body }) => {
    if (method === 'POST' && path === '/acme/api/hooks') {
      const sent = JSON.parse(body) as Record<string, unknown>;
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const hook: StoredHook = { id: nextId++, type: sent.type, name: sent.name, active: mode === 'active-flips' || sent.active === true, settings: sent.settings, events: sent.events, salt: randomBytes(32).toString('hex'), created_at: now, updated_at: now, url: 'https://hooks.test/x', revision: 1 };
      hooks.set(hook.id, hook);
      return { status: 201, body: shown(hook) };
    }
    const match = /^\/acme\/api\/hooks\/(\d+)(\/reset)?$/.exec(path);
    const hook = match ? hooks.get(Number(match[1])) : undefined;
    if (!hook) return { status: 404, body: { message: 'Item not found.' } };
    if (method === 'GET' && !match?.[2]) return { status: 200, body: shown(hook) };
    if (method === 'PUT' && match?.[2]) {
      // reset-salt-derived: the salt worked out from the id and creation time, the same at every reset after the first.
      hook.salt = mode === 'reset-salt-derived' ? createHash('sha256').update(`${hook.id}:${String(hook.created_at)}`).digest('hex') : randomBytes(32).toString('hex');
      if (mode === 'reset-salts-every-hook') for (const other of hooks.values()) other.salt = hook.salt;
      if (mode === 'reset-deactivates') hook.active = false;
      if (mode === 'reset-bumps-revision') hook.revision = Number(hook.revision) + 1;
      return { status: 200, body: shown(hook) };
    }
    if (method === 'DELETE' && !match?.[2]) {
      hooks.delete(hook.id);
      return { status: 200, body: hook };
    }
    return { status: 404, body: { message: 'Item not found.' } };
  });
}

const servers = localServers();
afterEach(() => servers.closeAll());

async function resetCheck(mode: Mode) {
  const url = await servers.listen(hookTarget(mode));
  const target = resolveTarget({ base_url: url, accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40) }] }, {});
  return runOneCheck(target, 'b-hook/reset-salt', 'B-HOOK-2', { runs: 8 });
}

describe('b-hook/reset-salt beside a twin that is never reset', () => {
  it('passes where a field outside the spec moves by itself on every hook, and notes it', async () => {
    const { check, verdict } = await resetCheck('moving-extra');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/the hook's reads also moved on a hook made alike and never reset/);
  });

  it('fails where the reset itself changes a field (active), though another field moves by itself', async () => {
    const { check, verdict } = await resetCheck('reset-deactivates');
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/the hook's active changed, but a reset replaces only the salt/);
  });

  it('passes where the reset moves the hook\'s bookkeeping of its changes (a revision), as it may move updated_at', async () => {
    const { check, verdict } = await resetCheck('reset-bumps-revision');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it("leaves B-HOOK-2 not verified where a field of the spec's hook moves by itself", async () => {
    const { check, verdict } = await resetCheck('active-flips');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join('\n')).toMatch(/the hook's active also moved on a hook made alike/);
  });

  it('fails where the reset gives its new salt to every hook of the account, the twin too', async () => {
    const { check, verdict } = await resetCheck('reset-salts-every-hook');
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/PUT \/hooks\/\d+\/reset also changed the salt of hook \d+, which was not reset/);
  });

  it('fails where every reset after the first gives the same salt again (derived from the id and creation time), naming which salt came back, never its value', async () => {
    const { check, verdict } = await resetCheck('reset-salt-derived');
    expect(verdict?.verdict).toBe('fail');
    const failures = check.failures.filter((f) => /the second reset of hook \d+ did not return a new salt/.test(f.message));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.map((f) => f.received).join('\n')).toMatch(/the salt of its first reset, again/);
    expect(JSON.stringify(failures.map((f) => [f.message, f.expected, f.received]))).not.toMatch(/[0-9a-f]{64}/);
  });

  it('leaves B-HOOK-2 not verified where salts move by themselves, the twin\'s before any reset', async () => {
    const { check, verdict } = await resetCheck('salt-rotates-on-first-read');
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(verdict?.verdict).toBe('not-verified');
    expect(verdict?.reasons.join('\n')).toMatch(/the salt of a hook made alike moved before any reset/);
  });
});
