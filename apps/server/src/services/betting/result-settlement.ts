/**
 * What a declared result settles, computed and not posted: the declared winners checked against
 * the market (places, dead heats, removed runners), then the market's matched bets, read per kind
 * (exchange: from the fills; bookmaker and fancy: from the house-priced bets), settled by the
 * engine. The declaration posts it; the preview shows it.
 */
import { and, eq, gt, or } from 'drizzle-orm';
import {
  settleMarket,
  type MatchedFancyBet,
  type MatchedRunnerBet,
  type RunnerResult,
  type Settlement,
} from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { fills, orders } from '../../db/schema/index.ts';
import type { MarketState } from './market-state.ts';
import { refuse } from './refusals.ts';
import type { ResultInput } from './settlement.ts';

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
