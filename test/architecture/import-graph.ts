import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';

/** A folder's TypeScript modules (tests aside) and, for each, the modules of the project it imports. */
export interface ImportGraph {
  root: string;
  /** file -> files it imports (absolute paths); type-only imports and re-exports count. */
  edges: Map<string, string[]>;
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modulesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Reads every relative import of the modules under `dir` with a TypeScript parser (oxc's: the
 * native TypeScript 7 compiler has no JavaScript API), so `import type`, `export ... from` and
 * dynamic `import()` of a literal are all seen, as the compiler sees them.
 */
export function importGraph(dir: string): ImportGraph {
  const root = resolve(dir);
  const edges = new Map<string, string[]>();
  for (const file of modulesUnder(root)) {
    const targets = importedNames(file, readFileSync(file, 'utf8')).filter((name) => name.startsWith('.')).map((name) => resolve(dirname(file), name));
    edges.set(file, [...new Set(targets)]);
  }
  return { root, edges };
}

/** The module names a source imports: static imports, re-exports and dynamic imports of a string literal. */
function importedNames(file: string, source: string): string[] {
  const { module, errors } = parseSync(file, source);
  if (errors.length) throw new Error(`${file} does not parse: ${errors[0]!.message}`);
  const dynamic = module.dynamicImports.map((d) => /^(['"`])([^'"`$]*)\1$/.exec(source.slice(d.moduleRequest.start, d.moduleRequest.end))?.[2]);
  return [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : []))),
    ...dynamic.filter((name): name is string => name !== undefined),
  ];
}

/** Every import cycle (a strongly connected set of two or more modules, or a module importing itself), as paths relative to the root. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot exhaust the stack.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of graph.edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const targets = (graph.edges.get(frame.node) ?? []).filter((t) => graph.edges.has(t));
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++] as string;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.edges.get(frame.node) ?? []).includes(frame.node);
      if (members.length > 1 || selfImport) cycles.push(members.map((m) => relative(graph.root, m)).sort());
    }
  }
  return cycles;
}
