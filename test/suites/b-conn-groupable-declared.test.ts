import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * Connection type ids are open-ended in the spec, and which of a deployment's are database or
 * cloud-storage ones (those a connection group may hold, B-CG-1) its target document may say:
 * then only those are put in groups.
 */
describe('b-conn groups with interface_b.groupable_connection_types', () => {
  it('puts only the declared types in groups', { timeout: 60_000 }, async () => {
    const members: string[] = [];
    const recording = answering((req, body) => {
      if (req.method === 'POST' && /^\/[^/]+\/api\/connection_groups$/.test(req.url ?? '')) {
        for (const c of (JSON.parse(body) as { connections?: { type: string }[] }).connections ?? []) members.push(c.type);
      }
      return undefined;
    });
    const sftpOnly = (target: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceB: { ...target.interfaceB, groupableConnectionTypes: ['sftp'] } });
    const run = await runSuitesAgainstSimulator({ only: ['b-conn/group-create'], front: recording, retarget: sftpOnly, seed: 3, runs: 5 });
    expect(run.checks[0]?.verdict, run.checks[0]?.reason).toBe('pass');
    expect(members.length).toBeGreaterThan(0);
    expect(new Set(members)).toEqual(new Set(['sftp']));
  });

  it('skips, naming the field, when no fixture connection is of a declared type', { timeout: 60_000 }, async () => {
    const none = (target: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceB: { ...target.interfaceB, groupableConnectionTypes: ['azure_blob'] } });
    const run = await runSuitesAgainstSimulator({ only: ['b-conn/group-create'], retarget: none, seed: 3, runs: 5 });
    expect(run.checks[0]?.verdict).toBe('skip');
    expect(run.checks[0]?.reason).toContain('interface_b.groupable_connection_types');
  });
});
