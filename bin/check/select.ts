import { isClauseId } from '../../suites/clauses.ts';
import type { CheckDefinition } from '../../suites/lib/types.ts';
import { UsageError } from '../commands/usage-error.ts';

/**
 * `--only` and `--skip` tokens, comma-separated (and repeatable): a clause id (`B-AUTH-1`), a
 * clause family (`B-AUTH`, or `B` for all of interface B), a check family (`b-auth`) or a check id
 * (`b-auth/unknown-keys-refused`). Case does not matter. A check is selected when an `--only` token (or
 * none is given) and no `--skip` token matches it. A clause token of `--only` also selects the
 * checks that only support the clause: they can fail it (an error object judged inside another
 * clause's check), and a run of "only A-ERR-1" that left them out would pass what a full run
 * fails. `--skip` leaves out only the checks that verify it: skipping B-AUTH must not also skip
 * every check that happens to judge an answer B-AUTH-1 touches.
 */
export function parseOnly(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(',')).map((t) => t.trim()).filter((t) => t !== ''))];
}

export function tokenMatches(token: string, check: Pick<CheckDefinition, 'id' | 'clauses' | 'supports'>, withSupports = false): boolean {
  const upper = token.toUpperCase();
  const lower = token.toLowerCase();
  const clauses = withSupports ? [...check.clauses, ...(check.supports ?? [])] : check.clauses;
  if (clauses.some((c) => c === upper || c.startsWith(`${upper}-`))) return true;
  const id = check.id.toLowerCase();
  // A check id is that check alone: b-iso/foreign-account-path must not also run (against a real
  // deployment, write with) b-iso/foreign-account-path-writes.
  if (lower.includes('/')) return id === lower;
  return id === lower || id.startsWith(`${lower}/`) || id.startsWith(`${lower}-`);
}

export function selectChecks<T extends Pick<CheckDefinition, 'id' | 'clauses' | 'supports'>>(all: readonly T[], tokens: readonly string[], skip: readonly string[] = []): { selected: T[]; unselected: T[] } {
  // A token that names nothing is a typo: left alone it would quietly run (or skip) everything.
  for (const [option, list] of [['--only', tokens], ['--skip', skip]] as const) {
    for (const token of list) {
      if (all.some((c) => tokenMatches(token, c))) continue;
      if (isClauseId(token.toUpperCase())) throw new UsageError(`${option} ${token}: no check covers clause ${token.toUpperCase()} yet (see disco clauses)`);
      throw new UsageError(`${option} ${token} matches no check; give a clause id (B-AUTH-1), a clause family (B-AUTH), a check family (b-auth) or a check id; see disco check --list`);
    }
  }
  const selected = all.filter((c) => (tokens.length === 0 || tokens.some((t) => tokenMatches(t, c, true))) && !skip.some((t) => tokenMatches(t, c)));
  if (selected.length === 0) throw new UsageError(`${[tokens.length ? `--only ${tokens.join(',')}` : '', `--skip ${skip.join(',')}`].filter(Boolean).join(' with ')} leaves no check to run`);
  return { selected, unselected: all.filter((c) => !selected.includes(c)) };
}
