/** `npm run seed`: migrates and seeds the configured database; safe to run again. */
import { openDatabase, targetFromEnv } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { systemClock } from './lib/time.ts';
import { DEMO_PASSWORD, DEMO_USERS, seed } from './seed/index.ts';

const target = targetFromEnv(process.env, 'data');
const database = await openDatabase(target);
try {
  await migrateDatabase(database);
  await seed(database.db, systemClock());
  console.log(`Seeded ${target.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${target.dataDir}`}. Logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.userName).join(', ')}`);
} finally {
  await database.close();
}
