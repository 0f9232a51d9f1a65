/**
 * The group commit's writer lets no error pass unseen (ADR 45): a commit that lost a race to
 * another transaction (here a unique violation) writes nothing and hands its bets back to be
 * placed alone; any other failure (here a foreign key) reaches the caller. Either way nothing of
 * the commit is written.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { queryRows } from '../../db/client.ts';
import { markets, orders } from '../../db/schema/index.ts';
import { firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { BettingService } from '../betting/index.ts';
import { createUser } from '../users.ts';
import { accountOfUser, transfer, worldAccount, writeBetBatches, type BetPlan } from './index.ts';

describeEachDatabase('the group commit writer', (ctx) => {
  /** Two exchange backs of one user resting on a new market, as the plans of one commit. */
  async function commitOfTwo(userName: string): Promise<{ marketId: number; version: number; plans: BetPlan[]; ordersBefore: number }> {
    const { db, now } = ctx();
    const betting = new BettingService(db, now);
    const { matchId } = await firstMatchOf(db, SPORT.CRICKET);
    const [marketId] = await betting.createMarkets([
      { matchId, kind: 'EXCHANGE', marketType: 'MATCH_ODDS', name: userName, inPlay: false, runners: [{ name: 'A' }, { name: 'B' }] },
    ]);
    const user = await createUser(db, { userName, passwordHash: 'x', role: 'user', parentId: null }, now());
    const account = await accountOfUser(db, user.id);
    await transfer(db, { idempotencyKey: `bb:${user.id}`, debitAccountId: (await worldAccount(db)).id, creditAccountId: account.id, amountPaise: 1_000_000, reason: 'DEPOSIT', remark: 'test' }, now());
    const [market] = await db.select({ version: markets.version }).from(markets).where(eq(markets.id, marketId!));
    const ids = await queryRows<{ id: string }>(db, sql`select nextval('orders_id_seq') as id from generate_series(1, 2)`);
    const plans = [0, 1].map((i): BetPlan => ({
      marketId: marketId!,
      // Each bet of a market's group expects the version the bet before it left.
      expectVersion: market!.version + i,
      order: {
        id: Number(ids[i]!.id),
        userId: user.id,
        marketId: marketId!,
        selectionId: 1,
        kind: 'EXCHANGE',
        side: 'BACK',
        price: 300,
        line: null,
        sizePaise: 10_000,
        matchedPaise: 0,
        matchedValue: 0,
        cancelledPaise: 0,
        persistence: 'PERSIST',
        status: 'OPEN',
        clientRef: null,
        requestKey: `k${i}`,
        bookSeq: market!.version + i + 1,
        placedAt: now(),
        initialMatchedPaise: 0,
        initialMatchedValue: 0,
      },
      fills: [],
      makers: [],
      exposures: [{ userId: user.id, accountId: account.id, beforePaise: i * 10_000, afterPaise: (i + 1) * 10_000 }],
      at: now(),
    }));
    const [{ n }] = (await queryRows<{ n: string }>(db, sql`select count(*) as n from orders`)) as [{ n: string }];
    return { marketId: marketId!, version: market!.version, plans, ordersBefore: Number(n) };
  }

  async function nothingWritten({ marketId, version, ordersBefore }: { marketId: number; version: number; ordersBefore: number }) {
    const [{ n }] = (await queryRows<{ n: string }>(ctx().db, sql`select count(*) as n from orders`)) as [{ n: string }];
    expect(Number(n)).toBe(ordersBefore);
    const [row] = await ctx().db.select({ version: markets.version }).from(markets).where(eq(markets.id, marketId));
    expect(row!.version).toBe(version);
  }

  it('hands back a commit that lost a race (a unique violation): nothing written, its bets to be placed alone', async () => {
    const commit = await commitOfTwo('bb-race');
    const { plans } = commit;
    // Another transaction took the second bet's key first: the commit's insert meets it.
    await ctx().db.insert(orders).values({ ...plans[1]!.order, requestKey: 'the other one' });
    expect(await writeBetBatches(ctx().db, [plans])).toBeUndefined();
    await nothingWritten({ ...commit, ordersBefore: commit.ordersBefore + 1 });
  });

  it('lets any other failure through (a foreign key): nothing written', async () => {
    const commit = await commitOfTwo('bb-broken');
    const { plans } = commit;
    plans[1]!.order.userId = 2_000_000_000; // no such user
    await expect(writeBetBatches(ctx().db, [plans])).rejects.toThrow();
    await nothingWritten(commit);
  });
});
