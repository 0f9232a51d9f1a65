/**
 * Exposure against brute-force oracles that enumerate every outcome of a market and price every
 * bet straight from exchange-rules.md, independently of pnl.ts:
 *   runner markets (single winner, or `places` winners as horse PLACE): every set of winners;
 *   dead heats: every split of the places between clear winners and a tie, settled by settleMarket;
 *   fancy: every run total from 0 to past the highest line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LADDER,
  MAX_PRICE,
  MAX_STAKE_PAISE,
  MIN_PRICE,
  exposureAfter,
  fancyExposure,
  marketExposure,
  runnerExposure,
  settleMarket,
  type FancyBet,
  type RunnerBet,
  type RunnerResult,
} from './index.ts';

/** Every k-element subset of `items` (all of them when k >= items.length). */
function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k >= items.length) return [[...items]];
  if (k === 0) return [[]];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)];
}

/** Floor division of an exact amount in hundredths of a paisa to whole paise. */
const floorPaise = (hundredths: bigint): number => {
  const q = hundredths / 100n;
  return Number(hundredths % 100n < 0n ? q - 1n : q);
};

/**
 * A bet's P&L in hundredths of a paisa when its runner does or does not win, from the rules:
 * back wins s(p-1) or loses s; lay loses s(p-1) or wins s; an unmatched bet counts only on its
 * losing side (0 where it would win).
 */
function betPnl(bet: RunnerBet, runnerWins: boolean): bigint {
  const s = BigInt(bet.sizePaise);
  const profit = s * BigInt(bet.price - 100);
  if (bet.side === 'BACK') return runnerWins ? (bet.matched ? profit : 0n) : -100n * s;
  return runnerWins ? -profit : bet.matched ? 100n * s : 0n;
}

/** Exposure by enumeration: max(0, -min over every set of `places` winners of the floored P&L). */
function oracleRunnerExposure(runners: readonly number[], bets: readonly RunnerBet[], places: number): number {
  let worst = 0;
  for (const winners of combinations(runners, places)) {
    const pnl = bets.reduce((sum, b) => sum + betPnl(b, winners.includes(b.selectionId)), 0n);
    worst = Math.min(worst, floorPaise(pnl));
  }
  return worst === 0 ? 0 : -worst;
}

const priceArb = fc.oneof(
  fc.integer({ min: 0, max: LADDER.length - 1 }).map((tick) => LADDER[tick]!),
  fc.integer({ min: MIN_PRICE, max: 400 }), // bookmaker prices (1 + rate/100) and fractions of a paisa
  fc.constantFrom(MIN_PRICE, MAX_PRICE),
);
const sizeArb = fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1, 99, 150, MAX_STAKE_PAISE));
const runnersArb = fc.uniqueArray(fc.integer({ min: 1, max: 9_999 }), { minLength: 1, maxLength: 6 });
const betsArb = (runners: readonly number[], maxLength: number) =>
  fc.array(
    fc.record({
      selectionId: fc.constantFrom(...runners),
      side: fc.constantFrom('BACK' as const, 'LAY' as const),
      price: priceArb,
      sizePaise: sizeArb,
      matched: fc.boolean(),
    }),
    { maxLength },
  );
/** A market (1-6 runners), how many places it pays (1 to more than the field) and a user's bets. */
const marketArb = runnersArb.chain((runners) =>
  fc.record({
    runners: fc.constant(runners),
    places: fc.integer({ min: 1, max: runners.length + 1 }),
    bets: betsArb(runners, 12),
  }),
);

