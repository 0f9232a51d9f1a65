/**
 * The split proven over random trees (ADR 48): trees of agents 1 to 4 deep under the root, each
 * agent's partnership at most its parent's, bettors anywhere in them with random commission
 * rates; random bookmaker and fancy markets (the house is the counterparty) declared, some rolled
 * back and declared again, some void; random casino bets; figures changed between bets. After
 * each result, against a model of the tree written here:
 *
 * - every posting balances and every balance equals its postings (checkLedger);
 * - per result and bettor: the levels are the bettor's chain with the shares of the figures in
 *   force at its first bet there (a change after it does not move the split); their P&L shares
 *   add up to minus the bettor's P&L as the ledger posted it, to the paisa; every level above the
 *   bettor's agent takes its percentage rounded toward zero (so within a paisa of it) and the
 *   agent the rest; the commission is the rate's, rounded down, paid to the bettor, and its shares
 *   add up to it the same way;
 * - the postings are the rows: one share and one commission transfer per level, one rebate per bettor;
 * - in ledger terms, "the shares posted equal the bettors' P&L": the `shares` account holds the
 *   sum of the bettors' P&L on every result standing (the settlement and casino postings), and
 *   the levels' `pnl` accounts hold minus that, less the commissions paid (pnl + shares + rebates = 0);
 * - a rollback puts every pnl account, the shares account and the bettors' chips back exactly.
 *
 * Runs: PARTNERSHIP_RUNS (default 15; the issue's acceptance ran 300).
 */
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { queryRows } from '../../db/client.ts';
import { casinoTransactions, ledgerTransfers, settlementResults } from '../../db/schema/index.ts';
import { firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  fund,
  launchedGame,
  partnershipBalances,
  rootId,
  setTerms,
  splitRows,
  userUnder,
} from '../../test/partnership.ts';
import { BettingService } from '../betting/index.ts';
import { CasinoWallet } from '../casino/index.ts';
import { accountOfUser, checkLedger } from '../money/index.ts';

const RUNS = Number(process.env.PARTNERSHIP_RUNS ?? 15);
const FULL = 10_000;
const GAME = 'imlive1001';
const LIMITS = { minStakePaise: 100, maxStakePaise: 100_000_000, maxProfitPaise: 1e12 };

// ---- what a run is made of --------------------------------------------------------------------

/** A fraction of a range in basis points: the ends come up often (0%, all the parent holds). */
const fractionArb = fc.oneof(
  fc.constant(0),
  fc.constant(FULL),
  fc.integer({ min: 0, max: FULL }),
  fc.integer({ min: 0, max: FULL }),
);
const ratesArb = fc.record({
  matchBp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
  sessionBp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300 })),
  casinoBp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
});
type Rates = { matchBp: number; sessionBp: number; casinoBp: number };
/** Stakes in paise: whole rupees mostly, odd paise sometimes. */
const stakeArb = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map((r) => r * 10_000),
  fc.integer({ min: 100, max: 500_000 }),
);
/** A change of figures between two bets: an agent's partnership (within what its parent and children allow) and a bettor's rates. */
const changeArb = fc.record({
  agentPick: fc.nat(),
  fraction: fractionArb,
  bettorPick: fc.nat(),
  rates: fc.option(ratesArb),
});

