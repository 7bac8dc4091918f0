// How the bench turns one of its requests into a load (bench/endpoints.ts `loadOf`): every row,
// reference and rung sends the request the simulator was sampled with, so the method, the
// headers and the body must travel unchanged to whichever server is loaded. And how the bench
// judges a server measured in the simulator's place (`whyNotTrusted`): a figure from a server
// that answered something else, or failed requests under the load, is printed INVALID.
import { describe, expect, it } from 'vitest';
import { loadOf, sameRequestAt, whyNotTrusted, type BenchRequest } from '../bench/endpoints.ts';

const write: BenchRequest = {
  label: 'B POST /jobs (a write)',
  method: 'POST',
  url: 'http://127.0.0.1:1/acme/api/jobs',
  headers: { accept: 'application/vnd.service+json; version=2', 'content-type': 'application/json' },
  body: '{"cluster_id":1,"package_id":2}',
  status: 201,
};
const read: BenchRequest = { label: 'B GET /packages/{id}', method: 'GET', url: 'http://127.0.0.1:1/acme/api/packages/2', headers: { accept: 'application/vnd.service+json; version=2' }, status: 200 };

describe('loadOf', () => {
  it('sends the request as sampled to the server given, for the time and connections given', () => {
    expect(loadOf(write, 'http://127.0.0.1:2/', { seconds: 5, connections: 50 })).toEqual({
      url: 'http://127.0.0.1:2/',
      method: 'POST',
      headers: write.headers,
      body: write.body,
      seconds: 5,
      connections: 50,
    });
  });

  it('carries no body for a request without one, and other headers when given', () => {
    const load = loadOf(read, read.url, { seconds: 1, connections: 10 }, { ...read.headers, Host: '127.0.0.1:1' });
    expect(load).not.toHaveProperty('body');
    expect(load.headers).toEqual({ accept: read.headers.accept, Host: '127.0.0.1:1' });
    expect(load.method).toBe('GET');
  });

  it('sends the same request to another server with the path, query and Host the simulator would see', () => {
    const paged = { ...read, url: 'http://sim.test:8080/acme/api/packages/2?fields=id' };
    expect(sameRequestAt(paged, 'http://127.0.0.1:9')).toEqual({
      url: 'http://127.0.0.1:9/acme/api/packages/2?fields=id',
      headers: { accept: read.headers.accept, Host: 'sim.test:8080' },
    });
    // The request itself is left as it was.
    expect(paged.headers).toEqual(read.headers);
  });
});

describe('whyNotTrusted', () => {
  const clean = { rps: 1000, p99Ms: 2, errors: 0, non2xx: 0 };
  it('trusts a server that answered as the simulator and served every request', () => {
    expect(whyNotTrusted({ status: 201, sameBody: true }, 201, clean)).toBeUndefined();
  });

  it('names another status, another body, unanswered requests and wrong answers', () => {
    expect(whyNotTrusted({ status: 400, sameBody: false }, 201, clean)).toBe('it answered 400 with another body than the simulator');
    expect(whyNotTrusted({ status: 201, sameBody: false }, 201, clean)).toBe('it answered 201 with another body than the simulator');
    expect(whyNotTrusted({ status: 201, sameBody: true }, 201, { ...clean, errors: 3 })).toBe('3 requests without an answer, 0 answers outside 2xx');
    expect(whyNotTrusted({ status: 201, sameBody: true }, 201, { ...clean, non2xx: 7 })).toBe('0 requests without an answer, 7 answers outside 2xx');
  });

  it('counts 4xx answers under load as right when the sample itself was one', () => {
    expect(whyNotTrusted({ status: 404, sameBody: true }, 404, { ...clean, non2xx: 5000 })).toBeUndefined();
    expect(whyNotTrusted({ status: 404, sameBody: true }, 404, { ...clean, errors: 1, non2xx: 5000 })).toBe('1 requests without an answer, 0 answers outside 2xx');
  });
});
