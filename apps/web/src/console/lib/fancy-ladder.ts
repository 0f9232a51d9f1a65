/** One step of a fancy book: the run totals it covers, in words, what the house makes on them and the caller's share of it. */
export interface LadderStep {
  runs: string;
  house_pnl: number;
  own_pnl: number;
}

/**
 * A fancy book's rows (each from `from_runs` up to the next row's) as run ranges: "0 – 149",
 * "150" (a step of one run), "151 +" (the last, open-ended). Rows come in run order.
 */
export function fancyLadder(
  rows: readonly { from_runs: number; house_pnl: number; own_pnl: number }[],
): LadderStep[] {
  return rows.map((row, i) => {
    const next = rows[i + 1];
    const last = next ? next.from_runs - 1 : null;
    const runs =
      last === null
        ? `${row.from_runs} +`
        : last === row.from_runs
          ? String(row.from_runs)
          : `${row.from_runs} – ${last}`;
    return { runs, house_pnl: row.house_pnl, own_pnl: row.own_pnl };
  });
}
