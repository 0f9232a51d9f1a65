/**
 * What the settlement reports call a result (ADR 48): a market by its statement title, a void by
 * its market and bet, a casino bet by its game and round, as the statements name them.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { casinoTransactions, orders, type ResultSource } from '../../db/schema/index.ts';
import { marketTitles } from '../market-names.ts';

export interface ResultRef {
  source: ResultSource;
  sourceId: number;
}

export const resultKey = (r: ResultRef) => `${r.source}:${r.sourceId}`;

/** The names of these results, by `resultKey`: three reads whatever their number. */
export async function resultTitles(db: DbOrTx, refs: readonly ResultRef[]): Promise<Map<string, string>> {
  const idsOf = (source: ResultSource) => [
    ...new Set(refs.filter((r) => r.source === source).map((r) => r.sourceId)),
  ];
  const voidIds = idsOf('VOID');
  const casinoIds = idsOf('CASINO');
  const voided =
    voidIds.length === 0
      ? []
      : await db
          .select({ id: orders.id, marketId: orders.marketId })
          .from(orders)
          .where(inArray(orders.id, voidIds));
  const titles = await marketTitles(db, [...idsOf('MARKET'), ...voided.map((o) => o.marketId)]);
  const market = (id: number) => titles.get(id) ?? `Market ${id}`;
  const out = new Map<string, string>();
  for (const id of idsOf('MARKET')) out.set(resultKey({ source: 'MARKET', sourceId: id }), market(id));
  for (const o of voided)
    out.set(resultKey({ source: 'VOID', sourceId: o.id }), `${market(o.marketId)} — bet #${o.id} voided`);
  if (casinoIds.length > 0) {
    const debits = await db
      .select({
        id: casinoTransactions.id,
        gameCode: casinoTransactions.gameCode,
        roundId: casinoTransactions.roundId,
        details: casinoTransactions.details,
      })
      .from(casinoTransactions)
      .where(inArray(casinoTransactions.id, casinoIds));
    for (const d of debits) {
      // The casino wallet's statement words: "TP T20 (imlive1001) round 3601".
      const gamename = (d.details as { bet?: { gamename?: string } }).bet?.gamename;
      const game = gamename ? `${gamename} (${d.gameCode})` : d.gameCode;
      out.set(resultKey({ source: 'CASINO', sourceId: d.id }), `${game} round ${d.roundId}`);
    }
  }
  return out;
}
