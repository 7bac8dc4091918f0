import type { Exchange } from './types.ts';

/**
 * Headers whose value differs from one answer to the next on any deployment (a cookie, a date)
 * but whose presence can still tell two kinds of answer apart: a `Last-Modified` stamped on the
 * 404 for a pipeline that exists elsewhere, and not on the one for an absent id, shows that it
 * exists (A-ENUM-1) whatever its value. Their values are never compared; whether they are there
 * is, across many answers, because a gateway may add one now and then by itself (a bot manager's
 * cookie once per session, a cache's `Expires` on some routes): one answer with it and one
 * without tells nothing, a presence that follows the kind of id every time does.
 *
 * `Age` is not among them: a cache in front sets it on an answer it has seen before, and a check
 * asking the same few foreign ids again and fresh absent ids each time would see it follow the
 * kind without the deployment telling anything.
 */
export const PRESENCE_TELLS: readonly string[] = ['last-modified', 'expires', 'set-cookie'];

/** How the pairs split on one header: each pair is one answer of each kind, asked back to back. */
export interface PresenceSplit {
  header: string;
  /** Pairs where only the subject's answer (another account's pipeline) carried it. */
  subjectOnly: number;
  /** Pairs where only the reference's answer (an absent pipeline) carried it. */
  referenceOnly: number;
  /** Pairs where both carried it. */
  both: number;
  pairs: number;
  /** McNemar's exact test, two-sided: how likely a split of the discordant pairs this uneven is if presence ignored the kind. */
  p: number;
  /** Where the discordant pairs were asked (an operation's label), most first. */
  where: string[];
}

/**
 * Counts, over pairs of answers that must be alike (the subject: another account's pipeline; the
 * reference: an absent one, asked right before or after), the pairs where only one of the two
 * carried a header of `PRESENCE_TELLS`, and names the headers whose presence follows the kind
 * beyond chance. Pairs asked back to back keep the test fair whatever else varies: an operation
 * that always sets a cookie, a gateway that sets one at times, hits both kinds alike.
 */
export class PresenceTally {
  private pairs = 0;
  private readonly counts = new Map<string, { subjectOnly: number; referenceOnly: number; both: number; where: Map<string, number> }>();

  record(where: string, subject: Exchange, reference: Exchange): void {
    this.pairs++;
    const s = presentTells(subject);
    const r = presentTells(reference);
    for (const header of PRESENCE_TELLS) {
      if (!s.has(header) && !r.has(header)) continue;
      let c = this.counts.get(header);
      if (!c) this.counts.set(header, (c = { subjectOnly: 0, referenceOnly: 0, both: 0, where: new Map() }));
      if (s.has(header) && r.has(header)) c.both++;
      else {
        if (s.has(header)) c.subjectOnly++;
        else c.referenceOnly++;
        c.where.set(where, (c.where.get(where) ?? 0) + 1);
      }
    }
  }

  /** Every header seen on either kind, with its split. */
  splits(): PresenceSplit[] {
    return [...this.counts].map(([header, c]) => ({
      header,
      subjectOnly: c.subjectOnly,
      referenceOnly: c.referenceOnly,
      both: c.both,
      pairs: this.pairs,
      p: signTest(c.subjectOnly, c.referenceOnly),
      where: [...c.where].sort((a, b) => b[1] - a[1]).map(([w]) => w),
    }));
  }
}

function presentTells(ex: Exchange): Set<string> {
  const names = new Set(Object.keys(ex.response.headers).map((n) => n.toLowerCase()));
  return new Set(PRESENCE_TELLS.filter((h) => names.has(h)));
}

/**
 * The exact two-sided sign test (McNemar's exact test on the discordant pairs): the probability
 * of a split at least this uneven of `a + b` fair coin tosses. 1 when there is nothing to split.
 */
