/**
 * The one affordability rule runs where the money is (ADR 45): random bet sequences go through
 * the production bet path (queue, matching, writer; alone and in group commits, set-wise or bet
 * by bet, and the transaction writer) on PGlite and PostgreSQL, and every acceptance and refusal
 * must be what the engine's canAfford says of the same bet, its exposures computed by the
 * engine's marketExposure and exposureAfter from a model of the bettor's bets.
 *
 * Balances and stakes are whole rupees and exposures tenths of them, so a bet often needs
 * exactly what is free: a writer whose check is off by one refusal fails here. Debts (ADR 35)
 * come from a voided win taken back. Runs: AFFORDABILITY_RUNS (default 20 per writer; the
 * issue's acceptance ran 2,000).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import {
  bookmakerPrice,
  canAfford,
  exposureAfter,
  marketExposure,
  type FancyBet,
  type MarketPosition,
  type RunnerBet,
} from '@exchange/engine';
import { AppError } from '../../lib/errors.ts';
import { firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountOfUser, takeBackVoidedWin, transfer, worldAccount } from '../money/index.ts';
import { createUser } from '../users.ts';
import { BettingService, type BetPathMode } from './service.ts';

const RUNS = Number(process.env.AFFORDABILITY_RUNS ?? 20);
const KINDS = ['EXCHANGE', 'BOOKMAKER', 'FANCY'] as const;
type Kind = (typeof KINDS)[number];
/** Exchange backs rest at 3.00 or 4.00 and lays at 1.50 or 2.00: no bet ever meets another. */
const BACK_ODDS = [3, 4];
const LAY_ODDS = [1.5, 2];
const BOOKMAKER_RATES = { back: 50, lay: 60 };
const FANCY_LINE = { noLine: 40, noRate: 110, yesLine: 41, yesRate: 90 };

/**
 * Bookmaker bets and runner 1 come up most: a lay on a runner backed before lowers the exposure,
 * the hedge a bettor in debt must be refused (ADR 35), alone or in a group commit.
 */
const betArb = fc.record({
  user: fc.integer({ min: 0, max: 1 }),
  kind: fc.constantFrom<Kind>('BOOKMAKER', 'BOOKMAKER', 'EXCHANGE', 'FANCY'),
  back: fc.boolean(),
  oddsPick: fc.integer({ min: 0, max: 1 }),
  selectionId: fc.constantFrom(1, 1, 1, 2),
  stakeRupees: fc.integer({ min: 1, max: 6 }),
});
type BetStep = typeof betArb extends fc.Arbitrary<infer T> ? T : never;
const stepArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ wave: fc.array(betArb, { minLength: 1, maxLength: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ debt: fc.record({ user: fc.integer({ min: 0, max: 1 }), rupees: fc.integer({ min: 1, max: 4 }) }) }) },
);
const runArb = fc.record({
  balancesRupees: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 6 }),
});

/** A bettor as the model sees it: its balance and its bets on each market of the run. */
interface ModelBettor {
  userId: number;
  accountId: number;
  balancePaise: number;
  runnerBets: Map<Kind, RunnerBet[]>;
  fancyBets: FancyBet[];
}

function position(bettor: ModelBettor, kind: Kind): MarketPosition {
  if (kind === 'FANCY') return { kind: 'FANCY', bets: bettor.fancyBets };
  return { kind: 'RUNNERS', runners: [1, 2], bets: bettor.runnerBets.get(kind) ?? [] };
}

