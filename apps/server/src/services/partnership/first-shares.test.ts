/**
 * A level's `pnl` account is opened by the first result split to it (ADR 48), inside that
 * result's transaction. On PostgreSQL a second transaction opening the same account waits for
 * the first to end, so the opening must come where every path takes its locks in one order:
 * after the chips accounts. Here a casino credit of a bettor holds its chips account while a
 * settlement of a market it bet on opens its agent's pnl account: both must go through, neither
 * a deadlock. The interleaving is forced with a lock held on the casino account (PGlite has one
 * connection: nothing interleaves there, and the test only runs on PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { queryRows } from '../../db/client.ts';
import { firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, launchedGame, pnlOf, rootId, setTerms, userUnder } from '../../test/partnership.ts';
import { BettingService } from '../betting/index.ts';
import { CasinoWallet } from '../casino/index.ts';
import { checkLedger } from '../money/index.ts';

const GAME = 'imlive1001';

describeEachDatabase('opening the levels’ pnl accounts under concurrency (ADR 48)', (ctx) => {
  it("settles a market while a casino credit of one of its bettors holds the bettor's chips: both go through", async () => {
    if (ctx().kind !== 'postgres') return;
    const { db, now } = ctx();
    const betting = new BettingService(db, now);
    const wallet = new CasinoWallet(db, 'first-shares');
    const root = await rootId(db);
    // A new agent: its pnl account does not exist yet.
    const agent = await userUnder(db, 'fsagent', root, 'agent', now());
    await setTerms(db, agent, { partnershipBp: 5_000 }, new Date(now().getTime() - 60_000));
    const bettor = await userUnder(db, 'fsbettor', agent, 'user', now());
    await fund(db, bettor, 1_000_000, now());
    const { matchId } = await firstMatchOf(db, SPORT.CRICKET);
    const [market] = await betting.createMarkets([
      {
        matchId,
        kind: 'BOOKMAKER',
        marketType: 'BOOKMAKER',
        name: 'first shares',
        inPlay: false,
        runners: [
          { name: 'Home', backRate: 100, layRate: 105 },
          { name: 'Away', backRate: 100, layRate: 105 },
        ],
      },
    ]);
    await betting.placeMarketBet(bettor, {
      market_id: market!,
      selection_id: 1,
      is_back: 1,
      odds: 100,
      stake: 100,
    });
    const token = await launchedGame(db, bettor, GAME, now());
    const base = { token, userId: bettor, gameCode: GAME, roundId: 'fs1' };
    const bet = {
      betId: 'fs1',
      option: 'playerA',
      optionName: 'Player A',
      odds: 1.98,
      stake: 100,
      gamename: 'TP T20',
    };
    expect(
      await wallet.debit({ ...base, transactionId: 'fs-d', amount: 100, maxPayout: 198, bet }, now()),
    ).toMatchObject({ status: 'OK' });
    expect(await pnlOf(db, agent)).toBe(0);

    const waiting = async (n: number) => {
      for (;;) {
        const [row] = await queryRows<{ n: string | number }>(
          db,
          sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(row!.n) >= n) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    // Another transaction holds the casino account: the credit locks the bettor's chips, then waits.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let locked = () => {};
    const holding = new Promise<void>((r) => (locked = r));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select id from ledger_accounts where kind = 'casino' for update`);
      locked();
      await held;
    });
    await holding;
    const credit = wallet.credit(
      {
        ...base,
        transactionId: 'fs-c',
        amount: 198,
        referenceTransactionId: 'fs-d',
        bet,
        result: { winner: 'Player A', outcome: 'won', payout: 198, cards: [] },
      },
      now(),
    );
    await waiting(1);
    // The settlement needs the bettor's chips too: it waits for the credit.
    const settled = betting.declareResult(market!, { winnerIds: [2] });
    await waiting(2);
    release();
    const [creditAnswer, settlement] = await Promise.allSettled([credit, settled, holder]);
    expect({
      credit: creditAnswer.status,
      settlement: settlement.status,
      why: [creditAnswer, settlement].flatMap((r) =>
        r.status === 'rejected'
          ? [
              `${(r.reason as { cause?: { code?: string } }).cause?.code ?? ''} ${String(r.reason).slice(0, 200)}`,
            ]
          : [],
      ),
    }).toEqual({
      credit: 'fulfilled',
      settlement: 'fulfilled',
      why: [],
    });
    expect(creditAnswer.status === 'fulfilled' && creditAnswer.value.status).toBe('OK');
    // The agent's half of the casino win (-49) and of the market loss (+50).
    expect(await pnlOf(db, agent)).toBe(-4_900 + 5_000);
    expect(await checkLedger(db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });
});
