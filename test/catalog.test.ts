import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator/app.ts';
import { A_ENDPOINTS } from '../suites/catalog/a-endpoints.ts';
import { B_ENDPOINTS } from '../suites/catalog/b-endpoints.ts';

/** Every `METHOD /path` in the first column of the table under `heading` (queries dropped). */
function documentedEndpoints(file: string, heading: RegExp): string[] {
  const text = readFileSync(new URL(`../docs/${file}`, import.meta.url), 'utf8');
  const keys: string[] = [];
  let inSection = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) inSection = heading.test(line);
    if (!inSection || !line.startsWith('| `')) continue;
    const firstColumn = line.split('|')[1] ?? '';
    for (const m of firstColumn.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`?\s]*)[^`]*`/g)) keys.push(`${m[1]} ${m[2]}`);
  }
  return keys;
}

describe('the interface B endpoint catalog', () => {
  const documented = documentedEndpoints('interface-b.md', /^## Endpoints/);

  it('holds every endpoint docs/interface-b.md documents, and only those', () => {
    expect(documented.length).toBeGreaterThan(30);
    const keys = B_ENDPOINTS.map((e) => e.key);
    expect(documented.filter((k) => !keys.includes(k)), 'documented but missing from suites/catalog/b-endpoints.ts').toEqual([]);
    expect(keys.filter((k) => !documented.includes(k)), 'in the catalog but not documented in docs/interface-b.md').toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only endpoints the simulator serves (a known path and method: refused for the missing Accept, not 404 or 405)', async () => {
    const app = createSimulator().app.callback();
    const unserved: string[] = [];
    for (const e of B_ENDPOINTS) {
      const path = `/acme/api${e.path.replace('{type}', 'mysql').replace('{id}', '1')}`;
      const res = await request(app)[e.method.toLowerCase() as 'get'](path);
      if (res.status !== 406) unserved.push(`${e.key} -> ${res.status}`);
    }
    expect(unserved).toEqual([]);
  });
});

describe('the interface A endpoint catalog', () => {
  const documented = documentedEndpoints('interface-a.md', /^## (Key management|Pipelines)/);

  it('holds every endpoint docs/interface-a.md documents, and only those', () => {
    expect(documented.length).toBeGreaterThan(10);
    const keys = A_ENDPOINTS.map((e) => e.key);
    expect(documented.filter((k) => !keys.includes(k))).toEqual([]);
    expect(keys.filter((k) => !documented.includes(k))).toEqual([]);
    expect(new Set(A_ENDPOINTS.map((e) => e.operation)).size).toBe(A_ENDPOINTS.length);
  });

  it('names only endpoints the simulator serves (a known path and method: refused for the missing key, not 404 or 405)', async () => {
    const app = createSimulator().app.callback();
    const unserved: string[] = [];
    for (const e of A_ENDPOINTS) {
      const res = await request(app)[e.method.toLowerCase() as 'get'](`/api/public/v1${e.path.replace('{id}', '1')}`);
      if (res.status !== 401) unserved.push(`${e.key} -> ${res.status}`);
    }
    expect(unserved).toEqual([]);
  });
});

describe('where the catalog reads each kind of thing', () => {
  it('names only endpoints of the catalog: the read of one by id, the list without', async () => {
    const { RESOURCE_READS, bEndpoint } = await import('../suites/catalog/b-endpoints.ts');
    for (const [kind, reads] of Object.entries(RESOURCE_READS)) {
      if (reads.one) expect(bEndpoint(reads.one).id?.kind, reads.one).toBe(kind);
      if (reads.list) expect(bEndpoint(reads.list).answer.list, reads.list).toBe(true);
    }
  });
});
