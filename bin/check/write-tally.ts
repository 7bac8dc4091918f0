import { A_ENDPOINTS } from '../../suites/catalog/a-endpoints.ts';
import { B_ENDPOINTS } from '../../suites/catalog/b-endpoints.ts';
import type { Exchange, ResolvedTarget } from '../../suites/lib/types.ts';
import { interfaceARoot, interfaceBRoot } from '../../suites/lib/clients.ts';

/**
 * Counts the writes of a run (every request but GET, HEAD and OPTIONS) by endpoint, as the
 * endpoint catalogs name them: what `disco check --plan` shows. A path no catalog entry matches
 * (a robustness probe of an unknown path) is counted under its interface as such, and so are the
 * methods no catalog entry has, in one row per interface.
 */

export interface WriteRow {
  /** `B POST /jobs`, `A DELETE /pipelines/{id}`, `B POST (paths no endpoint serves)`, `A other methods (...)`. */
  endpoint: string;
  /** Requests sent. */
  sent: number;
  /** Of those, answered 2xx: what the target would really have done. */
  succeeded: number;
  /** Accounts (1-based) the requests went to. */
  accounts: number[];
  /** The checks that sent them. */
  checks: string[];
  /** Why this cannot be undone through the API, when it cannot. */
  irreversible?: string;
}

export interface WriteTally {
  add(exchange: Exchange, checkId: string | undefined): void;
  rows(): WriteRow[];
  reads(): number;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The methods the catalogs' endpoints are made of: any other is a robustness probe (X-ROB-1). */
const USUAL_METHODS = new Set([...READS, 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Where the methods beyond those seven (PROPFIND, PURGE, made-up tokens) are counted: in one row
 * per interface, whatever the method and path, not in a row for each of the dozens of tokens.
 */
const OTHER_METHODS = 'other methods (PROPFIND, PURGE, made-up tokens)';

/** What each destructive endpoint costs a real target (the catalog marks them `destructive`). */
const IRREVERSIBLE: Record<string, string> = {
  'B POST /user/tokens': "the account key of the target document is replaced (permissions: rotate_api_key), member_api_key's (permissions: rotate_member_api_key), or account 2's api_key (permissions: rotate_second_api_key)",
  'B DELETE /deliveries/{id}': 'a delivery of fixtures.delivery_ids is deleted',
  'B POST /connection_groups': 'connection groups cannot be deleted through the API',
  'B PUT /connections/{type}/{id}': 'fixture connections are renamed and renamed back; with permissions: [assign_connections_to_groups] they stay in the groups the run made',
  'B POST /notifications/mark': 'fixture notifications are marked read',
  'A DELETE /pipelines/{id}': 'archived pipelines cannot come back: the run archives what it creates and fixtures.archivable_pipelines',
};

interface Template {
  label: string;
  method: string;
  pattern: RegExp;
}

function template(iface: 'A' | 'B', method: string, path: string): Template {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+');
  return { label: `${iface} ${method} ${path}`, method, pattern: new RegExp(`^${source}/?$`) };
}

/**
 * `target` is where the requests go; interface A rows are labelled with `shownAs`'s routes (the
 * real target's, when a rehearsal on the simulator stands in for it).
 */
export function createWriteTally(target: ResolvedTarget, shownAs: ResolvedTarget = target): WriteTally {
  const bTemplates = B_ENDPOINTS.filter((e) => e.effect !== 'read').map((e) => template('B', e.method, e.path));
  const routeOf = (t: ResolvedTarget, e: (typeof A_ENDPOINTS)[number]) => t.interfaceA.operations[e.operation] ?? { method: e.method, path: e.path };
  const aTemplates = A_ENDPOINTS.filter((e) => !READS.has(routeOf(target, e).method)).map((e) => {
    const sent = routeOf(target, e);
    const shown = routeOf(shownAs, e);
    return { ...template('A', sent.method, sent.path), label: `A ${shown.method} ${shown.path}` };
  });
  const rows = new Map<string, { sent: number; succeeded: number; accounts: Set<number>; checks: Set<string> }>();
  let reads = 0;

  function place(exchange: Exchange): { label: string; account?: number } {
    const { method } = exchange.request;
    const usual = USUAL_METHODS.has(method);
    const url = new URL(exchange.request.url);
    for (const [i, account] of target.b.entries()) {
      const root = target.baseUrl ? new URL(interfaceBRoot(target.baseUrl, account.accountId)) : undefined;
      if (!root || url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) continue;
      const path = url.pathname.slice(root.pathname.length) || '/';
      const found = bTemplates.find((t) => t.method === method && t.pattern.test(path));
      return { label: usual ? (found?.label ?? `B ${method} (paths no endpoint serves)`) : `B ${OTHER_METHODS}`, account: i + 1 };
    }
    if (target.cdcBaseUrl) {
      const root = new URL(interfaceARoot(target.cdcBaseUrl));
      if (url.origin === root.origin && url.pathname.startsWith(root.pathname)) {
        const path = url.pathname.slice(root.pathname.length) || '/';
        const found = aTemplates.find((t) => t.method === method && t.pattern.test(path));
        const key = bearerKey(exchange);
        const account = key === undefined ? undefined : target.a.findIndex((a) => a.adminKey === key || a.nonAdminKey === key);
        return { label: usual ? (found?.label ?? `A ${method} (paths no endpoint serves)`) : `A ${OTHER_METHODS}`, ...(account !== undefined && account >= 0 ? { account: account + 1 } : {}) };
      }
    }
    if (target.baseUrl && url.href.startsWith(`${target.baseUrl}/`) && /^\/[^/]+\/api(\/|$)/.test(url.href.slice(target.baseUrl.length))) return { label: `B ${method} (account ids not in the target document)` };
    return { label: `${usual ? method : OTHER_METHODS} (outside both interfaces)` };
  }

  return {
    add(exchange, checkId) {
      if (READS.has(exchange.request.method)) {
        reads++;
        return;
      }
      const { label, account } = place(exchange);
      const row = rows.get(label) ?? { sent: 0, succeeded: 0, accounts: new Set<number>(), checks: new Set<string>() };
      row.sent++;
      if (exchange.response.status >= 200 && exchange.response.status < 300) row.succeeded++;
      if (account !== undefined) row.accounts.add(account);
      if (checkId) row.checks.add(checkId);
      rows.set(label, row);
    },
    rows() {
      return [...rows.entries()]
        .map(([endpoint, r]): WriteRow => ({
          endpoint,
          sent: r.sent,
          succeeded: r.succeeded,
          accounts: [...r.accounts].sort((x, y) => x - y),
          checks: [...r.checks].sort(),
          ...(IRREVERSIBLE[endpoint] && r.succeeded > 0 ? { irreversible: IRREVERSIBLE[endpoint] } : {}),
        }))
        .sort((x, y) => (x.endpoint < y.endpoint ? -1 : x.endpoint > y.endpoint ? 1 : 0));
    },
    reads: () => reads,
  };
}

function bearerKey(exchange: Exchange): string | undefined {
  const auth = exchange.request.headers.authorization;
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1];
}
