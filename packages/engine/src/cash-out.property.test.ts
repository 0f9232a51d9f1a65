/**
 * Cash out against the rules: random positions on markets of 2 to 4 runners and random books
 * (1 to 3 levels a side on ladder prices, lay above back). The legs' fills are applied as bets
 * with runnerPnl, and the quote is held against an oracle that prices every full hedge target by
 * walking the levels in floating point, independently of cash-out.ts's bisection.
 * CASH_OUT_RUNS sets the number of runs (2,000 by default).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canAfford,
  LADDER,
  marketExposure,
  quoteCashOut,
  runnerPnl,
  type CashOutLeg,
  type PriceLevel,
  type RunnerBet,
  type RunnerOffer,
} from './index.ts';

const RUNS = Number(process.env.CASH_OUT_RUNS ?? 2_000);

/**
 * No balance or exposure rule is broken: the hedge never adds to what the market can lose but
 * for its rounding (each leg's stake to the paisa: less than a paisa a leg), so a bettor who
 * carries the position carries the cash out, but for those paise; money/bet-legs.ts checks the
 * one affordability rule once on the whole and refuses the rest.
 */
function expectNoMoreAtRisk(runners: readonly number[], bets: readonly RunnerBet[], legs: readonly CashOutLeg[]): void {
  const exposure = (all: readonly RunnerBet[]) => marketExposure({ kind: 'RUNNERS', runners, bets: [...all], places: 1 });
  const before = exposure(bets);
  const after = exposure([...bets, ...asBets(legs)]);
  expect(after).toBeLessThanOrEqual(before + legs.length);
  expect(canAfford(before + legs.length, 0, after, before)).toBe(true);
}

/** A bet's exact P&L in hundredths of a paisa when its runner does or does not win, from the rules. */
function exactBetPnl(bet: RunnerBet, runnerWins: boolean): bigint {
  const s = BigInt(bet.sizePaise);
  const profit = s * BigInt(bet.price - 100);
  if (bet.side === 'BACK') return runnerWins ? profit : -100n * s;
  return runnerWins ? -profit : 100n * s;
}

/** W_j: the position's exact P&L if runner j wins, in hundredths of a paisa. */
const exactPnls = (offers: readonly RunnerOffer[], bets: readonly RunnerBet[]) =>
  offers.map((o) => bets.reduce((sum, b) => sum + exactBetPnl(b, b.selectionId === o.selectionId), 0n));
const payoutOf = (levels: readonly PriceLevel[]) =>
  levels.reduce((sum, l) => sum + BigInt(l.sizePaise) * BigInt(l.price), 0n);
const most = (values: readonly bigint[]) => values.reduce((a, b) => (b > a ? b : a));
const least = (values: readonly bigint[]) => values.reduce((a, b) => (b < a ? b : a));

/**
 * Whether a full hedge of f x W fits the book, exactly: some T between the least and the most of
 * f x W_j that every runner reaches (T - f W_j of payout from its levels to back, or to lay).
 * Units: hundredths of a paisa x basis points.
 */
function hedgeFits(offers: readonly RunnerOffer[], pnls: readonly bigint[], fractionBps: number): boolean {
  const scaled = pnls.map((w) => w * BigInt(fractionBps));
  const layTo = offers.map((o, j) => scaled[j]! - payoutOf(o.availableToLay) * 10_000n);
  const backTo = offers.map((o, j) => scaled[j]! + payoutOf(o.availableToBack) * 10_000n);
  return most([least(scaled), ...layTo]) <= least([most(scaled), ...backTo]);
}

/**
 * The oracle: every outcome's P&L (paise, floating point) after the full hedge to target T, each
 * runner backed (T above its P&L) or laid (below) level by level, best first; undefined when a
 * runner's levels cannot reach T.
 */
function hedgeValueAt(
  offers: readonly RunnerOffer[],
  pnls: readonly number[],
  t: number,
  slack: number,
): number | undefined {
  let staked = 0;
  for (const [j, o] of offers.entries()) {
    const need = t - pnls[j]!;
    let rest = Math.abs(need);
    let stake = 0;
    for (const { price, sizePaise } of need >= 0 ? o.availableToBack : o.availableToLay) {
      if (rest <= 0) break;
      const take = Math.min(sizePaise, rest / (price / 100));
      stake += take;
      rest -= (take * price) / 100;
    }
    if (rest > slack) return undefined;
    staked += need >= 0 ? stake : -stake;
  }
  return t - staked;
}

