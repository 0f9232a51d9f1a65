/**
 * Keeps the react-query cache of `match/getMatchDetail` in step with the pushed markets. Every
 * query whose key starts with MATCH_DETAIL_KEY (the game-details and racing pages) is patched in
 * place; a market the socket delivers is kept here too, so a getMatchDetail answer that arrives
 * later (its poll, a refetch) cannot roll a live market back to an older book. The match's
 * score and state (`match_score`) are patched the same way, into the match pages and the match
 * list rows, and kept while the match's markets stream.
 */
import type {
  Balance,
  LiveMarketChanges,
  LiveMatchScore,
  LivePosition,
  MarketView,
  MatchDetail,
  MatchListItem,
} from '@exchange/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { queryKeys, startsWithKey } from '../query-keys';

/** The key prefixes of getMatchDetail (the match and race pages) and getMatches (the match lists). */
const MATCH_DETAIL_KEY = queryKeys.matchDetail.all;
const MATCH_LIST_KEY = queryKeys.matchList.all;

/** A delta applied to a market: changed fields replace, changed runners replace theirs but keep the caller's position. */
export function mergeMarketChanges(market: MarketView, changes: LiveMarketChanges): MarketView {
  const { runners: changedRunners, ...fields } = changes;
  const next: MarketView = { ...market, ...fields };
  if (changedRunners && changedRunners.length > 0) {
    const byId = new Map(changedRunners.map((r) => [r.selection_id, r]));
    next.runners = market.runners.map((r) => {
      const changed = byId.get(r.selection_id);
      return changed ? { ...changed, position: r.position } : r;
    });
  }
  return next;
}

/** The caller's own position pushed for a market. */
export function mergePosition(market: MarketView, position: LivePosition): MarketView {
  const byId = new Map(position.runners.map((r) => [r.selection_id, r.position]));
  return {
    ...market,
    exposure: position.exposure,
    fancy_positions: position.fancy_positions,
    runners: market.runners.map((r) => (byId.has(r.selection_id) ? { ...r, position: byId.get(r.selection_id)! } : r)),
  };
}

/** The match detail with one market replaced; the same object when the match does not hold it. */
export function withMarket(detail: MatchDetail, market: MarketView): MatchDetail {
  const i = detail.markets.findIndex((m) => m.market_id === market.market_id);
  if (i < 0 || detail.markets[i] === market) return detail;
  const markets = detail.markets.slice();
  markets[i] = market;
  return { ...detail, markets };
}

/** The match fields a `match_score` carries, as getMatchDetail and getMatches name them. */
type ScoreFields = Pick<LiveMatchScore, 'score' | 'state' | 'result' | 'in_play'>;

/** The match with the pushed score and state; the same object when nothing differs. */
export function withScore<T extends Pick<MatchDetail, 'state' | 'result' | 'in_play'> & { score?: string | null }>(
  match: T,
  pushed: ScoreFields,
): T {
  const fields = 'score' in match ? pushed : { state: pushed.state, result: pushed.result, in_play: pushed.in_play };
  const same = Object.entries(fields).every(([k, v]) => JSON.stringify(match[k as keyof T]) === JSON.stringify(v));
  return same ? match : { ...match, ...fields };
}

const isMatchDetailKey = (key: readonly unknown[]) => startsWithKey(key, MATCH_DETAIL_KEY);
const isMatchListKey = (key: readonly unknown[]) => startsWithKey(key, MATCH_LIST_KEY);

/** A match page holding the market, or a match list whose row streams it (its Match Odds). */
function holdsMarket(query: Pick<Query, 'queryKey' | 'state'>, marketId: number): boolean {
  const data = query.state.data;
  if (isMatchDetailKey(query.queryKey)) return (data as MatchDetail | undefined)?.markets.some((m) => m.market_id === marketId) === true;
  if (isMatchListKey(query.queryKey) && Array.isArray(data))
    return (data as MatchListItem[]).some((m) => m.match_odds?.market_id === marketId);
  return false;
}

/**
 * Queries a bet change makes stale: every key starting with 'bet' (current bets, e.g.
 * ['bet', 'current', matchId]) and the "My Market" exposure table.
 */
export function isBetQuery(query: Pick<Query, 'queryKey'>): boolean {
  const key = query.queryKey;
  return startsWithKey(key, queryKeys.bets.all) || startsWithKey(key, queryKeys.exposureDetail);
}

export class LiveMarketCache {
  /** Markets as pushed (image, then deltas and positions), while their stream is live. */
  private readonly markets = new Map<number, MarketView>();
  /** Matches' scores as pushed, while a market of theirs streams (forgotten with it). */
  private readonly scores = new Map<number, ScoreFields>();
  /** Who shows a market's live copy directly (not through getMatchDetail), by market. */
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly stopWatching: () => void;

