import { describe, expect, it } from 'vitest';
import { pathMover, placeholdersOf } from './extension-paths.ts';
import { routeOf } from './target-types.ts';

describe('moving the real service\'s extensions where a target serves them', () => {
  const move = pathMover({ 'GET /user': '/me', 'GET /jobs/{id}': '/job-runs/{id}', 'GET /connections/{type}/{id}': '/connectors/{id}/{type}' });

  it('moves the named method and path only, placeholders carried over, the query kept', () => {
    expect(move('GET', '/user')).toBe('/me');
    expect(move('get', '/user/')).toBe('/me');
    expect(move('PUT', '/user')).toBe('/user');
    expect(move('GET', '/jobs/17')).toBe('/job-runs/17');
    expect(move('GET', '/jobs/17?fields=status')).toBe('/job-runs/17?fields=status');
    expect(move('GET', '/jobs/17/watchers')).toBe('/jobs/17/watchers');
    expect(move('DELETE', '/jobs/17')).toBe('/jobs/17');
    expect(move('GET', '/connections/mysql/4')).toBe('/connectors/4/mysql');
    expect(move('GET', '/users')).toBe('/users');
  });

  it('reads routes and placeholders', () => {
    expect(routeOf('GET /jobs/{id}')).toEqual({ method: 'GET', path: '/jobs/{id}' });
    expect(routeOf('/jobs/{id}')).toBeUndefined();
    expect(placeholdersOf('/connections/{type}/{id}')).toEqual(['type', 'id']);
  });
});
