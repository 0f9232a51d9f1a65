import type { RunnerView } from '@exchange/contracts';
import { nearestValidPrice, priceToOdds } from '@exchange/engine';

/**
 * The odds an empty exchange box opens the bet slip at, for the bettor to change (ADR 39): the
 * side's best price when only a deeper box is empty; else the best price on the other side (the
 * bettor joins those who ask it); else even chances among the runners still running (2 runners:
 * 2.00, a field of 8: 8.00), on the exchange's tick ladder. The market view carries no last
 * traded price, so that step of the usual rule has nothing to read.
 */
export function askingOdds(
  runner: Pick<RunnerView, 'back' | 'lay'>,
  tone: 'back' | 'lay',
  runnersRunning: number,
): number {
  const [same, other] = tone === 'back' ? [runner.back, runner.lay] : [runner.lay, runner.back];
  const best = same[0] ?? other[0];
  if (best) return best.price;
  return priceToOdds(nearestValidPrice(Math.max(2, runnersRunning) * 100));
}
