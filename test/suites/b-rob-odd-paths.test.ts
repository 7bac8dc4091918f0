import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { B_ENDPOINTS } from '../../suites/catalog/b-endpoints.ts';
import { closeServer, localTarget } from '../support/local-target.ts';
import { runOneCheck } from '../support/run-suites.ts';

/**
 * b-rob/odd-paths visits every id path of the catalog, not only those its properties happen to
 * sample: a target that crashes on one of them alone, whichever it is, fails X-ROB-1.
 */
function crashingOn(pattern: RegExp): http.Server {
  return http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const crash = pattern.test(path);
    res.writeHead(crash ? 500 : 404, { 'content-type': 'application/vnd.service+json; version=2' });
    res.end(JSON.stringify(crash ? { message: 'Internal server error' } : { message: 'Item not found.' }));
  });
}

describe('b-rob/odd-paths', () => {
  // Three id paths of the catalog, each a handful among the ~90 templates the properties sample from.
  const paths = ['/connections/{type}/{id}/schema', '/packages/{id}/validations', '/jobs/{id}/log'];

  it.each(paths)('fails X-ROB-1 on a target that answers 500 on %s alone, at a seed and run count whose properties do not land there', { timeout: 60_000 }, async (template) => {
    expect(B_ENDPOINTS.some((e) => e.path === template)).toBe(true);
    const pattern = new RegExp(`^/acme/api${template.replace(/\{type\}/, '[^/]+').replace('{id}', '[^/]+')}$`);
    const server = crashingOn(pattern);
    try {
      const target = await localTarget(server);
      const { check, verdict } = await runOneCheck(target, 'b-rob/odd-paths', 'X-ROB-1', { seed: 7, runs: 5, readOnly: true });
      expect(check.verdict).toBe('fail');
      expect(verdict?.verdict).toBe('fail');
      expect(JSON.stringify(check.failures ?? [])).toMatch(/500/);
    } finally {
      await closeServer(server);
    }
  });
});
