import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProduct, freePort, repoRoot, spawnService, stopService, waitForHttp, type Service } from './processes.ts';

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
 * Builds as `npm start` does and copies the web build into `dir` for this run alone: in a work
 * tree shared by several test runs, another run's rebuild empties apps/web/dist and renames its
 * chunks, and a page of this run would then fail to load its next lazy page.
 */
async function snapshotWebBuild(dir: string): Promise<void> {
  const dist = join(repoRoot, 'apps/web/dist');
  for (let attempt = 1; ; attempt++) {
    buildProduct();
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
      // The browser tests all come from 127.0.0.1; a test of the limit sets its own (ADR 41).
      SIGNUP_LIMIT_PER_HOUR: '0',
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
