import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Server module boundaries (ADR 47): each folder under apps/server/src/services/, and feed/, live/,
 * cluster/ and socket-host/, is a module whose `index.ts` is its public surface. A file outside the module
 * imports the index (`../services/betting/index.ts`), never a file inside it; files inside import
 * each other freely. Read from the folder tree, so a new module is covered without editing this.
 * Tests may reach inside (they set up and look at internals on purpose).
 */
const SERVER_SRC = resolve('apps/server/src');

/** The module folders, absolute, each ending with the separator. */
export function serverModules(src = SERVER_SRC) {
  const services = join(src, 'services');
  const folders = readdirSync(services, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(services, e.name));
  return [...folders, ...['feed', 'live', 'cluster', 'socket-host'].map((name) => join(src, name))].map((dir) => dir + sep);
}

/** The module a file lies in, or undefined. */
function moduleOf(modules, file) {
  return modules.find((dir) => file.startsWith(dir));
}

/** An import's target as a file path ('./x' may mean x.ts or x/index.ts). */
function target(fromFile, source) {
  const base = resolve(dirname(fromFile), source);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  return base;
}

export const serverModulesPlugin = {
  rules: {
    'import-through-index': {
      meta: {
        type: 'problem',
        docs: { description: "Another server module's files are reached through its index.ts only" },
        messages: {
          deep: "'{{source}}' reaches inside the module {{module}}: import its public surface, {{index}}, instead (ADR 47). If what you need is not exported there, export it there or move it.",
        },
        schema: [],
      },
      create(context) {
        const modules = serverModules();
        const file = context.filename;
        const home = moduleOf(modules, file);
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = target(file, source);
          const there = moduleOf(modules, to);
          if (!there || there === home || to === join(there, 'index.ts')) return;
          context.report({
            node: node.source,
            messageId: 'deep',
            data: { source, module: relative(SERVER_SRC, there), index: relative(dirname(file), join(there, 'index.ts')) },
          });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};
