import type { Sim } from '../context.ts';
import type { AccountState } from '../store.ts';

// SCAFFOLD: replaced by the jobs domain (terminal jobs notify their watchers and fire hooks).
export function settleAccount(_sim: Sim, _account: AccountState): void {}
