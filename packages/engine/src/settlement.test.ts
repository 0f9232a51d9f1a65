import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExchangeMarket,
  LADDER,
  reducedPrice,
  removeRunner,
  runnerExposure,
  settleMarket,
  type MatchedRunnerBet,
  type RunnerResult,
} from './index.ts';

/** One fill of the exchange: the backer's and the layer's side of it. */
function fill(id: string, selectionId: number, price: number, sizePaise: number, backUser: number, layUser: number, matchedSeq = 0): MatchedRunnerBet[] {
  return [
    { betId: `${id}b`, userId: backUser, selectionId, side: 'BACK', price, sizePaise, matchedSeq },
    { betId: `${id}l`, userId: layUser, selectionId, side: 'LAY', price, sizePaise, matchedSeq },
  ];
}
const winner = (winnerId: number, others: number[]): RunnerResult[] => [
  { selectionId: winnerId, status: 'WINNER' },
  ...others.map((selectionId) => ({ selectionId, status: 'LOSER' as const })),
];

describe('exchange settlement', () => {
  const bets = fill('f1', 1, 300, 10_000, 1, 2);

  it('pays the winning back s(p-1) from the layer and charges commission on the net win', () => {
    const s = settleMarket({ kind: 'EXCHANGE', bets, result: winner(1, [2]), commissionBps: 500 });
    expect(s.users).toEqual([
      { userId: 1, netPnlPaise: 20_000, commissionPaise: 1_000 },
      { userId: 2, netPnlPaise: -20_000, commissionPaise: 0 },
    ]);
    expect(s.bets).toEqual([
      { betId: 'f1b', userId: 1, outcome: 'WON', pnlPaise: 20_000, settledPrice: 300 },
      { betId: 'f1l', userId: 2, outcome: 'LOST', pnlPaise: -20_000, settledPrice: 300 },
    ]);
  });

  it('pays the layer the backer stake when the runner loses', () => {
    const s = settleMarket({ kind: 'EXCHANGE', bets, result: winner(2, [1]), commissionBps: 500 });
    expect(s.users).toEqual([
      { userId: 1, netPnlPaise: -10_000, commissionPaise: 0 },
      { userId: 2, netPnlPaise: 10_000, commissionPaise: 500 },
    ]);
  });

  it('charges commission on the net of the market, not per bet', () => {
    const hedged = [...fill('a', 1, 300, 10_000, 1, 2), ...fill('b', 2, 300, 10_000, 1, 2)];
    const s = settleMarket({ kind: 'EXCHANGE', bets: hedged, result: winner(1, [2]), commissionBps: 500 });
    expect(s.users[0]).toEqual({ userId: 1, netPnlPaise: 10_000, commissionPaise: 500 });
  });

  it('voids the whole market', () => {
    const s = settleMarket({ kind: 'EXCHANGE', bets, result: 'VOID', commissionBps: 500 });
    expect(s.users.map((u) => u.netPnlPaise)).toEqual([0, 0]);
    expect(s.bets.map((b) => b.outcome)).toEqual(['VOID', 'VOID']);
  });

  it('refuses bets that do not net to zero, runners without a result and two results for one runner', () => {
    expect(() => settleMarket({ kind: 'EXCHANGE', bets: bets.slice(0, 1), result: winner(1, [2]), commissionBps: 0 })).toThrow(/counterparty/);
    expect(() => settleMarket({ kind: 'EXCHANGE', bets, result: [{ selectionId: 2, status: 'WINNER' }], commissionBps: 0 })).toThrow(/No result/);
    expect(() => settleMarket({ kind: 'EXCHANGE', bets, result: [...winner(1, [2]), { selectionId: 1, status: 'LOSER' }], commissionBps: 0 })).toThrow(/two results/);
    expect(() => settleMarket({ kind: 'EXCHANGE', bets, result: 'VOID', commissionBps: 10_001 })).toThrow(RangeError);
  });

  it('settles bookmaker bets the same way, the house taking the other side', () => {
    const bookmakerBet: MatchedRunnerBet = { betId: 'k', userId: 5, selectionId: 1, side: 'BACK', price: 145, sizePaise: 10_000 };
    const s = settleMarket({ kind: 'BOOKMAKER', bets: [bookmakerBet], result: winner(1, [2]), commissionBps: 0 });
    expect(s.users).toEqual([{ userId: 5, netPnlPaise: 4_500, commissionPaise: 0 }]);
  });
});