const marketArb = fc.record({
  kind: fc.constantFrom('BOOKMAKER' as const, 'FANCY' as const),
  /** Bookmaker: the back rate (lay 5 more); fancy: the NO line (YES one more). */
  rate: fc.integer({ min: 10, max: 150 }),
  line: fc.integer({ min: 20, max: 60 }),
  noRate: fc.integer({ min: 70, max: 130 }),
  yesRate: fc.integer({ min: 70, max: 130 }),
  bets: fc.array(
    fc.record({
      bettorPick: fc.nat(),
      back: fc.boolean(),
      selection: fc.constantFrom(1, 2),
      stakePaise: stakeArb,
    }),
    { minLength: 1, maxLength: 6 },
  ),
  change: fc.option(fc.record({ beforeBet: fc.nat(), what: changeArb })),
  result: fc.record({
    void: fc.oneof(fc.constant(false), fc.constant(false), fc.constant(false), fc.constant(true)),
    winner: fc.constantFrom(1, 2),
    runsOff: fc.integer({ min: -3, max: 4 }),
  }),
  /** Rolled back, then declared again with this result (figures may change in between). */
  rollback: fc.option(
    fc.record({
      change: fc.option(changeArb),
      result: fc.record({
        void: fc.boolean(),
        winner: fc.constantFrom(1, 2),
        runsOff: fc.integer({ min: -3, max: 4 }),
      }),
    }),
  ),
});
const casinoArb = fc.record({
  kind: fc.constant('CASINO' as const),
  bettorPick: fc.nat(),
  amountPaise: fc.oneof(
    fc.integer({ min: 1, max: 500 }).map((r) => r * 100),
    fc.integer({ min: 100, max: 500_000 }),
  ),
  /** What comes back: nothing, the stake (a push), the most it can pay, or anything in between. */
  payout: fc.oneof(
    fc.constant('lost' as const),
    fc.constant('push' as const),
    fc.constant('max' as const),
    fc.integer({ min: 0, max: FULL }),
  ),
  changeBeforeCredit: fc.option(changeArb),
});
const runArb = fc.record({
  /** `deep`: under the newest agent that has room (chains come out deep), else any. */
  agents: fc.array(fc.record({ parentPick: fc.nat(), deep: fc.boolean(), fraction: fractionArb }), {
    minLength: 1,
    maxLength: 6,
  }),
  bettors: fc.array(fc.record({ parentPick: fc.nat(), rates: ratesArb }), { minLength: 1, maxLength: 4 }),
  events: fc.array(fc.oneof({ weight: 3, arbitrary: marketArb }, { weight: 2, arbitrary: casinoArb }), {
    minLength: 1,
    maxLength: 4,
  }),
});
type MarketEvent = typeof marketArb extends fc.Arbitrary<infer T> ? T : never;
type Change = typeof changeArb extends fc.Arbitrary<infer T> ? T : never;
type Result = MarketEvent['result'];

// ---- the model ---------------------------------------------------------------------------------

interface ModelAgent {
  id: number;
  /** Its parent agent's index, or -1 for the root. */
  parent: number;
  depth: number;
  figure: number;
}
interface ModelBettor {
  id: number;
  /** Its agent's index, or -1 for the root's own bettor. */
  parent: number;
  rates: Rates;
  walletToken?: string;
}
/** A level of a bettor's chain, root first, with its figure (the root's is 100%). */
type Chain = { userId: number; figure: number }[];
/** What a bettor's result is split by: the chain and its rates when it first bet there. */
interface Frozen {
  chain: Chain;
  rates: Rates;
}

/** The split the ADR states, computed here from the figures: root first, the agent takes the rest. */
function expectedSplit(amount: number, chain: Chain): { userId: number; shareBp: number; part: number }[] {
  const shares = chain.map((l, i) => (i === chain.length - 1 ? l.figure : l.figure - chain[i + 1]!.figure));
  const parts = shares.map((s) => Math.trunc((amount * s) / FULL));
  parts[parts.length - 1] = amount - parts.slice(0, -1).reduce((a, b) => a + b, 0);
  return chain.map((l, i) => ({ userId: l.userId, shareBp: shares[i]!, part: parts[i]! + 0 }));
}

