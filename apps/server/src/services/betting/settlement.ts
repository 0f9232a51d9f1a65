/**
 * Declaring a market's result, inside the market's transaction (row locked): unmatched orders are
 * cancelled, the engine settles the matched bets from the stored fills and bets
 * (result-settlement.ts), each user's net P&L minus commission is posted to the ledger (exchange:
 * against the clearing account, which nets to zero, commission and rounding to the house;
 * bookmaker and fancy: against the house), exposures are released and statement rows get
 * readable remarks. Idempotency keys settle:{market}:{version}:{user}; a rollback
 * (result-rollback.ts) posts the exact reversal and the next declaration settles with version + 1.
 */
import { and, eq, min, sql, sum } from 'drizzle-orm';
import type { SettlementSummary } from '@exchange/contracts';
import { paiseToRupees, postingsForSettlement, type CommissionBase, type Settlement, type TransferRequest } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { cashOuts, markets, orders, runners, settlementResults } from '../../db/schema/index.ts';
import { postTransfers, releaseMarketExposures, systemAccount } from '../money/index.ts';
import { marketTitle } from '../market-names.ts';
import { planShares, type SettledResult } from '../partnership/index.ts';
import type { MarketState } from './market-state.ts';
import { settlementOf } from './result-settlement.ts';

/** A declared result: the winning selections, a fancy market's run total, or void. */
export interface ResultInput {
  void?: boolean;
  /** Winning (or placed) selections. */
  winnerIds?: readonly number[];
  /** Places paid (default: the market's). */
  places?: number;
  /** Winners that dead-heated for the last places (default: all, when winners outnumber places). */
  tiedIds?: readonly number[];
  /** Fancy: the run total. */
  runs?: number;
}

/** When a declaration or a rollback posts, and whose ledger account each user's money moves on. */
export interface SettleContext {
  at: Date;
  accountIdOf(userId: number): Promise<number>;
}

export async function declareResultInTx(
  tx: DbOrTx,
  market: MarketState,
  input: ResultInput,
  ctx: SettleContext,
): Promise<SettlementSummary> {
  const { settlement, results } = await settlementOf(tx, market, input);
  const marketId = market.id;
  const row = market.row;
  const isVoid = input.void === true;

  // Unmatched orders go: only matched bets settle.
  await tx
    .update(orders)
    .set({
      cancelledPaise: sql`${orders.sizePaise} - ${orders.matchedPaise}`,
      status: sql`case when ${orders.matchedPaise} > 0 then 'MATCHED' else 'CANCELLED' end`,
    })
    .where(and(eq(orders.marketId, marketId), eq(orders.status, 'OPEN')));

  const version = row.settlementVersion + 1;
  const house = await systemAccount(tx, 'house');
  const clearing = await systemAccount(tx, 'clearing');
  const accountOf = new Map<number, number>();
  for (const u of settlement.users) accountOf.set(u.userId, await ctx.accountIdOf(u.userId));
  const title = await marketTitle(tx, marketId);
  // Bettors who cashed out on the market: their statement line says so (ADR 49).
  const cashedOut = new Set(
    (await tx.selectDistinct({ userId: cashOuts.userId }).from(cashOuts).where(eq(cashOuts.marketId, marketId))).map((r) => r.userId),
  );

  // Release the market's reservations with the chips and system accounts locked (id order).
  await releaseMarketExposures(tx, marketId, ctx.accountIdOf, [...accountOf.values(), house.id, clearing.id]);
  // Then the split over the levels (ADR 48): it may open a level's pnl account, which a casino
  // credit opens too while it holds its player's chips account. Opened before these locks, a
  // settlement waiting for that player would hold the account the credit waits for (a deadlock).
  const shares = await planShares(
    tx,
    { source: 'MARKET', sourceId: marketId, version, keyStem: `${marketId}:${version}` },
    await settledResults(tx, market, settlement, isVoid),
    async (u) => accountOf.get(u)!,
    title,
  );
  const transfers = [
    ...postingsForSettlement(marketId, version, settlement, {
      house: house.id,
      clearing: clearing.id,
      ofUser: (u) => accountOf.get(u)!,
    }).map((t) => withRemark(t, title, settlement, cashedOut)),
    ...shares.transfers,
  ];
  const posted = await postTransfers(tx, transfers, ctx.at);
  await shares.record(ctx.at);

  // Each bet's outcome (exchange bets settle per fill: summed per order).
  const byOrder = new Map<number, { pnl: number; won: boolean; lost: boolean }>();
  for (const b of settlement.bets) {
    const id = Number(b.betId);
    const o = byOrder.get(id) ?? { pnl: 0, won: false, lost: false };
    o.pnl += b.pnlPaise;
    o.won ||= b.outcome === 'WON';
    o.lost ||= b.outcome === 'LOST';
    byOrder.set(id, o);
  }
  const ids = [...byOrder.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const values = sql.join(
      chunk.map((id) => {
        const o = byOrder.get(id)!;
        const outcome = o.pnl > 0 ? 'WON' : o.pnl < 0 ? 'LOST' : o.won ? 'WON' : o.lost ? 'LOST' : 'VOID';
        return sql`(${id}::bigint, ${o.pnl}::bigint, ${outcome}::text)`;
      }),
      sql`, `,
    );
    await tx.execute(sql`
      update orders set pnl_paise = v.pnl, outcome = v.outcome,
        status = case when v.outcome = 'VOID' then 'VOID' else 'SETTLED' end,
        settled_at = ${ctx.at.toISOString()}::timestamptz
      from (values ${values}) as v(id, pnl, outcome) where orders.id = v.id`);
  }

  if (settlement.users.length > 0) {
    await tx
      .insert(settlementResults)
      .values(
        settlement.users.map((u) => ({
          marketId,
          version,
          userId: u.userId,
          netPnlPaise: u.netPnlPaise,
          commissionPaise: u.commissionPaise,
          settledAt: ctx.at,
        })),
      );
  }
  await tx
    .update(markets)
    .set({
      status: 'CLOSED',
      resultKind: isVoid ? 'VOID' : row.kind === 'FANCY' ? 'RUNS' : 'WINNERS',
      resultRuns: !isVoid && row.kind === 'FANCY' ? input.runs! : null,
      settlementVersion: version,
      settledAt: ctx.at,
    })
    .where(eq(markets.id, marketId));
  if (results) {
    for (const r of results) {
      if (r.status === 'REMOVED') continue;
      await tx
        .update(runners)
        .set({
          status: r.status,
          deadHeatPlaces: r.deadHeat?.places ?? null,
          deadHeatRunners: r.deadHeat?.tiedRunners ?? null,
        })
        .where(and(eq(runners.marketId, marketId), eq(runners.selectionId, r.selectionId)));
    }
  }
  return {
    market_id: marketId,
    settlement_version: version,
    result: isVoid ? 'VOID' : row.kind === 'FANCY' ? 'RUNS' : 'WINNERS',
    users: settlement.users.length,
    transfers: posted,
    users_net: paiseToRupees(settlement.users.reduce((s, u) => s + u.netPnlPaise, 0)),
    commission: paiseToRupees(settlement.users.reduce((s, u) => s + u.commissionPaise, 0)),
  };
}

