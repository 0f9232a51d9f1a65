import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Child processes of the product for the black-box tests (browser tests, cluster tests, bench). */

export const repoRoot = join(import.meta.dirname, '..', '..');

export { freePort } from '../../apps/server/src/test/private-nats.ts';

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} : its process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/** A child process of the product with its output kept for error messages. */
export interface Service {
  child: ChildProcess;
  output: string[];
}

/** Runs a built bundle (dist/server.js) as `npm start` does. */
export function spawnService(script: string, env: Record<string, string>): Service {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  return { child, output };
}

export function exited({ child }: Service): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM (a clean shutdown), SIGKILL if it has not ended within 10 s. */
export async function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (exited(service)) return;
  const ended = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
  if (!exited(service)) {
    child.kill('SIGKILL');
    await Promise.race([ended, new Promise((r) => setTimeout(r, 2_000))]);
  }
}

/** SIGKILL (kill -9: no shutdown hook runs), resolved once the process is gone. */
export async function killService(service: Service): Promise<void> {
  if (exited(service)) return;
  const ended = new Promise((r) => service.child.once('exit', r));
  service.child.kill('SIGKILL');
  await ended;
}

/**
 * Builds as `npm start` does (the web app if stale, the server and provider bundles). The bundles
 * are replaced file by file through a rename, so a process starting meanwhile loads a whole one.
 */
export function buildProduct(): void {
  const build = spawnSync('node', ['scripts/start.mjs', '--build-only'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed (node scripts/start.mjs --build-only)');
}
