import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeWorld, type Caller } from '../jobs/test-support.ts';
import { isMember, ownerIdOf, roleOf } from './model.ts';

/**
 * The members' rules as a property: any sequence of adds, removals and role changes by the two
 * seeded users (the only ones whose keys a test holds) answers as a reference model written out
 * again here says, and leaves the account with one owner, an admin and a member, and the keys of
 * exactly its members authenticating.
 */

type Role = 'admin' | 'member';
interface Person {
  email: string;
  role: Role;
  member: boolean;
  /** The seeded owner (0) and colleague (1) hold keys; invited people do not. */
  caller?: 0 | 1;
}

type Op =
  | { kind: 'add'; by: 0 | 1; email: string; role: Role }
  | { kind: 'remove'; by: 0 | 1; target: number }
  | { kind: 'role'; by: 0 | 1; target: number; role: Role | 'owner' };

const ADDRESSES = ['a@acme.example', 'b@acme.example', 'owner@acme.example', 'colleague@acme.example'];
const by = fc.constantFrom<0 | 1>(0, 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), by, email: fc.constantFrom(...ADDRESSES), role: fc.constantFrom<Role>('admin', 'member') }),
  fc.record({ kind: fc.constant('remove' as const), by, target: fc.nat(5) }),
  fc.record({ kind: fc.constant('role' as const), by, target: fc.nat(5), role: fc.constantFrom<Role | 'owner'>('admin', 'member', 'owner') }),
);

/** What the reference model says each operation answers, applying it when it succeeds. */
function expected(people: Person[], owner: { index: number }, o: Op): number {
  const caller = people.findIndex((p) => p.caller === o.by);
  const me = people[caller];
  if (!me?.member) return 401;
  if (me.role !== 'admin') return 403;
  if (o.kind === 'add') {
    const known = people.find((p) => p.email === o.email);
    if (known?.member) return 422;
    if (known) Object.assign(known, { member: true, role: o.role });
    else people.push({ email: o.email, role: o.role, member: true });
    return 200;
  }
  const target = people[o.target];
  if (!target?.member) return 404;
  if (o.kind === 'remove') {
    if (o.target === owner.index) return 422;
    target.member = false;
    return 200;
  }
  if (o.role === 'owner') {
    if (caller !== owner.index) return 403;
    const old = people[owner.index];
    if (old) old.role = 'admin';
    owner.index = o.target;
    target.role = 'admin';
    return 200;
  }
  if (o.target === owner.index && o.role !== 'admin') return 422;
  target.role = o.role;
  return 200;
}

describe('members, as a property', () => {
  it('answer every sequence of operations as the reference model does, and keep one owner, an admin member', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const world = makeWorld();
        const callers: Caller[] = [world.owner, world.colleague];
        const people: Person[] = [
          { email: 'owner@acme.example', role: 'admin', member: true, caller: 0 },
          { email: 'colleague@acme.example', role: 'member', member: true, caller: 1 },
        ];
        const owner = { index: 0 };
        // Ids by the model's index: the seeded users, then each address as it is first added.
        const ids: number[] = world.acme.users.map((u) => u.id);
        for (const o of ops) {
          const caller = callers[o.by] as Caller;
          const want = expected(people, owner, o);
          let got: number;
          if (o.kind === 'add') {
            const res = await caller.post('/members', { email: o.email, role: o.role });
            got = res.status;
            const id = (res.body as { id?: number }).id;
            const index = people.findIndex((p) => p.email === o.email);
            if (got === 200 && id !== undefined) {
              if (ids[index] === undefined) ids[index] = id;
              expect(ids[index]).toBe(id); // a removed member comes back with its id
            }
          } else {
            const id = ids[o.target] ?? 999_999;
            got = (o.kind === 'remove' ? await caller.delete(`/members/${id}`) : await caller.put(`/members/${id}`, { role: o.role })).status;
          }
          expect(got, JSON.stringify(o)).toBe(want);
        }
        const account = world.simulator.sim.store.account('acme');
        if (!account) throw new Error('no account');
        const members = [...account.users.values()].filter(isMember);
        expect(members.map((u) => u.email).sort()).toEqual(people.filter((p) => p.member).map((p) => p.email).sort());
        for (const u of members) expect(roleOf(account, u)).toBe(people.find((p) => p.email === u.email)?.role);
        const ownerUser = account.users.get(ownerIdOf(account) ?? -1);
        expect(ownerUser && isMember(ownerUser) && roleOf(account, ownerUser) === 'admin').toBe(true);
        expect(ownerUser?.email).toBe(people[owner.index]?.email);
        for (const u of account.users.values()) expect(world.simulator.sim.store.findUserKey(u.apiKey, world.simulator.sim.clock.now()) !== null).toBe(isMember(u));
      }),
      { seed: 20261126, numRuns: 60 },
    );
  }, 60_000);
});
