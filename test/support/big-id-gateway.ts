import http from 'node:http';
import { LosslessNumber, isLosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { jsonOf, withoutHopByHop } from './gateway-parts.ts';
import { parseJsonWithBigIds } from '../../suites/lib/big-ids.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { faultlessRunProblems, type SuiteRun } from './run-suites.ts';

/**
 * A gateway that makes a deployment hand out 64-bit ids: every record id the deployment writes
 * (n) is shown as 10^18 + n, beyond 2^53, as a deployment with snowflake ids would show it, and
 * every such id a client sends is passed on as n again. The spec says only that ids are integers,
 * so the deployment stays conformant, and a check that fails through the gateway read an id as a
 * double (JSON.parse turns 1000000000000000007 into 1000000000000000000).
 *
 * What counts as a record id: the integer value (or array of them) of a member named `id`,
 * `*_id` or `*_ids`, outside the members that hold a client's own free-form data; a digits-only
 * path segment of a URL that names the gateway (in a body, `Location` and `Link`), and of a
 * request's path; a query parameter named like an id member. A smaller id a client sends passes
 * as it is: this deployment has no such record, and neither has the one behind it for the ids a
 * run takes as absent (from 10^9 up; the alt simulator's own, from 1,000,000,001, are above the
 * range its document names as absent). A job named in a notification's `message` ("Job 12
 * (orders-daily) was stopped", the simulator's wording) is shown by its big id too, as that
 * deployment would word it.
 *
 * Written with lossless-json, not with the kit's own big-id reading it tests.
 */

export interface BigIdGateway {
  origin: string;
  /** Ids shown beyond 2^53: a run through the gateway that met none proves nothing. */
  shown(): number;
  close(): Promise<void>;
}

export const BIG_ID_OFFSET = 10n ** 18n;

/** A member naming a record by its id: `id`, `package_id`, `notification_ids`. */
const ID_MEMBER = /^(id|.+_ids?)$/;

/** Members holding what a client wrote as it likes (a hook's settings, a job's variables): passed as they are. */
const FREE_FORM = new Set(['settings', 'notification_settings', 'variables', 'dynamic_variables', 'definition', 'attributes', 'x_gateway']);

const DIGITS = /^\d+$/;

/**
 * A source's metadata read through a connection (`/connections/{id}/bingads/accounts`,
 * `/salesforce/fields`): its ids are the source's (Bing Ads accounts and campaigns, numbered by
 * Microsoft), which a deployment numbering its own records beyond 2^53 passes on as the source
 * gave them, so the gateway leaves such an answer as it is (a client asking for some of those
 * accounts by id, `accounts=150000060`, then names ids the deployment knows).
 */
const SOURCE_METADATA = /\/connections\/\d+\/[^/]+\/[^/]+\/?$/;

/** A job named in a notification's text, as the simulator words it. */
const JOB_IN_TEXT = /\bJob (\d+)\b/g;

export async function startBigIdGateway(upstream: string): Promise<BigIdGateway> {
  // Kept alive, as test/support/spec-neutral-gateway.ts says why.
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(upstream);
  let shown = 0;
  let origin = '';

  const big = (digits: string): string => {
    shown++;
    return (BigInt(digits) + BIG_ID_OFFSET).toString();
  };
  const small = (digits: string): string => (BigInt(digits) >= BIG_ID_OFFSET ? (BigInt(digits) - BIG_ID_OFFSET).toString() : digits);

  /** A path with each digits-only segment mapped (query left as it is). */
  const mappedPath = (path: string, map: (digits: string) => string): string => {
    const at = path.search(/[?#]/);
    const [pathname, rest] = at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
    return pathname.split('/').map((segment) => (DIGITS.test(segment) ? map(segment) : segment)).join('/') + rest;
  };
  /** A URL naming `self` (the gateway as the client reached it), its id segments shown big; any other string as it is. */
  const shownUrl = (text: string, self: string): string => {
    if (text.startsWith(`${self}/`)) return self + mappedPath(text.slice(self.length), big);
    return text;
  };

  /** Walks a lossless-parsed value, mapping each record id with `map` (and, on the way out, the URLs naming `self`). */
  const walk = (value: unknown, map: (digits: string) => string, self: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, map, self));
    if (typeof value === 'string') return self ? shownUrl(value, self) : value;
    if (value === null || typeof value !== 'object' || isLosslessNumber(value)) return value;
    const result: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value)) {
      let mapped: unknown;
      if (FREE_FORM.has(name)) mapped = member;
      else if (self && name === 'message' && typeof member === 'string') mapped = member.replace(JOB_IN_TEXT, (_whole, digits: string) => `Job ${map(digits)}`);
      else if (ID_MEMBER.test(name) && (isIdNumber(member) || (Array.isArray(member) && member.every(isIdNumber)))) {
        const one = (n: LosslessNumber): LosslessNumber => new LosslessNumber(map(n.value));
        mapped = Array.isArray(member) ? (member as LosslessNumber[]).map(one) : one(member as LosslessNumber);
      } else mapped = walk(member, map, self);
      Object.defineProperty(result, name, { value: mapped, enumerable: true, writable: true, configurable: true });
    }
    return result;
  };

  const server = http.createServer((req, res) => {
    const uploaded: Buffer[] = [];
    req.on('data', (c: Buffer) => uploaded.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(uploaded)));
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse, upload: Buffer): void {
    const headers: http.OutgoingHttpHeaders = withoutHopByHop(req.headers);
    const type = req.headers['content-type'];
    const json = type ? jsonOf(type, upload, (text) => parseLossless(text)) : undefined;
    const body = json === undefined ? upload : rewritten(upload, () => walk(json, small, undefined));
    // The gateway as the client reached it: its own origin, or the Host of a gateway in front of it
    // that passes the Host on (the deployment writes its URLs with that Host too).
    const self = req.headers.host ? `http://${req.headers.host}` : origin;
    if (body.length > 0 || headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
    const url = new URL(req.url ?? '/', 'http://gateway');
    for (const [name, value] of [...url.searchParams]) if (ID_MEMBER.test(name) && DIGITS.test(value)) url.searchParams.set(name, small(value));
    const path = mappedPath(url.pathname, small) + url.search;
    const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path, headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const out = withoutHopByHop(answer.headers);
        let body: Buffer = Buffer.concat(chunks);
        const answerType = answer.headers['content-type'];
        const answerJson = answerType ? jsonOf(answerType, body, (text) => parseLossless(text)) : undefined;
        if (answerJson !== undefined && !SOURCE_METADATA.test(new URL(path, 'http://gateway').pathname)) {
          body = rewritten(body, () => walk(answerJson, big, self));
          out['content-length'] = String(body.length);
        }
        if (typeof answer.headers.location === 'string') out.location = shownUrl(answer.headers.location.startsWith('/') ? self + answer.headers.location : answer.headers.location, self);
        const link = answer.headers.link;
        if (link) out.link = (Array.isArray(link) ? link.join(', ') : link).replace(/<([^>]*)>/g, (_whole, linked: string) => `<${linked.startsWith('/') ? mappedPath(linked, big) : shownUrl(linked, self)}>`);
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(req.method === 'HEAD' ? undefined : body);
      });
      answer.on('error', () => res.destroy());
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":"gateway: the deployment did not answer","message":"gateway: the deployment did not answer"}');
    });
    forwarded.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    shown: () => shown,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** The target as a vendor would describe it behind the gateway: each fixture id as 10^18 + n, read from the document's text. */
