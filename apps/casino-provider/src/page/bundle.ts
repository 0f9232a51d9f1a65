import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

let cached: Promise<string> | null = null;

/** The game page's script, bundled once per process from page/game-page.ts (no dependencies). */
export function pageScript(): Promise<string> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('./game-page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  }).then((r) => r.outputFiles[0]!.text);
  return cached;
}
