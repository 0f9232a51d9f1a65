/**
 * A fancy line's book as the bettor reads it: the server's `fancy_positions` (engine
 * fancyPositions) are P&L rows each holding from its `from_runs` up to the next row's, the first
 * from 0, the last open-ended. Named by their ends: "≤ 44", "45", "46 to 48", "49+".
 */
export interface FancyBookRow {
  runs: string;
  pnl: number;
}

export function fancyBookRows(positions: readonly { from_runs: number; pnl: number }[]): FancyBookRow[] {
  const rows = [...positions].sort((a, b) => a.from_runs - b.from_runs);
  return rows.map((row, i) => {
    const next = rows[i + 1];
    if (!next) return { runs: i === 0 ? 'Any total' : `${row.from_runs}+`, pnl: row.pnl };
    const last = next.from_runs - 1;
    const runs =
      last === row.from_runs ? String(last) : i === 0 ? `≤ ${last}` : `${row.from_runs} to ${last}`;
    return { runs, pnl: row.pnl };
  });
}
