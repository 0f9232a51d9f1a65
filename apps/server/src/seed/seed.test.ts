import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { agentPaymentDetails, ledgerAccounts, ledgerTransfers, matches, paymentRequests, races, users } from '../db/schema/index.ts';
import { DAY_MS } from '@exchange/contracts';
import { checkLedger } from '../services/money/index.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { refreshFixtures, SPORT_ID } from '../feed/index.ts';
import { seed } from './index.ts';

describeEachDatabase('seed', (ctx) => {
  const counts = async () => {
    const db = ctx().db;
    const n = async (
      table: typeof users | typeof ledgerTransfers | typeof matches | typeof races | typeof ledgerAccounts | typeof paymentRequests | typeof agentPaymentDetails,
    ) => (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      users: await n(users),
      transfers: await n(ledgerTransfers),
      matches: await n(matches),
      races: await n(races),
      accounts: await n(ledgerAccounts),
      payments: await n(paymentRequests),
      paymentDetails: await n(agentPaymentDetails),
    };
  };

  it('is idempotent: seeding again adds and moves nothing', async () => {
    const before = await counts();
    expect(before.users).toBe(5);
    expect(before.accounts).toBe(7); // five users, the world and the payout account (demo3's pending withdrawal)
    await seed(ctx().db, ctx().now());
    expect(await counts()).toEqual(before);
    expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });

  it('gives agent1 a UPI id and a bank account, and demo3 one approved deposit and one pending withdrawal (held)', async () => {
    const agent1 = await ctx().login('agent1');
    const demo3 = await ctx().login('demo3');
    const got = await ctx().call('paymentGetMethods', undefined, demo3);
    expect(got.statusCode, JSON.stringify(got.json)).toBe(200);
    const methods = got.json.data.methods;
    expect(methods).toMatchObject([
      { method: 'UPI', upi_id: 'agent1pay@okaxis' },
      { method: 'BANK', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank' },
    ]);
    const mine = await ctx().call('paymentGetPaymentStatement', { from_date: '2020-01-01', to_date: '2099-12-31' }, demo3);
    expect(mine.json.data.rows).toMatchObject([
      { kind: 'WITHDRAW', status: 'PENDING', amount: 5000, method: 'BANK', account_number: '123456789012', ifsc: 'SBIN0005678' },
      { kind: 'DEPOSIT', status: 'APPROVED', amount: 5000, utr: '412345678901' },
    ]);
    // 1,00,000 chips + 5,000 deposited - 5,000 held.
    expect((await ctx().call('getUserBalance', undefined, demo3)).json.data).toMatchObject({ total_balance: 100_000, available_balance: 100_000 });
    const inbox = await ctx().call('agentGetPaymentRequests', { status: 'PENDING' }, agent1);
    expect(inbox.json.data.rows).toMatchObject([{ user_name: 'demo3', kind: 'WITHDRAW', amount: 5000 }]);
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
