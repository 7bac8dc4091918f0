import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { basicAuthorization } from '../../suites/lib/clients.ts';

/** GET /connections (the extension list, array of connections) with each connection's `type` changed by `spell`. */
const connectionTypesSpelt = (spell: (type: string) => string): Front =>
  rewriting((req, reply) => {
    if (req.method !== 'GET' || !/\/api\/connections(\?|$)/.test(req.url ?? '') || reply.status !== 200) return undefined;
    const items = JSON.parse(reply.body) as { type?: unknown }[];
    return { body: JSON.stringify(items.map((c) => (typeof c.type === 'string' ? { ...c, type: spell(c.type) } : c))) };
  });

/**
 * B-CONN-1: "an array of connection types" is the catalog of the types a connection may have. A
 * list cut short (the first 20 types only) or served empty to every account but the first is still
 * an array of objects; each account's own connections (GET /connections, an extension) show the
 * types it leaves out.
 */
async function typesCheck(faults: FaultName[], options: { conventions?: 'standard' | 'alt'; front?: Front; retarget?: (target: ResolvedTarget) => ResolvedTarget } = {}) {
  const run = await runSuitesAgainstSimulator({ only: ['b-conn/types'], profile: 'spec', seed: 7, runs: 3, faults, ...options });
  const check = run.checks.find((c) => c.id === 'b-conn/types');
  if (!check) throw new Error('b-conn/types did not run');
  return check;
}

describe('b-conn/types holds the types listed to the types of the account\'s own connections', () => {
  it.each(['standard', 'alt'] as const)('a types list cut to its first 20 types, without types account 1 has connections of, fails B-CONN-1 (%s)', async (conventions) => {
    const check = await typesCheck(['b-connection-types-first-page-only'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-CONN-1');
    expect(check.failures[0]?.message).toMatch(/^GET \/connections\/types does not list the types of connections the account has \(GET \/connections shows .*"salesforce"/);
  });

  it('an empty types list answered to account 2, which has connections, fails B-CONN-1', async () => {
    const check = await typesCheck(['b-connection-types-empty-for-later-accounts']);
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/^GET \/connections\/types \(account 2\) does not list the types of connections the account has \(GET \/connections of account 2 shows/);
  });

  it('faultless, both accounts\' connection types (and the member\'s) are listed: it passes, saying so', async () => {
    const check = await typesCheck([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.filter((n) => /the \d+ types of the account's \d+ connections are among those listed/.test(n))).toHaveLength(3);
  });

  it('where GET /connections is not served, the types are still judged as an array, and a note says the connections were not seen', async () => {
    const check = await typesCheck(['b-connection-types-first-page-only'], { front: answering((req) => (/\/api\/connections(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined)) });
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/GET \/connections \(an extension\) is not served, so whether GET \/connections\/types lists the type of every connection of the account was not seen/);
  });

  it('GET /connections spelling a type otherwise than the types list ("SFTP" for "sftp"): it passes, noting the spellings', async () => {
    const check = await typesCheck([], { front: connectionTypesSpelt((type) => type.toUpperCase()) });
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/connections' types found in GET \/connections\/types only in another letter case or as a type's name: .*"SFTP" \(as "sftp"\)/);
  });

  it('a connection type in no spelling of the list, not one the target document names, and not read under it: B-CONN-1 not verified for it, saying which', async () => {
    const check = await typesCheck([], { front: connectionTypesSpelt((type) => (type === 'sftp' ? 'secure-file-transfer' : type)) });
    expect(check.failures).toEqual([]);
    expect(check.partial?.map((p) => p.reason).join('\n')).toMatch(/GET \/connections shows the type "secure-file-transfer", in no spelling in GET \/connections\/types and not a type the target document names connections by/);
  });

  /** The target document naming account connections by mysql only, as a real one naming one or two fixtures does. */
  const mysqlOnly = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map((b) => ({ ...b, fixtures: { ...b.fixtures, connections: Object.fromEntries(Object.entries(b.fixtures.connections ?? {}).filter(([type]) => type === 'mysql')) } })) });

  it.each(['standard', 'alt'] as const)('a types list cut short where the target document names only the mysql connection still fails B-CONN-1: the left-out types read back under the spec\'s path (%s)', async (conventions) => {
    const check = await typesCheck(['b-connection-types-first-page-only'], { conventions, retarget: mysqlOnly });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-CONN-1');
    expect(check.failures[0]?.message).toMatch(/^GET \/connections\/types does not list the types? of connections the account has \(GET \/connections shows .*"salesforce"/);
  });

  it('faultless, with the target document naming only the mysql connection: it passes', async () => {
    const check = await typesCheck([], { retarget: mysqlOnly });
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});

describe('b-conn/types reads the types list with member_api_key too', () => {
  it.each(['standard', 'alt'] as const)('an empty types list answered to a member of an account with connections fails B-CONN-1 (%s)', async (conventions) => {
    const check = await typesCheck(['b-connection-types-empty-for-members'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-CONN-1');
    expect(check.failures[0]?.message).toMatch(/^GET \/connections\/types \(member_api_key\) does not list the types of connections the account has \(GET \/connections with member_api_key shows/);
  });

  it.each(['standard', 'alt'] as const)('faultless, the member\'s list holds the types of the connections it lists: it passes (%s)', async (conventions) => {
    const check = await typesCheck([], { conventions });
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/GET \/connections\/types \(member_api_key\): the \d+ types of the account's \d+ connections are among those listed/);
  });

  it('a member refused the types list (403) is noted, and B-CONN-1 still passes on the api_keys\' reads', async () => {
    let memberAuthorization: string | undefined;
    const seeMember = (target: ResolvedTarget): ResolvedTarget => {
      const key = target.b[0]?.memberApiKey;
      memberAuthorization = key === undefined ? undefined : basicAuthorization(key);
      return target;
    };
    const refuseMembers = answering((req) => (/\/api\/connections\/types$/.test(req.url ?? '') && memberAuthorization !== undefined && req.headers.authorization === memberAuthorization ? { status: 403, body: '{"message":"Members may not list connection types."}' } : undefined));
    const check = await typesCheck(['b-connection-types-empty-for-members'], { front: refuseMembers, retarget: seeMember });
    expect(memberAuthorization).toBeDefined();
    expect(check.failures).toEqual([]);
    expect(check.partial ?? []).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/GET \/connections\/types with member_api_key answered 403: a refusal of members/);
  });

  it('where the target document gives no member key, a note says the list was read with api_key only', async () => {
    const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _dropped, ...account }) => account) });
    const check = await typesCheck(['b-connection-types-empty-for-members'], { retarget: withoutMember });
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/gives no member_api_key/);
  });
});
