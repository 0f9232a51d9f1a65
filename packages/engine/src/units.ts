/**
 * The API edge of the numbers that are not money: decimal odds (hundredths inside, see
 * ladder.ts) and percentages (basis points inside: commission, reduction factors).
 */
import type { Price } from './ladder.ts';

/** Decimal odds (1.45) to hundredths (145), to the nearest hundredth; no ladder check (see isValidPrice). */
export function oddsToPrice(odds: number): Price {
  return Math.round(odds * 100);
}

/** Hundredths (145) to decimal odds (1.45). */
export function priceToOdds(price: Price): number {
  return price / 100;
}

/** A percentage (2.5) to basis points (250), to the nearest basis point. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points (250) to a percentage (2.5). */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}