/** The bet as the model adds it, and the market's exposure after it (engine functions only). */
function modelled(bettor: ModelBettor, bet: BetStep): { after: number; add: () => void } {
  const sizePaise = bet.stakeRupees * 100;
  if (bet.kind === 'FANCY') {
    const fancy: FancyBet = bet.back
      ? { side: 'YES', line: FANCY_LINE.yesLine, ratePercent: FANCY_LINE.yesRate, sizePaise }
      : { side: 'NO', line: FANCY_LINE.noLine, ratePercent: FANCY_LINE.noRate, sizePaise };
    return { after: exposureAfter({ kind: 'FANCY', bets: bettor.fancyBets }, fancy), add: () => bettor.fancyBets.push(fancy) };
  }
  const runners = position(bettor, bet.kind) as Extract<MarketPosition, { kind: 'RUNNERS' }>;
  const side = bet.back ? 'BACK' : 'LAY';
  const add = (b: RunnerBet) => () => bettor.runnerBets.set(bet.kind, [...runners.bets, b]);
  if (bet.kind === 'EXCHANGE') {
    // Rests unmatched: exactly what exposureAfter assumes.
    const price = Math.round((bet.back ? BACK_ODDS : LAY_ODDS)[bet.oddsPick]! * 100);
    const candidate = { selectionId: bet.selectionId, side, price, sizePaise } as const;
    return { after: exposureAfter(runners, candidate), add: add({ ...candidate, matched: false }) };
  }
  // The house takes a bookmaker bet whole: matched at its rate.
  const matched: RunnerBet = { selectionId: bet.selectionId, side, price: bookmakerPrice(bet.back ? BOOKMAKER_RATES.back : BOOKMAKER_RATES.lay), sizePaise, matched: true };
  return { after: marketExposure({ ...runners, bets: [...runners.bets, matched] }), add: add(matched) };
}

const exposureOf = (bettor: ModelBettor, kind: Kind) => marketExposure(position(bettor, kind));
const totalExposureOf = (bettor: ModelBettor) => KINDS.reduce((sum, kind) => sum + exposureOf(bettor, kind), 0);

