/**
 * The joins every read of bets starts from: a bet with its market, the market's match and sport,
 * and the race when the market is a race's (a left join: other markets have none). The lists, the
 * My Market summary and the operator's void all read bets this way, each with its own columns.
 */
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { markets, matches, orders, races, sports } from '../../db/schema/index.ts';

/** `query`: a select from `orders`, in dynamic mode (`.from(orders).$dynamic()`). */
export function withBetMarket<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .leftJoin(races, eq(races.raceId, markets.raceId));
}
