/**
 * The real API server for the web app's component tests: the `web` Vitest project's globalSetup.
 * The whole app (buildApp, live push included) on a fresh PGlite database with the demo seed and
 * the demo markets with the market maker's liquidity (no races, no feed: prices stay put),
 * listening on a free loopback port. The tests get its origin with `inject('apiOrigin')` and
 * point the web app at it (apps/web/src/test/api-server.tsx). One server for the run: each test
 * file signs in as its own demo user, so their bets do not meet.
 */
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { ensureMarkets } from '../feed/index.ts';
import { seed } from '../seed/index.ts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';
import { pgliteTemplate } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the API server started for the web tests. */
    apiOrigin: string;
    /** The demo users' password. */
    demoPassword: string;
  }
}

export default async function startWebApiServer(project: TestProject): Promise<() => Promise<void>> {
  const handle = await openDatabase({ kind: 'pglite', template: await pgliteTemplate() });
  await migrateDatabase(handle);
  const now = new Date();
  await seed(handle.db, now);
  // Every web test file signs up from 127.0.0.1 on this one server: no per-address limit (ADR 41).
  const app = buildApp({ db: handle.db, checkResponses: true, signupLimitPerHour: 0 });
  await app.ready();
  await ensureMarkets(handle.db, app.betting, now, { racingHours: 0 });
  project.provide('apiOrigin', await app.listen({ port: 0, host: '127.0.0.1' }));
  project.provide('demoPassword', DEMO_PASSWORD);
  return async () => {
    await app.close();
    await handle.close();
  };
}
