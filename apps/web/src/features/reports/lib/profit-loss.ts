import type { ProfitLossReport } from '@exchange/contracts';
import { paiseToRupees, roundToPaise } from '@exchange/engine';

export type ProfitLossRow = ProfitLossReport['rows'][number];

export interface SportProfitLoss {
  sport_id: number;
  sport_name: string;
  pnl: number;
  commission: number;
  net: number;
  markets: ProfitLossRow[];
}

/**
 * The report's settled markets under their sport, sports in the server's order (the first one
 * with a settled market first) and markets newest first within each.
 */
export function groupBySport(report: Pick<ProfitLossReport, 'rows'>): SportProfitLoss[] {
  const groups = new Map<number, { head: SportProfitLoss; pnl: number; commission: number; net: number }>();
  for (const row of report.rows) {
    let g = groups.get(row.sport_id);
    if (!g) {
      g = {
        head: {
          sport_id: row.sport_id,
          sport_name: row.sport_name,
          pnl: 0,
          commission: 0,
          net: 0,
          markets: [],
        },
        pnl: 0,
        commission: 0,
        net: 0,
      };
      groups.set(row.sport_id, g);
    }
    g.head.markets.push(row);
    // Sums in paise: rupee floats would drift (0.1 + 0.2).
    g.pnl += roundToPaise(row.pnl);
    g.commission += roundToPaise(row.commission);
    g.net += roundToPaise(row.net);
  }
  return [...groups.values()].map((g) => ({
    ...g.head,
    pnl: paiseToRupees(g.pnl),
    commission: paiseToRupees(g.commission),
    net: paiseToRupees(g.net),
  }));
}

/** Green for a profit, red for a loss, plain for nothing. */
export const pnlClass = (value: number): string => (value > 0 ? 'profit' : value < 0 ? 'loss' : '');
