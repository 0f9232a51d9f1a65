#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (which serves the build) in the foreground, passing signals and the exit code on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const sources = [join(web, 'src'), join(web, 'public'), join(web, 'index.html'), join(web, 'vite.config.ts'), join(root, 'packages/contracts/src'), join(root, 'packages/engine/src')];

/** Newest modification time under a file or folder (0 when absent). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { recursive: true })) {
    const s = statSync(join(path, String(entry)));
    if (s.isFile() && s.mtimeMs > newest) newest = s.mtimeMs;
  }
  return newest;
}

/** The web app can be built once index.html exists and the script it loads exists too. */
function webIsBuildable() {
  const html = join(web, 'index.html');
  if (!existsSync(html)) return false;
  const entry = /<script[^>]+src="\/?([^"]+)"/.exec(readFileSync(html, 'utf8'))?.[1];
  return entry !== undefined && existsSync(join(web, entry));
}

function buildWebIfStale() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > 0 && builtAt >= changedAt) {
    console.log('start: web build is up to date');
    return;
  }
  if (!webIsBuildable()) {
    console.warn('start: apps/web has no buildable entry yet; serving the API only');
    return;
  }
  console.log(builtAt ? 'start: web sources changed, rebuilding' : 'start: building the web app');
  const build = spawnSync('npm', ['run', 'build', '-w', '@exchange/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) console.warn(`start: web build failed (exit ${build.status}); serving the API and any previous build`);
}

buildWebIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15 }[signal] ?? 1) : 1));
});
