import type { Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { ProductUpdateView } from './model.ts';

/**
 * A product update as the real docs show one (sections/list-product-updates.md): `likes` and
 * `liked_by_user`. The vendor's Java client reads the same two facts as `likes_count` and `liked`,
 * so both names are given, with the same values: a client written against either reads them.
 */
export function presentProductUpdate(sim: Sim, view: ProductUpdateView): Record<string, unknown> {
  const { update } = view;
  return {
    id: update.id,
    title: update.title,
    created_at: presentTime(sim, Date.parse(update.createdAt)),
    body: update.body,
    body_html: update.bodyHtml,
    body_text: update.bodyText,
    likes: view.likes,
    liked_by_user: view.likedByCaller,
    likes_count: view.likes,
    liked: view.likedByCaller,
  };
}