/** The best full hedge's value over every corner of G, and a grid between the W's lest a corner be missed. */
function bestHedgeValue(offers: readonly RunnerOffer[], pnls: readonly number[], slack: number): number {
  const low = Math.min(...pnls);
  const high = Math.max(...pnls);
  const targets = [...pnls, ...Array.from({ length: 31 }, (_, k) => low + ((high - low) * (k + 1)) / 32)];
  for (const [j, o] of offers.entries()) {
    const sides = [
      [o.availableToBack, 1],
      [o.availableToLay, -1],
    ] as const;
    for (const [levels, sign] of sides) {
      let payout = 0;
      for (const { price, sizePaise } of levels) {
        payout += (sizePaise * price) / 100;
        targets.push(pnls[j]! + sign * payout);
      }
    }
  }
  let best = -Infinity;
  for (const t of targets) {
    if (t < low || t > high) continue;
    const value = hedgeValueAt(offers, pnls, t, slack);
    if (value !== undefined && value > best) best = value;
  }
  return best;
}

/**
 * What a runner's own outcome can gain from its stake rounded toward it by less than a paisa:
 * (odds - 1) paise at the price of the level rounded at. That is a back's last price; a lay's
 * last price, or the next level's when the lay took its last level whole and rounded the next
 * one's part to nothing; the best lay when a lay under a paisa rounded to no leg at all.
 */
const ownGain = (legs: readonly CashOutLeg[], o: RunnerOffer) => {
  const leg = legs.find((l) => l.selectionId === o.selectionId);
  if (!leg) return ((o.availableToLay[0]?.price ?? 100) - 100) / 100;
  let price = leg.price;
  const k = leg.fills.length - 1;
  if (leg.side === 'LAY' && leg.fills[k]!.sizePaise === o.availableToLay[k]!.sizePaise) {
    price = Math.max(price, o.availableToLay[k + 1]?.price ?? 0);
  }
  return (price - 100) / 100;
};

/** A leg takes its side's levels best first, each in full but the last, never more than a level holds. */
function expectLegsWithinLevels(legs: readonly CashOutLeg[], offers: readonly RunnerOffer[]): void {
  expect(new Set(legs.map((l) => l.selectionId)).size).toBe(legs.length);
  for (const leg of legs) {
    const o = offers.find((x) => x.selectionId === leg.selectionId)!;
    const levels = leg.side === 'BACK' ? o.availableToBack : o.availableToLay;
    expect(leg.fills.length).toBeGreaterThan(0);
    for (const [k, fill] of leg.fills.entries()) {
      expect(fill.price).toBe(levels[k]!.price);
      expect(Number.isSafeInteger(fill.sizePaise) && fill.sizePaise > 0).toBe(true);
      if (k < leg.fills.length - 1) expect(fill.sizePaise).toBe(levels[k]!.sizePaise);
      else expect(fill.sizePaise).toBeLessThanOrEqual(levels[k]!.sizePaise);
    }
    expect(leg.price).toBe(leg.fills.at(-1)!.price);
    expect(leg.stakePaise).toBe(leg.fills.reduce((sum, f) => sum + f.sizePaise, 0));
  }
}

const asBets = (legs: readonly CashOutLeg[]): RunnerBet[] =>
  legs.flatMap(({ selectionId, side, fills }) =>
    fills.map((fill) => ({ selectionId, side, ...fill, matched: true })),
  );

const sizeArb = fc.oneof(
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1_000, max: 1_000_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 1_000_000, max: 100_000_000 }) },
);
const ladderTick = fc.integer({ min: 0, max: LADDER.length - 1 });

