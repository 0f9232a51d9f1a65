/**
 * The pieces of a market the live push sends, all computed from the in-memory MarketState (no
 * database): the image (getMatchDetail's view of one market, with the subscriber's position),
 * the part every subscriber shares (no positions), the changes between two shared views, and a
 * user's own position.
 */
import type { LiveMarketChanges, LivePosition, LiveRunnerChange, MarketView } from '@exchange/contracts';
import type { MarketState } from '../services/betting/index.ts';
import { marketView, positionView } from '../services/betting/index.ts';

/** A market as every subscriber sees it: the view without the per-user fields. */
export type SharedMarketView = Omit<MarketView, 'runners' | 'exposure' | 'fancy_positions'> & {
  runners: LiveRunnerChange[];
};

export function marketImage(state: MarketState, userId: number): MarketView {
  return marketView(state, userId);
}

export function sharedMarketView(state: MarketState): SharedMarketView {
  const { exposure: _exposure, fancy_positions: _positions, runners, ...rest } = marketView(state, null);
  return { ...rest, runners: runners.map(({ position: _position, ...runner }) => runner) };
}

/** Fields (and whole runners) that differ from `prev`; null when nothing does. */
export function marketChanges(prev: SharedMarketView, next: SharedMarketView): LiveMarketChanges | null {
  const changes: Record<string, unknown> = {};
  let any = false;
  for (const key of Object.keys(next) as (keyof SharedMarketView)[]) {
    if (key === 'runners' || key === 'market_id') continue;
    if (!sameJson(prev[key], next[key])) {
      changes[key] = next[key];
      any = true;
    }
  }
  const before = new Map(prev.runners.map((r) => [r.selection_id, r]));
  const runners = next.runners.filter((r) => !sameJson(before.get(r.selection_id), r));
  if (runners.length > 0) {
    changes.runners = runners;
    any = true;
  }
  return any ? (changes as LiveMarketChanges) : null;
}

/** The user's own position on the market: exposure, P&L per runner, the fancy book. */
export function userPosition(state: MarketState, userId: number): Omit<LivePosition, 'type'> {
  // Only the user's part: no book ladder, which every commit would otherwise rebuild per watcher.
  const mine = positionView(state, userId);
  return {
    market_id: state.row.id,
    exposure: mine.exposure,
    runners: state.runners.map((r) => ({ selection_id: r.selectionId, position: mine.pnlOf(r.selectionId) })),
    fancy_positions: mine.fancy_positions,
  };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka)
    if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
