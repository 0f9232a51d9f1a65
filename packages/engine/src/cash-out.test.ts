import { describe, expect, it } from 'vitest';
import {
  MAX_STAKE_PAISE,
  bookmakerOffer,
  quoteCashOut,
  type CashOutRefusal,
  type PriceLevel,
  type RunnerBet,
  type RunnerOffer,
} from './index.ts';

const A = 1;
const B = 2;
const C = 3;
const back = (selectionId: number, price: number, sizePaise: number, matched = true): RunnerBet => ({
  selectionId,
  side: 'BACK',
  price,
  sizePaise,
  matched,
});
const lay = (selectionId: number, price: number, sizePaise: number, matched = true): RunnerBet => ({
  selectionId,
  side: 'LAY',
  price,
  sizePaise,
  matched,
});
const level = (price: number, sizePaise = 10_000_000): PriceLevel => ({ price, sizePaise });
const offer = (selectionId: number, toBack: PriceLevel[], toLay: PriceLevel[]): RunnerOffer => ({
  selectionId,
  availableToBack: toBack,
  availableToLay: toLay,
});
/** The quote with its P&L as a plain object, for toEqual; throws when there is no cash out. */
const cashOut = (offers: RunnerOffer[], bets: RunnerBet[], fractionBps?: number) => {
  const quote = quoteCashOut({ offers, bets, fractionBps });
  if (!quote.available) throw new Error(`No cash out: ${quote.reason}`);
  return { legs: quote.legs, pnlAfter: Object.fromEntries(quote.pnlAfterPaise), value: quote.valuePaise };
};
const refusal = (reason: CashOutRefusal) => ({ available: false, reason });

// The design note's example: back 100 at 3.0 on A (W_A = +200, W_B = -100), A's lay price now 2.0.
const backedA = [back(A, 300, 10_000)];
const twoRunners = [offer(A, [level(196)], [level(200)]), offer(B, [level(196)], [level(204)])];

