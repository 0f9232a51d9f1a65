/**
 * Editing the unmatched rest of one of a bettor's exchange bets (exchange-rules.md, "Editing and
 * cancelling unmatched bets"; Betfair API-NG's replaceOrders and updateOrders; ADR 49):
 *
 *   a new price       the rest cancelled and placed anew at it, in one transaction of its market:
 *                     a new bet (a new id, the back of the queue, matched at once where it
 *                     crosses) through the bet path's parts: the checks on arrival and after the
 *                     in-play delay (risk.ts, bet-delay.ts), matching (matching.ts) and the one
 *                     bet writer (../money/). Any refusal rolls all of it back: the old bet rests
 *                     as it was. Its stake is the rest, its persistence the old bet's, unless given.
 *   a smaller stake   the rest shrinks in its place in the queue (the book's partial cancel: the
 *                     order's cancelled_paise grows), and the exposure it held is released.
 *   persistence       LAPSE / PERSIST switched on the rest (what the in-play turn and a
 *                     suspension do with it).
 *
 * A bet that is not the caller's, not an exchange bet or has no rest is BET_NOT_FOUND, as for
 * bet/cancelBet.
 */
import { eq, sql } from 'drizzle-orm';
import type { Balance, UpdatedBet } from '@exchange/contracts';
import { paiseToRupees, type Persistence } from '@exchange/engine';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { accountOfUser, balanceView, writeBetTransaction, type OrderRow } from '../money/index.ts';
import { betTerms, placedAnswer, stakeToPaise } from './answers.ts';
import { waitBetDelay } from './bet-delay.ts';
import { marketBetRequest, type BetRequest } from './bet-request.ts';
import { marketOfOpenBet } from './cancels.ts';
import { editForLimits, type BettorCheck } from './bettor-limits.ts';
import { betCommitted, type MarketCommitted } from './commits.ts';
import { nextOrderIds } from './ids.ts';
import { remainingOf, type MarketState, type OpenOrder } from './market-state.ts';
import { inMarketTx, markCancelled, writeExposures, type MarketTxContext } from './market-tx.ts';
import type { BetMatcher } from './matching.ts';
import { formatRupees, refuse } from './refusals.ts';
import { checkBet } from './risk.ts';

/** What a caller may change on a rest: at least one of them. */
export interface BetEdit {
  odds?: number | undefined;
  stake?: number | undefined;
  persistence?: Persistence | undefined;
}

export interface BetEditDeps {
  ctx: MarketTxContext;
  matcher: BetMatcher;
  /** The bettor's own and his agent's limits (bettor-limits.ts): the new bet meets them as any bet. */
  checkBettor?: BettorCheck;
  /** Waits the in-play bet delay (tests may shorten time). */
  sleep: (ms: number) => Promise<void>;
}

export class BetEdits {
  constructor(private readonly deps: BetEditDeps) {}

  /** The rest of one of the user's exchange bets edited: the bet as it now is (a new price: the new bet). */
  async updateBet(userId: number, betId: number, edit: BetEdit): Promise<UpdatedBet> {
    const marketId = await marketOfOpenBet(this.deps.ctx, userId, betId);
    return edit.odds === undefined
      ? this.amend(userId, betId, marketId, edit)
      : this.replace(userId, betId, marketId, edit.odds, edit);
  }

  /** A smaller stake and / or a persistence, on the rest in its place in the queue. */
  private amend(userId: number, betId: number, marketId: number, edit: BetEdit): Promise<UpdatedBet> {
    const { ctx } = this.deps;
    return ctx.serial(marketId, () =>
      inMarketTx(ctx, marketId, async (tx, market) => {
        const rest = openBetOf(market, userId, betId);
        if (edit.stake === undefined && edit.persistence === undefined)
          throw refuse.invalid('Nothing to change: give odds, stake or persistence');
        const reduction = edit.stake === undefined ? 0 : reductionOf(rest, edit.stake);
        const persistence = edit.persistence ?? rest.persistence;
        const [row] = await tx
          .update(orders)
          .set({ cancelledPaise: sql`${orders.cancelledPaise} + ${reduction}`, persistence })
          .where(eq(orders.id, betId))
          .returning();
        const book = market.book!.runner(rest.selectionId);
        let balance: Balance;
        if (reduction > 0) {
          const position = market.positionOf(userId).clone();
          position.addRunner(rest.selectionId, rest.side, rest.price, false, -reduction);
          balance = (await writeExposures(ctx, tx, market, new Map([[userId, position]]))).get(userId)!;
          // Memory as the database now is (reloaded after the commit all the same).
          book.cancel(rest.id, reduction);
          rest.cancelledPaise += reduction;
          market.setPosition(userId, position);
        } else {
          balance = balanceView(await accountOfUser(tx, userId));
        }
        book.setPersistence(rest.id, persistence);
        rest.persistence = persistence;
        return betAnswer(row!, balance);
        // Memory followed every write (the rest, the book, the position): no reload after the commit.
      }, undefined, { memoryKept: true }),
    );
  }