export function withBigFixtureIds(target: ResolvedTarget): ResolvedTarget {
  const text = JSON.stringify(target, function (this: unknown, key, value: unknown) {
    return key === 'fixtures' ? bigIntegers(value) : value;
  }).replace(/"big:(\d+)"/g, '$1');
  return parseJsonWithBigIds(text) as ResolvedTarget;
}

function bigIntegers(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return `big:${BigInt(value) + BIG_ID_OFFSET}`;
  if (Array.isArray(value)) return value.map(bigIntegers);
  // A count among the fixtures (invoice_count) is no id: the gateway leaves it as it is.
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, NOT_IDS.has(k) ? v : bigIntegers(v)]));
  return value;
}

/** The fixtures that are counts, not ids. */
const NOT_IDS = new Set(['invoice_count']);

/**
 * What a faultless run through the gateway must show: what any faultless run in the spec profile
 * must (faultlessRunProblems). Web hook deliveries go from the simulator straight to the run's
 * listener, not through the gateway, so they name the simulator's own job ids: the one check
 * that waits for a delivery about its job (a gap clause, B-GAP-4) may skip for it. Nothing else
 * is excused.
 */
export function bigIdRunProblems(run: SuiteRun, conventions: ConventionsName): string[] {
  const unseenDelivery = /^skipped: b-hook\/signed-delivery: skip \(.*no POST reached the web hook/;
  return faultlessRunProblems(run, conventions, 'spec').filter((p) => !unseenDelivery.test(p));
}

/** The body `walk` makes, or the body as it came when it is too deep to walk (a robustness check's 10,000 levels hold no id). */
function rewritten(body: Buffer, walked: () => unknown): Buffer {
  try {
    return Buffer.from(stringifyLossless(walked()) ?? '');
  } catch (err) {
    if (err instanceof RangeError) return body;
    throw err;
  }
}

/** A positive integer literal: what a record id is. */
function isIdNumber(value: unknown): value is LosslessNumber {
  return isLosslessNumber(value) && DIGITS.test(value.value) && BigInt(value.value) > 0n;
}
