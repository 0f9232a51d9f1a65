/**
 * Runs every bench/*.bench.ts, in file-name order, one after another, then the two processes'
 * load and push (cluster-load.ts, which starts a cluster of its own), the console's pages in
 * Chromium with a day's data (console-pages.ts), the trading ladder's trace under a busy book
 * (ladder-trace.ts), then the measurements that
 * time nothing (bundle-size.ts). A bench file either does its work when imported or exports a
 * default function, which is called with no arguments.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const files = [
  ...readdirSync(benchDir)
    .filter((name) => name.endsWith('.bench.ts'))
    .sort(),
  'cluster-load.ts',
  'console-pages.ts',
  'ladder-trace.ts',
  'bundle-size.ts',
];

for (const file of files) {
  console.log(`\n== ${file} ==`);
  const started = performance.now();
  const module = (await import(pathToFileURL(join(benchDir, file)).href)) as { default?: unknown };
  if (typeof module.default === 'function') await (module.default as () => unknown)();
  console.log(`(${file}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
