import type { Exchange, ResolvedTarget } from './types.ts';
import { describeRange, rangeHolding, rangesInUse, type AbsentIdRange } from './absent-ids.ts';
import { listedFixtureIds } from './target.ts';
import { STAND_IN_BAND, bandNumbersIn, inStandInBand } from './big-ids.ts';
import { routeOf } from './target-types.ts';

/**
 * Watches a run's answers for the target's own ids inside the ranges the run takes for ids that
 * name nothing (suites/lib/absent-ids.ts). The target document is refused when a fixture id it
 * lists is inside them, but a document may list none (interface A only, say), and a deployment
 * whose ids start at 10^9 then shows it only in its answers: a pipeline made, a list read. From
 * that answer on, a check asking for, archiving or revoking an "absent" id could hit a real one,
 * so the run sends no more checks' requests (cleanups still go: they name what the run made).
 *
 * An id the run itself sent before any answer carried it is the run's (an absent id a check asked
 * for, a number a body held): a target echoing it is for that check to judge, not a sign of the
 * target's numbering.
 */
export class AbsentIdGuard {
  private readonly ranges: AbsentIdRange[];
  private readonly declared: boolean;
  /** Ids in range the document listed: the target's, whoever sends them. */
  private readonly targets = new Set<number>();
  /** Ids in range the run sent before the target showed them: the run's own. */
  private readonly runs = new Set<number>();
  private tripped: string | null = null;
  /** Where this target serves a source's metadata reads: the catalog's shapes, and where its document moves them. */
  private readonly sourceMetadata: RegExp[];

  constructor(target: Pick<ResolvedTarget, 'absentIds' | 'b' | 'a'> & { interfaceB?: Pick<ResolvedTarget['interfaceB'], 'extensionPaths'> }) {
    this.ranges = rangesInUse(target);
    this.declared = target.absentIds !== undefined;
    this.sourceMetadata = sourceMetadataPatterns(target.interfaceB?.extensionPaths ?? {});
    for (const account of [...target.b, ...target.a]) for (const [, id] of listedFixtureIds(account.fixtures)) if (this.inRange(id)) this.targets.add(id);
  }

  /** Why no check may send another request, or null while none of the target's ids was seen in range. */
  get reason(): string | null {
    return this.tripped;
  }

  /** Takes one exchange of the run (any check's, a cleanup's): what it sent, then what it was answered. */
  observe(exchange: Exchange): void {
    if (this.tripped) return;
    for (const text of [exchange.request.url, exchange.request.body ?? '']) {
      for (const digits of text.match(DIGIT_RUNS) ?? []) {
        const n = Number(digits);
        if ((this.inRange(n) && !this.targets.has(n)) || inStandInBand(n)) this.runs.add(n);
      }
    }
    const inBand = bandNumbersIn(exchange.response.body).find((n) => !this.runs.has(n));
    if (inBand !== undefined) {
      const path = new URL(exchange.request.url).pathname;
      this.tripped =
        `the target's answer to ${exchange.request.method} ${path} holds ${inBand}, inside the ids the run takes to stand in for ids beyond 2^53 ` +
        `(${describeRange(STAND_IN_BAND)}): a check could take it for another id, so no check sends another request`;
      return;
    }
    const { status } = exchange.response;
    if (status < 200 || status > 299 || exchange.json === undefined) return;
    // A source's metadata, read through a connection (GET /connections/{id}/bingads/accounts,
    // /salesforce/fields: B-CONN-3; the real service's docs' /connections/metadata/{source}/{id}/...,
    // extensions, wherever the target document moves them), names the source's own things (Bing
    // Ads accounts and campaigns, Google's customers, numbered by Microsoft and Google, often in
    // ten digits): no check asks this API for them.
    const pathname = new URL(exchange.request.url).pathname;
    if (this.sourceMetadata.some((pattern) => pattern.test(pathname))) return;
    const found = this.firstIdOfTarget(exchange.json, '');
    if (!found) return;
    const [where, id] = found;
    const range = rangeHolding(this.ranges, id)!;
    const path = new URL(exchange.request.url).pathname;
    const taken = this.declared ? 'absent_ids names' : 'the run takes by default';
    this.tripped =
      `the target's ids reach the ids ${taken} for ones that name nothing (${describeRange(range)}); ` +
      `set absent_ids in the target document to a range its ids never reach. ${exchange.request.method} ${path} answered ${where} ${id}: ` +
      `a check asking for, archiving or revoking an "absent" id could change a real record, so no check sends another request`;
  }

  private inRange(n: number): boolean {
    return Number.isSafeInteger(n) && rangeHolding(this.ranges, n) !== undefined;
  }

  /** The first integer under an id member (`id`, `*_id`, `*_ids`) in range that the run did not send first, with its place. */
  private firstIdOfTarget(value: unknown, at: string): [string, number] | undefined {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = this.firstIdOfTarget(value[i], `${at}[${i}]`);
        if (found) return found;
      }
      return undefined;
    }
    if (value === null || typeof value !== 'object') return undefined;
    for (const [name, member] of Object.entries(value)) {
      const place = at ? `${at}.${name}` : name;
      if (ID_MEMBER.test(name)) {
        const ids = Array.isArray(member) ? member : [member];
        for (const id of ids) if (typeof id === 'number' && this.inRange(id) && !this.runs.has(id)) return [place, id];
      }
      const found = this.firstIdOfTarget(member, place);
      if (found) return found;
    }
    return undefined;
  }
}

/**
 * A read of a source's metadata through a connection: the spec's `.../connections/{id}/{source}/{what}`
 * (the connection's id right after `connections`, unlike its own paths, `/connections/{type}/{id}`)
 * and the real service's docs' `.../connections/metadata/{source}/{id}/{what}` (extensions).
 */
const SOURCE_METADATA = [/\/connections\/\d+\/[^/]+\/[^/]+\/?$/, /\/connections\/metadata\/[^/]+\/\d+\/[^/]+\/?$/];

/**
 * The shapes of a source's metadata reads, with those the target document moves elsewhere
 * (`interface_b.extension_paths`, the docs' metadata reads being extensions) at their new paths:
 * a moved template's `{id}` is the connection's, an integer (digits), the path matched whole after the
 * account's root (`{base_url}/{account_id}/api`).
 */
function sourceMetadataPatterns(moves: Readonly<Record<string, string>>): RegExp[] {
  const moved = Object.entries(moves).flatMap(([from, to]) => {
    const route = routeOf(from);
    if (!route || route.method !== 'GET' || !SOURCE_METADATA.some((p) => p.test(route.path.replace(/\{id\}/g, '1')))) return [];
    const source = to
      .replace(/\/+$/, '')
      .split(/(\{(?:id|type)\})/)
      .map((part) => (part === '{id}' ? '\\d+' : part === '{type}' ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return [new RegExp(`/[^/]+/api${source}/?$`)];
  });
  return [...SOURCE_METADATA, ...moved];
}

/** A member naming a record by its id: `id`, `package_id`, `notification_ids`. */
const ID_MEMBER = /^(id|.+_ids?)$/;

/** Every run of decimal digits in a request: its path, query and body, whatever their syntax (a declared range may start low). */
const DIGIT_RUNS = /\d{1,16}/g;
