import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the product the way `npm start` does (build the web app if stale, bundle the server and
 * the provider, then run the server's bundle on a fresh embedded database), on a free port.
 * Black-box: the browser tests see only HTTP.
 */
export interface RunningProduct {
  baseUrl: string;
  /** The casino provider's origin, when it was started (`{ casino: ... }`). */
  providerUrl?: string;
  stop(): Promise<void>;
}

export interface ProductOptions {
  /**
   * Also run the casino provider beside the server, as `npm start` does: one fresh WALLET_SECRET
   * for both, PLATFORM_URL / PROVIDER_URL on free loopback ports, its data in a temp folder.
   * `true` or the provider's extra env (e.g. `{ CASINO_FAST: '1' }` for short rounds).
   */
  casino?: boolean | Record<string, string>;
}

const repoRoot = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
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
interface Service {
  child: ChildProcess;
  output: string[];
}

/** Runs a built bundle (dist/server.js) as `npm start` does. */
function spawnService(script: string, env: Record<string, string>): Service {
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

/** SIGTERM (a clean shutdown), SIGKILL if it has not ended within 10 s. */
async function stopService({ child }: Service): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))]);
  }
}

/** Every file index.html loads is there (not a build another run is in the middle of). */
function buildComplete(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return assets.length > 0 && assets.every((a) => existsSync(join(dist, a)));
}

/**
 * Builds as `npm start` does (the web app if stale, the server and provider bundles) and copies
 * the web build into `dir` for this run alone: in a work tree shared by several test runs,
 * another run's rebuild empties apps/web/dist and renames its chunks, and a page of this run would
 * then fail to load its next lazy page. (The bundles are replaced file by file through a rename, so
 * a process starting meanwhile loads a whole one.)
 */
async function snapshotWebBuild(dir: string): Promise<void> {
  const dist = join(repoRoot, 'apps/web/dist');
  for (let attempt = 1; ; attempt++) {
    const build = spawnSync('node', ['scripts/start.mjs', '--build-only'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('web build failed');
    try {
      rmSync(dir, { recursive: true, force: true });
      cpSync(dist, dir, { recursive: true });
      if (buildComplete(dir)) return;
    } catch {
      // another run emptied the build while it was being copied
    }
    if (attempt === 5) throw new Error('apps/web/dist stayed incomplete (another run keeps rebuilding it)');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

export async function startProduct(
  extraEnv: Record<string, string> = {},
  options: ProductOptions = {},
): Promise<RunningProduct> {
  const webDist = mkdtempSync(join(tmpdir(), 'exchange-e2e-web-'));
  try {
    await snapshotWebBuild(webDist);
  } catch (err) {
    rmSync(webDist, { recursive: true, force: true });
    throw err;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const services: Array<Service & { name: string; ready: string }> = [];
  let providerUrl: string | undefined;
  let providerDataDir: string | undefined;
  let serverEnv: Record<string, string> = {};
  if (options.casino) {
    const providerPort = await freePort();
    providerUrl = `http://127.0.0.1:${providerPort}`;
    providerDataDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-provider-'));
    const shared = {
      WALLET_SECRET: randomBytes(32).toString('hex'),
      PLATFORM_URL: baseUrl,
      PROVIDER_URL: providerUrl,
    };
    serverEnv = shared;
    const providerEnv = typeof options.casino === 'object' ? options.casino : {};
    services.push({
      name: 'casino provider',
      ready: `${providerUrl}/health`,
      ...spawnService('apps/casino-provider/dist/server.js', {
        ...shared,
        PROVIDER_PORT: String(providerPort),
        HOST: '127.0.0.1',
        PROVIDER_DATA_DIR: providerDataDir,
        LOG_LEVEL: 'warn',
        ...providerEnv,
      }),
    });
  }
  services.push({
    name: 'server',
    ready: `${baseUrl}/api/globalSetting/getGlobalSetting`,
    ...spawnService('apps/server/dist/server.js', {
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...serverEnv,
      ...extraEnv,
    }),
  });
  const removeDirs = () => {
    for (const dir of [dataDir, webDist, providerDataDir])
      if (dir) rmSync(dir, { recursive: true, force: true });
  };
  // If the test process ends without stop() (an interrupted run), the services and folders go with it.
  const killOnExit = () => {
    services.forEach((s) => s.child.kill('SIGKILL'));
    removeDirs();
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await Promise.all(services.map(stopService));
    removeDirs();
  };
  try {
    await Promise.all(
      services.map(async (s) => {
        try {
          await waitForHttp(s.ready, s.child, 90_000);
        } catch (err) {
          throw new Error(
            `${s.name}: ${(err as Error).message}\n--- ${s.name} output ---\n${s.output.join('')}`,
          );
        }
      }),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, providerUrl, stop };
}
