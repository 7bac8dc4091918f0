import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * b-conn/group-create on deployments that chose otherwise where the spec leaves them free: a
 * second group named like one the account has refused (409, 422), members refused groups (403:
 * which roles may call what is not shown), group reads (extensions) not served. None fails B-CG-1;
 * a careless assignment still does.
 */
async function groupCreate(conventions: ConventionsName, options: { faults?: FaultName[]; front?: Front; retarget?: (t: ResolvedTarget) => ResolvedTarget } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-conn/group-create'], seed: 7, runs: 3, conventions, ...options });
  return run.checks.find((c) => c.id === 'b-conn/group-create')!;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;
const GROUPS = /^\/[^/]+\/api\/connection_groups\/?$/;

/** POST /connection_groups refusing a name the account already has (by the names this front saw made). */
const uniqueNames = (status: number): Front => {
  const seen = new Set<string>();
  return answering((req, body) => {
    if (req.method !== 'POST' || !GROUPS.test(pathOf(req.url))) return undefined;
    const name = (JSON.parse(body) as { connection_group?: { name?: string } }).connection_group?.name ?? '';
    const key = `${pathOf(req.url)} ${name}`;
    if (seen.has(key)) return { status, body: '{"message":"Name has already been taken"}' };
    seen.add(key);
    return undefined;
  });
};

let memberAuthorization: string | undefined;
const knowingMember = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[0]?.memberApiKey;
  memberAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};
const membersRefused: Front = answering((req) => (req.method === 'POST' && GROUPS.test(pathOf(req.url)) && memberAuthorization !== undefined && req.headers.authorization === memberAuthorization ? { status: 403, body: '{"message":"Only admins may create groups"}' } : undefined));

describe('b-conn/group-create where the deployment chose otherwise (conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    const passes = async (options: Parameters<typeof groupCreate>[1]) => {
      const check = await groupCreate(conventions, options);
      expect(check.verdict, describeChecks([check])).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
      return check;
    };
    for (const status of [409, 422]) {
      it(`a name the account has refused (${status}): passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
        const check = await passes({ front: uniqueNames(status) });
        expect(check.notes.join('\n')).toMatch(new RegExp(`naming a group like one the account has was refused \\(${status}\\)`));
      });
    }
    it(`members refused groups (403): passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await passes({ retarget: knowingMember, front: membersRefused });
      expect(check.notes.join('\n')).toMatch(/with member_api_key answered 403/);
    });
    it(`group reads not served (GET /connection_groups, /connection_groups/{id}: 404): passes (${conventions})`, { timeout: 60_000 }, async () => {
      await passes({ front: answering((req) => (req.method === 'GET' && /\/connection_groups(\/\d+)?\/?$/.test(pathOf(req.url)) ? { status: 404, body: '{"message":"Not found"}' } : undefined)) });
    });
  }
});

describe('b-conn/group-create where the deployment chose otherwise, and the assignment is careless (non-conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`names refused when taken (409): a member's group whose connections are not moved still fails B-CG-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await groupCreate(conventions, { faults: ['b-cg-member-connections-not-assigned'], front: uniqueNames(409) });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toEqual(['B-CG-1']);
    });
  }
});

/**
 * A group answered with its connections as bare ids (`[3, 4]`) is not section 2's shape (items
 * objects with `id`, `name`, `type`): B-SCHEMA-1's to say. The ids are still the connections
 * given, so B-CG-1 (the assignment) is not what failed.
 */
describe('b-conn/group-create where the answer lists the connections as bare ids', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-SCHEMA-1, not B-CG-1 (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await groupCreate(conventions, {
        front: rewriting((req, reply) => {
          if (req.method !== 'POST' || !GROUPS.test(pathOf(req.url)) || reply.status >= 300) return undefined;
          const group = JSON.parse(reply.body) as { connections?: unknown };
          if (Array.isArray(group.connections)) group.connections = group.connections.map((c: unknown) => (typeof c === 'object' && c !== null && 'id' in c ? (c as { id: unknown }).id : c));
          return { body: JSON.stringify(group) };
        }),
      });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect([...new Set(check.failures.map((f) => f.clause))]).toEqual(['B-SCHEMA-1']);
    });
  }
});
