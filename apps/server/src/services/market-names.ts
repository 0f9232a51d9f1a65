/** How a market is named where it is listed and on the statement rows its money moves on. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { markets, matches, races, sports } from '../db/schema/index.ts';

/** "R1 1m2f Class 4 - Win" for race markets, the market's own name otherwise. */
export const marketLabel = sql<string>`case when ${races.name} is null then ${markets.name} else ${races.name} || ' - ' || ${markets.name} end`;

/** "Cricket / India v Australia / Match Odds": what statement rows of a market say. */
export async function marketTitle(tx: DbOrTx, marketId: number): Promise<string> {
  return (await marketTitles(tx, [marketId])).get(marketId) ?? `Market ${marketId}`;
}

/** The titles of many markets in one read (a report naming its rows), by market id. */
export async function marketTitles(tx: DbOrTx, marketIds: readonly number[]): Promise<Map<number, string>> {
  if (marketIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: markets.id, sport: sports.name, match: matches.matchName, race: races.name, market: markets.name })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .leftJoin(races, eq(races.raceId, markets.raceId))
    .where(inArray(markets.id, [...new Set(marketIds)]));
  return new Map(rows.map((r) => [r.id, [r.sport, r.match, r.race, r.market].filter(Boolean).join(' / ')]));
}