describe('runner market exposure against every set of winners', () => {
  it('equals the worst loss over every combination of `places` winners, unmatched bets on their losing side', () => {
    fc.assert(
      fc.property(marketArb, ({ runners, places, bets }) => {
        expect(runnerExposure(runners, bets, places)).toBe(oracleRunnerExposure(runners, bets, places));
        expect(marketExposure({ kind: 'RUNNERS', runners, bets, places })).toBe(oracleRunnerExposure(runners, bets, places));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is the single-winner exposure when one place is paid, also by default', () => {
    fc.assert(
      fc.property(marketArb, ({ runners, bets }) => {
        expect(runnerExposure(runners, bets)).toBe(oracleRunnerExposure(runners, bets, 1));
        expect(marketExposure({ kind: 'RUNNERS', runners, bets })).toBe(oracleRunnerExposure(runners, bets, 1));
      }),
      { numRuns: 1_000 },
    );
  });

  it('reserves for a candidate bet in a PLACE market as if it stayed unmatched', () => {
    fc.assert(
      fc.property(marketArb, fc.nat(), fc.constantFrom('BACK' as const, 'LAY' as const), priceArb, sizeArb, (m, pick, side, price, sizePaise) => {
        const candidate = { selectionId: m.runners[pick % m.runners.length]!, side, price, sizePaise };
        const position = { kind: 'RUNNERS' as const, runners: m.runners, bets: m.bets, places: m.places };
        expect(exposureAfter(position, candidate)).toBe(oracleRunnerExposure(m.runners, [...m.bets, { ...candidate, matched: false }], m.places));
      }),
      { numRuns: 500 },
    );
  });

  it('worked examples: two lays in a 2-place market both lose; a back in one loses its stake', () => {
    const lay = (selectionId: number): RunnerBet => ({ selectionId, side: 'LAY', price: 200, sizePaise: 100, matched: true });
    expect(runnerExposure([1, 2, 3], [lay(1), lay(2)], 1)).toBe(0);
    expect(runnerExposure([1, 2, 3], [lay(1), lay(2)], 2)).toBe(200);
    expect(runnerExposure([1, 2, 3], [{ selectionId: 1, side: 'BACK', price: 300, sizePaise: 100, matched: true }], 2)).toBe(100);
    // Every runner places: a back cannot lose, a lay always does.
    expect(runnerExposure([1, 2], [{ selectionId: 1, side: 'BACK', price: 300, sizePaise: 100, matched: true }], 5)).toBe(0);
    expect(runnerExposure([1, 2], [lay(1)], 2)).toBe(100);
  });

  it('refuses a number of places that is not a whole number >= 1', () => {
    for (const places of [0, -1, 1.5, Number.NaN]) expect(() => runnerExposure([1, 2], [], places)).toThrow(RangeError);
  });
});

describe('runner market exposure against settlement, dead heats included', () => {
  /** Every result of a market paying `places`: each set of winners, and each dead heat for the last places. */
  function everyResult(runners: readonly number[], places: number): RunnerResult[][] {
    const results: RunnerResult[][] = [];
    const outcome = (clear: readonly number[], tied: readonly number[], shared: number) =>
      runners.map((selectionId): RunnerResult => {
        if (clear.includes(selectionId)) return { selectionId, status: 'WINNER' };
        if (tied.includes(selectionId)) return { selectionId, status: 'PLACED', deadHeat: { places: shared, tiedRunners: tied.length } };
        return { selectionId, status: 'LOSER' };
      });
    for (const winners of combinations(runners, places)) results.push(outcome(winners, [], 0));
    for (let clearCount = 0; clearCount < Math.min(places, runners.length); clearCount++) {
      for (const clear of combinations(runners, clearCount)) {
        const rest = runners.filter((r) => !clear.includes(r));
        const shared = places - clearCount;
        for (let tiedCount = Math.max(2, shared + 1); tiedCount <= rest.length; tiedCount++) {
          for (const tied of combinations(rest, tiedCount)) results.push(outcome(clear, tied, shared));
        }
      }
    }
    return results;
  }

  it('settles every set of winners at the oracle P&L, and never takes more than the exposure, dead heats included', () => {
    const smallMarketArb = fc
      .uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 5 })
      .chain((runners) => fc.record({ runners: fc.constant(runners), places: fc.integer({ min: 1, max: runners.length - 1 }), bets: betsArb(runners, 8) }));
    fc.assert(
      fc.property(smallMarketArb, ({ runners, places, bets }) => {
        const matched = bets.filter((b) => b.matched);
        const reserved = runnerExposure(runners, bets, places);
        const matchedBets = matched.map((b, i) => ({ ...b, betId: String(i), userId: 1 }));
        for (const result of everyResult(runners, places)) {
          const net = settleMarket({ kind: 'BOOKMAKER', bets: matchedBets, result, commissionBps: 0 }).users[0]?.netPnlPaise ?? 0;
          expect(-net).toBeLessThanOrEqual(reserved);
          if (result.some((r) => r.deadHeat)) continue;
          const winners = result.filter((r) => r.status !== 'LOSER').map((r) => r.selectionId);
          expect(net).toBe(floorPaise(matched.reduce((sum, b) => sum + betPnl(b, winners.includes(b.selectionId)), 0n)));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('fancy exposure against every run total', () => {
  /** A fancy bet's P&L in hundredths of a paisa, from the rules: YES at L wins s x R/100 on runs >= L, else loses s; NO the reverse. */
  function fancyBetPnl(bet: FancyBet, runs: number): bigint {
    const s = BigInt(bet.sizePaise);
    const yesWins = runs >= bet.line;
    if (bet.side === 'YES') return yesWins ? s * BigInt(bet.ratePercent) : -100n * s;
    return yesWins ? -s * BigInt(bet.ratePercent) : 100n * s;
  }
  const fancyBetArb = fc.record({
    side: fc.constantFrom('YES' as const, 'NO' as const),
    line: fc.integer({ min: 0, max: 40 }),
    ratePercent: fc.integer({ min: 1, max: 300 }),
    sizePaise: sizeArb,
  });

  it('equals the worst floored P&L over every run total from 0 to past the highest line, and settles at it', () => {
    fc.assert(
      fc.property(fc.array(fancyBetArb, { maxLength: 10 }), (bets) => {
        const top = Math.max(0, ...bets.map((b) => b.line)) + 3;
        let worst = 0;
        for (let runs = 0; runs <= top; runs++) {
          const pnl = floorPaise(bets.reduce((sum, b) => sum + fancyBetPnl(b, runs), 0n));
          worst = Math.min(worst, pnl);
          const matched = bets.map((b, i) => ({ ...b, betId: String(i), userId: 1 }));
          const settled = settleMarket({ kind: 'FANCY', bets: matched, result: { runs }, commissionBps: 0 });
          expect(settled.users[0]?.netPnlPaise ?? 0).toBe(pnl);
        }
        expect(fancyExposure(bets)).toBe(worst === 0 ? 0 : -worst);
        expect(marketExposure({ kind: 'FANCY', bets })).toBe(worst === 0 ? 0 : -worst);
      }),
      { numRuns: 500 },
    );
  });
});
