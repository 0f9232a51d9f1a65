/**
 * Settling a market, inside the market's transaction (row locked): unmatched orders are
 * cancelled, the engine settles the matched bets from the stored fills and bets, each user's
 * net P&L minus commission is posted to the ledger (exchange: against the clearing account,
 * which nets to zero, commission and rounding to the house; bookmaker and fancy: against the
 * house), exposures are released and statement rows get readable remarks. Idempotency keys
 * settle:{market}:{version}:{user}; a rollback posts the exact reversal (rollback:settle:...)
 * and re-opens the exposure; the next declaration settles with version + 1.
 */
import { and, asc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { SettlementSummary } from '@exchange/contracts';
import {
  paiseToRupees,
  postingsForRollback,
  postingsForSettlement,
  settleMarket,
  type MatchedFancyBet,
  type MatchedRunnerBet,
  type RunnerResult,
  type Settlement,
  type TransferRequest,
} from '@exchange/engine';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import {
  betReversals,
  fills,
  ledgerTransfers,
  markets,
  matches,
  orders,
  races,
  runners,
  settlementResults,
  sports,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadMarkets, type MarketState } from './market-state.ts';
import { postTransfers, releaseMarketExposures, reserveMarketExposures, systemAccount } from '../money/index.ts';
import { refuse } from './refusals.ts';

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

interface SettleContext {
  at: Date;
  accountIdOf(userId: number): Promise<number>;
}

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

function runnerResults(market: MarketState, input: ResultInput): RunnerResult[] {
  const winners = [...new Set(input.winnerIds ?? [])];
  if (winners.length === 0) throw refuse.invalid('Name the winning selections (or void the market)');
  for (const id of winners) {
    const runner = market.runner(id);
    if (!runner) throw refuse.invalid(`Selection ${id} is not in the market`);
    if (runner.status === 'REMOVED') throw refuse.invalid(`Selection ${id} was removed`);
  }
  const places = input.places ?? market.row.places;
  let tied = [...new Set(input.tiedIds ?? [])];
  if (tied.length === 0 && winners.length > places) tied = winners;
  if (tied.some((id) => !winners.includes(id)))
    throw refuse.invalid('Tied selections must be among the winners');
  const clear = winners.length - tied.length;
  const shared = places - clear;
  if (tied.length > 0 && (tied.length < 2 || shared < 1 || shared >= tied.length))
    throw refuse.invalid('Not a dead heat: more tied runners than the places they share are needed');
  if (tied.length === 0 && winners.length > places) throw refuse.invalid('More winners than places');
  const placedStatus = market.row.marketType === 'PLACE' ? 'PLACED' : 'WINNER';
  return market.runners.map((r): RunnerResult => {
    if (r.status === 'REMOVED')
      return {
        selectionId: r.selectionId,
        status: 'REMOVED',
        reductionFactorBps: r.reductionFactorBps,
        removedAtSeq: r.removedSeq ?? 0,
      };
    if (!winners.includes(r.selectionId)) return { selectionId: r.selectionId, status: 'LOSER' };
    const result: RunnerResult = { selectionId: r.selectionId, status: placedStatus };
    if (tied.includes(r.selectionId)) result.deadHeat = { places: shared, tiedRunners: tied.length };
    return result;
  });
}

/**
 * The market's matched bets settled by the engine on the result: what a declaration posts, and
 * what its preview shows (settlement-preview.ts), from one function. Refuses what the
 * declaration refuses. Reads only: the unmatched rest of the bets, which the declaration
 * cancels, is left out as it will be.
 */
export async function settlementOf(
  db: DbOrTx,
  market: MarketState,
  input: ResultInput,
): Promise<{ settlement: Settlement; results: RunnerResult[] | null }> {
  if (market.settled) throw refuse.invalid('The market is already settled: roll it back first');
  const marketId = market.id;
  const row = market.row;
  const isVoid = input.void === true;
  if (
    !isVoid &&
    row.kind === 'FANCY' &&
    (input.runs === undefined || !Number.isInteger(input.runs) || input.runs < 0)
  ) {
    throw refuse.invalid('Declare the run total of a fancy market');
  }
  const results = isVoid || row.kind === 'FANCY' ? null : runnerResults(market, input);
  // House-priced bets (bookmaker, fancy) as they stand once the unmatched rest is cancelled.
  const matchedHouseBets = () =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.marketId, marketId),
          or(eq(orders.status, 'MATCHED'), and(eq(orders.status, 'OPEN'), gt(orders.matchedPaise, 0))),
        ),
      );

  if (row.kind === 'FANCY') {
    const bets = await matchedHouseBets();
    const matched: MatchedFancyBet[] = bets.map((b) => ({
      betId: String(b.id),
      userId: b.userId,
      side: b.side as 'YES' | 'NO',
      line: b.line ?? 0,
      ratePercent: b.price,
      sizePaise: b.matchedPaise,
    }));
    const settlement = settleMarket({
      kind: 'FANCY',
      bets: matched,
      result: isVoid ? 'VOID' : { runs: input.runs! },
      commissionBps: row.commissionBps,
    });
    return { settlement, results };
  }
  let matched: MatchedRunnerBet[];
  if (row.kind === 'EXCHANGE') {
    const rows = await db.select().from(fills).where(eq(fills.marketId, marketId));
    matched = rows.flatMap((f): MatchedRunnerBet[] => [
      {
        betId: String(f.takerOrderId),
        userId: f.takerUserId,
        selectionId: f.selectionId,
        side: f.takerSide,
        price: f.price,
        sizePaise: f.sizePaise,
        matchedSeq: f.seq,
      },
      {
        betId: String(f.makerOrderId),
        userId: f.makerUserId,
        selectionId: f.selectionId,
        side: f.takerSide === 'BACK' ? 'LAY' : 'BACK',
        price: f.price,
        sizePaise: f.sizePaise,
        matchedSeq: f.seq,
      },
    ]);
  } else {
    const rows = await matchedHouseBets();
    matched = rows.map((b) => ({
      betId: String(b.id),
      userId: b.userId,
      selectionId: b.selectionId!,
      side: b.side as 'BACK' | 'LAY',
      price: b.price,
      sizePaise: b.matchedPaise,
      matchedSeq: b.bookSeq,
    }));
  }
  const settlement = settleMarket({
    kind: row.kind,
    bets: matched,
    result: isVoid ? 'VOID' : results!,
    raceMarket: market.raceMarketType(),
    commissionBps: row.commissionBps,
  });
  return { settlement, results };
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
  const transfers = postingsForSettlement(marketId, version, settlement, {
    house: house.id,
    clearing: clearing.id,
    ofUser: (u) => accountOf.get(u)!,
  }).map((t) => withRemark(t, title, settlement));

  // Release the market's reservations, then post (accounts locked in id order first).
  await releaseMarketExposures(tx, marketId, ctx.accountIdOf, [...accountOf.values(), house.id, clearing.id]);
  const posted = await postTransfers(tx, transfers, ctx.at);

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

function withRemark(t: TransferRequest, title: string, settlement: Settlement): TransferRequest {
  const [kind, , , who] = t.idempotencyKey.split(':');
  let what: string;
  if (kind === 'commission') what = 'commission';
  else if (who === 'rounding') what = 'rounding';
  else {
    const user = settlement.users.find((u) => String(u.userId) === who);
    what = user && user.netPnlPaise > 0 ? 'won' : 'lost';
  }
  return { ...t, remark: `${title} — ${what}` };
}

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
        like(ledgerTransfers.idempotencyKey, `settle:${prefix}%`),
        like(ledgerTransfers.idempotencyKey, `commission:${prefix}%`),
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

/** Sum of everything ever posted against the clearing account for one market's settlements (tests: nets to zero). */
export async function clearingBalance(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ balance: string | number }>(
    db,
    sql`select balance_paise as balance from ledger_accounts where kind = 'clearing'`,
  );
  return Number(rows[0]?.balance ?? 0);
}
