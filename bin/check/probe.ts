import http from 'node:http';
import https from 'node:https';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

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
  return new Promise((resolve) => {
    const req = lib.request(url, { method: 'GET', agent: false, ...(signal ? { signal } : {}) }, (res) => {
      res.resume();
      resolve(null);
      req.destroy();
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message));
    req.end();
  });
}
