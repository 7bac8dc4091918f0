import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the import graph', () => {
  for (const dir of ['simulator', 'suites']) {
    it(`has no import cycle in ${dir}/ (type-only imports and re-exports count)`, () => {
      const cycles = importCycles(importGraph(join(ROOT, dir)));
      expect(cycles.map((c) => c.join(' -> ')), 'each line is a set of modules that import each other').toEqual([]);
    });
  }

  it('suites/ imports nothing from simulator/: a check sees a base URL and credentials only', () => {
    const simulator = resolve(ROOT, 'simulator');
    const graph = importGraph(join(ROOT, 'suites'));
    const crossings = [...graph.edges].flatMap(([file, targets]) => targets.filter((t) => t.startsWith(`${simulator}/`)).map((t) => `${relative(ROOT, file)} -> ${relative(ROOT, t)}`));
    expect(crossings).toEqual([]);
  });

  it('finds a cycle, also one made of type-only imports and re-exports, one through dynamic imports, and a module importing itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'disco-imports-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './sub/b.ts';\nexport type A = B;\n");
    writeFileSync(join(dir, 'sub', 'b.ts'), "export { c } from '../c.ts';\nexport type B = number;\n");
    writeFileSync(join(dir, 'c.ts'), "import type { A } from './a.ts';\nexport const c = 1 as A;\n");
    writeFileSync(join(dir, 'd.ts'), "import { c } from './c.ts';\nexport const d = c;\nexport const later = () => import('./e.ts');\n");
    writeFileSync(join(dir, 'e.ts'), "export const e = async () => (await import(`./d.ts`)).d;\n");
    writeFileSync(join(dir, 'self.ts'), "import './self.ts';\n");
    writeFileSync(join(dir, 'e.test.ts'), "import { d } from './d.ts';\nimport './e.test.ts';\n");
    expect(importCycles(importGraph(dir))).toEqual([['a.ts', 'c.ts', join('sub', 'b.ts')], ['d.ts', 'e.ts'], ['self.ts']]);
  });
});
