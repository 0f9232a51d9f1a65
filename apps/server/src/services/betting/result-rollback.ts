/**
 * Rolling a market's result back, inside the market's transaction: each settlement posting is
 * reversed exactly (rollback:settle:...), the bets are open again with their exposure reserved,
 * and the market is suspended until the next declaration (version + 1).
 */
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { SettlementSummary } from '@exchange/contracts';
import { paiseToRupees, postingsForRollback } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { betReversals, ledgerTransfers, markets, orders, partnershipResults, runners, settlementResults } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { postTransfers, reserveMarketExposures } from '../money/index.ts';
import { marketTitle } from '../market-names.ts';
import { SHARE_KEY_PREFIXES } from '../partnership/index.ts';
import { loadMarkets, type MarketState } from './market-state.ts';
import { refuse } from './refusals.ts';
import type { SettleContext } from './settlement.ts';

/**
 * A voided bet's win was taken back on this result (ADR 35); rolling the result back would
 * reverse that win's posting a second time. The result stands: the rollback is refused. The
 * void holds the market row lock too, so neither can slip in while the other runs.
 */
export async function refuseIfBetsVoided(tx: DbOrTx, marketId: number): Promise<void> {
  const voided = await tx
    .select({ betId: betReversals.orderId })
    .from(betReversals)
    .innerJoin(orders, eq(orders.id, betReversals.orderId))
    .where(eq(orders.marketId, marketId))
    .orderBy(asc(betReversals.orderId))
    .limit(5);
  if (voided.length === 0) return;
  throw new AppError(
    409,
    'MARKET_HAS_VOIDED_BETS',
    `The result cannot be rolled back: bets on this market were voided by the operator (${voided.map((v) => `#${v.betId}`).join(', ')})`,
  );
}

export async function rollbackInTx(
  tx: DbOrTx,
  market: MarketState,
  ctx: SettleContext,
): Promise<SettlementSummary> {
  if (!market.settled) throw refuse.invalid('The market has no result to roll back');
  const marketId = market.id;
  await refuseIfBetsVoided(tx, marketId);
  const version = market.row.settlementVersion;
  const prefix = `${marketId}:${version}:`;
  const posted = await tx
    .select()
    .from(ledgerTransfers)
    .where(
      or(
        ...['settle:', 'commission:', ...SHARE_KEY_PREFIXES].map((kind) => like(ledgerTransfers.idempotencyKey, `${kind}${prefix}%`)),
      ),
    )
    .orderBy(asc(ledgerTransfers.id));
  const title = await marketTitle(tx, marketId);
  const reversal = postingsForRollback(
    posted.map((t) => ({
      idempotencyKey: t.idempotencyKey,
      debitAccountId: t.debitAccountId,
      creditAccountId: t.creditAccountId,
      amountPaise: t.amountPaise,
      reason: t.reason,
      remark: t.remark,
    })),
  ).map((t) => ({ ...t, remark: `${title} — result rolled back` }));

  const results = await tx
    .select()
    .from(settlementResults)
    .where(and(eq(settlementResults.marketId, marketId), eq(settlementResults.version, version)));
  await tx
    .update(settlementResults)
    .set({ rolledBackAt: ctx.at })
    .where(and(eq(settlementResults.marketId, marketId), eq(settlementResults.version, version)));
  await tx
    .update(partnershipResults)
    .set({ rolledBackAt: ctx.at })
    .where(and(eq(partnershipResults.source, 'MARKET'), eq(partnershipResults.sourceId, marketId), eq(partnershipResults.version, version)));
  await tx
    .update(orders)
    .set({ status: 'MATCHED', outcome: null, pnlPaise: null, settledAt: null })
    .where(and(eq(orders.marketId, marketId), inArray(orders.status, ['SETTLED', 'VOID'])));
  await tx
    .update(markets)
    .set({ status: 'SUSPENDED', resultKind: null, resultRuns: null, settledAt: null })
    .where(eq(markets.id, marketId));
  await tx
    .update(runners)
    .set({ status: 'ACTIVE', deadHeatPlaces: null, deadHeatRunners: null })
    .where(and(eq(runners.marketId, marketId), sql`${runners.status} <> 'REMOVED'`));

  // The bets are open again: reserve their exposure (read back through this transaction).
  const exposures: { userId: number; accountId: number; exposure: number }[] = [];
  for (const [userId, exposure] of await reopenedExposures(tx, marketId)) {
    exposures.push({ userId, accountId: await ctx.accountIdOf(userId), exposure });
  }
  await reserveMarketExposures(
    tx,
    marketId,
    exposures,
    reversal.flatMap((t) => [t.debitAccountId, t.creditAccountId]),
  );
  const count = await postTransfers(tx, reversal, ctx.at);
  return {
    market_id: marketId,
    settlement_version: version,
    result: 'ROLLED_BACK',
    users: results.length,
    transfers: count,
    users_net: paiseToRupees(-results.reduce((s, r) => s + r.netPnlPaise, 0)),
    commission: paiseToRupees(-results.reduce((s, r) => s + r.commissionPaise, 0)),
  };
}

/** What a rollback of the market's result reserves again: each user's exposure on its matched bets, by user. */
export async function reopenedExposures(db: DbOrTx, marketId: number): Promise<Map<number, number>> {
  const reopened = (await loadMarkets(db, [marketId], { asReopened: true })).get(marketId);
  const out = new Map<number, number>();
  if (!reopened) return out;
  for (const [userId, position] of reopened.positions) out.set(userId, reopened.exposureOf(position));
  return out;
}
