import type { StatementDay } from '@exchange/contracts';

/** The period's betting and casino result: the days' P&L summed in paise (no float drift). */
export function periodPnl(days: readonly Pick<StatementDay, 'pnl'>[]): number {
  return days.reduce((sum, d) => sum + Math.round(d.pnl * 100), 0) / 100;
}