/** A runner's book: 1 to 3 levels a side, lay prices above back prices, sizes from 1 paisa to ₹10 lakh. */
const offerArb = (selectionId: number): fc.Arbitrary<RunnerOffer> =>
  fc
    .tuple(
      fc.oneof(
        // A tight book around a price, as a liquid market shows it, or prices anywhere on the ladder.
        fc
          .tuple(
            fc.integer({ min: 8, max: LADDER.length - 9 }),
            fc.uniqueArray(fc.integer({ min: -8, max: 8 }), { minLength: 2, maxLength: 6 }),
          )
          .map(([centre, offsets]) => offsets.map((d) => centre + d)),
        fc.uniqueArray(ladderTick, { minLength: 2, maxLength: 6 }),
      ),
      fc.integer({ min: 1, max: 3 }),
      fc.array(sizeArb, { minLength: 6, maxLength: 6 }),
    )
    .map(([ticks, backLevels, sizes]) => {
      const sorted = [...ticks].sort((a, b) => a - b);
      const split = Math.min(backLevels, sorted.length - 1);
      const level = (tick: number, k: number): PriceLevel => ({ price: LADDER[tick]!, sizePaise: sizes[k]! });
      return {
        selectionId,
        availableToBack: sorted.slice(0, split).reverse().slice(0, 3).map(level),
        availableToLay: sorted.slice(split, split + 3).map((tick, k) => level(tick, k + 3)),
      };
    });

/** A market of 2 to 4 runners, the bettor's matched bets on ladder prices, the books, and a fraction. */
const runnerIdsArb = fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 4 });
const marketArb = runnerIdsArb.chain((ids) => {
  const bets = fc.array(
    fc.record({
      selectionId: fc.constantFrom(...ids),
      side: fc.constantFrom('BACK' as const, 'LAY' as const),
      price: ladderTick.map((tick) => LADDER[tick]!),
      sizePaise: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000_000 })),
      matched: fc.constant(true),
    }),
    { minLength: 1, maxLength: 6 },
  );
  // Now and then each bet closed by its opposite at its price: a flat position.
  const opposite = (b: RunnerBet): RunnerBet => ({ ...b, side: b.side === 'BACK' ? 'LAY' : 'BACK' });
  const closed = bets.map((bs) => bs.flatMap((b) => [b, opposite(b)]));
  return fc.record({
    offers: fc.tuple(...ids.map(offerArb)),
    bets: fc.oneof({ weight: 19, arbitrary: bets }, { weight: 1, arbitrary: closed }),
    fractionBps: fc.oneof(fc.constantFrom(2_500, 5_000, 7_500), fc.integer({ min: 1, max: 10_000 })),
  });
});

