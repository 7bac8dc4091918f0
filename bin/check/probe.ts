import http from 'node:http';
import https from 'node:https';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { proxyAgent, proxyFor, proxyRefusal, shownProxy, type ProxyConnectAnswer } from '../../suites/lib/proxy.ts';

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
 * would only hide that. node:http like the runner (fetch refuses some ports a target may use).
 * Returns the problem, or null.
 */
export async function probeTarget(target: ResolvedTarget, timeoutMs: number, signal?: AbortSignal): Promise<string | null> {
  const urls = [...new Set([target.baseUrl, target.cdcBaseUrl, target.controlUrl].filter((u): u is string => !!u).map(shownUrl))];
  for (const url of urls) {
    const problem = await probe(`${url}/`, timeoutMs, signal);
    if (problem) return `target unreachable: GET ${url}/ failed (${problem})`;
  }
  return null;
}

function probe(url: string, timeoutMs: number, signal?: AbortSignal): Promise<string | null> {
  const lib = url.startsWith('https:') ? https : http;
  const target = new URL(url);
  let proxy: URL | null;
  try {
    proxy = proxyFor(target);
  } catch (e) {
    return Promise.resolve(e instanceof Error ? e.message : String(e));
  }
  return new Promise((resolve) => {
    // Through a proxy (the same tunnel as the run's, suites/lib/proxy.ts), a refused tunnel is
    // the problem, whatever answer the proxy sent with its refusal.
    let refused: string | null = null;
    const agent = proxy ? proxyAgent(proxy, false) : false;
    const req = lib.request(url, { method: 'GET', agent, ...(signal ? { signal } : {}) }, (res) => {
      res.resume();
      resolve(refused);
      req.destroy();
    });
    // Resolved directly: a request still waiting for its proxy's tunnel has no socket, and
    // destroying it then emits nothing.
    const timer = setTimeout(() => {
      resolve(`no answer within ${timeoutMs} ms${proxy ? ` through the proxy ${shownProxy(proxy)}` : ''}`);
      req.destroy();
    }, timeoutMs);
    req.once('close', () => clearTimeout(timer));
    if (proxy) req.on('proxyConnect', (answer: ProxyConnectAnswer) => (refused = proxyRefusal(proxy, target, answer)));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message));
    req.end();
  });
}
