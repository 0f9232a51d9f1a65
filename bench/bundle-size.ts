/**
 * Bettor bundle: what the browser fetches to show #/home after login (the first load), and each
 * lazily loaded chunk, gzipped. Builds the web app for production first (NODE_ENV=production,
 * whatever the caller's: a build left by the browser tests, or one made under another NODE_ENV,
 * may hold React's development code) and reads apps/web/dist; with WEB_DIST set it reads that
 * build as it is. Figures: docs/performance.md.
 *
 * First load = index.html's entry script, its modulepreload links and stylesheets, and every
 * chunk those import statically (followed transitively). Everything else under dist/assets is
 * reached only through a dynamic import() (casino, reports, statement chart, sign-up), or is the
 * back-office console's (console/index.html, ADR 36). No file of the bettors' first load may hold
 * the console's marker string, while the console's own first load must (else the check is blind).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CONSOLE_APP_MARKER } from '../apps/web/src/console/marker.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
/** The target for the first load, gzipped. */
export const FIRST_LOAD_BUDGET_BYTES = 250 * 1024;
/** A casino game page's budget (ADR 60): its script and style sheet, gzipped (the HTML is ~1 KB). */
export const GAME_PAGE_BUDGET_BYTES = 60 * 1024;

export interface Asset {
  /** Path under dist, e.g. "assets/index-abc.js". */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  firstLoad: Asset[];
  lazy: Asset[];
  firstLoadGzipBytes: number;
  lazyGzipBytes: number;
  /** The console page's first load (its own entry and what it imports statically). */
  consoleFirstLoad: Asset[];
  consoleFirstLoadGzipBytes: number;
  /** Files of the bettors' first load that hold console code (must be none). */
  consoleCodeInBettorLoad: string[];
  /** Whether the marker was found in the console's own first load (the check works). */
  markerFoundInConsole: boolean;
}

function asset(file: string): Asset {
  const content = readFileSync(join(dist, file));
  // zlib's default level (6), what a server compressing on the fly typically sends.
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** "/assets/x.js" or "./x.js" seen from `from` (a dist path) -> "assets/x.js". */
function resolve(from: string, specifier: string): string {
  return specifier.startsWith('/')
    ? specifier.slice(1)
    : posix.normalize(posix.join(posix.dirname(from), specifier));
}

/** A page's entry scripts, modulepreload links and stylesheets. */
function htmlReferences(page: string, html: string): string[] {
  const refs: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || /^[a-z]+:/i.test(src)) continue;
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet') refs.push(resolve(page, src));
  }
  return refs;
}

/**
 * Static imports of a built chunk: `import{..}from"./x.js"` and `import"./x.js"`, never
 * `import("./x.js")`. Only specifiers naming a file of the build count (the minified code holds
 * strings such as error messages that look like imports).
 */
function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`\s]+\.(?:js|css))["'`]/g)) {
    const target = resolve(file, m[1]!);
    if (existsSync(join(dist, target))) found.push(target);
  }
  return found;
}

/** Every file a page loads before anything is clicked: its references and their static imports. */
function firstLoadOf(page: string): Set<string> {
  const seen = new Set<string>();
  if (!existsSync(join(dist, page))) return seen;
  const queue = htmlReferences(page, readFileSync(join(dist, page), 'utf8'));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.js')) queue.push(...staticImports(file));
  }
  return seen;
}

const holdsMarker = (file: string) => readFileSync(join(dist, file), 'utf8').includes(CONSOLE_APP_MARKER);

