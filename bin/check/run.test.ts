import { describe, expect, it } from 'vitest';
import { clauseVerdicts, exitCodeFor, runOutcome } from '../../suites/lib/aggregate.ts';
import type { CheckDefinition, CheckResult } from '../../suites/lib/types.ts';
import { unfinishedAsErrors } from './run.ts';

const definition = (id: string, clauses: string[]): CheckDefinition => ({ id, clauses, title: `${id} title sentence`, needs: [], run: async () => {} });
const passed = (c: CheckDefinition): CheckResult => ({ id: c.id, title: c.title, clauses: c.clauses, verdict: 'pass', failures: [], properties: [], durationMs: 1, requests: 1, notes: [] });

describe('the run stage when the runner itself breaks', () => {
  it('keeps what finished and records every other selected check as an error, so the run cannot pass', () => {
    const selected = [definition('b-auth/one', ['B-AUTH-1']), definition('b-lim/two', ['B-LIM-2']), definition('b-lim/three', ['B-LIM-1'])];
    const checks = unfinishedAsErrors(selected, [passed(selected[0] as CheckDefinition)], 'out of memory');
    expect(checks.map((c) => [c.id, c.verdict])).toEqual([['b-auth/one', 'pass'], ['b-lim/two', 'error'], ['b-lim/three', 'error']]);
    expect(checks[1]?.reason).toBe('the run stopped before this check finished: out of memory');
    const outcome = runOutcome(clauseVerdicts(checks, { profile: 'spec' }), checks);
    expect(outcome).toBe('error');
    expect(exitCodeFor(outcome, { allowIncomplete: true })).toBe(2);
  });

  it('keeps a finished check\'s partial coverage that waited for a later control, unmarked: the marker is not part of a report', () => {
    const selected = [definition('a-enum/foreign', ['A-ENUM-1']), definition('a-pipe/two', ['A-PIPE-1'])];
    const waiting: CheckResult = { ...passed(selected[0] as CheckDefinition), partial: [{ clause: 'A-ENUM-1', reason: 'no control yet', until: 'aPipelineFound' }] };
    const checks = unfinishedAsErrors(selected, [waiting], 'out of memory');
    expect(checks[0]?.partial).toEqual([{ clause: 'A-ENUM-1', reason: 'no control yet' }]);
  });
});
