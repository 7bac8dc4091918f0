import type { Sim } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { User } from '../users/types.ts';
import { PRODUCT_UPDATES, type ProductUpdate } from './catalog.ts';

/**
 * Product announcements and their likes (the real docs' `GET /product_updates` and `POST
 * /product_updates/{id}/like`, outside the account path). The announcements are the docs'; a like
 * is the user's, kept on the user record (so in its account's state, saved and exported with it),
 * and counted over every simulated user: the announcements are the whole service's. Liking twice
 * counts once: the docs give no way to take a like back, and a second like is no new fact.
 * Plain rules, no HTTP.
 */

export interface ProductUpdateView {
  update: ProductUpdate;
  likes: number;
  likedByCaller: boolean;
}

export function listProductUpdates(sim: Sim, caller: User): ProductUpdateView[] {
  const likes = likeCounts(sim);
  return PRODUCT_UPDATES.map((update) => ({ update, likes: likes.get(update.id) ?? 0, likedByCaller: hasLiked(caller, update.id) }));
}

/** `POST /product_updates/{id}/like`: the update as the caller now sees it; an unknown id is not found. */
export function likeProductUpdate(sim: Sim, caller: User, rawId: string): ProductUpdateView {
  // The fault reads the id as BigInt (64-bit ids), which throws on what is no integer: a 500.
  const update = sim.faults.has('b-product-update-id-bigint') ? PRODUCT_UPDATES.find((u) => BigInt(u.id) === BigInt(rawId)) : PRODUCT_UPDATES.find((u) => String(u.id) === rawId);
  if (!update) throw notFound();
  if (!hasLiked(caller, update.id)) caller.likedProductUpdates = [...(caller.likedProductUpdates ?? []), update.id];
  return { update, likes: likeCounts(sim).get(update.id) ?? 0, likedByCaller: true };
}

function hasLiked(user: User, id: number): boolean {
  return user.likedProductUpdates?.includes(id) ?? false;
}

/** Likes per update over every user of every account (a handful of records: read when asked). */
function likeCounts(sim: Sim): Map<number, number> {
  const counts = new Map<number, number>();
  for (const account of sim.store.accounts.values()) {
    for (const user of account.users.values()) {
      for (const id of user.likedProductUpdates ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}
