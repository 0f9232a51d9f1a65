/** How a market is named where it is listed and on the statement rows its money moves on. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { markets, matches, races, sports } from '../db/schema/index.ts';

/** "R1 1m2f Class 4 - Win" for race markets, the market's own name otherwise. */
export const marketLabel = sql<string>`case when ${races.name} is null then ${markets.name} else ${races.name} || ' - ' || ${markets.name} end`;

/** "Cricket / India v Australia / Match Odds": what statement rows of a market say. */
export async function marketTitle(tx: DbOrTx, marketId: number): Promise<string> {
  const [row] = await tx
    .select({ sport: sports.name, match: matches.matchName, race: races.name, market: markets.name })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .leftJoin(races, eq(races.raceId, markets.raceId))
    .where(eq(markets.id, marketId));
  if (!row) return `Market ${marketId}`;
  return [row.sport, row.match, row.race, row.market].filter(Boolean).join(' / ');
}