describeEachDatabase('the split over random trees (ADR 48)', (ctx) => {
  it(
    `posts every result's split exactly as the model says, balances the ledger and reverses on rollback (${RUNS} runs)`,
    async () => {
      const { db, now, advanceClock } = ctx();
      const betting = new BettingService(db, now);
      const wallet = new CasinoWallet(db, 'split-property');
      const { matchId } = await firstMatchOf(db, SPORT.CRICKET);
      const root = await rootId(db);
      let serial = 0;
      const figures = {
        results: 0,
        rows: 0,
        rollbacks: 0,
        changes: 0,
        kept: 0,
        casino: 0,
        commissions: 0,
        maxDepth: 0,
        depth4: 0,
      };

      await fc.assert(
        fc.asyncProperty(runArb, async (spec) => {
          const run = ++serial;
          const from = new Date(now().getTime() - 3_600_000);

          // --- the tree ---
          const agents: ModelAgent[] = [];
          for (const [i, a] of spec.agents.entries()) {
            // Any agent not 4 deep yet, or the root.
            const parents = [-1, ...agents.flatMap((x, j) => (x.depth < 4 ? [j] : []))];
            const parent = a.deep ? parents.at(-1)! : parents[a.parentPick % parents.length]!;
            const above = parent === -1 ? FULL : agents[parent]!.figure;
            const id = await userUnder(
              db,
              `q${run}a${i}`,
              parent === -1 ? root : agents[parent]!.id,
              'agent',
              now(),
            );
            const figure = Math.floor((above * a.fraction) / FULL);
            await setTerms(db, id, { partnershipBp: figure }, from);
            agents.push({ id, parent, depth: parent === -1 ? 1 : agents[parent]!.depth + 1, figure });
          }
          const bettors: ModelBettor[] = [];
          for (const [i, b] of spec.bettors.entries()) {
            // The root's own bettor one time in eight.
            const parent = b.parentPick % 8 === 0 ? -1 : b.parentPick % agents.length;
            const id = await userUnder(
              db,
              `q${run}b${i}`,
              parent === -1 ? root : agents[parent]!.id,
              'user',
              now(),
            );
            await setTerms(db, id, b.rates, from);
            await fund(db, id, 100_000_000, now());
            bettors.push({ id, parent, rates: b.rates });
          }
          figures.maxDepth = Math.max(figures.maxDepth, ...agents.map((a) => a.depth));
          if (agents.some((a) => a.depth === 4)) figures.depth4++;

          const chainOf = (b: ModelBettor): Chain => {
            const chain: Chain = [];
            for (let i = b.parent; i !== -1; i = agents[i]!.parent)
              chain.unshift({ userId: agents[i]!.id, figure: agents[i]!.figure });
            return [{ userId: root, figure: FULL }, ...chain];
          };
          const freeze = (b: ModelBettor): Frozen => ({ chain: chainOf(b), rates: { ...b.rates } });

          /** A change of figures, taking effect between two instants a minute apart from everything else. */
          const change = async (c: Change) => {
            advanceClock(60_000);
            const at = now();
            const a = c.agentPick % agents.length;
            const agent = agents[a]!;
            const hi = agent.parent === -1 ? FULL : agents[agent.parent]!.figure;
            const lo = Math.max(0, ...agents.filter((x) => x.parent === a).map((x) => x.figure));
            agent.figure = lo + Math.floor(((hi - lo) * c.fraction) / FULL);
            await setTerms(db, agent.id, { partnershipBp: agent.figure }, at);
            if (c.rates) {
              const b = bettors[c.bettorPick % bettors.length]!;
              b.rates = c.rates;
              await setTerms(db, b.id, c.rates, at);
            }
            figures.changes++;
            advanceClock(60_000);
          };

          /**
           * Checks one result against the model: `pnlOf` is each bettor's P&L as the ledger posted
           * it, `commissionOf` the rebate the model expects.
           */
          const checkResult = async (
            source: 'MARKET' | 'CASINO',
            sourceId: number,
            version: number,
            stem: string,
            frozen: Map<number, Frozen>,
            pnlOf: Map<number, number>,
            commissionOf: (bettor: number, pnl: number) => number,
          ) => {
            const rows = (await splitRows(db, source, sourceId, version)).filter(
              (r) => r.rolledBackAt === null,
            );
            const byLevel = new Map<number, { pnl: number; commission: number }>();
            const rebates = new Map<number, number>();
            for (const [bettor, f] of frozen) {
              const pnl = pnlOf.get(bettor)!;
              const commission = commissionOf(bettor, pnl);
              const mine = rows.filter((r) => r.userId === bettor);
              const pnlSplit = expectedSplit(-pnl, f.chain);
              const commissionSplit = expectedSplit(commission, f.chain);
              const facts = { run, source, sourceId, version, bettor, pnl, commission };
              expect({
                ...facts,
                rows: mine.map((r) => [
                  r.levelUserId,
                  r.depth,
                  r.shareBp,
                  r.pnlSharePaise,
                  r.commissionSharePaise,
                ]),
              }).toEqual({
                ...facts,
                rows: pnlSplit.map((l, depth) => [
                  l.userId,
                  depth,
                  l.shareBp,
                  l.part,
                  commissionSplit[depth]!.part,
                ]),
              });
              // The rounding rule, stated: the parts add up, the levels above the agent within a paisa of their percentage.
              expect(mine.reduce((s, r) => s + r.pnlSharePaise, 0)).toBe(-pnl + 0);
              expect(mine.reduce((s, r) => s + r.commissionSharePaise, 0)).toBe(commission);
              for (const r of mine.slice(0, -1)) {
                expect(Math.abs(r.pnlSharePaise - (-pnl * r.shareBp) / FULL)).toBeLessThan(1);
                expect(Math.abs(r.commissionSharePaise - (commission * r.shareBp) / FULL)).toBeLessThan(1);
              }
              for (const r of mine) {
                const sum = byLevel.get(r.levelUserId) ?? { pnl: 0, commission: 0 };
                sum.pnl += r.pnlSharePaise;
                sum.commission += r.commissionSharePaise;
                byLevel.set(r.levelUserId, sum);
              }
              rebates.set(bettor, commission);
              // A split the figures in force now would make differently: kept at the first bet's.
              const current = bettors.find((b) => b.id === bettor)!;
              if (JSON.stringify(freeze(current)) !== JSON.stringify(f)) figures.kept++;
              if (commission > 0) figures.commissions++;
            }
            expect(rows.length).toBe([...frozen.values()].reduce((s, f) => s + f.chain.length, 0));
            figures.results++;
            figures.rows += rows.length;

            // The postings are the rows: per level its share and its part of the commissions, per bettor its rebate.
            const keys = [
              ...[...byLevel.keys()].flatMap((l) => [`share:${stem}:${l}`, `rebateshare:${stem}:${l}`]),
              ...[...frozen.keys()].map((b) => `rebate:${stem}:${b}`),
            ];
            const posted = await db
              .select({
                key: ledgerTransfers.idempotencyKey,
                amount: ledgerTransfers.amountPaise,
                debit: ledgerTransfers.debitAccountId,
                credit: ledgerTransfers.creditAccountId,
              })
              .from(ledgerTransfers)
              .where(inArray(ledgerTransfers.idempotencyKey, keys));
            const byKey = new Map(posted.map((p) => [p.key, p]));
            const sharesAccount = (
              await queryRows<{ id: number }>(db, sql`select id from ledger_accounts where kind = 'shares'`)
            )[0]!.id;
            for (const [level, sum] of byLevel) {
              const share = byKey.get(`share:${stem}:${level}`);
              const signed = share ? (share.debit === sharesAccount ? share.amount : -share.amount) : 0;
              expect({
                level,
                share: signed,
                commission: byKey.get(`rebateshare:${stem}:${level}`)?.amount ?? 0,
              }).toEqual({ level, share: sum.pnl, commission: sum.commission });
            }
            for (const [bettor, rebate] of rebates) {
              const t = byKey.get(`rebate:${stem}:${bettor}`);
              expect({ bettor, rebate: t?.amount ?? 0, to: t ? t.credit : undefined }).toEqual({
                bettor,
                rebate,
                to: rebate > 0 ? (await accountOfUser(db, bettor)).id : undefined,
              });
            }
            expect(posted.length).toBe(
              [...byLevel.values()].filter((s) => s.pnl !== 0).length +
                [...byLevel.values()].filter((s) => s.commission > 0).length +
                [...rebates.values()].filter((r) => r > 0).length,
            );
          };

          // --- the events ---
          let market = 0;
          for (const event of spec.events) {
            if (event.kind === 'CASINO') {
              const b = bettors[event.bettorPick % bettors.length]!;
              b.walletToken ??= await launchedGame(db, b.id, GAME, now());
              const f = freeze(b);
              const id = `q${run}-${++market}`;
              const base = { token: b.walletToken, userId: b.id, gameCode: GAME, roundId: id };
              const amount = event.amountPaise / 100;
              const maxPayoutPaise = Math.floor((event.amountPaise * 198) / 100);
              const bet = {
                betId: id,
                option: 'playerA',
                optionName: 'Player A',
                odds: 1.98,
                stake: amount,
                gamename: 'TP T20',
              };
              expect(
                await wallet.debit(
                  { ...base, transactionId: `d${id}`, amount, maxPayout: maxPayoutPaise / 100, bet },
                  now(),
                ),
              ).toMatchObject({ status: 'OK' });
              // Figures changed after the debit do not move its split.
              if (event.changeBeforeCredit) await change(event.changeBeforeCredit);
              const payoutPaise =
                event.payout === 'lost'
                  ? 0
                  : event.payout === 'push'
                    ? event.amountPaise
                    : event.payout === 'max'
                      ? maxPayoutPaise
                      : Math.floor((maxPayoutPaise * event.payout) / FULL);
              const outcome =
                payoutPaise === 0
                  ? 'lost'
                  : payoutPaise > event.amountPaise
                    ? 'won'
                    : payoutPaise === event.amountPaise
                      ? 'push'
                      : 'partial';
              expect(
                await wallet.credit(
                  {
                    ...base,
                    transactionId: `c${id}`,
                    amount: payoutPaise / 100,
                    referenceTransactionId: `d${id}`,
                    bet,
                    result: { winner: 'Player A', outcome, payout: payoutPaise / 100, cards: [] },
                  },
                  now(),
                ),
              ).toMatchObject({ status: 'OK' });
              const [debit] = await db
                .select()
                .from(casinoTransactions)
                .where(
                  sql`${casinoTransactions.transactionId} = ${`d${id}`} and ${casinoTransactions.providerId} = 'split-property'`,
                );
              const pnl = debit!.returnedPaise! - debit!.amountPaise;
              expect(pnl).toBe(payoutPaise - event.amountPaise);
              await checkResult(
                'CASINO',
                debit!.id,
                0,
                `casino:${debit!.id}`,
                new Map([[b.id, f]]),
                new Map([[b.id, pnl]]),
                () => Math.floor((Math.max(0, -pnl) * f.rates.casinoBp) / FULL),
              );
              figures.casino++;
              await checkBank();
              continue;
            }

            const m = event;
            const [marketId] = await betting.createMarkets([
              m.kind === 'BOOKMAKER'
                ? {
                    matchId,
                    kind: 'BOOKMAKER',
                    marketType: 'BOOKMAKER',
                    name: `q${run} ${++market}`,
                    inPlay: false,
                    ...LIMITS,
                    runners: [1, 2].map((s) => ({ name: `R${s}`, backRate: m.rate, layRate: m.rate + 5 })),
                  }
                : {
                    matchId,
                    kind: 'FANCY',
                    marketType: 'FANCY',
                    name: `q${run} ${++market}`,
                    inPlay: false,
                    ...LIMITS,
                    fancy: { noLine: m.line, noRate: m.noRate, yesLine: m.line + 1, yesRate: m.yesRate },
                  },
            ]);
            const frozen = new Map<number, Frozen>();
            const stakes = new Map<number, number>();
            const changeAt = m.change ? m.change.beforeBet % (m.bets.length + 1) : -1;
            for (const [i, bet] of m.bets.entries()) {
              if (i === changeAt) await change(m.change!.what);
              const b = bettors[bet.bettorPick % bettors.length]!;
              if (!frozen.has(b.id)) frozen.set(b.id, freeze(b));
              stakes.set(b.id, (stakes.get(b.id) ?? 0) + bet.stakePaise);
              const stake = bet.stakePaise / 100;
              if (m.kind === 'BOOKMAKER')
                await betting.placeMarketBet(b.id, {
                  market_id: marketId!,
                  selection_id: bet.selection,
                  is_back: bet.back ? 1 : 0,
                  odds: bet.back ? m.rate : m.rate + 5,
                  stake,
                });
              else
                await betting.placeFancyBet(b.id, {
                  fancy_id: marketId!,
                  is_back: bet.back ? 1 : 0,
                  run: bet.back ? m.line + 1 : m.line,
                  rate: bet.back ? m.yesRate : m.noRate,
                  stake,
                });
            }
            if (changeAt === m.bets.length) await change(m.change!.what);

            const declare = async (result: Result, version: number) => {
              const before = await balances();
              if (result.void) await betting.voidMarket(marketId!);
              else if (m.kind === 'BOOKMAKER')
                await betting.declareResult(marketId!, { winnerIds: [result.winner] });
              else await betting.declareResult(marketId!, { runs: m.line + result.runsOff });
              // The bettor's P&L as posted: its settlement less the house's commission.
              const settled = await db
                .select()
                .from(settlementResults)
                .where(
                  sql`${settlementResults.marketId} = ${marketId} and ${settlementResults.version} = ${version}`,
                );
              expect(settled.map((s) => s.userId).sort()).toEqual([...frozen.keys()].sort());
              const pnl = new Map(settled.map((s) => [s.userId, s.netPnlPaise - s.commissionPaise]));
              await checkResult(
                'MARKET',
                marketId!,
                version,
                `${marketId}:${version}`,
                frozen,
                pnl,
                (bettor, p) => {
                  const rates = frozen.get(bettor)!.rates;
                  if (result.void) return 0;
                  return m.kind === 'BOOKMAKER'
                    ? Math.floor((Math.max(0, -p) * rates.matchBp) / FULL)
                    : Math.floor((stakes.get(bettor)! * rates.sessionBp) / FULL);
                },
              );
              await checkBank();
              return before;
            };
            const before = await declare(m.result, 1);
            if (m.rollback) {
              await betting.rollbackResult(marketId!);
              // Every pnl account, the shares account and the bettors' chips where they were.
              const after = await balances();
              for (const [account, balance] of after)
                expect({ run, account, balance }).toEqual({
                  run,
                  account,
                  balance: before.get(account) ?? 0,
                });
              expect(
                (await splitRows(db, 'MARKET', marketId!, 1)).every((r) => r.rolledBackAt !== null),
              ).toBe(true);
              figures.rollbacks++;
              await checkBank();
              // A change now does not move the split either: it is still the first bets'.
              if (m.rollback.change) await change(m.rollback.change);
              await declare(m.rollback.result, 2);
            }
          }
          betting.forgetAll();
        }),
        { numRuns: RUNS },
      );

      /** The partnership accounts' and the bettors' balances, by ledger account. */
      async function balances(): Promise<Map<number, number>> {
        const rows = await queryRows<{ id: number; balance: string | number }>(
          db,
          sql`select id, balance_paise as balance from ledger_accounts where kind in ('pnl', 'shares', 'user')`,
        );
        return new Map(rows.map((r) => [Number(r.id), Number(r.balance)]));
      }

      /**
       * The ledger as a whole: it balances, and the shares posted equal the bettors' P&L on every
       * result standing, read from the postings of the settlements and casino credits.
       */
      async function checkBank() {
        expect(await checkLedger(db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
        const [{ markets: marketPnl }] = (await queryRows<{ markets: string | number }>(
          db,
          sql`select coalesce(sum(net_pnl_paise - commission_paise), 0) as markets from settlement_results where rolled_back_at is null`,
        )) as [{ markets: string | number }];
        const [{ casino }] = (await queryRows<{ casino: string | number }>(
          db,
          sql`select coalesce(sum(returned_paise - amount_paise), 0) as casino from casino_transactions where kind = 'debit' and bet_state = 'settled'`,
        )) as [{ casino: string | number }];
        const [{ rebates }] = (await queryRows<{ rebates: string | number }>(
          db,
          sql`select coalesce(sum(case when reason in ('AGENT_COMMISSION', 'CASINO_COMMISSION') then amount_paise else -amount_paise end), 0) as rebates
              from ledger_transfers where reason in ('AGENT_COMMISSION', 'CASINO_COMMISSION') or idempotency_key like 'rollback:rebate:%'`,
        )) as [{ rebates: string | number }];
        const { pnl, shares } = await partnershipBalances(db);
        const bettorsPnl = Number(marketPnl) + Number(casino);
        const levels = [...pnl.values()].reduce((s, v) => s + v, 0);
        expect({ shares, levels }).toEqual({ shares: bettorsPnl, levels: -bettorsPnl - Number(rebates) + 0 });
        // And the rows standing say the same.
        const [{ rowsPnl, rowsCommission }] = (await queryRows<{
          rowsPnl: string | number;
          rowsCommission: string | number;
        }>(
          db,
          sql`select coalesce(sum(pnl_share_paise), 0) as "rowsPnl", coalesce(sum(commission_share_paise), 0) as "rowsCommission" from partnership_results where rolled_back_at is null`,
        )) as [{ rowsPnl: string | number; rowsCommission: string | number }];
        expect({ rowsPnl: Number(rowsPnl), rowsCommission: Number(rowsCommission) }).toEqual({
          rowsPnl: -bettorsPnl + 0,
          rowsCommission: Number(rebates),
        });
      }

      console.log(
        `split property [${ctx().kind}]: ${RUNS} runs, ${figures.results} results (${figures.casino} casino), ${figures.rows} rows, ` +
          `${figures.rollbacks} rollbacks, ${figures.changes} figure changes (${figures.kept} bettors' results split by figures changed since their first bet), ` +
          `${figures.commissions} commissions paid, trees up to ${figures.maxDepth} deep (${figures.depth4} runs with a level 4 agent)`,
      );
    },
    Math.max(120_000, RUNS * 6_000),
  );
});