export function measureBundle(): BundleReport {
  const seen = firstLoadOf('index.html');
  const consoleSeen = firstLoadOf('console/index.html');
  const all = readdirSync(join(dist, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => `assets/${name}`);
  const bySize = (a: Asset, b: Asset) => b.gzipBytes - a.gzipBytes;
  const firstLoad = [...seen].map(asset).sort(bySize);
  const lazy = all
    .filter((f) => !seen.has(f) && !consoleSeen.has(f))
    .map(asset)
    .sort(bySize);
  const consoleFirstLoad = [...consoleSeen].map(asset).sort(bySize);
  const sum = (list: Asset[]) => list.reduce((t, a) => t + a.gzipBytes, 0);
  return {
    firstLoad,
    lazy,
    firstLoadGzipBytes: sum(firstLoad),
    lazyGzipBytes: sum(lazy),
    consoleFirstLoad,
    consoleFirstLoadGzipBytes: sum(consoleFirstLoad),
    consoleCodeInBettorLoad: [...seen].filter((f) => f.endsWith('.js') && holdsMarker(f)),
    markerFoundInConsole: [...consoleSeen].some((f) => f.endsWith('.js') && holdsMarker(f)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(title: string, list: Asset[], total: number): void {
  console.log(`\n${title}`);
  const width = Math.max(...list.map((a) => a.file.length), 10);
  for (const a of list) {
    console.log(`  ${a.file.padEnd(width)}  ${kb(a.bytes).padStart(9)}  ${kb(a.gzipBytes).padStart(9)} gzip`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${''.padStart(9)}  ${kb(total).padStart(9)} gzip`);
}

/**
 * The casino provider's game page: the script as `npm start` builds it (scripts/build.mjs) and the
 * style sheet the provider serves, each gzipped. Everything a table draws is in these two: no
 * image, font or other file is fetched.
 */
export async function gamePageWeight(): Promise<{ script: Asset; styles: Asset; gzipBytes: number }> {
  const { buildProviderPage } = (await import(pathToFileURL(join(repoRoot, 'scripts/build.mjs')).href)) as { buildProviderPage: () => Promise<void> };
  await buildProviderPage();
  const { PAGE_CSS } = await import('../apps/casino-provider/src/page/html.ts');
  const code = readFileSync(join(repoRoot, 'apps/casino-provider/dist/game.js'));
  const css = Buffer.from(PAGE_CSS);
  const script = { file: 'game.js', bytes: code.length, gzipBytes: gzipSync(code).length };
  const styles = { file: 'game.css', bytes: css.length, gzipBytes: gzipSync(css).length };
  return { script, styles, gzipBytes: script.gzipBytes + styles.gzipBytes };
}

export default async function bundleSize(): Promise<BundleReport> {
  if (!process.env.WEB_DIST) {
    console.log('building the web app for production');
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`web build failed (exit ${build.status})`);
  }
  const report = measureBundle();
  printTable('First load (#/home after login): JS + CSS', report.firstLoad, report.firstLoadGzipBytes);
  printTable('Lazy chunks (fetched on first visit of their pages)', report.lazy, report.lazyGzipBytes);
  printTable('Back-office console first load (/console/, never fetched by bettors)', report.consoleFirstLoad, report.consoleFirstLoadGzipBytes);
  const verdict = report.firstLoadGzipBytes <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `\nfirst load ${kb(report.firstLoadGzipBytes)} gzip: ${verdict} the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget`,
  );
  if (!report.markerFoundInConsole) throw new Error(`the console's marker "${CONSOLE_APP_MARKER}" is not in the console's first load: the check below would be blind`);
  if (report.consoleCodeInBettorLoad.length > 0)
    throw new Error(`console code in the bettors' first load: ${report.consoleCodeInBettorLoad.join(', ')}`);
  console.log(`console code in the bettors' first load: none (marker "${CONSOLE_APP_MARKER}" checked in ${report.firstLoad.length} files)`);
  const game = await gamePageWeight();
  printTable('Casino game page (the provider\'s /game/:code: script and style sheet)', [game.script, game.styles], game.gzipBytes);
  console.log(`game page ${kb(game.gzipBytes)} gzip: ${game.gzipBytes <= GAME_PAGE_BUDGET_BYTES ? 'within' : 'OVER'} the ${kb(GAME_PAGE_BUDGET_BYTES)} budget`);
  if (report.firstLoadGzipBytes > FIRST_LOAD_BUDGET_BYTES) throw new Error(`the bettors' first load is over its budget`);
  if (game.gzipBytes > GAME_PAGE_BUDGET_BYTES) throw new Error(`the casino game page is over its budget`);
  return report;
}

// `npx tsx bench/bundle-size.ts` runs it alone; bench/run.ts calls the default export.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleSize();
