#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, bundles the
// server and the casino provider (esbuild, a fraction of a second; ADR 30), then runs both bundles
// in the foreground, passing signals and the exit code on. Needs no dev dependency: works after
// `npm ci --omit=dev`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProvider, buildServer, buildWeb } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

try {
  buildWeb({ ifStale: true });
  await Promise.all([buildServer(), buildProvider()]);
} catch (error) {
  console.error(`start: ${error.message}`);
  process.exit(1);
}
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
  spawn(process.execPath, ['--enable-source-maps', 'apps/casino-provider/dist/server.js'], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { cwd: root, stdio: 'inherit', env }),
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
