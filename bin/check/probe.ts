import http from 'node:http';
import https from 'node:https';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { B_ACCEPT, interfaceARoot, interfaceBRoot } from '../../suites/lib/clients.ts';
import { proxyAgent, proxyFor, proxyRefusal, shownProxy, type ProxyConnectAnswer } from '../../suites/lib/proxy.ts';
import { discoUserAgent } from '../../reports/suite-version.ts';
import type { SecureContextOptions } from 'node:tls';
import { tlsFailure, tlsRequestOptions } from '../../suites/lib/tls-settings.ts';

/** A URL as it may be shown: without userinfo (credentials). */
export function shownUrl(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.href.replace(/\/$/, '');
}

/**
 * Before a run, each base URL must answer something (any HTTP status will do) within a short
 * timeout; otherwise the run cannot be done (exit 2), and hundreds of checks erroring one by one
 * would only hide that. Then one path of each interface is asked without a key: a conformant
 * deployment refuses it (401), and no interface of the spec ever redirects, so a redirect there
 * means the document names the wrong address (`http://` where the API is on `https://`, a host
 * that forwards to another, a sign-in page in the way): every check would fail on it, none naming
 * the cause. node:http like the runner (fetch refuses some ports a target may use, and follows
 * redirects). Returns the problem, or null.
 */
export async function probeTarget(target: ResolvedTarget, timeoutMs: number, signal?: AbortSignal): Promise<string | null> {
  return (await targetState(target, timeoutMs, signal)).problem;
}

/**
 * What the probe found: `problem`, what ends the run (null: none); `unreachable`, whether that
 * problem is one that time may cure (no answer, as from a deployment still starting), unlike a
 * redirect; `notReady`, an interface path answered 5xx (a load balancer before its backend is
 * up), which never ends a run by itself: the checks judge a deployment that stays so.
 */
export interface TargetState {
  problem: string | null;
  unreachable: boolean;
  notReady: string | null;
}

export async function targetState(target: ResolvedTarget, timeoutMs: number, signal?: AbortSignal): Promise<TargetState> {
  const urls = [...new Set([target.baseUrl, target.cdcBaseUrl, target.controlUrl].filter((u): u is string => !!u).map(shownUrl))];
  const tls = tlsRequestOptions(target.tls);
  for (const url of urls) {
    const answer = await probe(`${url}/`, timeoutMs, tls, target.headers ?? {}, signal);
    if ('problem' in answer) return { problem: `target unreachable: GET ${url}/ failed (${answer.problem})`, unreachable: true, notReady: null };
  }
  let notReady: string | null = null;
  for (const path of interfacePaths(target)) {
    const answer = await probe(path.url, timeoutMs, tls, target.headers ?? {}, signal, path.headers);
    if ('problem' in answer) return { problem: `target unreachable: GET ${shownUrl(path.url)} failed (${answer.problem})`, unreachable: true, notReady: null };
    if (isRedirect(answer.status)) return { problem: redirected(path, answer), unreachable: false, notReady: null };
    if (answer.status >= 500) notReady ??= `GET ${shownUrl(path.url)} without a key answered ${answer.status}`;
  }
  return { problem: null, unreachable: false, notReady };
}

interface InterfacePath {
  url: string;
  headers: Record<string, string>;
  /** The document's key that holds the URL's origin. */
  key: 'base_url' | 'cdc_base_url';
  base: string;
}

/** A path of each interface the document names, as a check would ask it, without the key. */
function interfacePaths(target: ResolvedTarget): InterfacePath[] {
  const paths: InterfacePath[] = [];
  const account = target.b[0];
  if (target.baseUrl && account) {
    paths.push({ url: `${interfaceBRoot(target.baseUrl, account.accountId)}/packages`, headers: { accept: B_ACCEPT }, key: 'base_url', base: target.baseUrl });
  }
  if (target.cdcBaseUrl) paths.push({ url: `${interfaceARoot(target.cdcBaseUrl)}/pipelines`, headers: {}, key: 'cdc_base_url', base: target.cdcBaseUrl });
  return paths;
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** The redirect named, with what to change when it only moves the same path to another origin. */
function redirected(path: InterfacePath, answer: ProbeAnswer): string {
  const asked = new URL(path.url);
  let to: URL | null = null;
  try {
    if (answer.location !== undefined) to = new URL(answer.location, asked);
  } catch {
    to = null;
  }
  // Shown without userinfo, query or fragment: a sign-in page's parameters say nothing useful.
  const shownTo = to ? `${to.origin}${to.pathname}` : answer.location === undefined ? 'no Location' : JSON.stringify(answer.location.slice(0, 200));
  const head = `target redirects: GET ${shownUrl(path.url)} without a key answered ${answer.status} to ${shownTo}`;
  if (to && to.origin !== asked.origin && to.pathname === asked.pathname) {
    const base = new URL(path.base);
    return `${head}; the API answers at ${to.origin}: set ${path.key} to ${shownUrl(`${to.origin}${base.pathname}`)}`;
  }
  return `${head}; no interface of the spec redirects (a keyless request gets 401): ${path.key} must be the API's own address, not a page or gateway in front of it`;
}

interface ProbeAnswer {
  status: number;
  location?: string;
}

function probe(url: string, timeoutMs: number, tls: SecureContextOptions, added: Record<string, string>, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<ProbeAnswer | { problem: string }> {
  const lib = url.startsWith('https:') ? https : http;
  const target = new URL(url);
  let proxy: URL | null;
  try {
    proxy = proxyFor(target);
  } catch (e) {
    return Promise.resolve({ problem: e instanceof Error ? e.message : String(e) });
  }
  return new Promise((resolve) => {
    // Through a proxy (the same tunnel as the run's, suites/lib/proxy.ts), a refused tunnel is
    // the problem, whatever answer the proxy sent with its refusal.
    let refused: string | null = null;
    const agent = proxy ? proxyAgent(proxy, false) : false;
    // The run's User-Agent: a firewall that refuses requests without one must not fail the probe alone.
    const req = lib.request(url, { method: 'GET', agent, headers: { 'user-agent': discoUserAgent(), ...added, ...headers }, ...(target.protocol === 'https:' ? tls : {}), ...(signal ? { signal } : {}) }, (res) => {
      res.resume();
      resolve(refused === null ? { status: res.statusCode ?? 0, ...(res.headers.location !== undefined ? { location: res.headers.location } : {}) } : { problem: refused });
      req.destroy();
    });
    // Resolved directly: a request still waiting for its proxy's tunnel has no socket, and
    // destroying it then emits nothing.
    const timer = setTimeout(() => {
      resolve({ problem: `no answer within ${timeoutMs} ms${proxy ? ` through the proxy ${shownProxy(proxy)}` : ''}` });
      req.destroy();
    }, timeoutMs);
    req.once('close', () => clearTimeout(timer));
    if (proxy) req.on('proxyConnect', (answer: ProxyConnectAnswer) => (refused = proxyRefusal(proxy, target, answer)));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ problem: tlsFailure(err, tls.cert !== undefined) ?? (err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message) }));
    req.end();
  });
}
