import type { IdNumbering } from './store.ts';

/**
 * The rules `disco serve` (bin/commands/serve.ts) and `startSimulator` (api/simulator.ts) both
 * hold these start options to, each with the words that say it: one rule, two names for the
 * option (`--job-pace`, `jobPace`).
 */
export interface OptionRule<T> {
  ok(value: T): boolean;
  says: string;
}

export const JOB_PACE: OptionRule<number> = { ok: (pace) => Number.isFinite(pace) && pace > 0 && pace <= 100, says: 'must be a number above 0 and at most 100' };

export const KEY_PREFIX: OptionRule<string> = { ok: (prefix) => /^[A-Za-z0-9]+$/.test(prefix), says: 'must be letters and digits' };

export const ID_NUMBERING = { ok: (numbering: string): numbering is IdNumbering => numbering === 'simulator' || numbering === 'account', says: 'must be simulator or account' };