describe('cash out on random positions and books', () => {
  it('locks the best hedge the book allows, never below its quote, each leg within its levels', () => {
    fc.assert(
      fc.property(marketArb, ({ offers, bets }) => {
        const runners = offers.map((o) => o.selectionId);
        const exact = exactPnls(offers, bets);
        const quote = quoteCashOut({ offers, bets });
        // Already even: outcomes less than a rupee apart (cash-out.ts EVEN_PAISE).
        const flat = most(exact) - least(exact) < 100n * 100n;
        if (flat) {
          expect(quote).toEqual({ available: false, reason: 'NOTHING_TO_CASH_OUT' });
          return;
        }
        if (!hedgeFits(offers, exact, 10_000)) {
          expect(quote).toEqual({ available: false, reason: 'NOT_ENOUGH_LIQUIDITY' });
          return;
        }
        const pnls = exact.map((w) => Number(w) / 100);
        const slack = 1e-12 * Math.max(1, ...pnls.map(Math.abs));
        if (!quote.available && quote.reason === 'NOT_ENOUGH_LIQUIDITY') {
          // The book takes a hedge, but every hedge locks less than the worst outcome: refused.
          expect(bestHedgeValue(offers, pnls, slack)).toBeLessThan(Math.min(...pnls) + runners.length + 1e3 * slack);
          return;
        }
        if (!quote.available) {
          // Only lays of less than a paisa each would even it out.
          expect(quote.reason).toBe('NOTHING_TO_CASH_OUT');
          expect(Number(most(exact) - least(exact)) / 100).toBeLessThan(10_000);
          return;
        }
        const { legs, pnlAfterPaise, valuePaise } = quote;
        expectLegsWithinLevels(legs, offers);

        const after = runnerPnl(runners, [...bets, ...asBets(legs)]);
        expect(pnlAfterPaise).toEqual(after);
        expectNoMoreAtRisk(runners, bets, legs);
        expect(valuePaise).toBe(Math.min(...after.values()));
        // The same on every outcome: below by less than a paisa per runner hedged (and the rounding
        // to paise), above by at most what the runner's own stake gains from its rounding.
        for (const o of offers) {
          const pnl = after.get(o.selectionId)!;
          expect(pnl).toBeGreaterThanOrEqual(valuePaise);
          expect(pnl - valuePaise).toBeLessThanOrEqual(runners.length + 1 + ownGain(legs, o));
        }

        const best = bestHedgeValue(offers, pnls, slack);
        expect(valuePaise).toBeGreaterThanOrEqual(best - runners.length - 1 - 1e3 * slack);
        const leastOwnGain = Math.min(...offers.map((o) => ownGain(legs, o)));
        expect(valuePaise).toBeLessThanOrEqual(best + leastOwnGain + 1e3 * slack);
      }),
      { numRuns: RUNS },
    );
  });

  it('moves each outcome at least f of the way to the full cash out, keeping (1 - f) of the position', () => {
    fc.assert(
      fc.property(marketArb, ({ offers, bets, fractionBps }) => {
        const runners = offers.map((o) => o.selectionId);
        const exact = exactPnls(offers, bets);
        const f = fractionBps / 10_000;
        const quote = quoteCashOut({ offers, bets, fractionBps });
        const scaledSpread = (most(exact) - least(exact)) * BigInt(fractionBps);
        if (scaledSpread < 100n * 1_000_000n) {
          expect(quote).toEqual({ available: false, reason: 'NOTHING_TO_CASH_OUT' });
          return;
        }
        if (!hedgeFits(offers, exact, fractionBps)) {
          expect(quote).toEqual({ available: false, reason: 'NOT_ENOUGH_LIQUIDITY' });
          return;
        }
        if (!quote.available && quote.reason === 'NOT_ENOUGH_LIQUIDITY') {
          // The book takes the hedge of f x W, but every one locks less than its worst outcome.
          const scaled = exact.map((w) => (Number(w) / 100) * f);
          const slack = 1e-12 * Math.max(1, ...scaled.map(Math.abs));
          expect(bestHedgeValue(offers, scaled, slack)).toBeLessThan(Math.min(...scaled) + runners.length + 1e3 * slack);
          return;
        }
        if (!quote.available) {
          expect(quote.reason).toBe('NOTHING_TO_CASH_OUT');
          expect(Number(scaledSpread) / 1e6).toBeLessThan(10_000);
          return;
        }
        const { legs, pnlAfterPaise } = quote;
        expectLegsWithinLevels(legs, offers);
        expect(pnlAfterPaise).toEqual(runnerPnl(runners, [...bets, ...asBets(legs)]));
        expectNoMoreAtRisk(runners, bets, legs);

        // What the hedge added to each outcome over the (1 - f) of the position it leaves.
        const pnls = exact.map((w) => Number(w) / 100);
        const slack = 1e-12 * Math.max(1, ...pnls.map(Math.abs));
        const added = runners.map((id, j) => pnlAfterPaise.get(id)! - (1 - f) * pnls[j]!);
        // What the part cashed out locks in: the least it adds, to the paisa below.
        expect(Math.abs(quote.lockedPaise - Math.min(...added))).toBeLessThanOrEqual(1 + 1e3 * slack);
        if (fractionBps === 10_000) expect(quote.lockedPaise).toBe(quote.valuePaise);
        const ownGains = offers.map((o) => ownGain(legs, o));
        // The same on every outcome within the rounding: a paisa per runner below, the own gain above.
        const spread = Math.max(...added) - Math.min(...added);
        expect(spread).toBeLessThanOrEqual(runners.length + 1 + Math.max(...ownGains) + 1e3 * slack);

        // At least f of the full hedge's value: a smaller hedge walks fewer levels, at better prices.
        if (!hedgeFits(offers, exact, 10_000)) return;
        const best = bestHedgeValue(offers, pnls, slack);
        for (const a of added) expect(a).toBeGreaterThanOrEqual(f * best - runners.length - 1 - 1e3 * slack);

        // Exactly f of it when the full cash out takes each runner's best level and leaves some there.
        const full = quoteCashOut({ offers, bets });
        const withinBest = (leg: CashOutLeg) => {
          const o = offers.find((x) => x.selectionId === leg.selectionId)!;
          const bestLevel = (leg.side === 'BACK' ? o.availableToBack : o.availableToLay)[0]!;
          return leg.fills.length === 1 && leg.stakePaise < bestLevel.sizePaise;
        };
        if (full.available && full.legs.every(withinBest)) {
          for (const [j, a] of added.entries()) {
            expect(a).toBeLessThanOrEqual(f * best + ownGains[j]! + 1e3 * slack);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
