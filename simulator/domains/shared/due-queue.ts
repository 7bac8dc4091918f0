/**
 * Ids queued by the moment something about them falls due (a job's start or end, a cluster
 * becoming available): a binary min-heap on that moment, so taking what is due costs the due
 * entries and a logarithm, never a walk over everything queued. An id may be queued more than
 * once (its moment moved); the owner drops stale entries as they come up. Moments and ids live in
 * two parallel arrays, and entries move by holes rather than swaps: a settled job costs a push
 * and a pop on a heap as large as the live jobs, so this is on the hot path of `POST /jobs`.
 */
export class DueQueue {
  private readonly dues: number[] = [];
  private readonly ids: number[] = [];

  /** Queues `id` at `due`; an infinite moment never falls due and is not queued. */
  push(due: number, id: number): void {
    if (due === Number.POSITIVE_INFINITY) return;
    const { dues, ids } = this;
    let i = dues.length;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (dues[parent]! <= due) break;
      dues[i] = dues[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    dues[i] = due;
    ids[i] = id;
  }

  /** The earliest queued moment (Infinity: nothing queued). */
  nextDue(): number {
    return this.dues[0] ?? Number.POSITIVE_INFINITY;
  }

  /** Takes the earliest entry off the queue when it is due at `now`; undefined otherwise. */
  popDue(now: number): number | undefined {
    const { dues, ids } = this;
    if (dues.length === 0 || dues[0]! > now) return undefined;
    const top = ids[0]!;
    const lastDue = dues.pop()!;
    const lastId = ids.pop()!;
    const n = dues.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && dues[r]! < dues[l]! ? r : l;
      if (dues[child]! >= lastDue) break;
      dues[i] = dues[child]!;
      ids[i] = ids[child]!;
      i = child;
    }
    dues[i] = lastDue;
    ids[i] = lastId;
    return top;
  }
}
