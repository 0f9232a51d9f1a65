import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVIDER_DIR } from '../package-dir.ts';

/** The game page's script, bundled at build time from page/game-page.ts (scripts/build.mjs, ADR 30). */
export const PAGE_SCRIPT_FILE = join(PROVIDER_DIR, 'dist/game.js');

/** The built game page script, read once when the routes are registered: no request ever bundles. */
export function loadPageScript(file = PAGE_SCRIPT_FILE): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`The game page's script is not built (${file}): run \`npm run build\` (\`npm start\` builds it)`, { cause: error });
  }
}