/**
 * Each bettor's result as the levels above it share it (ADR 48): its P&L as posted, when it first
 * bet on the market, and what its agent's commission is charged on (the net loss of a match-odds
 * or bookmaker market, the matched stakes of a fancy market; nothing on other markets). A void
 * market earns none: its stakes came back, nothing was won or lost on it.
 */
async function settledResults(tx: DbOrTx, market: MarketState, settlement: Settlement, isVoid: boolean): Promise<SettledResult[]> {
  const rows = await tx
    .select({ userId: orders.userId, firstBetAt: min(orders.placedAt), stakes: sum(orders.matchedPaise) })
    .from(orders)
    .where(eq(orders.marketId, market.id))
    .groupBy(orders.userId);
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const { kind, marketType } = market.row;
  return settlement.users.map((u) => {
    const pnlPaise = u.netPnlPaise - u.commissionPaise;
    const row = byUser.get(u.userId);
    const commissionBase: CommissionBase = isVoid
      ? { kind: 'NONE' }
      : kind === 'FANCY'
        ? { kind: 'SESSION', stakesPaise: Number(row?.stakes ?? 0) }
        : kind === 'BOOKMAKER' || marketType === 'MATCH_ODDS'
          ? { kind: 'MATCH', netPnlPaise: pnlPaise }
          : { kind: 'NONE' };
    return { userId: u.userId, pnlPaise, firstBetAt: row?.firstBetAt ?? new Date(0), commissionBase };
  });
}

function withRemark(t: TransferRequest, title: string, settlement: Settlement, cashedOut: ReadonlySet<number>): TransferRequest {
  const [kind, , , who] = t.idempotencyKey.split(':');
  let what: string;
  if (kind === 'commission') what = 'commission';
  else if (who === 'rounding') what = 'rounding';
  else {
    const user = settlement.users.find((u) => String(u.userId) === who);
    what = user && user.netPnlPaise > 0 ? 'won' : 'lost';
    if (user && cashedOut.has(user.userId)) what += ' (cashed out)';
  }
  return { ...t, remark: `${title} — ${what}` };
}
