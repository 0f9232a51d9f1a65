/**
 * apps/server, found from this module's own location. It stays directly in src/: the production
 * bundle (dist/server.js, ADR 30) is at the same depth, so the path is the same from the sources
 * (tests, tsx) and from the bundle. scripts/build.mjs refuses import.meta.url anywhere deeper.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The socket host's entry (ADR 62), beside this module: dist/socket-host.js in the bundle, or
 * src/socket-host.ts from the sources (tests, tsx), which Node runs with tsx's loader.
 */
export function socketHostEntry(): { path: string; execArgv: string[] } {
  const bundled = import.meta.url.endsWith('.js');
  const path = fileURLToPath(new URL(bundled ? './socket-host.js' : './socket-host.ts', import.meta.url));
  if (bundled) return { path, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path, execArgv: ['--import', tsx] };
}
