/**
 * What a declaration, a void or a rollback would move, before the operator confirms it (ADR 36):
 * computed by the functions the real action runs (settlementOf: the same bets through the same
 * engine; reopenedExposures: what a rollback reserves), refused where the action is refused,
 * and read only: nothing is written.
 */
import { and, count, eq, sum } from 'drizzle-orm';
import type { SettlementPreview } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { marketPositions, orders, settlementResults } from '../../db/schema/index.ts';
import type { MarketState } from './market-state.ts';
import { refuse } from './refusals.ts';
import { refuseIfBetsVoided, reopenedExposures } from './result-rollback.ts';
import { settlementOf } from './result-settlement.ts';
import type { ResultInput } from './settlement.ts';

export type PreviewAction = { action: 'declare'; result: ResultInput } | { action: 'void' } | { action: 'rollback' };

interface UserResult {
  netPnlPaise: number;
  commissionPaise: number;
}

/**
 * The money of a settlement's users: who wins and loses, the sums, and what the house nets
 * (everything the users' balances gain, it loses: the ledger sums to zero). A rollback moves
 * the same sums the other way.
 */
function moneyOf(users: readonly UserResult[], reversed: boolean) {
  let paid = 0;
  let taken = 0;
  let commission = 0;
  let winners = 0;
  let losers = 0;
  let moved = 0;
  for (const u of users) {
    if (u.netPnlPaise > 0) {
      winners++;
      paid += u.netPnlPaise;
    } else if (u.netPnlPaise < 0) {
      losers++;
      taken -= u.netPnlPaise;
    }
    commission += u.commissionPaise;
    if (u.netPnlPaise - u.commissionPaise !== 0) moved++;
  }
  const houseNet = taken - paid + commission;
  return {
    users: moved,
    winners,
    losers,
    paid_to_winners: paiseToRupees(paid),
    taken_from_losers: paiseToRupees(taken),
    commission: paiseToRupees(commission),
    house_net: paiseToRupees(reversed ? -houseNet : houseNet),
  };
}

/** The preview of one action on the market (read in its lane, so no change of it runs meanwhile). */
export async function previewSettlement(db: DbOrTx, market: MarketState, what: PreviewAction): Promise<SettlementPreview> {
  const marketId = market.id;
  if (what.action === 'rollback') {
    if (!market.settled) throw refuse.invalid('The market has no result to roll back');
    await refuseIfBetsVoided(db, marketId);
    const results = await db
      .select({ netPnlPaise: settlementResults.netPnlPaise, commissionPaise: settlementResults.commissionPaise })
      .from(settlementResults)
      .where(and(eq(settlementResults.marketId, marketId), eq(settlementResults.version, market.row.settlementVersion)));
    let reserved = 0;
    for (const exposure of (await reopenedExposures(db, marketId)).values()) reserved += exposure;
    return {
      market_id: marketId,
      action: 'rollback',
      ...moneyOf(results, true),
      exposure: paiseToRupees(reserved),
      unmatched_bets: 0,
    };
  }
  const { settlement } = await settlementOf(db, market, what.action === 'void' ? { void: true } : what.result);
  const [[released], [unmatched]] = await Promise.all([
    db.select({ paise: sum(marketPositions.exposurePaise) }).from(marketPositions).where(eq(marketPositions.marketId, marketId)),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.marketId, marketId), eq(orders.status, 'OPEN'))),
  ]);
  return {
    market_id: marketId,
    action: what.action,
    ...moneyOf(settlement.users, false),
    exposure: paiseToRupees(Number(released?.paise ?? 0)),
    unmatched_bets: Number(unmatched?.n ?? 0),
  };
}