export function signTest(a: number, b: number): number {
  const n = a + b;
  if (n === 0) return 1;
  const k = Math.min(a, b);
  let tail = 0;
  for (let x = 0; x <= k; x++) tail += Math.exp(logChoose(n, x) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}
function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

const LOG_FACTORIALS: number[] = [0];
function logFactorial(n: number): number {
  for (let i = LOG_FACTORIALS.length; i <= n; i++) LOG_FACTORIALS[i] = (LOG_FACTORIALS[i - 1] as number) + Math.log(i);
  return LOG_FACTORIALS[n] as number;
}

/** How one cookie's values split between the two kinds of id, where they tell them apart. */
export interface CookieValueTell {
  name: string;
  /** Answers for absent ids that set it (all with one value, the id aside), and how many ids. */
  referenceAnswers: number;
  referenceIds: number;
  /** The foreign id whose answers set it with one value of their own, and how many did. */
  subjectId: string;
  subjectAnswers: number;
}

/**
 * A cookie's value, not only its presence (A-ENUM-1): a 404 that sets `shard=<the account that
 * holds the id>` tells every time, whatever its presence. Values are judged only where chance
 * cannot make them differ: a cookie whose value (the requested id in it aside) is one and the same
 * over the answers for several absent ids, and one and the same but another over repeated answers
 * for one foreign id. A load balancer's sticky cookie with a fresh random value per answer, or a
 * stamp of the time, differs among the absent ids already and is never judged; attributes
 * (`Expires`, `Path`) are left out, only `name=value` counts. The values are never shown: a cookie
 * may be a session's secret.
 */
export class CookieValueTally {
  private readonly cookies = new Map<string, { reference: Map<string, { count: number; ids: Set<string> }>; subject: Map<string, Map<string, number>> }>();

  record(subjectId: string, subject: Exchange, referenceId: string, reference: Exchange): void {
    for (const [name, value] of setCookies(subject, subjectId)) {
      const byId = this.of(name).subject;
      let values = byId.get(subjectId);
      if (!values) byId.set(subjectId, (values = new Map()));
      values.set(value, (values.get(value) ?? 0) + 1);
    }
    for (const [name, value] of setCookies(reference, referenceId)) {
      const ref = this.of(name).reference;
      let seen = ref.get(value);
      if (!seen) ref.set(value, (seen = { count: 0, ids: new Set() }));
      seen.count++;
      seen.ids.add(referenceId);
    }
  }

  /** The cookies whose steady value for a foreign id is not the one every absent id gets. */
  tells(): CookieValueTell[] {
    const found: CookieValueTell[] = [];
    for (const [name, c] of this.cookies) {
      if (c.reference.size !== 1) continue;
      const [[refValue, ref]] = [...c.reference] as [[string, { count: number; ids: Set<string> }]];
      if (ref.ids.size < 2) continue;
      for (const [subjectId, values] of c.subject) {
        const [only] = [...values];
        if (values.size !== 1 || only === undefined || only[1] < 2 || only[0] === refValue) continue;
        found.push({ name, referenceAnswers: ref.count, referenceIds: ref.ids.size, subjectId, subjectAnswers: only[1] });
        break;
      }
    }
    return found;
  }

  private of(name: string): { reference: Map<string, { count: number; ids: Set<string> }>; subject: Map<string, Map<string, number>> } {
    let c = this.cookies.get(name);
    if (!c) this.cookies.set(name, (c = { reference: new Map(), subject: new Map() }));
    return c;
  }
}

/**
 * The `name=value` pairs an answer sets, the requested id in a value replaced by a mark. Several
 * Set-Cookie headers arrive joined by commas; a comma inside `Expires=Sat, 01 Jan ...` is followed
 * by no `name=`, so it splits nothing.
 */
export function setCookies(ex: Exchange, id: string): Map<string, string> {
  const out = new Map<string, string>();
  const raw = Object.entries(ex.response.headers).find(([n]) => n.toLowerCase() === 'set-cookie')?.[1];
  if (raw === undefined) return out;
  for (const cookie of raw.split(/,\s*(?=[^;,=\s]+=)/)) {
    const pair = cookie.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    out.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim().split(id).join('{id}'));
  }
  return out;
}
