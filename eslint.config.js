import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverModulesPlugin } from './eslint/server-modules.js';

// Web feature boundaries (ADR 29): imports flow one way, shared (lib, components, hooks, assets)
// -> features -> app. A feature imports shared code through `@/...` and its own files by relative
// paths, never another feature or the app; src/app composes features. The import strings are
// what no-restricted-imports sees, so relative paths are checked by depth: a file n folders below
// its feature's root leaves the feature with n + 1 `../`. One entry per depth, up to the deepest
// file there is (read from the tree, so a new feature or folder is covered without editing this).
const FEATURES_DIR = 'apps/web/src/features';
const CONSOLE_FEATURES_DIR = 'apps/web/src/console/features';
const CROSS_FEATURE =
  'A feature imports only @/lib, @/components, @/hooks, @/assets and its own files (relative paths), never another feature or the app: move the shared part to lib/ or components/, or compose the features in src/app (ADR 29)';
// The back-office console (ADR 36) is an app of its own beside the bettors': bettors never load
// its code, so nothing outside src/console imports it, and it imports no bettor feature nor app.
const CONSOLE_APART = { group: ['@/console', '@/console/**'], message: "The console's code stays out of the bettors' app (ADR 36): move what both need to lib/ or components/" };
const CONSOLE_RELATIVE = { regex: '^(\\.\\./)+console(/|$)', message: CONSOLE_APART.message };
const BETTOR_APP = { group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: 'The console composes its own features and the shared code, never the bettors\' features or app (ADR 36)' };

/** How many folders below its feature's root the deepest source file of `dir` lies. */
function deepestFeatureFile(dir, root = dir) {
  let deepest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) deepest = Math.max(deepest, deepestFeatureFile(path, root));
    else if (/\.tsx?$/.test(entry.name)) deepest = Math.max(deepest, relative(root, path).split(sep).length - 2);
  }
  return deepest;
}

/** One rule set per depth of the features under `dir`: the `forbidden` imports, and no relative path out of the feature. */
const boundariesOf = (dir, forbidden) =>
  Array.from({ length: deepestFeatureFile(dir) + 1 }, (_, depth) => ({
    files: [`${dir}/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...forbidden, { regex: `^(\\.\\./){${depth + 1}}`, message: CROSS_FEATURE }],
        },
      ],
    },
  }));

const featureBoundaries = [
  ...boundariesOf(FEATURES_DIR, [{ group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: CROSS_FEATURE }, CONSOLE_APART]),
  // A console feature imports the console's shared code (@/console/lib, @/console/components) and the app's shared code.
  ...boundariesOf(CONSOLE_FEATURES_DIR, [{ group: ['@/console/features', '@/console/features/**', '@/console/routes/**', '@/console/app'], message: CROSS_FEATURE }, BETTOR_APP]),
];

// Server layering: the demo seed (seed/) stays out of the product's modules.
const SEED_IMPORTS = { group: ['**/seed/*', '**/seed'], message: 'Only the entry points, tests and seed/ import the demo seed: move what the product needs out of seed/ (feed/, services/).' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The app imports a feature through its index.ts (features: see featureBoundaries).
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*/*'], message: "Import a feature through its index.ts" }, CONSOLE_APART, CONSOLE_RELATIVE] }],
    },
  },
  ...featureBoundaries,
  {
    // The console's own layers (shell, routes, shared parts): its features and the shared code, never the bettors' app.
    files: ['apps/web/src/console/*.{ts,tsx}', 'apps/web/src/console/{lib,components,layout,routes}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BETTOR_APP, { group: ['@/console/features/*/*'], message: 'Import a console feature through its index.ts' }] }] },
  },
  {
    // Shared code is below the features: it never imports one, nor the app.
    files: ['apps/web/src/{lib,components,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: 'Shared code never imports a feature or the app (ADR 29)' },
            { regex: '^(\\.\\./)+(features|app)(/|$)', message: 'Shared code never imports a feature or the app (ADR 29)' },
            CONSOLE_APART,
            CONSOLE_RELATIVE,
          ],
        },
      ],
    },
  },
  {
    // The demo seed runs at first start and in tests; the product's modules never depend on it.
    // Allowed: seed/ itself, the entry points that run it (server.ts, seed-cli.ts, fuzz/cli.ts),
    // tests and test helpers.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/seed/**', 'apps/server/src/test/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/server.ts', 'apps/server/src/seed-cli.ts', 'apps/server/src/fuzz/cli.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SEED_IMPORTS] }] },
  },
  {
    // Server modules (ADR 47): another module's files only through its index.ts; tests may reach inside.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { 'server-modules': serverModulesPlugin },
    rules: { 'server-modules/import-through-index': 'error' },
  },
  {
    // Routes validate, call services and map: queries, transactions and market state stay in services/.
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SEED_IMPORTS,
            { group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/db/**', '**/services/betting/market-state.ts'], message: 'Routes call services: move the query, transaction or market-state read into services/.' },
          ],
        },
      ],
    },
  },
);