describe('dead heats', () => {
  it('pays a two-way dead heat for one place on half the stake at full odds, the other half lost', () => {
    const bets = fill('d', 1, 400, 1_000, 1, 2);
    const result: RunnerResult[] = [
      { selectionId: 1, status: 'WINNER', deadHeat: { places: 1, tiedRunners: 2 } },
      { selectionId: 2, status: 'WINNER', deadHeat: { places: 1, tiedRunners: 2 } },
      { selectionId: 3, status: 'LOSER' },
    ];
    const s = settleMarket({ kind: 'EXCHANGE', bets, result, commissionBps: 0 });
    // 500 at 4.0 wins 1,500; 500 lost.
    expect(s.users).toEqual([
      { userId: 1, netPnlPaise: 1_000, commissionPaise: 0 },
      { userId: 2, netPnlPaise: -1_000, commissionPaise: 0 },
    ]);
  });

  it('splits 2 places among 3 tied runners and rounds thirds of a paisa against each user', () => {
    const twoOfThree: RunnerResult[] = [1, 2, 3].map((selectionId) => ({ selectionId, status: 'PLACED' as const, deadHeat: { places: 2, tiedRunners: 3 } }));
    // 200 of 300 at 2.5 wins 300, 100 lost.
    expect(settleMarket({ kind: 'EXCHANGE', bets: fill('p', 1, 250, 300, 1, 2), result: twoOfThree, commissionBps: 0 }).users.map((u) => u.netPnlPaise)).toEqual([200, -200]);
    const oneOfThree: RunnerResult[] = [1, 2, 3].map((selectionId) => ({ selectionId, status: 'WINNER' as const, deadHeat: { places: 1, tiedRunners: 3 } }));
    // 100/3 at 2.0 wins 33.33, 200/3 lost: -33.33 for the backer, +33.33 for the layer.
    const s = settleMarket({ kind: 'EXCHANGE', bets: fill('t', 1, 200, 100, 1, 2), result: oneOfThree, commissionBps: 0 });
    expect(s.users.map((u) => u.netPnlPaise)).toEqual([-34, 33]);
    expect(s.bets.map((b) => b.outcome)).toEqual(['WON', 'LOST']);
  });

  it('refuses a dead heat on a losing runner or with more places than runners', () => {
    const bets = fill('x', 1, 200, 100, 1, 2);
    expect(() => settleMarket({ kind: 'EXCHANGE', bets, result: [{ selectionId: 1, status: 'LOSER', deadHeat: { places: 1, tiedRunners: 2 } }], commissionBps: 0 })).toThrow(RangeError);
    expect(() => settleMarket({ kind: 'EXCHANGE', bets, result: [{ selectionId: 1, status: 'WINNER', deadHeat: { places: 3, tiedRunners: 2 } }], commissionBps: 0 })).toThrow(RangeError);
  });
});