describeEachDatabase('the one affordability rule on the bet path', (ctx) => {
  let serial = 0;

  for (const betPath of ['statement', 'transaction'] as const satisfies readonly BetPathMode[]) {
    it(
      `accepts and refuses every bet as canAfford does (${betPath} writer, ${RUNS} runs)`,
      async () => {
        const { db, now } = ctx();
        const betting = new BettingService(db, now, { betPath });
        const { matchId } = await firstMatchOf(db, SPORT.CRICKET);
        const world = await worldAccount(db);
        const limits = { minStakePaise: 100, maxStakePaise: 100_000_000, maxProfitPaise: 1e12 };
        let checked = 0;
        let refused = 0;
        /** Each run bets on markets of its own, created 50 runs' worth at a time (one transaction). */
        const spare: number[][] = [];
        const nextMarkets = async () => {
          if (spare.length === 0) {
            const inputs = Array.from({ length: 50 }, (_, r) =>
              KINDS.map((kind) => ({
                matchId,
                kind,
                marketType: kind === 'FANCY' ? ('FANCY' as const) : ('MATCH_ODDS' as const),
                name: `affordability ${serial + r} ${kind}`,
                inPlay: false,
                ...limits,
                ...(kind === 'FANCY'
                  ? { fancy: FANCY_LINE }
                  : { runners: [1, 2].map((s) => ({ name: `R${s}`, backRate: BOOKMAKER_RATES.back, layRate: BOOKMAKER_RATES.lay })) }),
              })),
            );
            const ids = await betting.createMarkets(inputs.flat());
            for (let r = 0; r < ids.length; r += KINDS.length) spare.push(ids.slice(r, r + KINDS.length));
          }
          return spare.shift()!;
        };

        await fc.assert(
          fc.asyncProperty(runArb, async ({ balancesRupees, steps }) => {
            const run = ++serial;
            const [exchange, bookmaker, fancy] = await nextMarkets();
            const marketOf: Record<Kind, number> = { EXCHANGE: exchange!, BOOKMAKER: bookmaker!, FANCY: fancy! };
            const bettors = await Promise.all(
              balancesRupees.map(async (rupees, i): Promise<ModelBettor> => {
                const user = await createUser(db, { userName: `af${betPath[0]}${run}u${i}`, passwordHash: 'x', role: 'user', parentId: null }, now());
                const account = await accountOfUser(db, user.id);
                if (rupees > 0)
                  await transfer(db, { idempotencyKey: `af:${user.id}`, debitAccountId: world.id, creditAccountId: account.id, amountPaise: rupees * 100, reason: 'DEPOSIT', remark: 'test' }, now());
                return { userId: user.id, accountId: account.id, balancePaise: rupees * 100, runnerBets: new Map(), fancyBets: [] };
              }),
            );

            for (const [s, step] of steps.entries()) {
              if ('debt' in step) {
                const bettor = bettors[step.debt.user]!;
                const amountPaise = step.debt.rupees * 100;
                await takeBackVoidedWin(db, { orderId: 1e12 + run * 100 + s, userAccountId: bettor.accountId, amountPaise, remark: 'test debt' }, now());
                bettor.balancePaise -= amountPaise;
                continue;
              }
              // In one wave a bettor bets on one market only (its first pick): its bets' order is
              // then its market's arrival order, whatever the commit their markets share.
              const marketKind = new Map<number, Kind>();
              const wave = step.wave.map((bet) => {
                if (!marketKind.has(bet.user)) marketKind.set(bet.user, bet.kind);
                return { ...bet, kind: marketKind.get(bet.user)! };
              });
              const answers = await Promise.allSettled(
                wave.map((bet) => {
                  const bettor = bettors[bet.user]!;
                  const stake = bet.stakeRupees;
                  if (bet.kind === 'FANCY')
                    return betting.placeFancyBet(bettor.userId, {
                      fancy_id: marketOf.FANCY,
                      is_back: bet.back ? 1 : 0,
                      run: bet.back ? FANCY_LINE.yesLine : FANCY_LINE.noLine,
                      rate: bet.back ? FANCY_LINE.yesRate : FANCY_LINE.noRate,
                      stake,
                    });
                  const odds =
                    bet.kind === 'EXCHANGE'
                      ? (bet.back ? BACK_ODDS : LAY_ODDS)[bet.oddsPick]!
                      : bet.back
                        ? BOOKMAKER_RATES.back
                        : BOOKMAKER_RATES.lay;
                  return betting.placeMarketBet(bettor.userId, {
                    market_id: marketOf[bet.kind],
                    selection_id: bet.selectionId,
                    is_back: bet.back ? 1 : 0,
                    odds,
                    stake,
                    persistence: 'PERSIST',
                  });
                }),
              );
              // The engine decides each bet in its bettor's order, on the state the bets before it left.
              wave.forEach((bet, i) => {
                const bettor = bettors[bet.user]!;
                const before = exposureOf(bettor, bet.kind);
                const others = totalExposureOf(bettor) - before;
                const { after, add } = modelled(bettor, bet);
                const affords = canAfford(bettor.balancePaise, others, after, before);
                const answer = answers[i]!;
                const seen =
                  answer.status === 'fulfilled'
                    ? 'accepted'
                    : answer.reason instanceof AppError
                      ? answer.reason.code
                      : String(answer.reason);
                const figures = { run, step: s, bet, balance: bettor.balancePaise, others, before, after };
                expect({ ...figures, seen }).toEqual({ ...figures, seen: affords ? 'accepted' : 'INSUFFICIENT_FUNDS' });
                checked++;
                if (!affords) refused++;
                if (!affords) return;
                add();
                if (answer.status === 'fulfilled')
                  expect(answer.value.balance.liability).toBe(totalExposureOf(bettor) / 100);
              });
            }
            // What the writers stored is what the model holds.
            for (const bettor of bettors) {
              const account = await accountOfUser(db, bettor.userId);
              expect({ balance: account.balancePaise, exposure: account.exposurePaise }).toEqual({
                balance: bettor.balancePaise,
                exposure: totalExposureOf(bettor),
              });
            }
            betting.forgetAll();
          }),
          { numRuns: RUNS },
        );
        // The runs must have met both answers often, or they prove little.
        expect(refused).toBeGreaterThan(checked / 10);
        expect(checked - refused).toBeGreaterThan(checked / 10);
        const { commits, setwiseCommits, batchedBets } = betting.stats;
        console.log(
          `affordability [${ctx().kind}, ${betPath}]: ${RUNS} runs, ${checked} bets, ${refused} refused; ` +
            `${batchedBets} in ${commits} group commits (${setwiseCommits} set-wise)`,
        );
      },
      Math.max(60_000, RUNS * 1_000),
    );
  }
});
