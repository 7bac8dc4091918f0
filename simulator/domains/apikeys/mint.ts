import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { sha256Hex } from '../../store.ts';
import { newPipelineKey, keyPreview } from './generate.ts';
import { caseFoldedKeys } from './authenticate.ts';

/** What minting a key hands back: the only moment the full value exists outside the caller's hands. */
export interface MintedPipelineKey {
  id: number;
  name: string;
  admin: boolean;
  key: string;
}

/**
 * Stores a new interface A key in `account` and indexes its digest; only the digest and a
 * preview are kept. `key` may be given (seeds that want reproducible set-ups), otherwise a fresh
 * one is made. The one way keys come to exist: the API, the seed and the control API all call it.
 */
export function mintPipelineKey(
  sim: Sim,
  account: AccountState,
  k: { name: string; admin: boolean; key?: string; expires_at?: string | null },
  /** The key for the id it gets, when `k` gives none (a seed's: control/seeded-keys.ts); else a fresh one. */
  keyFor?: (id: number) => string,
): MintedPipelineKey {
  const prefix = sim.options.pipelineKeyPrefix;
  const id = sim.store.nextId('pipelineKey', account);
  const key = k.key ?? keyFor?.(id) ?? newPipelineKey(prefix);
  const digest = sha256Hex(key);
  account.pipelineKeys.set(id, {
    id,
    name: k.name,
    digest,
    // a-key-preview-shows-secret: "the last four characters" written key.slice(4), its minus sign lost.
    preview: sim.faults.has('a-key-preview-shows-secret') ? `${key.slice(0, prefix.length + 1)}…${key.slice(prefix.length + 1)}` : keyPreview(key, prefix),
    admin: k.admin,
    // a-key-expiry-offset-dropped: "the expiry is kept as the wall-clock time it names, read as UTC (a naive datetime column)".
    expiresAt: k.expires_at ? (sim.faults.has('a-key-expiry-offset-dropped') ? Date.parse(`${k.expires_at.replace(/(Z|[+-]\d{2}:\d{2})$/i, '')}Z`) : Date.parse(k.expires_at)) : null,
    revokedAt: null,
    createdAt: sim.clock.now(),
    lastUsedAt: null,
  });
  sim.store.indexPipelineKey(account.slug, id, digest);
  // a-key-lookup-case-insensitive: the key column's collation compares values without letter case.
  if (sim.faults.has('a-key-lookup-case-insensitive')) foldedIndex(sim).set(sha256Hex(key.toLowerCase()), { slug: account.slug, id });
  return { id, name: k.name, admin: k.admin, key };
}

/** The store's case-folded key index (the fault `a-key-lookup-case-insensitive`), made on first use. */
function foldedIndex(sim: Sim): Map<string, { slug: string; id: number }> {
  let index = caseFoldedKeys.get(sim.store);
  if (!index) caseFoldedKeys.set(sim.store, (index = new Map()));
  return index;
}
