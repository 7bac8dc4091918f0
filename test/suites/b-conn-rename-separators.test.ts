import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec types a connection's name a string and fixes neither its length nor its characters:
 * a deployment may refuse a name with path separators with a 4xx (the fourth freedom audit's ff
 * variation 7). b-conn/rename notes that refusal; what it must not take is a 200 under another
 * name (b-connection-rename-path-separators-replaced).
 */
const separatorsRefused = answering((req, body) => {
  if (req.method !== 'PUT' || !/\/api\/connections\/[^/]+\/\d+$/.test(req.url ?? '') || !/"name":"[^"]*(\/|\\\\)/.test(body)) return undefined;
  return { status: 422, body: JSON.stringify({ message: 'name must not contain / or \\' }) };
});

describe('b-conn/rename and names with path separators', () => {
  it('notes a 4xx refusing such a name, and still fails a 200 under another name', { timeout: 120_000 }, async () => {
    const refused = await runSuitesAgainstSimulator({ only: ['b-conn/rename'], seed: 5, runs: 3, front: separatorsRefused, profile: 'spec' });
    const check = refused.checks.find((c) => c.id === 'b-conn/rename');
    expect(check?.verdict, describeChecks(refused.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/refused a name with path separators with a 4xx, as it may/);
    const replaced = await runSuitesAgainstSimulator({ only: ['b-conn/rename'], seed: 5, runs: 3, faults: ['b-connection-rename-path-separators-replaced'] });
    expect([...replaced.failedClauses]).toEqual(['B-CONN-2']);
  });
});
