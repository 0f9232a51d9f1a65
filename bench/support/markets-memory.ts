/**
 * Child process of memory.bench.ts (run with --expose-gc): the server as production builds it,
 * then 1,000 open markets with the market maker's resting orders, every book loaded in memory as
 * after a restart. Prints one JSON line of figures.
 */
import type {} from '../../apps/server/src/types.d.ts';
import { isNull, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { markets, matches } from '../../apps/server/src/db/schema/index.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { ensureMarkets, ladderQuotes, MARKET_MAKER } from '../../apps/server/src/feed/index.ts';
import { findUserByName } from '../../apps/server/src/services/users.ts';
import { database } from '../bet-path.bench.ts';

const OPEN_MARKETS = 1_000;
const gc = (globalThis as { gc?: () => void }).gc;
function settle(): NodeJS.MemoryUsage {
  for (let k = 0; k < 3; k++) gc?.();
  return process.memoryUsage();
}

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const { handle, drop } = await database(kind);
try {
  await migrateDatabase(handle);
  const now = new Date();
  await seed(handle.db, now);
  const app = buildApp({ db: handle.db });
  await app.ready();
  const baseline = settle();

  // The demo's markets and liquidity, then more exchange markets on the fixtures up to 1,000.
  await ensureMarkets(handle.db, app.betting, now);
  const [open] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(markets).where(isNull(markets.settledAt));
  const fixtures = await handle.db.select({ id: matches.matchId }).from(matches);
  const extra = Math.max(0, OPEN_MARKETS - open!.n);
  const ids = await app.betting.createMarkets(
    Array.from({ length: extra }, (_, i) => ({
      matchId: fixtures[i % fixtures.length]!.id,
      kind: 'EXCHANGE' as const,
      marketType: 'MATCH_ODDS' as const,
      name: `Bench market ${i + 1}`,
      runners: [{ name: 'Home' }, { name: 'Away' }, { name: 'The Draw' }],
      externalKey: `bench:memory:${i}`,
    })),
  );
  const maker = (await findUserByName(handle.db, MARKET_MAKER))!.id;
  for (let i = 0; i < ids.length; i += 16) {
    await Promise.all(
      ids.slice(i, i + 16).map(async (marketId) => {
        for (const q of ladderQuotes(marketId, [1, 2, 3], [0.45, 0.3, 0.25], 2)) {
          await app.betting.placeMarketBet(
            maker,
            { market_id: marketId, selection_id: q.selectionId, is_back: q.isBack, odds: q.price / 100, stake: q.sizePaise / 100, persistence: 'PERSIST' },
            { noDelay: true },
          );
        }
      }),
    );
  }

  // As after a restart: every open market's book rebuilt from the tables and held in memory.
  app.betting.forgetAll();
  const rows = await handle.db.select({ id: markets.id, version: markets.version }).from(markets).where(isNull(markets.settledAt));
  const states = await app.betting.statesAtLeast(new Map(rows.map((r) => [r.id, r.version])));
  const resting = [...states.values()].reduce((n, s) => n + s.openOrders.size, 0);
  const loaded = settle();
  console.log(
    JSON.stringify({
      kind,
      markets: states.size,
      resting,
      baselineRss: baseline.rss,
      baselineHeap: baseline.heapUsed,
      rss: loaded.rss,
      heap: loaded.heapUsed,
      baselineBuffers: baseline.arrayBuffers,
      buffers: loaded.arrayBuffers,
      gc: gc !== undefined,
    }),
  );
  await app.close();
} finally {
  await handle.close();
  await drop();
}
