import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// One run covers every workspace: unit tests beside the code, API tests on PGlite (and on
// PostgreSQL when TEST_DATABASE_URL is set), the web app's logic and components (components
// against a real server), and browser tests in real Chromium (e2e/).
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is a single worker on CI's 2 cores, and
    // the unit suites, each on databases of its own, wait on them as much as they compute: two run
    // together. The browser suites follow them, two files at a time; the web suites (one shared
    // server) and the cluster suite (whole processes of its own) run alone, last.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/casino-provider/src/**/*.test.ts', 'eslint/*.test.js'],
          environment: 'node',
          globalSetup: ['./scripts/test-setup.mjs'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Pure logic runs in node; a component test (.tsx) asks for jsdom in its first line.
          environment: 'node',
          // Component tests talk to the real server (PGlite, seeded): one for the run. Its files
          // share it (demo1, the site's settings), so they run one at a time: about 15 s in all.
          globalSetup: ['apps/server/src/test/web-api-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/cluster/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two browser files at a time, after the unit and web suites: each mostly waits on its
          // own server, browser and feed. The product is built once before them.
          globalSetup: ['e2e/support/build-once.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Several server processes on PostgreSQL and NATS (TEST_DATABASE_URL's server, BROKER_URL).
          name: 'cluster',
          include: ['e2e/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
