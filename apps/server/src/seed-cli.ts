/** `npm run seed`: migrates and seeds the configured database; safe to run again. */
import { openDatabase, targetFromEnv } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { systemClock } from './lib/time.ts';
import { DEMO_USERS, seed } from './seed/index.ts';
import { ensureMarkets } from './feed/index.ts';
import { BettingService } from './services/betting/index.ts';
import { DEMO_PASSWORD } from './services/demo-accounts.ts';

const target = targetFromEnv(process.env, 'data');
const database = await openDatabase(target);
try {
  await migrateDatabase(database);
  await seed(database.db, systemClock());
  const seeded = await ensureMarkets(database.db, new BettingService(database.db, systemClock), systemClock());
  console.log(`Markets: ${seeded.markets} created, ${seeded.orders} market-maker orders placed.`);
  console.log(`Seeded ${target.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${target.dataDir}`}. Logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.userName).join(', ')}`);
} finally {
  await database.close();
}
