import { isIP } from 'node:net';
import { getProxyForUrl } from 'proxy-from-env';
import { HttpsProxyAgent } from 'https-proxy-agent';

/**
 * The proxy a run's requests to a target go through, read from the environment the way curl
 * and most HTTP tools read it (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, either case, and
 * `NO_PROXY`): a team's CI often reaches its staging deployment only through one.
 *
 * Every request goes through a `CONNECT` tunnel, plain `http://` targets included, rather than
 * being handed to the proxy to send on: a proxy that forwards a request answers in the target's
 * place when it cannot reach it (502, 504, its own 403 or 407), and the checks would judge that
 * answer as the target's. Through a tunnel the proxy's refusal comes back as the answer to the
 * `CONNECT`, which the client turns into a transport error naming the proxy (`proxyRefusal`).
 *
 * A loopback target is never proxied: a proxy elsewhere cannot reach this machine's loopback,
 * and the embedded simulator must not depend on the environment's proxy settings.
 */
export function proxyFor(url: URL): URL | null {
  if (isLoopback(url.hostname)) return null;
  const proxy = getProxyForUrl(url.href);
  if (!proxy) return null;
  try {
    return new URL(proxy);
  } catch {
    throw new Error(`the proxy set in the environment for ${url.protocol}// requests is not a URL`);
  }
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * The proxies requests to these base URLs go through, as they may be shown (origins, no
 * credentials), without repeats; empty when every one goes direct. For the report: a run made
 * through a proxy says so.
 */
export function proxiesFor(urls: readonly string[]): string[] {
  const shown = urls.map((url) => proxyFor(new URL(url))).filter((p): p is URL => p !== null).map(shownProxy);
  return [...new Set(shown)];
}

/**
 * Each base URL with the way a run's requests take to it: `URL through the proxy PROXY`, or the
 * URL alone when they go directly. For what a run prints before it starts and `--plan`.
 */
export function routesOf(urls: readonly string[]): string[] {
  return urls.map((url) => {
    let proxy: URL | null;
    try {
      proxy = proxyFor(new URL(url));
    } catch (e) {
      return `${url} (${e instanceof Error ? e.message : String(e)})`;
    }
    return proxy ? `${url} through the proxy ${shownProxy(proxy)}` : url;
  });
}

/** The proxy as it may be shown: its origin, never the credentials a proxy URL may carry. */
export function shownProxy(proxy: URL): string {
  return proxy.origin;
}

/** An agent that tunnels every request through `proxy`; pooled (keep-alive) or for one request. */
export function proxyAgent(proxy: URL, pooled: boolean): HttpsProxyAgent<string> {
  return new HttpsProxyAgent(proxy, pooled ? { keepAlive: true, maxSockets: 8 } : {});
}

/** What the proxy said to a `CONNECT` it did not grant, or null when it granted it. */
export interface ProxyConnectAnswer {
  statusCode: number;
  statusText: string;
}

export function proxyRefusal(proxy: URL, target: URL, answer: ProxyConnectAnswer): string | null {
  if (answer.statusCode === 200) return null;
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return `the proxy ${shownProxy(proxy)} refused to connect to ${target.hostname}:${port} (${answer.statusCode}${answer.statusText ? ` ${answer.statusText}` : ''})`;
}
