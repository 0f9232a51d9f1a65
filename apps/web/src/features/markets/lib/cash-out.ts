/**
 * The Cash Out screens' words and figures, free of React: rupee values with their sign, the
 * automatic rule in words, which markets offer a cash out, and the parts of a position.
 */
import type { CashOutQuote, MarketView } from '@exchange/contracts';
import { formatAmount } from '@/lib/format';

/** A value in rupees with its sign before the symbol when negative: ₹50.00, -₹20.00. */
export function rupeesText(value: number): string {
  return `${value < 0 ? '-' : ''}₹${formatAmount(Math.abs(value))}`;
}

/** A gain, a loss or even: the colour of a figure (green, red, plain). */
export const valueTone = (value: number): 'profit' | 'loss' | 'muted' =>
  value > 0 ? 'profit' : value < 0 ? 'loss' : 'muted';

/** The automatic rule in words: "Auto cash out at +₹40.00 / -₹20.00" (either bound alone too). */
export function autoRuleText(rule: NonNullable<CashOutQuote['auto_cash_out']>): string {
  const bounds = [
    rule.take_profit === null ? null : `+₹${formatAmount(rule.take_profit)}`,
    rule.stop_loss === null ? null : `-₹${formatAmount(rule.stop_loss)}`,
  ].filter((b) => b !== null);
  return `Auto cash out at ${bounds.join(' / ')}`;
}

/**
 * Whether a market shows the Cash Out bar: a runner market (exchange or bookmaker, never a fancy
 * line) with one winner (a PLACE market's several winners have no single hedge: the server never
 * offers one), where the bettor's position is not nothing, while it is not closed. The quote
 * itself says when it cannot be cashed out now (suspended, no money in the book, already even).
 */
export function offersCashOut(market: Pick<MarketView, 'kind' | 'status' | 'places' | 'runners'>): boolean {
  return (
    market.kind !== 'FANCY' &&
    market.places <= 1 &&
    market.status !== 'CLOSED' &&
    market.runners.some((r) => r.position !== 0)
  );
}

/** The parts of a position the buttons cash out, in percent. */
export const CASH_OUT_PARTS = [25, 50, 75, 100] as const;

/** A whole percent as the fraction bet/getCashOut takes: 0.01 to 1, at most 4 decimals. */
export const fractionOf = (percent: number): number =>
  Number((Math.min(100, Math.max(1, Math.round(percent))) / 100).toFixed(4));

/** A fraction as the percent the screens name: 0.5 is 50%. */
export const percentOf = (fraction: number): number => Math.round(fraction * 10_000) / 100;

/**
 * A take-profit or stop-loss field: empty is "no bound" (undefined), a positive amount with at
 * most 2 decimals is the bound, anything else null (not valid).
 */
export function boundOf(text: string): number | undefined | null {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/**
 * Whether a rule of these bounds fires at once: the full cash out's value (if known) has
 * reached the profit to take or fallen to the loss to stop.
 */
export function boundsReached(value: number | null, takeProfit?: number, stopLoss?: number): boolean {
  if (value === null) return false;
  return (takeProfit !== undefined && value >= takeProfit) || (stopLoss !== undefined && value <= -stopLoss);
}
