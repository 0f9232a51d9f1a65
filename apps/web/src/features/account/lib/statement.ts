import type { StatementDay } from '@exchange/contracts';
import { paiseToRupees, roundToPaise } from '@exchange/engine';

/** The period's betting and casino result: the days' P&L summed in paise (no float drift). */
export function periodPnl(days: readonly Pick<StatementDay, 'pnl'>[]): number {
  return paiseToRupees(days.reduce((sum, d) => sum + roundToPaise(d.pnl), 0));
}