  /** A new price: the rest cancelled and a new bet placed at it, in one transaction. */
  private async replace(
    userId: number,
    betId: number,
    marketId: number,
    odds: number,
    edit: BetEdit,
  ): Promise<UpdatedBet> {
    const { ctx, matcher } = this.deps;
    const request = (rest: OpenOrder, market: MarketState): BetRequest =>
      marketBetRequest(
        userId,
        {
          market_id: marketId,
          selection_id: rest.selectionId,
          is_back: rest.side === 'BACK' ? 1 : 0,
          odds,
          stake: edit.stake ?? paiseToRupees(remainingOf(rest)),
          persistence: edit.persistence ?? rest.persistence,
        },
        market,
      );
    // On arrival, as any bet: refused at once what the market refuses now (a refusal from memory
    // another process has moved past is left to the recheck), then the in-play delay.
    const arrival = await ctx.cache.peek(marketId);
    const seen = arrival.openOrders.get(betId);
    if (seen && seen.userId !== userId) throw refuse.betNotFound();
    let extraDelayMs = 0;
    if (seen) {
      const req = request(seen, arrival);
      try {
        checkBet(arrival, req, ctx.clock);
      } catch (error) {
        if (!(error instanceof AppError) || !(await ctx.cache.isBehind(arrival))) throw error;
      }
      // The new bet meets the bettor's limits as a placement does: its stake, and the exposure it
      // adds once the rest it replaces is taken back.
      const rest = { selectionId: seen.selectionId, side: seen.side, price: seen.price, remainingPaise: remainingOf(seen) };
      if (this.deps.checkBettor) ({ extraDelayMs } = await this.deps.checkBettor(editForLimits(arrival, rest, req)));
    }
    await waitBetDelay(arrival, {}, this.deps.sleep, extraDelayMs);

    return ctx.serial(marketId, async () => {
      let placed: MarketCommitted | undefined;
      const answer = await inMarketTx(ctx, marketId, async (tx, market) => {
        const rest = openBetOf(market, userId, betId);
        const req = request(rest, market);
        // The rest cancelled, in memory too: the new bet is checked, matched and afforded
        // without it (inMarketTx reloads the market after the commit, or after a refusal).
        const position = market.positionOf(userId).clone();
        position.addRunner(rest.selectionId, rest.side, rest.price, false, -remainingOf(rest));
        await markCancelled(tx, [rest]);
        await writeExposures(ctx, tx, market, new Map([[userId, position]]));
        market.book!.runner(rest.selectionId).cancel(rest.id);
        market.openOrders.delete(rest.id);
        ctx.cache.orderClosed(rest.id);
        market.setPosition(userId, position);

        // The recheck after the delay, matching and the one bet writer (a savepoint in here).
        const price = checkBet(market, req, ctx.clock);
        await matcher.knowAccountsMet(tx, market, req);
        const [id] = await nextOrderIds(tx, 1);
        const pending = await matcher.plan(market, req, price, id);
        const written = await writeBetTransaction(tx, pending.plan);
        if (written.kind === 'funds') throw refuse.insufficientFunds();
        if (written.kind !== 'ok') throw new Error(`Market ${marketId} changed while its row was locked`);
        matcher.apply(market, pending);
        placed = betCommitted(pending.plan, null);
        return {
          ...placedAnswer(pending.plan.order, false, written.balancePaise, written.exposurePaise),
          persistence: req.persistence,
          replaced_bet_id: betId,
        };
        // Memory followed every write (the cancel, the new bet): no reload after the commit.
      }, undefined, { memoryKept: true });
      // Committed: the listeners hear of the new bet and the makers it met (inMarketTx told them
      // of the old rest's cancel), with the market as committed.
      if (placed) ctx.committed.emit({ ...placed, state: ctx.cache.cached(marketId) ?? null });
      return answer;
    });
  }
}

/** The user's open bet on the market, as memory holds it under the market's row lock. */
function openBetOf(market: MarketState, userId: number, betId: number): OpenOrder {
  const rest = market.openOrders.get(betId);
  if (!rest || rest.userId !== userId || remainingOf(rest) <= 0) throw refuse.betNotFound();
  return rest;
}

/** What a new unmatched stake takes off the rest: more than 0, less than the rest. */
function reductionOf(rest: OpenOrder, stake: number): number {
  const wanted = stakeToPaise(stake);
  const now = remainingOf(rest);
  if (wanted > now) throw refuse.invalid('An increase is a new bet: place another bet');
  if (wanted === now)
    throw refuse.invalid(
      `The unmatched stake is ${formatRupees(paiseToRupees(now))} already: give a smaller one`,
    );
  return now - wanted;
}

/** The bet as it now is, as placeMarketBet answers a bet (its rest net of what was cancelled). */
function betAnswer(row: OrderRow, balance: Balance): UpdatedBet {
  return {
    bet_id: row.id,
    market_id: row.marketId,
    selection_id: row.selectionId,
    kind: row.kind,
    side: row.side,
    ...betTerms(row, remainingOf(row)),
    placed_at: row.placedAt.toISOString(),
    client_ref: row.clientRef,
    repeated: false,
    balance,
    persistence: row.persistence,
    replaced_bet_id: null,
  };
}
