import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator/app.ts';
import { operations } from '../simulator/openapi/operations.ts';
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

  it("sends as a read's documented query (documentedQuery) only parameters the simulator documents for that read", () => {
    const { sim } = createSimulator();
    const placeholders = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const documentedNames = new Map(operations(sim).filter((op) => op.surface === 'B').map((op) => [`${op.method.toUpperCase()} ${placeholders(op.path.replace('/{account}/api', ''))}`, new Set((op.query ?? []).map((q) => q.name))]));
    const withQuery = B_ENDPOINTS.filter((e) => e.documentedQuery !== undefined);
    expect(withQuery.map((e) => e.key)).toContain('GET /jobs/{id}');
    const undocumented = withQuery.flatMap((e) => Object.keys(e.documentedQuery ?? {}).filter((name) => !documentedNames.get(`${e.method} ${placeholders(e.path)}`)?.has(name)).map((name) => `${e.key}: ${name}`));
    expect(undocumented).toEqual([]);
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

/** Every suite module outside the catalog (tests aside), recursively. */
function suiteModules(dir: URL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'catalog' ? [] : suiteModules(new URL(`${entry.name}/`, dir));
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [fileURLToPath(new URL(entry.name, dir))] : [];
  });
}

describe('where checks get interface A routes', () => {
  it('no check sends to an interface A path it spells itself: every route comes from the target document or the catalog', () => {
    // Only DELETE /pipelines/{id} is the spec's; a path written into a check is the simulator's
    // convention, which a target that routes elsewhere would never see tried (the reactivation
    // attempts of a-keys/revocation-final once went to /api-keys/{id} on every target).
    const firstSegments = [...new Set(A_ENDPOINTS.map((e) => e.path.split('/')[1]))];
    const sending = new RegExp(String.raw`\.(?:get|post|put|patch|delete|request)\(\s*(?:'[A-Z]+',\s*)?[\`'"]/(?:${firstSegments.join('|')})\b`);
    const spelled = suiteModules(new URL('../suites/', import.meta.url)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file.slice(file.indexOf('suites/'))}:${i + 1}` }))
        .filter(({ line }) => sending.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(firstSegments.length).toBeGreaterThan(1);
    expect(spelled).toEqual([]);
  });
});