describe('cash out', () => {
  it('closes a back with a lay at the lay price: 150 on A at 2.0 locks +50 whatever wins', () => {
    // One runner's formula: lay stake S x B / P = 100 x 3 / 2, P&L S x (B / P - 1) = +50.
    expect(cashOut(twoRunners, backedA)).toEqual({
      legs: [{ selectionId: A, side: 'LAY', price: 200, stakePaise: 15_000, fills: [level(200, 15_000)] }],
      pnlAfter: { [A]: 5_000, [B]: 5_000 },
      value: 5_000,
    });
  });

  it('closes a lay with a back at the back price: 75 on A at 4.0 locks +25', () => {
    // Lay 100 at 3.0 on A: W_A = -200, W_B = +100. Back stake S x B / P = 100 x 3 / 4.
    const offers = [offer(A, [level(400)], [level(410)]), offer(B, [level(132)], [level(134)])];
    expect(cashOut(offers, [lay(A, 300, 10_000)])).toEqual({
      legs: [{ selectionId: A, side: 'BACK', price: 400, stakePaise: 7_500, fills: [level(400, 7_500)] }],
      pnlAfter: { [A]: 2_500, [B]: 2_500 },
      value: 2_500,
    });
  });

  it('picks the best of the targets on three runners, by hand', () => {
    // Back 100 at 4.0 on A and 50 at 5.0 on B: W_A = +250, W_B = +100, W_C = -150. Back / lay
    // prices: A 3.0 / 3.5, B 4.0 / 5.0, C 2.0 / 2.5. Each target T = W_k, x_j = (T - W_j) / o_j:
    //   T = +250: back B 37.50 at 4.0 and C 200 at 2.0, G = 250 - 237.50 = 12.50;
    //   T = +100: lay A 42.857 at 3.5, back C 125 at 2.0, G = 100 - 82.143 = 17.857, the best;
    //   T = -150: lay A 114.29 at 3.5 and B 50 at 5.0, G = -150 + 164.29 = 14.29.
    const offers = [
      offer(A, [level(300)], [level(350)]),
      offer(B, [level(400)], [level(500)]),
      offer(C, [level(200)], [level(250)]),
    ];
    // The lay's 4,285.71 paise rounds down to 4,285 (A's outcome gains 1.75), C's back is 12,500 exactly.
    expect(cashOut(offers, [back(A, 400, 10_000), back(B, 500, 5_000)])).toEqual({
      legs: [
        { selectionId: A, side: 'LAY', price: 350, stakePaise: 4_285, fills: [level(350, 4_285)] },
        { selectionId: C, side: 'BACK', price: 200, stakePaise: 12_500, fills: [level(200, 12_500)] },
      ],
      pnlAfter: { [A]: 1_787, [B]: 1_785, [C]: 1_785 },
      value: 1_785,
    });
  });

  const thinLay = [
    offer(A, [level(196)], [level(200, 5_000), level(202, 5_000), level(204)]),
    offer(B, [], []),
  ];

  it('walks the levels when the best has too little money, each at its own price', () => {
    // 300 of payout to lay: 50 at 2.0 (100), 50 at 2.02 (101), the rest 99 / 2.04 = 48.53 at 2.04.
    expect(cashOut(thinLay, backedA)).toEqual({
      legs: [
        {
          selectionId: A,
          side: 'LAY',
          price: 204,
          stakePaise: 14_852,
          fills: [level(200, 5_000), level(202, 5_000), level(204, 4_852)],
        },
      ],
      pnlAfter: { [A]: 4_853, [B]: 4_852 },
      value: 4_852,
    });
  });

  it('stops at the edge of a level when the next one is dearer than the other runner', () => {
    // Laying all of A costs 3.0 past its first 50; backing B at 1.9 is cheaper from there on.
    const offers = [
      offer(A, [level(196)], [level(200, 5_000), level(300)]),
      offer(B, [level(190)], [level(192)]),
    ];
    expect(cashOut(offers, backedA)).toEqual({
      legs: [
        { selectionId: A, side: 'LAY', price: 200, stakePaise: 5_000, fills: [level(200, 5_000)] },
        { selectionId: B, side: 'BACK', price: 190, stakePaise: 10_527, fills: [level(190, 10_527)] },
      ],
      pnlAfter: { [A]: 4_473, [B]: 4_474 },
      value: 4_473,
    });
  });

  it('cashes out a fraction: each outcome moves that far towards the full cash out', () => {
    // Full: +50 on both. Half: A 200 -> 125, B -100 -> -25; a quarter: A -> 162.50, B -> -62.50.
    expect(cashOut(twoRunners, backedA, 5_000)).toEqual({
      legs: [{ selectionId: A, side: 'LAY', price: 200, stakePaise: 7_500, fills: [level(200, 7_500)] }],
      pnlAfter: { [A]: 12_500, [B]: -2_500 },
      value: -2_500,
    });
    expect(cashOut(twoRunners, backedA, 2_500).pnlAfter).toEqual({ [A]: 16_250, [B]: -6_250 });
    expect(cashOut(twoRunners, backedA, 10_000)).toEqual(cashOut(twoRunners, backedA));
  });

  it('gives a partial cash out the better prices of its smaller hedge, on every outcome alike', () => {
    // Half of the walk above: 150 of payout, 50 at 2.0 and 49.50 / 2.02 = 24.75 at 2.02.
    const half = cashOut(thinLay, backedA, 5_000);
    expect(half.legs).toEqual([
      {
        selectionId: A,
        side: 'LAY',
        price: 202,
        stakePaise: 7_475,
        fills: [level(200, 5_000), level(202, 2_475)],
      },
    ]);
    // Half way to the full cash out's exact 48.5294 would be A 124.26, B -25.74: both are 0.49 better.
    expect(half.pnlAfter).toEqual({ [A]: 12_475, [B]: -2_525 });
  });

  it('answers NOTHING_TO_CASH_OUT for a position already flat', () => {
    const quoteOn = (bets: RunnerBet[]) => quoteCashOut({ offers: twoRunners, bets });
    const flat = refusal('NOTHING_TO_CASH_OUT');
    expect(quoteOn([])).toEqual(flat);
    expect(quoteOn([back(A, 200, 10_000), back(B, 200, 10_000)])).toEqual(flat);
    expect(quoteOn([back(A, 300, 10_000), lay(A, 300, 10_000)])).toEqual(flat);
    // Unmatched bets are not a position.
    expect(quoteOn([back(A, 300, 10_000, false)])).toEqual(flat);
  });

  it('ignores unmatched bets beside a matched position', () => {
    const withUnmatched = [...backedA, lay(B, 500, 1_000, false)];
    expect(cashOut(twoRunners, withUnmatched)).toEqual(cashOut(twoRunners, backedA));
  });

  it('answers NOT_ENOUGH_LIQUIDITY when no hedge fits the book', () => {
    const refused = refusal('NOT_ENOUGH_LIQUIDITY');
    expect(quoteCashOut({ offers: [offer(A, [], []), offer(B, [], [])], bets: backedA })).toEqual(refused);
    // A cannot be laid and B cannot be backed: every hedge needs one or the other.
    const noNeededSide = [offer(A, [level(196)], []), offer(B, [], [level(204)])];
    expect(quoteCashOut({ offers: noNeededSide, bets: backedA })).toEqual(refused);
    // A's lay side holds 10 where 150 is needed, and B offers nothing.
    const tooThin = [offer(A, [], [level(200, 1_000)]), offer(B, [], [])];
    expect(quoteCashOut({ offers: tooThin, bets: backedA })).toEqual(refused);
  });

  it('hedges on the other runner when one side is empty', () => {
    // A cannot be laid: backing B at 1.9 with 300 / 1.9 = 157.90 locks +42.10 instead.
    expect(cashOut([offer(A, [], []), offer(B, [level(190)], [])], backedA)).toEqual({
      legs: [{ selectionId: B, side: 'BACK', price: 190, stakePaise: 15_790, fills: [level(190, 15_790)] }],
      pnlAfter: { [A]: 4_210, [B]: 4_211 },
      value: 4_210,
    });
  });

  it('takes no more than the hedge from a book that offers an arbitrage', () => {
    // Back at 2.5 on both runners: 1/2.5 + 1/2.5 < 1, so backing both more would raise G without end.
    // The hedge stops at T = W_A: back B 300 / 2.5 = 120, +80 whatever wins.
    const rates = { backRatePaise: 150, layRatePaise: 160 };
    const offers = [A, B].map((selectionId) => bookmakerOffer({ selectionId, ...rates }));
    expect(cashOut(offers, backedA)).toEqual({
      legs: [{ selectionId: B, side: 'BACK', price: 250, stakePaise: 12_000, fills: [level(250, 12_000)] }],
      pnlAfter: { [A]: 8_000, [B]: 8_000 },
      value: 8_000,
    });
  });

  it("cashes out a bookmaker position at the house's rates", () => {
    // Back 100 at rate 90 on A: W_A = +90, W_B = -100. Rates now A 60 / 62, B 155 / 170.
    // Lay A: 190 / 1.62 = 117.28 locks +17.28; backing B: 190 / 2.55 = 74.51 would lock +15.49.
    const offers = [
      bookmakerOffer({ selectionId: A, backRatePaise: 60, layRatePaise: 62 }),
      bookmakerOffer({ selectionId: B, backRatePaise: 155, layRatePaise: 170 }),
    ];
    expect(cashOut(offers, [back(A, 190, 10_000)])).toEqual({
      legs: [{ selectionId: A, side: 'LAY', price: 162, stakePaise: 11_728, fills: [level(162, 11_728)] }],
      pnlAfter: { [A]: 1_728, [B]: 1_728 },
      value: 1_728,
    });
    expect(bookmakerOffer({ selectionId: C, backRatePaise: 45 })).toEqual(
      offer(C, [level(145, MAX_STAKE_PAISE)], []),
    );
  });

  it('keeps every leg to one bet: a hedge larger than the largest stake is not available', () => {
    // Back ₹10 crore at 1000 on A: laying it at 5.0 would take about ₹2,000 crore.
    const house = bookmakerOffer({ selectionId: A, backRatePaise: 390, layRatePaise: 400 });
    const offers = [house, offer(B, [], [])];
    const bets = [back(A, 100_000, MAX_STAKE_PAISE)];
    expect(quoteCashOut({ offers, bets })).toEqual(refusal('NOT_ENOUGH_LIQUIDITY'));
  });

  it('refuses books and requests that are caller bugs', () => {
    const quoteOn = (a: RunnerOffer, fractionBps?: number) => () =>
      quoteCashOut({ offers: [a, offer(B, [], [])], bets: backedA, fractionBps });
    expect(quoteOn(offer(A, [level(202)], [level(200)]))).toThrow(/crossed/);
    expect(quoteOn(offer(A, [], [level(202), level(200)]))).toThrow(/best first/);
    expect(quoteOn(offer(A, [level(200), level(200)], []))).toThrow(/best first/);
    expect(quoteOn(offer(A, [], [level(200, 0)]))).toThrow(RangeError);
    expect(quoteOn(offer(A, [], [level(100)]))).toThrow(RangeError);
    for (const fractionBps of [0, 10_001, 0.5]) {
      expect(quoteOn(offer(A, [], []), fractionBps)).toThrow(RangeError);
    }
    expect(() => quoteCashOut({ offers: [...twoRunners, offer(A, [], [])], bets: backedA })).toThrow(/twice/);
    const onUnknownRunner = [back(C, 300, 100)];
    expect(() => quoteCashOut({ offers: twoRunners, bets: onUnknownRunner })).toThrow(/not in the market/);
  });
});
