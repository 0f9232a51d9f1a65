/**
 * The issue's worked examples of the split (ADR 48), in the ledger, on both engines: the tree
 * root -> master (90%) -> agent (80%) -> bettor shares a bettor's result 10 / 10 / 80; the
 * bettor's commission is paid to its chips and borne in the same shares; a market's split keeps
 * the figures of the bettor's first bet there; a rollback reverses all of it; a casino bet is
 * split at its credit. Figures are written as `account_terms` rows with the instant each took
 * effect (the agent calls that set them are tested with their routes).
 */
import { SPORT } from '@exchange/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { casinoTransactions, ledgerTransfers } from '../../db/schema/index.ts';
import { firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  fund,
  launchedGame,
  partnershipBalances,
  pnlOf,
  rootId,
  setTerms,
  splitRows,
  userUnder,
  type TermsChange,
} from '../../test/partnership.ts';
import { BettingService } from '../betting/index.ts';
import { CasinoWallet } from '../casino/index.ts';
import { accountOfUser, checkLedger } from '../money/index.ts';
import { accountStatement } from '../statement.ts';

const HOUR = 3_600_000;
const LIMITS = { minStakePaise: 100, maxStakePaise: 100_000_000, maxProfitPaise: 1e12 };

describeEachDatabase('the split of a result over the tree (ADR 48)', (ctx) => {
  let betting: BettingService;
  let matchId: number;
  let root: number;
  let serial = 0;

  beforeAll(async () => {
    betting = new BettingService(ctx().db, ctx().now);
    matchId = (await firstMatchOf(ctx().db, SPORT.CRICKET)).matchId;
    root = await rootId(ctx().db);
  });

  afterEach(async () => {
    expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });

  /** root -> master (90%) -> agent (80%) -> bettor, the figures in force from an hour ago; the bettor holds ₹1,00,000. */
  async function issueTree(bettorTerms: TermsChange = {}) {
    const { db, now } = ctx();
    const n = ++serial;
    const master = await userUnder(db, `pmaster${n}`, root, 'agent', now());
    const agent = await userUnder(db, `pagent${n}`, master, 'agent', now());
    const bettor = await userUnder(db, `pbettor${n}`, agent, 'user', now());
    const from = new Date(now().getTime() - HOUR);
    await setTerms(db, master, { partnershipBp: 9_000 }, from);
    await setTerms(db, agent, { partnershipBp: 8_000 }, from);
    await setTerms(db, bettor, bettorTerms, from);
    await fund(db, bettor, 10_000_000, now());
    return { master, agent, bettor };
  }

  /** A bookmaker market (Home, Away) at a back rate of 100: a back of 1,000 wins or loses 1,000. */
  async function bookmaker(): Promise<number> {
    const [id] = await betting.createMarkets([
      {
        matchId,
        kind: 'BOOKMAKER',
        marketType: 'BOOKMAKER',
        name: `Bookmaker ${++serial}`,
        inPlay: false,
        ...LIMITS,
        runners: [
          { name: 'Home', backRate: 100, layRate: 105 },
          { name: 'Away', backRate: 100, layRate: 105 },
        ],
      },
    ]);
    return id!;
  }

  const backHome = (userId: number, marketId: number, stake: number) =>
    betting.placeMarketBet(userId, { market_id: marketId, selection_id: 1, is_back: 1, odds: 100, stake });

  /** A fancy market: NO below 40, YES at 41 and over, both at a rate of 100. */
  async function fancy(): Promise<number> {
    const [id] = await betting.createMarkets([
      {
        matchId,
        kind: 'FANCY',
        marketType: 'FANCY',
        name: `Fancy ${++serial}`,
        inPlay: false,
        ...LIMITS,
        fancy: { noLine: 40, noRate: 100, yesLine: 41, yesRate: 100 },
      },
    ]);
    return id!;
  }

  /** What the root's pnl account moves by in `body`: it holds the shares of every test's results. */
  async function rootMove(body: () => Promise<void>): Promise<number> {
    const before = await pnlOf(ctx().db, root);
    await body();
    return (await pnlOf(ctx().db, root)) - before;
  }

  /** The commission paid to a bettor as its statement lists it, newest first: the amount and the type. */
  async function rebatesOn(bettor: number) {
    const statement = await accountStatement(ctx().db, {
      accountId: (await accountOfUser(ctx().db, bettor)).id,
      fromDay: '2020-01-01',
      toDay: '2099-12-31',
      type: 'all',
      page: 1,
      limit: 10,
    });
    return statement.rows
      .filter((r) => r.remark.endsWith('— commission'))
      .map((r) => ({ credit: r.credit, type: r.type }));
  }

  /** The rows of a result as (level, depth, share, P&L share, commission share), bettor by bettor. */
  const rowsOf = async (source: 'MARKET' | 'CASINO', id: number, version?: number) =>
    (await splitRows(ctx().db, source, id, version)).map((r) => ({
      bettor: r.userId,
      level: r.levelUserId,
      depth: r.depth,
      shareBp: r.shareBp,
      pnl: r.pnlSharePaise,
      commission: r.commissionSharePaise,
      rolledBack: r.rolledBackAt !== null,
    }));

  it('splits a loss of 1,000 on a bookmaker market: the agent wins 800, the master 100, the root 100', async () => {
    const { master, agent, bettor } = await issueTree();
    const market = await bookmaker();
    await backHome(bettor, market, 1_000);
    const rootWon = await rootMove(async () => {
      await betting.declareResult(market, { winnerIds: [2] });
    });
    expect({
      agent: await pnlOf(ctx().db, agent),
      master: await pnlOf(ctx().db, master),
      root: rootWon,
    }).toEqual({ agent: 80_000, master: 10_000, root: 10_000 });
    expect(await rowsOf('MARKET', market)).toEqual([
      { bettor, level: root, depth: 0, shareBp: 1_000, pnl: 10_000, commission: 0, rolledBack: false },
      { bettor, level: master, depth: 1, shareBp: 1_000, pnl: 10_000, commission: 0, rolledBack: false },
      { bettor, level: agent, depth: 2, shareBp: 8_000, pnl: 80_000, commission: 0, rolledBack: false },
    ]);
    // The bettor's own chips moved by the loss alone: the shares move no chips.
    expect((await accountOfUser(ctx().db, bettor)).balancePaise).toBe(10_000_000 - 100_000);
  });

  it('bears a win of 1,000 in the same shares: -800, -100, -100', async () => {
    const { master, agent, bettor } = await issueTree();
    const market = await bookmaker();
    await backHome(bettor, market, 1_000);
    const rootWon = await rootMove(async () => {
      await betting.declareResult(market, { winnerIds: [1] });
    });
    expect({
      agent: await pnlOf(ctx().db, agent),
      master: await pnlOf(ctx().db, master),
      root: rootWon,
    }).toEqual({ agent: -80_000, master: -10_000, root: -10_000 });
    expect((await rowsOf('MARKET', market)).map((r) => r.pnl)).toEqual([-10_000, -10_000, -80_000]);
    expect((await accountOfUser(ctx().db, bettor)).balancePaise).toBe(10_000_000 + 100_000);
  });

  it('pays match 2% on a match-odds loss of 1,000 and session 1% on 5,000 of fancy stakes lost 500: 70 to the bettor, borne 7 / 7 / 56', async () => {
    const { db, now } = ctx();
    const { master, agent, bettor } = await issueTree({ matchBp: 200, sessionBp: 100 });
    // The exchange needs a counterparty: a bettor of the root's, who keeps the whole of its result.
    const layer = await userUnder(db, `player${++serial}`, root, 'user', now());
    await fund(db, layer, 10_000_000, now());
    const [matchOdds] = await betting.createMarkets([
      {
        matchId,
        kind: 'EXCHANGE',
        marketType: 'MATCH_ODDS',
        name: `Match Odds ${serial}`,
        inPlay: false,
        ...LIMITS,
        runners: [{ name: 'Home' }, { name: 'Away' }],
      },
    ]);
    await betting.placeMarketBet(layer, {
      market_id: matchOdds!,
      selection_id: 1,
      is_back: 0,
      odds: 2,
      stake: 1_000,
      persistence: 'PERSIST',
    });
    expect(
      (
        await betting.placeMarketBet(bettor, {
          market_id: matchOdds!,
          selection_id: 1,
          is_back: 1,
          odds: 2,
          stake: 1_000,
        })
      ).unmatched_stake,
    ).toBe(0);
    const session = await fancy();
    // YES 2,250 wins 2,250 and NO 2,750 loses 2,750 at 45 runs: 500 lost over 5,000 of stakes.
    await betting.placeFancyBet(bettor, { fancy_id: session, is_back: 1, run: 41, rate: 100, stake: 2_250 });
    await betting.placeFancyBet(bettor, { fancy_id: session, is_back: 0, run: 40, rate: 100, stake: 2_750 });
    const chipsBefore = (await accountOfUser(db, bettor)).balancePaise;

    const rootWon = await rootMove(async () => {
      await betting.declareResult(matchOdds!, { winnerIds: [2] });
      await betting.declareResult(session, { runs: 45 });
    });

    // The bettor lost 1,000 + 500 and was paid 20 + 50 back.
    expect((await accountOfUser(db, bettor)).balancePaise - chipsBefore).toBe(-150_000 + 7_000);
    expect(await rebatesOn(bettor)).toEqual([
      { credit: 50, type: 'sports' },
      { credit: 20, type: 'sports' },
    ]);

    const ours = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
      rows.filter((r) => r.bettor === bettor).map((r) => [r.pnl, r.commission]);
    expect(ours(await rowsOf('MARKET', matchOdds!))).toEqual([
      [10_000, 200],
      [10_000, 200],
      [80_000, 1_600],
    ]);
    expect(ours(await rowsOf('MARKET', session))).toEqual([
      [5_000, 500],
      [5_000, 500],
      [40_000, 4_000],
    ]);
    // Each level: its share of 1,500 lost, less its share of the 70 (7 / 7 / 56). The root also
    // bore all of the layer's win of 1,000, less the exchange's 2% commission on it.
    expect({ agent: await pnlOf(db, agent), master: await pnlOf(db, master), root: rootWon }).toEqual({
      agent: 120_000 - 5_600,
      master: 15_000 - 700,
      root: 15_000 - 700 - 98_000,
    });
    expect((await rowsOf('MARKET', matchOdds!)).filter((r) => r.bettor === layer)).toEqual([
      {
        bettor: layer,
        level: root,
        depth: 0,
        shareBp: 10_000,
        pnl: -98_000,
        commission: 0,
        rolledBack: false,
      },
    ]);
  });

  it("keeps a market's split at the figures of the bettor's first bet there; a market first bet on after a change takes the new figure", async () => {
    const { db, now, advanceClock } = ctx();
    const { master, agent, bettor } = await issueTree();
    const before = await bookmaker();
    const after = await bookmaker();
    await backHome(bettor, before, 1_000);
    advanceClock(60_000);
    // The master gives the agent 50% from now on: the master keeps 40%.
    await setTerms(db, agent, { partnershipBp: 5_000 }, now());
    advanceClock(60_000);
    // A second bet on the first market after the change: still the first bet's figures.
    await backHome(bettor, before, 1_000);
    await backHome(bettor, after, 1_000);
    await betting.declareResult(before, { winnerIds: [2] });
    await betting.declareResult(after, { winnerIds: [2] });
    expect((await rowsOf('MARKET', before)).map((r) => [r.shareBp, r.pnl])).toEqual([
      [1_000, 20_000],
      [1_000, 20_000],
      [8_000, 160_000],
    ]);
    expect((await rowsOf('MARKET', after)).map((r) => [r.shareBp, r.pnl])).toEqual([
      [1_000, 10_000],
      [4_000, 40_000],
      [5_000, 50_000],
    ]);
    expect({ agent: await pnlOf(db, agent), master: await pnlOf(db, master) }).toEqual({
      agent: 210_000,
      master: 60_000,
    });
  });

  it('reverses every share and rebate posting on a rollback, and the next declaration posts the new split', async () => {
    const { db } = ctx();
    const { master, agent, bettor } = await issueTree({ sessionBp: 100 });
    const session = await fancy();
    await betting.placeFancyBet(bettor, { fancy_id: session, is_back: 1, run: 41, rate: 100, stake: 1_000 });
    const start = await partnershipBalances(db);
    const chips = (await accountOfUser(db, bettor)).balancePaise;

    // 45 runs: YES wins 1,000; the bettor is paid 1% of 1,000 of stakes.
    await betting.declareResult(session, { runs: 45 });
    expect({ agent: await pnlOf(db, agent), master: await pnlOf(db, master) }).toEqual({
      agent: -80_000 - 800,
      master: -10_000 - 100,
    });
    expect((await accountOfUser(db, bettor)).balancePaise - chips).toBe(100_000 + 1_000);

    await betting.rollbackResult(session);
    // Every pnl account back where it was (the master's and agent's were opened by the declaration).
    const rolledBack = await partnershipBalances(db);
    expect(rolledBack.shares).toBe(start.shares);
    for (const [level, balance] of rolledBack.pnl)
      expect({ level, balance }).toEqual({ level, balance: start.pnl.get(level) ?? 0 });
    expect((await accountOfUser(db, bettor)).balancePaise).toBe(chips);
    expect((await rowsOf('MARKET', session, 1)).map((r) => r.rolledBack)).toEqual([true, true, true]);
    // Each posting of version 1 reversed once: 3 shares, 3 parts of the commission, the rebate.
    const reversals = await db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(
        and(
          like(ledgerTransfers.idempotencyKey, `rollback:%:${session}:1:%`),
          eq(ledgerTransfers.reason, 'SETTLEMENT_ROLLBACK'),
        ),
      );
    expect(reversals.map((r) => r.key.split(':')[1]).sort()).toEqual([
      'rebate',
      'rebateshare',
      'rebateshare',
      'rebateshare',
      'settle',
      'share',
      'share',
      'share',
    ]);

    // Declared again at 30 runs: YES loses 1,000; the commission is paid again on the stakes.
    await betting.declareResult(session, { runs: 30 });
    expect((await rowsOf('MARKET', session, 2)).map((r) => [r.pnl, r.commission, r.rolledBack])).toEqual([
      [10_000, 100, false],
      [10_000, 100, false],
      [80_000, 800, false],
    ]);
    expect({ agent: await pnlOf(db, agent), master: await pnlOf(db, master) }).toEqual({
      agent: 80_000 - 800,
      master: 10_000 - 100,
    });
  });

  it('pays no commission on a void market: the stakes come back, nothing was won or lost', async () => {
    const { db } = ctx();
    const { master, agent, bettor } = await issueTree({ matchBp: 200, sessionBp: 100 });
    const session = await fancy();
    const market = await bookmaker();
    await betting.placeFancyBet(bettor, { fancy_id: session, is_back: 1, run: 41, rate: 100, stake: 1_000 });
    await backHome(bettor, market, 1_000);
    const chips = (await accountOfUser(db, bettor)).balancePaise;
    await betting.voidMarket(session);
    await betting.voidMarket(market);
    expect((await accountOfUser(db, bettor)).balancePaise).toBe(chips);
    expect((await rowsOf('MARKET', session)).map((r) => [r.pnl, r.commission])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect({ agent: await pnlOf(db, agent), master: await pnlOf(db, master) }).toEqual({
      agent: 0,
      master: 0,
    });
  });

  describe('a casino bet', () => {
    const GAME = 'imlive1001';
    const bet = (betId: string, stake: number) => ({
      betId,
      option: 'playerA',
      optionName: 'Player A',
      odds: 1.98,
      stake,
      gamename: 'TP T20',
    });

    it('is split at its credit: a lost bet of 1,000 posts 800 / 100 / 100 and pays the casino commission', async () => {
      const { db, now } = ctx();
      const wallet = new CasinoWallet(db, 'partnership-test');
      const { master, agent, bettor } = await issueTree({ casinoBp: 150 });
      const token = await launchedGame(db, bettor, GAME, now());
      const base = { token, userId: bettor, gameCode: GAME, roundId: `r${serial}` };
      const debit = await wallet.debit(
        {
          ...base,
          transactionId: `d${serial}`,
          amount: 1_000,
          maxPayout: 1_980,
          bet: bet(`b${serial}`, 1_000),
        },
        now(),
      );
      expect(debit.status).toBe('OK');
      const rootWon = await rootMove(async () => {
        const credit = await wallet.credit(
          {
            ...base,
            transactionId: `c${serial}`,
            amount: 0,
            referenceTransactionId: `d${serial}`,
            bet: bet(`b${serial}`, 1_000),
            result: { winner: 'Player B', outcome: 'lost', payout: 0, cards: [] },
          },
          now(),
        );
        // The answer's balance has the commission in it: 1.5% of 1,000.
        expect(credit).toMatchObject({ status: 'OK', balance: 100_000 - 1_000 + 15 });
      });
      expect((await accountOfUser(db, bettor)).balancePaise).toBe(10_000_000 - 100_000 + 1_500);
      // The bettor's statement lists the rebate with the casino's rows, not with sports.
      expect(await rebatesOn(bettor)).toEqual([{ credit: 15, type: 'casino' }]);
      expect({ agent: await pnlOf(db, agent), master: await pnlOf(db, master), root: rootWon }).toEqual({
        agent: 80_000 - 1_200,
        master: 10_000 - 150,
        root: 10_000 - 150,
      });
      // One row per level, keyed by the debit's row.
      const [debitRow] = await db
        .select({ id: casinoTransactions.id })
        .from(casinoTransactions)
        .where(eq(casinoTransactions.transactionId, `d${serial}`));
      expect((await rowsOf('CASINO', debitRow!.id)).map((r) => [r.level, r.pnl, r.commission])).toEqual([
        [root, 10_000, 150],
        [master, 10_000, 150],
        [agent, 80_000, 1_200],
      ]);
    });
  });
});
