import type Router from '@koa/router';
import type { Sim } from '../context.ts';
import { invalidField } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { encodeState, decodeParsed } from '../persistence/codec.ts';
import { dropRetries } from '../domains/hooks/retries.ts';
import { settleSoon } from '../domains/settle-timer.ts';
import type { AccountState } from '../store.ts';
import { AdjustableClock, LATEST_TIME_MS } from '../clock.ts';

export const STATE_FORMAT = 'disco-state/1';

/** The collections every account holds, and which are maps: what an imported account must have. */
const MAP_FIELDS = ['users', 'sshKeys', 'packages', 'clusters', 'jobs', 'hooks', 'connections', 'connectionGroups', 'deliveries', 'notifications', 'pipelineKeys', 'pipelines', 'schedules'] as const;

/**
 * The whole state out and in: `GET /_disco/state` (the format of `--state` files' snapshots:
 * every account, the id sequences; interface A keys as digests, interface B keys as the API
 * shows them) and `PUT /_disco/state` with such a document, which replaces everything and moves
 * the clock on to the document's `now` when it is behind.
 */
export function registerStateRoutes(router: Router, sim: Sim): void {
  router.get('/state', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = encodeState({ format: STATE_FORMAT, accounts: [...sim.store.accounts.values()], sequences: sim.store.exportSequences(), now: sim.clock.now() });
  });

  router.put('/state', async (ctx) => {
    const raw = await readJsonObject(ctx, 256 * 1024 * 1024);
    const doc = decodeParsed(raw) as { format?: unknown; accounts?: unknown; sequences?: unknown; now?: unknown };
    if (doc.format !== STATE_FORMAT) throw invalidField('format', `must be ${STATE_FORMAT} (what GET /_disco/state and disco state export write)`);
    if (!Array.isArray(doc.accounts)) throw invalidField('accounts', 'must be a list of accounts');
    const slugs = new Set<string>();
    doc.accounts.forEach((a: unknown, i) => {
      const account = a as Partial<Record<string, unknown>>;
      if (!account || typeof account.slug !== 'string' || typeof account.id !== 'number' || !Array.isArray(account.invoices)) throw invalidField(`accounts[${i}]`, 'must be an account as exported (slug, id, invoices)');
      for (const field of MAP_FIELDS) if (!(account[field] instanceof Map)) throw invalidField(`accounts[${i}].${field}`, 'must be a {"$map": [...]} collection as exported');
      if (slugs.has(account.slug)) throw invalidField(`accounts[${i}].slug`, 'is repeated');
      slugs.add(account.slug);
    });
    if (!Array.isArray(doc.sequences) || !doc.sequences.every((s: unknown) => Array.isArray(s) && typeof s[0] === 'string' && Number.isSafeInteger(s[1]))) throw invalidField('sequences', 'must be [[kind, last id], ...] as exported');
    // The clock moves there (below): a moment the clock control API would refuse is refused here too.
    if (doc.now !== undefined && !(Number.isSafeInteger(doc.now) && (doc.now as number) <= LATEST_TIME_MS)) throw invalidField('now', 'must be the exported clock: epoch milliseconds, not after the year 9999');
    sim.store.load(doc.accounts as AccountState[], doc.sequences as [string, number][]);
    // Time goes on from the exported state's moment, as after a restart with --state: a job it
    // showed completed stays completed, and nothing in it was made in the importer's future.
    // Never back: this simulator's own clock may already be later.
    if (typeof doc.now === 'number' && sim.clock instanceof AdjustableClock && doc.now > sim.clock.now()) sim.clock.set(doc.now);
    sim.rateLimiter.reset();
    dropRetries(sim);
    settleSoon(sim);
    ctx.body = { accounts: sim.store.accounts.size };
  });
}
