import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import graph has no cycle (issue 21, ADR 47): across the source files of every app and
 * package (tests aside), by their relative imports. A type-only import is left out: it is erased
 * at build and orders nothing at run time. Tarjan's strongly connected components: every
 * component of more than one file (or a file importing itself) is a cycle, named file by file.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ROOTS = ['apps/server/src', 'apps/web/src', 'apps/casino-provider/src', 'packages/contracts/src', 'packages/engine/src'];
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^'"]*?)\s+from\s+)?['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file's run-time imports of other source files. */
export function importGraph(files: readonly string[], read: (file: string) => string = (f) => readFileSync(f, 'utf8')): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const [, typeOnly, clause, source] of read(file).matchAll(IMPORT)) {
      if (typeOnly || /^\{?\s*type\s/.test(clause ?? '') && !/,\s*(?!type\s)\w/.test(clause ?? '')) continue;
      const base = resolve(dirname(file), source!);
      const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
      if (hit) deps.push(hit);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components with more than one node, or a self-loop. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.reverse());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph', () => {
  it('finds a cycle of run-time imports, and not one made by a type-only import', () => {
    const text: Record<string, string> = {
      '/x/a.ts': "import { b } from './b.ts';",
      '/x/b.ts': "import { c } from './c';",
      '/x/c.ts': "export { a } from './a.ts';",
      '/x/d.ts': "import type { E } from './e.ts';",
      '/x/e.ts': "import { type D } from './d.ts';\nimport { f } from './f.ts';",
      '/x/f.ts': '',
    };
    const graph = importGraph(Object.keys(text), (f) => text[f]!);
    expect(cycles(graph)).toEqual([['/x/a.ts', '/x/b.ts', '/x/c.ts']]);
  });

  it('has no cycle in any app or package', () => {
    const files = ROOTS.flatMap((root) => (existsSync(join(REPO, root)) ? sourceFiles(join(REPO, root)) : []));
    expect(files.length).toBeGreaterThan(400);
    const graph = importGraph(files);
    // The imports were read (a pattern that matched nothing would find no cycle either).
    expect([...graph.values()].flat().length).toBeGreaterThan(1_000);
    const found = cycles(graph).map((c) => c.map((f) => relative(REPO, f)).join(' -> '));
    expect(found).toEqual([]);
  });
});
