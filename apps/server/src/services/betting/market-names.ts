/** How a market is named where it is listed. */
import { sql } from 'drizzle-orm';
import { markets, races } from '../../db/schema/index.ts';

/** "R1 1m2f Class 4 - Win" for race markets, the market's own name otherwise. */
export const marketLabel = sql<string>`case when ${races.name} is null then ${markets.name} else ${races.name} || ' - ' || ${markets.name} end`;
