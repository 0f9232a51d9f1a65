/**
 * The in-play bet delay (exchange-rules.md): a bet on a market in play waits the market's
 * `bet_delay_ms` before it joins its market's queue, so a bettor who sees a goal before the
 * prices move cannot take the old price. What changed meanwhile (a suspension, new rates, a new
 * line) is caught by the recheck after the delay, in the market's lane (bet-queue.ts). The
 * operator's own liquidity (the market maker, the feed) does not wait.
 */
import type { PlaceOptions } from './bet-request.ts';
import type { MarketState } from './market-state.ts';

/**
 * How long a bet on this market waits before it is queued: 0 unless the market is in play.
 * `extraMs`: what the bettor's agent added to his in-play delay (ADR 58).
 */
export function betDelayMsOf(market: MarketState, options: PlaceOptions, extraMs = 0): number {
  if (options.noDelay || !market.row.inPlay) return 0;
  return Math.max(market.row.betDelayMs, 0) + Math.max(extraMs, 0);
}

/** Waits the bet delay, if the bet has one (`sleep`: tests may shorten time). */
export async function waitBetDelay(
  market: MarketState,
  options: PlaceOptions,
  sleep: (ms: number) => Promise<void>,
  extraMs = 0,
): Promise<void> {
  const delayMs = betDelayMsOf(market, options, extraMs);
  if (delayMs > 0) await sleep(delayMs);
}