  constructor(
    private readonly client: QueryClient,
    private readonly showBalance: (balance: Balance) => void,
  ) {
    // A getMatchDetail answer fetched over HTTP may predate the pushes applied since: the live copy wins.
    this.stopWatching = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (!isMatchDetailKey(event.query.queryKey)) return;
      const detail = event.query.state.data as MatchDetail | undefined;
      if (!detail) return;
      const score = this.scores.get(detail.match_id);
      let next = score ? withScore(detail, score) : detail;
      for (const m of detail.markets) {
        const live = this.markets.get(m.market_id);
        if (live) next = withMarket(next, live);
      }
      if (next !== detail) this.client.setQueryData(event.query.queryKey, next);
    });
  }

  image(market: MarketView): void {
    this.put(market);
  }

  /** Applies a delta; false when no image of the market is held (the caller asks for one). */
  delta(marketId: number, changes: LiveMarketChanges): boolean {
    const market = this.markets.get(marketId);
    if (!market) return false;
    this.put(mergeMarketChanges(market, changes));
    // No refetch: the match's state (ADR 27), which a settlement can change, comes pushed as
    // `match_score` with its score. Refetching on every status change would refetch every
    // watcher's match page at every ball (the fancy lines go BALL RUNNING and back).
    return true;
  }

  position(position: LivePosition): void {
    const market = this.markets.get(position.market_id);
    if (market) this.put(mergePosition(market, position));
    else
      // Not streamed here (unsubscribed meanwhile): still correct any cached copy.
      this.patch(position.market_id, (m) => mergePosition(m, position));
  }

  balance(balance: Balance): void {
    const { total_balance, liability, available_balance } = balance;
    this.showBalance({ total_balance, liability, available_balance });
  }

  /** The match's score and state as pushed: its pages and its list rows show them at once. */
  matchScore(message: LiveMatchScore): void {
    const { score, state, result, in_play } = message;
    const fields = { score, state, result, in_play };
    this.scores.set(message.match_id, fields);
    for (const query of this.client.getQueryCache().findAll({ queryKey: MATCH_DETAIL_KEY })) {
      const detail = query.state.data as MatchDetail | undefined;
      if (detail?.match_id === message.match_id) this.client.setQueryData(query.queryKey, withScore(detail, fields));
    }
    for (const query of this.client.getQueryCache().findAll({ queryKey: MATCH_LIST_KEY })) {
      const rows = query.state.data;
      if (!Array.isArray(rows) || !(rows as MatchListItem[]).some((m) => m.match_id === message.match_id)) continue;
      this.client.setQueryData(
        query.queryKey,
        (rows as MatchListItem[]).map((m) => (m.match_id === message.match_id ? withScore(m, fields) : m)),
      );
    }
  }

  bets(): void {
    void this.client.invalidateQueries({ predicate: isBetQuery });
  }

  /** The market's stream stopped (unsubscribed, socket dropped): HTTP answers are trusted again. */
  forget(marketId: number): void {
    // Its match's pushed score is trusted only while the match streams: the HTTP answer wins again.
    for (const query of this.client.getQueryCache().findAll({ queryKey: MATCH_DETAIL_KEY }))
      if (holdsMarket(query, marketId)) this.scores.delete((query.state.data as MatchDetail).match_id);
    if (this.markets.delete(marketId)) this.notify(marketId);
  }

  forgetAll(): void {
    const ids = [...this.markets.keys()];
    this.markets.clear();
    this.scores.clear();
    ids.forEach((id) => this.notify(id));
  }

  /** Calls `listener` whenever the live copy of the market changes or is dropped (`get` reads it). */
  onMarket(marketId: number, listener: () => void): () => void {
    let set = this.listeners.get(marketId);
    if (!set) this.listeners.set(marketId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(marketId) === set) this.listeners.delete(marketId);
    };
  }

  /** The live copy of a market, if streamed. */
  get(marketId: number): MarketView | undefined {
    return this.markets.get(marketId);
  }

  dispose(): void {
    this.stopWatching();
    this.markets.clear();
    this.scores.clear();
    this.listeners.clear();
  }

  private put(market: MarketView): void {
    this.markets.set(market.market_id, market);
    this.patch(market.market_id, () => market);
    this.notify(market.market_id);
  }

  private notify(marketId: number): void {
    this.listeners.get(marketId)?.forEach((fn) => fn());
  }

  private patch(marketId: number, change: (market: MarketView) => MarketView): void {
    for (const query of this.client.getQueryCache().findAll({ queryKey: MATCH_DETAIL_KEY })) {
      const detail = query.state.data as MatchDetail | undefined;
      const old = detail?.markets.find((m) => m.market_id === marketId);
      // Only the matches that hold the market are touched: the others keep their data and timestamps.
      if (old) this.client.setQueryData(query.queryKey, withMarket(detail!, change(old)));
    }
  }
}