describe('non-runners', () => {
  it('reduces the price by the RF rounded to the hundredth, as Betfair shows it', () => {
    expect(reducedPrice(860, 1_620)).toBe(721); // 8.6 - 1.39
    expect(reducedPrice(400, 969)).toBe(361); // 4.0 - 0.39 (0.3876 rounds up)
    expect(reducedPrice(800, 2_500)).toBe(600);
    expect(reducedPrice(110, 9_000)).toBe(101); // never below 1.01
  });

  it('voids bets on the non-runner and reduces bets on the others matched before it, one removal after another', () => {
    const bets = [
      ...fill('early', 1, 1000, 1_000, 1, 2, 5), // before both removals: 10.0 -> 7.5 -> 4.12
      ...fill('middle', 1, 1000, 1_000, 1, 2, 15), // between them: 10.0 -> 5.5
      ...fill('late', 1, 1000, 1_000, 1, 2, 25), // after both: 10.0
      ...fill('gone', 3, 500, 1_000, 1, 2, 5),
    ];
    const result: RunnerResult[] = [
      { selectionId: 1, status: 'WINNER' },
      { selectionId: 2, status: 'LOSER' },
      { selectionId: 3, status: 'REMOVED', reductionFactorBps: 2_500, removedAtSeq: 10 },
      { selectionId: 4, status: 'REMOVED', reductionFactorBps: 4_500, removedAtSeq: 20 },
    ];
    const s = settleMarket({ kind: 'EXCHANGE', bets, result, commissionBps: 0 });
    expect(s.bets.filter((b) => b.userId === 1).map((b) => [b.betId, b.outcome, b.settledPrice, b.pnlPaise])).toEqual([
      ['earlyb', 'WON', 412, 3_120],
      ['middleb', 'WON', 550, 4_500],
      ['lateb', 'WON', 1000, 9_000],
      ['goneb', 'VOID', undefined, 0],
    ]);
  });

  it('applies an RF under 2.5% in a PLACE market but not in a WIN market', () => {
    const bets = fill('s', 1, 1000, 1_000, 1, 2, 1);
    const result: RunnerResult[] = [
      { selectionId: 1, status: 'WINNER' },
      { selectionId: 2, status: 'REMOVED', reductionFactorBps: 200, removedAtSeq: 2 },
    ];
    expect(settleMarket({ kind: 'EXCHANGE', bets, result, raceMarket: 'WIN', commissionBps: 0 }).bets[0]!.settledPrice).toBe(1000);
    expect(settleMarket({ kind: 'EXCHANGE', bets, result, raceMarket: 'PLACE', commissionBps: 0 }).bets[0]!.settledPrice).toBe(980);
  });

  it('cancels the non-runner orders and, past the threshold, the unmatched LAYs on the other runners', () => {
    const setUp = () => {
      const market = new ExchangeMarket([1, 2, 3]);
      let id = 0;
      for (const selectionId of [1, 2, 3]) {
        market.runner(selectionId).place({ orderId: ++id, userId: 1, side: 'BACK', price: 500, sizePaise: 100, persistence: 'PERSIST' }, []);
        market.runner(selectionId).place({ orderId: ++id, userId: 1, side: 'LAY', price: 400, sizePaise: 100, persistence: 'PERSIST' }, []);
      }
      return market;
    };
    const cancelled = (marketType: 'WIN' | 'PLACE', reductionFactorBps: number) =>
      removeRunner(setUp(), { selectionId: 2, reductionFactorBps, atSeq: 1 }, marketType).map((o) => `${o.selectionId}${o.side}`);
    expect(cancelled('WIN', 249)).toEqual(['2BACK', '2LAY']);
    expect(cancelled('WIN', 250)).toEqual(['2BACK', '2LAY', '1LAY', '3LAY']);
    expect(cancelled('PLACE', 399)).toEqual(['2BACK', '2LAY']);
    expect(cancelled('PLACE', 400)).toEqual(['2BACK', '2LAY', '1LAY', '3LAY']);
  });

  it('needs the match time of bets when a reduction applies', () => {
    const bets: MatchedRunnerBet[] = [{ betId: 'n', userId: 1, selectionId: 1, side: 'BACK', price: 300, sizePaise: 100 }];
    const result: RunnerResult[] = [
      { selectionId: 1, status: 'WINNER' },
      { selectionId: 2, status: 'REMOVED', reductionFactorBps: 300, removedAtSeq: 2 },
    ];
    expect(() => settleMarket({ kind: 'BOOKMAKER', bets, result, commissionBps: 0 })).toThrow(/matchedSeq/);
    expect(() => settleMarket({ kind: 'BOOKMAKER', bets, result: [{ selectionId: 1, status: 'REMOVED' }], commissionBps: 0 })).toThrow(/reduction factor/);
  });
});

