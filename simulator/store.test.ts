import { describe, expect, it } from 'vitest';
import { Store } from './store.ts';

describe('id numbering', () => {
  it('by default one sequence per kind for the whole simulator: an id names one record anywhere', () => {
    const store = new Store();
    const a = store.createAccount('a', 'A', 0);
    const b = store.createAccount('b', 'B', 0);
    expect([store.nextId('package', a), store.nextId('package', b), store.nextId('package', a), store.nextId('job', b)]).toEqual([1, 2, 3, 1]);
  });

  it('numbered per account, each account counts its own records from the first id; accounts and users stay the simulator\'s', () => {
    const store = new Store(1_000_000_001, 'account');
    const a = store.createAccount('a', 'A', 0);
    const b = store.createAccount('b', 'B', 0);
    expect([a.id, b.id]).toEqual([1_000_000_001, 1_000_000_002]);
    expect([store.nextId('package', a), store.nextId('package', b), store.nextId('package', a)]).toEqual([1_000_000_001, 1_000_000_001, 1_000_000_002]);
    expect([store.nextId('user'), store.nextId('user')]).toEqual([1_000_000_001, 1_000_000_002]);
  });

  it('a state numbered the other way goes on without handing out an id twice within an account', () => {
    const global = new Store();
    const a = global.createAccount('a', 'A', 0);
    for (let i = 0; i < 5; i++) global.nextId('package', a);
    const perAccount = new Store(1, 'account');
    perAccount.load([], global.exportSequences());
    const again = perAccount.createAccount('a2', 'A', 0);
    expect(perAccount.nextId('package', again)).toBe(6);

    const back = new Store();
    back.load([], [['package@1', 4], ['package@2', 9]]);
    expect(back.nextId('package', again)).toBe(10);
  });
});
