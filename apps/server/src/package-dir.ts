/**
 * apps/server, found from this module's own location. It stays directly in src/: the production
 * bundle (dist/server.js, ADR 30) is at the same depth, so the path is the same from the sources
 * (tests, tsx) and from the bundle. scripts/build.mjs refuses import.meta.url anywhere deeper.
 */
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
