import type { CheckContext } from './types.ts';

/** The keys each check run has noted under (noteOnce). */
const notedKeys = new WeakMap<CheckContext, Set<string>>();

/**
 * Notes `text` the first time a check run notes under `key`: a case seen again and again (on every
 * regeneration, every malformed path answered alike) is noted once, where its texts differ (a
 * time, a path) and `t.note`'s own dedupe of the same sentence does not apply.
 */
export function noteOnce(t: CheckContext, key: string, text: string): void {
  const noted = notedKeys.get(t) ?? new Set<string>();
  notedKeys.set(t, noted);
  if (noted.has(key)) return;
  noted.add(key);
  t.note(text);
}
