/**
 * Where the bars of a P&L chart go (horizontal bars from one zero axis): wins to the right,
 * losses to the left. The axis sits where the largest loss and the largest win both fit, so an
 * all-winning chart uses the whole width. Every figure is written on its bar when the bar is wide
 * enough, else just past its end, else (no room there) on the other side of the axis, which is
 * free on that row.
 */

/** A bar narrower than this (percent of the track) has its figure beside it, not on it. */
export const FIGURE_ROOM_PCT = 35;

export interface BarInput {
  key: string;
  label: string;
  value: number;
}

export interface Bar extends BarInput {
  /** Percent of the track from its left edge. */
  start: number;
  width: number;
  /** null: the figure is on the bar; else its position in the track (percent from one edge). */
  figureAt: { left: number } | { right: number } | null;
}

export function barLayout(rows: readonly BarInput[]): { zero: number; bars: Bar[] } {
  const most = Math.max(0, ...rows.map((r) => r.value));
  const least = Math.max(0, ...rows.map((r) => -r.value));
  const span = most + least;
  const zero = span === 0 ? 0 : (least / span) * 100;
  const bars = rows.map((row): Bar => {
    const width = span === 0 ? 0 : (Math.abs(row.value) / span) * 100;
    if (row.value < 0) {
      const start = zero - width;
      const figureAt =
        width >= FIGURE_ROOM_PCT ? null : start >= FIGURE_ROOM_PCT ? { right: 100 - start } : { left: zero };
      return { ...row, start, width, figureAt };
    }
    const end = zero + width;
    const figureAt =
      width >= FIGURE_ROOM_PCT ? null : 100 - end >= FIGURE_ROOM_PCT ? { left: end } : { right: 100 - zero };
    return { ...row, start: zero, width, figureAt };
  });
  return { zero, bars };
}
