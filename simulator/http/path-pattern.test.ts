import { describe, expect, it } from 'vitest';
import { matchesPath, pathPattern, routedPath } from './path-pattern.ts';
import { matcher, type RecordedEntry } from '../journal/journal.ts';

describe('path patterns of chaos rules and journal filters', () => {
  it('resolve a path as the routers do: segments decoded, a trailing slash dropped', () => {
    expect(routedPath('/acme/api/packages/%31/')).toBe('/acme/api/packages/1');
    expect(routedPath('/')).toBe('/');
    // A segment that is not valid percent-encoding stays as sent.
    expect(routedPath('/acme/api/packages/%E0%A4%A')).toBe('/acme/api/packages/%E0%A4%A');
  });

  it('match every spelling that reaches the route, and nothing else', () => {
    const one = pathPattern('/*/api/packages/1');
    for (const path of ['/acme/api/packages/1', '/acme/api/packages/1/', '/acme/api/packages/%31', '/acme/API/PACKAGES/1']) expect(matchesPath(one, path), path).toBe(true);
    for (const path of ['/acme/api/packages/10', '/acme/api/packages/1/versions', '/acme/api/packages']) expect(matchesPath(one, path), path).toBe(false);
    // `*` stays within one segment, `**` crosses them; the rest is literal.
    expect(matchesPath(pathPattern('/*/api/packages/*'), '/acme/api/packages/1/versions')).toBe(false);
    expect(matchesPath(pathPattern('/**/versions'), '/acme/api/packages/1/versions')).toBe(true);
    expect(matchesPath(pathPattern('/acme/api/packages.json'), '/acme/api/packagesxjson')).toBe(false);
  });

  it('filter the journal the same way', () => {
    const entry = { path: '/acme/api/packages/1/', method: 'GET', status: 200 } as RecordedEntry;
    expect(matcher({ path: '/*/api/packages/1' }, 'fdk')(entry)).toBe(true);
    expect(matcher({ path: '/*/api/packages' }, 'fdk')(entry)).toBe(false);
  });
});
