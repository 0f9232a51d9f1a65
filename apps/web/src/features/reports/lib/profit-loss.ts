import type { ProfitLossReport } from '@exchange/contracts';

export type ProfitLossRow = ProfitLossReport['rows'][number];

export interface SportProfitLoss {
  sport_id: number;
  sport_name: string;
  pnl: number;
  commission: number;
  net: number;
  markets: ProfitLossRow[];
}

// Sums in paise: rupee floats would drift (0.1 + 0.2).
const paise = (rupees: number) => Math.round(rupees * 100);

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
    g.pnl += paise(row.pnl);
    g.commission += paise(row.commission);
    g.net += paise(row.net);
  }
  return [...groups.values()].map((g) => ({
    ...g.head,
    pnl: g.pnl / 100,
    commission: g.commission / 100,
    net: g.net / 100,
  }));
}

/** Green for a profit, red for a loss, plain for nothing. */
export const pnlClass = (value: number): string => (value > 0 ? 'profit' : value < 0 ? 'loss' : '');
