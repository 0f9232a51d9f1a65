/**
 * Server memory with 1,000 open markets (target: <= 300 MB). Each database kind is measured in a
 * child process of its own (with --expose-gc), so nothing else this run did is counted: the
 * server built as production builds it is the baseline, then 1,000 open exchange, bookmaker and
 * fancy markets with the market maker's resting orders, every book loaded as after a restart.
 * On PGlite the embedded database lives in the same process and its memory is counted too.
 * Run: `npm run bench` or `npx tsx bench/memory.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

export default function main(): void {
  const kinds = ['pglite', ...(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  console.log('server memory, 1,000 open markets (target <= 300 MB)');
  for (const kind of kinds) {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/support/markets-memory.ts', kind], {
      cwd: root,
      encoding: 'utf8',
      env: process.env,
      maxBuffer: 16 * 1_048_576,
    });
    const line = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.log(`  ${kind}: failed (exit ${child.status})\n${child.stderr.slice(-2000)}`);
      continue;
    }
    const r = JSON.parse(line) as { markets: number; resting: number; baselineRss: number; baselineHeap: number; rss: number; heap: number; baselineBuffers: number; buffers: number };
    console.log(
      `  ${kind.padEnd(8)} ${r.markets} markets, ${r.resting} resting orders: RSS ${mb(r.rss)} (empty server ${mb(r.baselineRss)}, +${mb(r.rss - r.baselineRss)}), JS heap ${mb(r.heap)} (+${mb(r.heap - r.baselineHeap)}), order books' typed arrays +${mb(r.buffers - r.baselineBuffers)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