describe('fancy settlement', () => {
  it('settles YES and NO on the run total, and voids an abandoned session', () => {
    const bets = [
      { betId: 'n', userId: 1, side: 'NO' as const, line: 45, ratePercent: 100, sizePaise: 10_000 },
      { betId: 'y', userId: 1, side: 'YES' as const, line: 46, ratePercent: 90, sizePaise: 10_000 },
      { betId: 'y2', userId: 2, side: 'YES' as const, line: 46, ratePercent: 90, sizePaise: 10_000 },
    ];
    const on45 = settleMarket({ kind: 'FANCY', bets, result: { runs: 45 }, commissionBps: 0 });
    expect(on45.users).toEqual([
      { userId: 1, netPnlPaise: -20_000, commissionPaise: 0 },
      { userId: 2, netPnlPaise: -10_000, commissionPaise: 0 },
    ]);
    const on50 = settleMarket({ kind: 'FANCY', bets, result: { runs: 50 }, commissionBps: 100 });
    expect(on50.bets.map((b) => [b.outcome, b.pnlPaise])).toEqual([
      ['LOST', -10_000],
      ['WON', 9_000],
      ['WON', 9_000],
    ]);
    expect(on50.users[1]).toEqual({ userId: 2, netPnlPaise: 9_000, commissionPaise: 90 });
    expect(settleMarket({ kind: 'FANCY', bets, result: 'VOID', commissionBps: 0 }).bets.every((b) => b.outcome === 'VOID')).toBe(true);
    expect(() => settleMarket({ kind: 'FANCY', bets, result: { runs: -1 }, commissionBps: 0 })).toThrow(RangeError);
  });
});

describe('settlement against exposure', () => {
  const RUNNERS = [1, 2, 3];
  const fillArb = fc.record({
    selectionId: fc.constantFrom(...RUNNERS),
    tick: fc.integer({ min: 0, max: LADDER.length - 1 }),
    sizePaise: fc.integer({ min: 1, max: 10_000_000 }),
    backUser: fc.integer({ min: 1, max: 4 }),
    layUser: fc.integer({ min: 1, max: 4 }),
  });
  const resultArb = fc.record({ first: fc.constantFrom(...RUNNERS), tiedWith: fc.option(fc.constantFrom(...RUNNERS), { nil: undefined }) });

  it('never takes more from a user than the exposure reserved, and leaves clearing 0..users-1 paise of rounding', () => {
    fc.assert(
      fc.property(fc.array(fillArb, { minLength: 1, maxLength: 30 }), resultArb, (fills, { first, tiedWith }) => {
        const bets = fills.flatMap((f, i) => fill(String(i), f.selectionId, LADDER[f.tick]!, f.sizePaise, f.backUser, f.layUser));
        const tied = tiedWith !== undefined && tiedWith !== first ? [first, tiedWith] : [first];
        const result: RunnerResult[] = RUNNERS.map((selectionId) =>
          tied.includes(selectionId)
            ? { selectionId, status: 'WINNER', ...(tied.length > 1 ? { deadHeat: { places: 1, tiedRunners: 2 } } : {}) }
            : { selectionId, status: 'LOSER' },
        );
        const s = settleMarket({ kind: 'EXCHANGE', bets, result, commissionBps: 500 });
        for (const user of s.users) {
          const own = bets.filter((b) => b.userId === user.userId).map((b) => ({ ...b, matched: true }));
          expect(-user.netPnlPaise).toBeLessThanOrEqual(runnerExposure(RUNNERS, own));
          expect(user.netPnlPaise).toBeGreaterThanOrEqual(s.bets.filter((b) => b.userId === user.userId).reduce((sum, b) => sum + b.pnlPaise, 0));
        }
        const rounding = -s.users.reduce((sum, u) => sum + u.netPnlPaise, 0);
        expect(rounding).toBeGreaterThanOrEqual(0);
        expect(rounding).toBeLessThan(s.users.length);
      }),
      { numRuns: 300 },
    );
  });
});
