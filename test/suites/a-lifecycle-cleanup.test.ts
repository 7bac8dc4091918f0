import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../suites/lib/run.ts';
import { lifecycleCommands, runSequence } from '../../suites/model/pipelines/commands.ts';
import type { CheckDefinition } from '../../suites/lib/types.ts';
import { withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * The lifecycle model runs hundreds of sequences in one check. Each archives what it made as it
 * ends, so the check's cleanup (and a Ctrl-C in the middle of it) is not hundreds of requests
 * long: after every sequence, none of its pipelines is left live.
 */
describe('the pipeline lifecycle model', () => {
  it('archives the pipelines of each sequence as the sequence ends', { timeout: 60_000 }, async () => {
    await withEmbeddedTarget({}, async (embedded) => {
      const live: string[][] = [];
      let made = 0;
      const check: CheckDefinition = {
        id: 'a-test/sequences',
        clauses: [],
        title: 'sequences',
        needs: ['a', 'write'],
        async run(t) {
          // Random sequences as the property draws them (a fixed seed): many end with pipelines live.
          for (const sequence of fc.sample(lifecycleCommands(false), { numRuns: 12, seed: 5 })) {
            await runSequence(t, false, sequence);
            // What account 1 holds of the run's own pipelines now, and whether each is archived.
            const res = await t.a().get('/pipelines', { query: { page_size: 100 } });
            const items = ((res.json as { items?: { id: number; name: string; state: string }[] }).items ?? []).filter((p) => p.name.startsWith(t.name('model-')));
            live.push(items.filter((p) => p.state !== 'archived').map((p) => `${p.id} ${p.state}`));
          }
        },
      };
      const out = await runChecks({
        target: embedded.target,
        checks: [check],
        profile: 'simulator',
        seed: 1,
        runs: 1,
        readOnly: false,
        timeoutMs: 10_000,
        onExchange: (ex) => void (ex.request.method === 'POST' && ex.request.url.endsWith('/api/public/v1/pipelines') && ex.response.status < 300 && made++),
      });
      expect(out.checks[0]?.verdict, out.checks[0]?.reason).toBe('pass');
      expect(made).toBeGreaterThan(2);
      expect(live).toEqual(live.map(() => []));
    });
  });
});
