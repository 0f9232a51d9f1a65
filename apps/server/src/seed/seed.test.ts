import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerAccounts, ledgerTransfers, matches, races, users } from '../db/schema/index.ts';
import { DAY_MS } from '../lib/time.ts';
import { checkLedger } from '../services/money/index.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { SPORT_ID } from '../feed/catalog-data.ts';
import { refreshFixtures } from '../feed/fixtures.ts';
import { seed } from './index.ts';

describeEachDatabase('seed', (ctx) => {
  const counts = async () => {
    const db = ctx().db;
    const n = async (table: typeof users | typeof ledgerTransfers | typeof matches | typeof races | typeof ledgerAccounts) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    return { users: await n(users), transfers: await n(ledgerTransfers), matches: await n(matches), races: await n(races), accounts: await n(ledgerAccounts) };
  };

  it('is idempotent: seeding again adds and moves nothing', async () => {
    const before = await counts();
    expect(before.users).toBe(5);
    expect(before.accounts).toBe(6); // five users and the world
    await seed(ctx().db, ctx().now());
    expect(await counts()).toEqual(before);
    expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });

  it('retires finished fixtures and generates new ones when none lie ahead', async () => {
    const db = ctx().db;
    const firstBatch = await db.select().from(matches).where(lt(matches.matchId, 50_000_000));
    const later = new Date(ctx().now().getTime() + 4 * DAY_MS);
    await refreshFixtures(db, later);
    const retired = await db.select().from(matches).where(inArray(matches.matchId, firstBatch.map((m) => m.matchId)));
    expect(retired.every((m) => !m.isActive && !m.inPlay)).toBe(true);
    const inPlay = await db.select().from(matches).where(eq(matches.inPlay, true));
    expect(inPlay.length).toBeGreaterThan(0);
    expect(inPlay.every((m) => m.isActive && m.startTime.getTime() > later.getTime() - 3_600_000)).toBe(true);
    const ahead = await db
      .select({ n: count() })
      .from(matches)
      .where(and(eq(matches.isActive, true), eq(matches.sportId, SPORT_ID.CRICKET), gt(matches.startTime, later)));
    expect(ahead[0]!.n).toBeGreaterThan(0);
    const racesLater = await db.select({ n: count() }).from(races).where(gt(races.startTime, later));
    expect(racesLater[0]!.n).toBeGreaterThan(0);
    // Refreshing again at the same time changes nothing.
    const before = await counts();
    await refreshFixtures(db, later);
    expect(await counts()).toEqual(before);
  });
});
