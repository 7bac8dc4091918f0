import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSimulator } from '../app.ts';
import { operations } from '../openapi/operations.ts';
import { nearestEndpoints, nearMissHint, type Endpoint } from './near-miss.ts';

function endpointsOf(conventions: 'standard' | 'alt'): Endpoint[] {
  const { sim } = createSimulator({ options: { conventions } });
  return operations(sim).filter((op) => op.surface !== 'control').map((op) => ({ method: op.method.toUpperCase(), path: op.path }));
}

const STANDARD = endpointsOf('standard');
const ALT = endpointsOf('alt');

describe('why a journaled request got a 404 or a 405', () => {
  it('names the endpoint a misspelt or misplaced path most nearly means', () => {
    const nearest = (method: string, path: string, endpoints = STANDARD) => nearestEndpoints(method, path, endpoints).map((e) => `${e.method} ${e.path}`);
    expect(nearest('GET', '/acme/api/package/5')).toEqual(['GET /{account}/api/packages/{id}']);
    // The `/api` left out, a trailing slash, another case: still the same endpoint.
    expect(nearest('GET', '/acme/packages/5/')).toEqual(['GET /{account}/api/packages/{id}']);
    expect(nearest('post', '/acme/api/Job')).toEqual(['POST /{account}/api/jobs']);
    // Interface A: another version, and the alt deployment's own path for deploying.
    expect(nearest('DELETE', '/api/public/v2/pipelines/7')).toEqual(['DELETE /api/public/v1/pipelines/{id}']);
    expect(nearest('POST', '/api/public/v1/pipelines/7/start', ALT)).toContain('POST /api/public/v1/pipelines/{id}/deploy');
    // Far from everything: nothing offered.
    expect(nearest('GET', '/completely/unrelated/path/of/many/segments')).toEqual([]);
  });

  it('tells a misspelt path, an absent record and a method the path does not take apart', () => {
    expect(nearMissHint(404, 'GET', '/acme/api/package/5', STANDARD)).toBe('no endpoint is GET /acme/api/package/5; nearest: GET /{account}/api/packages/{id}');
    expect(nearMissHint(404, 'GET', '/acme/api/packages/999999', STANDARD)).toMatch(/^GET \/\{account\}\/api\/packages\/\{id\} is an endpoint: the 404 is about what the path names/);
    expect(nearMissHint(404, 'HEAD', '/acme/api/packages/999999', STANDARD)).toMatch(/is an endpoint/);
    expect(nearMissHint(405, 'PATCH', '/acme/api/packages/1', STANDARD)).toMatch(/^PATCH is not a method of \/\{account\}\/api\/packages\/\{id\} \(it takes [A-Z, ]*GET/);
    expect(nearMissHint(404, 'GET', '/nothing/like/any/endpoint/at/all/here', STANDARD)).toBe('no endpoint is GET /nothing/like/any/endpoint/at/all/here, nor anything near it (GET /_disco/openapi.json lists every endpoint)');
    for (const status of [200, 201, 400, 401, 422, 500]) expect(nearMissHint(status, 'GET', '/acme/api/package/5', STANDARD)).toBeUndefined();
  });

  // Bounded work (near-miss.ts): a path compared character by character with every endpoint took seconds.
  it('answers for any path a client may send, however long', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16_000 }), fc.constantFrom('GET', 'POST', 'BREW'), (path, method) => {
        const hint = nearMissHint(404, method, `/${path}`, STANDARD);
        expect(typeof hint).toBe('string');
      }),
      { seed: 20261128, numRuns: 200 },
    );
    // One 16 KB segment, and one path of 8,000 one-letter segments.
    nearMissHint(404, 'GET', `/${'x'.repeat(16_000)}`, STANDARD);
    expect(nearMissHint(404, 'GET', '/a'.repeat(8_000), STANDARD)).toMatch(/nor anything near it/);
    // The hint repeats at most the start of such a path (the entry has it whole).
    expect(nearMissHint(404, 'GET', `/${'x'.repeat(16_000)}`, STANDARD)!.length).toBeLessThan(400);
  });
});
