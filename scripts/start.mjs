#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (which serves the build) and the casino provider in the foreground, passing signals
// and the exit code on.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const sources = [join(web, 'src'), join(web, 'public'), join(web, 'index.html'), join(web, 'vite.config.ts'), join(web, 'build'), join(root, 'packages/contracts/src'), join(root, 'packages/engine/src')];

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

function buildWebIfStale() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > 0 && builtAt >= changedAt) {
    console.log('start: web build is up to date');
    return;
  }
  console.log(builtAt ? 'start: web sources changed, rebuilding' : 'start: building the web app');
  // NODE_ENV=production whatever the caller's (vitest sets 'test'): otherwise Vite bundles React's
  // development build, larger and slower, into what the server serves.
  const build = spawnSync('npm', ['run', 'build', '-w', '@exchange/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    console.error(`start: web build failed (exit ${build.status})`);
    process.exit(build.status ?? 1);
  }
}

buildWebIfStale();
// `--build-only` (used by the browser tests) stops after the build.
if (process.argv.includes('--build-only')) process.exit(0);

// The casino provider runs beside the server. They share a wallet secret made fresh for each start
// (never stored anywhere) unless WALLET_SECRET is given, and find each other on loopback.
const env = {
  ...process.env,
  WALLET_SECRET: process.env.WALLET_SECRET || randomBytes(32).toString('hex'),
  PLATFORM_URL: process.env.PLATFORM_URL || `http://127.0.0.1:${process.env.PORT || 3000}`,
  PROVIDER_URL: process.env.PROVIDER_URL || `http://127.0.0.1:${process.env.PROVIDER_PORT || 3001}`,
};
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'apps/casino-provider/src/server.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
// When either process ends, stop the other and exit with the first one's code.
let exitCode = null;
for (const child of children) {
  child.on('exit', (code, signal) => {
    exitCode ??= code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15 }[signal] ?? 1) : 1);
    for (const other of children) if (other !== child && other.exitCode === null && other.signalCode === null) other.kill('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
