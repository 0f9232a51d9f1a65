/**
 * The 1 / X / 2 prices of a match list: each match's Match Odds market (or a politics Winner
 * market), best back and best lay per runner, or, for a session-only event (a binary session),
 * its yes/no line and hours; read from the betting service's in-memory books.
 * One query finds the markets of all listed matches with their versions; the books come from
 * memory (markets not loaded yet are loaded together, in a handful of queries), never a query
 * per match.
 */
import { and, asc, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Match, MatchListItem } from '@exchange/contracts';
import { paiseToRupees, priceToOdds } from '@exchange/engine';
import { matches, markets } from '../../db/schema/index.ts';
import type { MarketState } from './market-state.ts';
import type { BettingService } from './service.ts';
import { marketView } from './market-views.ts';

function listedOdds(state: MarketState): NonNullable<MatchListItem['match_odds']> {
  return {
    market_id: state.id,
    market_type: state.row.marketType,
    status: state.row.status,
    runners: state.runners
      .filter((r) => r.status !== 'REMOVED')
      .map((r) => {
        const book = state.book?.runner(r.selectionId);
        const [back] = book ? book.bestLevels('BACK', 1) : [];
        const [lay] = book ? book.bestLevels('LAY', 1) : [];
        return {
          selection_id: r.selectionId,
          name: r.name,
          back: back ? { price: priceToOdds(back.price), size: paiseToRupees(back.sizePaise) } : null,
          lay: lay ? { price: priceToOdds(lay.price), size: paiseToRupees(lay.sizePaise) } : null,
        };
      }),
  };
}

/** A session-only event's line as the list shows it: the binary market's view without positions. */
function listedSession(state: MarketState): NonNullable<MatchListItem['session_line']> {
  const { market_id, name, status, in_play, fancy, session_hours } = marketView(state, null);
  return { market_id, name, status, in_play, fancy, session_hours };
}

/** The match list (services/catalog.ts) with each match's prices or session line, and its fancy, bookmaker and TV icons. */
export async function withMatchOdds(service: BettingService, list: readonly Match[]): Promise<MatchListItem[]> {
  if (list.length === 0) return [];
  // Every unsettled market of the listed matches: the first Match Odds / Winner gives the prices,
  // the kinds of those not closed give the fancy and bookmaker icons.
  const rows = await service.db
    .select({
      id: markets.id,
      matchId: markets.matchId,
      version: markets.version,
      kind: markets.kind,
      marketType: markets.marketType,
      status: markets.status,
    })
    .from(markets)
    .where(
      and(
        inArray(
          markets.matchId,
          list.map((m) => m.match_id),
        ),
        isNull(markets.settledAt),
      ),
    )
    .orderBy(asc(markets.sort), asc(markets.id));
  const firstOfMatch = new Map<number, { id: number; version: number }>();
  const sessionOf = new Map<number, { id: number; version: number }>();
  const kindsOf = new Map<number, Set<string>>();
  for (const r of rows) {
    if ((r.marketType === 'MATCH_ODDS' || r.marketType === 'WINNER') && !firstOfMatch.has(r.matchId))
      firstOfMatch.set(r.matchId, r);
    if (r.marketType === 'BINARY' && !sessionOf.has(r.matchId)) sessionOf.set(r.matchId, r);
    if (r.status === 'CLOSED') continue;
    let kinds = kindsOf.get(r.matchId);
    if (!kinds) kindsOf.set(r.matchId, (kinds = new Set()));
    kinds.add(r.kind);
  }
  // A session line is shown only where there is no Match Odds market to show.
  for (const matchId of firstOfMatch.keys()) sessionOf.delete(matchId);
  const wanted = [...firstOfMatch.values(), ...sessionOf.values()];
  const states = await service.statesAtLeast(new Map(wanted.map((r) => [r.id, r.version])));
  const scored = await liveScored(service, list);
  return list.map((m) => {
    const market = firstOfMatch.get(m.match_id);
    const state = market && states.get(market.id);
    const session = sessionOf.get(m.match_id);
    const sessionState = session && states.get(session.id);
    const kinds = kindsOf.get(m.match_id);
    return {
      ...m,
      match_odds: state ? listedOdds(state) : null,
      session_line: sessionState ? listedSession(sessionState) : null,
      has_fancy: kinds?.has('FANCY') ?? false,
      has_bookmaker: kinds?.has('BOOKMAKER') ?? false,
      has_tv: scored.has(m.match_id),
    };
  });
}

/**
 * The product's TV is the live score (the match page's Live Score box, where the sites it follows
 * show their stream): a match has it while in play with a score line from the feed. Politics,
 * races and binary sessions have no score, so never a TV; a match just gone in play gets it with
 * its first score.
 */
async function liveScored(service: BettingService, list: readonly Match[]): Promise<Set<number>> {
  const live = list.filter((m) => m.in_play).map((m) => m.match_id);
  if (live.length === 0) return new Set();
  const rows = await service.db
    .select({ matchId: matches.matchId })
    .from(matches)
    .where(and(inArray(matches.matchId, live), isNotNull(matches.score)));
  return new Set(rows.map((r) => r.matchId));
}
