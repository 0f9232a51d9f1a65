import { describe, expect, it } from 'vitest';
import {
  autoRuleText,
  boundOf,
  boundsReached,
  fractionOf,
  offersCashOut,
  percentOf,
  rupeesText,
  valueTone,
} from './cash-out';

describe('cash out words and figures', () => {
  it('writes values in rupees with their sign, green for a gain and red for a loss', () => {
    expect(rupeesText(50)).toBe('₹50.00');
    expect(rupeesText(-20.5)).toBe('-₹20.50');
    expect(rupeesText(0)).toBe('₹0.00');
    expect([valueTone(1), valueTone(-1), valueTone(0)]).toEqual(['profit', 'loss', 'muted']);
  });

  it('says the automatic rule with either bound or both', () => {
    expect(autoRuleText({ take_profit: 40, stop_loss: 20 })).toBe('Auto cash out at +₹40.00 / -₹20.00');
    expect(autoRuleText({ take_profit: 40, stop_loss: null })).toBe('Auto cash out at +₹40.00');
    expect(autoRuleText({ take_profit: null, stop_loss: 20 })).toBe('Auto cash out at -₹20.00');
  });

  it('offers a cash out on one-winner runner markets with a position, not on fancy lines, places nor closed markets', () => {
    const runners = [{ position: 200 }, { position: -100 }] as never;
    const market = { kind: 'EXCHANGE', status: 'OPEN', places: 1, runners } as const;
    expect(offersCashOut(market)).toBe(true);
    expect(offersCashOut({ ...market, kind: 'BOOKMAKER', status: 'SUSPENDED' })).toBe(true);
    expect(offersCashOut({ ...market, kind: 'FANCY' })).toBe(false);
    expect(offersCashOut({ ...market, places: 3 })).toBe(false);
    expect(offersCashOut({ ...market, status: 'CLOSED' })).toBe(false);
    expect(offersCashOut({ ...market, runners: [{ position: 0 }] as never })).toBe(false);
  });

  it('turns percents into fractions of at most 4 decimals, within (0, 1]', () => {
    expect([25, 50, 75, 100].map(fractionOf)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(fractionOf(33)).toBe(0.33);
    expect(fractionOf(0)).toBe(0.01);
    expect(fractionOf(140)).toBe(1);
    expect(percentOf(0.3333)).toBe(33.33);
  });

  it('reads take-profit and stop-loss fields, and sees a bound already reached', () => {
    expect(boundOf('')).toBeUndefined();
    expect(boundOf('40')).toBe(40);
    expect(boundOf('12.5')).toBe(12.5);
    expect(boundOf('0')).toBeNull();
    expect(boundOf('-5')).toBeNull();
    expect(boundOf('1.234')).toBeNull();
    expect(boundsReached(50, 40)).toBe(true);
    expect(boundsReached(50, 60, 20)).toBe(false);
    expect(boundsReached(-25, 60, 20)).toBe(true);
    expect(boundsReached(null, 1)).toBe(false);
  });
});
