/**
 * The demo at every start of the product (server.ts): seeded on the first start, its fixtures
 * brought up to date on the others; markets for them with the market maker's liquidity once the
 * app is ready; and the logins the start banner prints.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { ensureMarkets, MARKET_MAKER, refreshFixtures } from '../feed/index.ts';
import type { Clock } from '../lib/time.ts';
import type { BettingService } from '../services/betting/index.ts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';
import { DEMO_USERS, hasUsers, seed } from './demo.ts';

/** The demo seeded on a new database, else the fixtures brought up to date (new ones at every start). */
export async function prepareDemo(db: Db, clock: Clock): Promise<void> {
  if (!(await hasUsers(db))) await seed(db, clock());
  else await refreshFixtures(db, clock());
}

/**
 * Demo markets for the fixtures and the market maker's liquidity, through the app's own betting
 * service so its books are warm.
 */
export async function seedDemoMarkets(db: Db, betting: BettingService, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  const started = Date.now();
  const seeded = await ensureMarkets(db, betting, clock());
  log.info({ ...seeded, ms: Date.now() - started }, 'demo markets seeded');
}

/** The demo logins as a table: every demo user and the market maker, with the demo password. */
export function demoLoginsTable(): string {
  const rows = [
    ['user', 'password', 'role', ''],
    ...DEMO_USERS.map((u) => [u.userName, DEMO_PASSWORD, u.role, u.note]),
    [MARKET_MAKER, DEMO_PASSWORD, 'user', 'market maker: rests back and lay liquidity on exchange markets'],
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}
