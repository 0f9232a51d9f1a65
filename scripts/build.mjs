#!/usr/bin/env node
// The production build (ADR 30), used by `npm start` (scripts/start.mjs) and `npm run build`:
//   apps/web/dist/                    the web app (Vite), rebuilt by `npm start` only when stale
//   apps/server/dist/server.js        the server, one ES module (esbuild)
//   apps/server/dist/socket-host.js   the live push's socket host process (ADR 62)
//   apps/casino-provider/dist/server.js   the casino provider, one ES module (esbuild)
//   apps/casino-provider/dist/game.js     the provider's game page script, for browsers
// The two Node bundles hold the workspace's own code and the workspace packages (.ts sources);
// every npm package stays an import, resolved from node_modules at run time, and must be in the
// workspace's `dependencies`, so the build works and runs after `npm ci --omit=dev`.
// `node scripts/build.mjs [web] [server] [provider]` builds those named (all when none is).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const webSources = [join(web, 'src'), join(web, 'public'), join(web, 'index.html'), join(web, 'console'), join(web, 'vite.config.ts'), join(web, 'build'), join(root, 'packages/contracts/src'), join(root, 'packages/engine/src')];

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

/** Builds the web app (Vite) into apps/web/dist; with `ifStale`, only when missing or older than its sources. */
export function buildWeb({ ifStale = false } = {}) {
  if (ifStale) {
    const builtIndex = join(web, 'dist/index.html');
    const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
    if (builtAt > 0 && builtAt >= Math.max(...webSources.map(newestMtime))) {
      console.log('build: web build is up to date');
      return;
    }
    console.log(builtAt ? 'build: web sources changed, rebuilding' : 'build: building the web app');
  }
  // NODE_ENV=production whatever the caller's (vitest sets 'test'): otherwise Vite bundles React's
  // development build, larger and slower, into what the server serves.
  const build = spawnSync('npm', ['run', 'build', '-w', '@exchange/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`web build failed (exit ${build.status})`);
}

/** esbuild as the workspace's own dependency (each app that builds with it declares it). */
function esbuildOf(workspace) {
  return createRequire(join(workspace, 'package.json'))('esbuild');
}

/** Writes the build's files, each through a rename: a process starting meanwhile reads a whole file, old or new. */
function writeOutputs(outputFiles) {
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

const builtin = new Set(builtinModules);
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * npm packages stay imports (found in node_modules at run time, with their own files: PGlite's
 * wasm, argon2's binary); only the workspace packages (@exchange/*, TypeScript sources) are
 * bundled. An npm package the workspace does not list in `dependencies` fails the build: after
 * `npm ci --omit=dev` it would be missing at run time.
 */
function externalDependencies(workspace) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8'));
  return {
    name: 'external-dependencies',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
        if (path.startsWith('node:') || builtin.has(path)) return { path, external: true };
        const name = packageName(path);
        if (name.startsWith('@exchange/')) return undefined;
        if (name in dependencies) return { path, external: true };
        return { errors: [{ text: `${name} (imported by ${relative(root, importer)}) is not in ${relative(root, workspace)}/package.json dependencies` }] };
      });
    },
  };
}

/**
 * A module's own location (import.meta.url) changes in a bundle: dist/server.js is at the depth of
 * src/server.ts, so only modules directly in src/ may resolve paths from it. Refused elsewhere,
 * where the bundled path would silently point somewhere else.
 */
function checkModuleLocations(workspace, metafile) {
  const src = join(workspace, 'src');
  for (const input of Object.keys(metafile.inputs)) {
    const file = resolve(root, input);
    if (file.includes(`${sep}node_modules${sep}`) || dirname(file) === src) continue;
    if (/import\.meta\.(url|dirname|filename)/.test(readFileSync(file, 'utf8'))) {
      throw new Error(`${relative(root, file)} reads import.meta.url, which moves when bundled: resolve paths in a module directly in ${relative(root, src)}/`);
    }
  }
}

/** Bundles a Node app's entry (src/<name>.ts) into dist/<name>.js, with a source map. */
async function bundleNodeApp(workspace, name) {
  const esbuild = esbuildOf(workspace);
  const result = await esbuild.build({
    entryPoints: [join(workspace, `src/${name}.ts`)],
    outfile: join(workspace, `dist/${name}.js`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    plugins: [externalDependencies(workspace)],
    // The metafile's paths are relative to this folder, whatever the caller's working directory.
    absWorkingDir: root,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  checkModuleLocations(workspace, result.metafile);
  writeOutputs(result.outputFiles);
}

const server = join(root, 'apps/server');
const provider = join(root, 'apps/casino-provider');

/** The server: apps/server/dist/server.js, and its socket host's process (ADR 62). */
export async function buildServer() {
  await Promise.all([bundleNodeApp(server, 'server'), bundleNodeApp(server, 'socket-host')]);
}

/** The casino provider's game page script (no dependencies), served as /game/assets/game.js. */
export async function buildProviderPage() {
  const result = await esbuildOf(provider).build({
    entryPoints: [join(provider, 'src/page/game-page.ts')],
    outfile: join(provider, 'dist/game.js'),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  writeOutputs(result.outputFiles);
}

/** The casino provider: apps/casino-provider/dist/server.js and its game page's script. */
export async function buildProvider() {
  await Promise.all([bundleNodeApp(provider, 'server'), buildProviderPage()]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const named = process.argv.slice(2);
  const wanted = (part) => named.length === 0 || named.includes(part);
  const unknown = named.filter((n) => !['web', 'server', 'provider'].includes(n));
  if (unknown.length > 0) {
    console.error(`build: unknown part ${unknown.join(', ')} (web, server, provider)`);
    process.exit(2);
  }
  try {
    if (wanted('web')) buildWeb();
    if (wanted('server')) await buildServer();
    if (wanted('provider')) await buildProvider();
  } catch (error) {
    console.error(`build: ${error.message}`);
    process.exit(1);
  }
}
