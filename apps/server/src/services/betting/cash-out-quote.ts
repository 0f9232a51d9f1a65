/**
 * bet/getCashOut: the caller's cash-out quote on one runner market now (exchange-rules.md, "Cash
 * out"), the engine's quoteCashOut over the caller's matched bets and what each runner offers,
 * read from the market as the bet path holds it in memory (as committed: the book on screen).
 */
import type { CashOutQuote, CashOutReason } from '@exchange/contracts';
import {
  bookmakerOffer,
  paiseToRupees,
  priceToOdds,
  quoteCashOut,
  type CashOutQuote as EngineQuote,
  type PriceLevel,
  type RunnerBet,
  type RunnerOffer,
  type Side,
} from '@exchange/engine';
import type { MarketState } from './market-state.ts';
import type { UserPosition } from './positions.ts';
import type { BettingService } from './service.ts';

const BPS_PER_WHOLE = 10_000;

const REASON_TEXT: Record<CashOutReason, string> = {
  NOTHING_TO_CASH_OUT: 'Nothing to cash out: you have no position on this market, or it is already even',
  NOT_ENOUGH_LIQUIDITY: 'There is not enough money in the market to cash out now',
  MARKET_SUSPENDED: 'Market suspended',
  BALL_RUNNING: 'Ball running',
  MARKET_CLOSED: 'Market closed',
  FANCY_MARKET: 'Cash out is not offered on fancy markets',
  SEVERAL_WINNERS: 'Cash out is not offered on markets that pay several places',
};

/** Why the market itself offers no cash out now, whoever asks; undefined when it may. */
function marketRefusal(market: MarketState): CashOutReason | undefined {
  const row = market.row;
  if (row.kind === 'FANCY') return 'FANCY_MARKET';
  // INACTIVE takes no bets either: the bet path refuses it as closed too.
  if (market.settled || row.status === 'CLOSED' || row.status === 'INACTIVE') return 'MARKET_CLOSED';
  if (row.status === 'SUSPENDED') return 'MARKET_SUSPENDED';
  // The feed (and the operator) mark ball running as the market's status.
  if (row.status === 'BALL_RUNNING') return 'BALL_RUNNING';
  if (market.exposureModel().places > 1) return 'SEVERAL_WINNERS';
  return undefined;
}

/**
 * What each runner still in the market offers the caller. Exchange: every level of its book,
 * bestLevels('BACK') being what a bettor can back (the resting lays) and bestLevels('LAY') what
 * it can lay. Bookmaker: the house's rates, the prices the bet path takes bookmaker bets at.
 * Undefined when the house's rates are crossed (back above lay): no hedge to price.
 */
function offersOf(market: MarketState, userId: number, selectionIds: readonly number[]): RunnerOffer[] | undefined {
  if (market.book) {
    const book = market.book;
    const own = market.positions.get(userId);
    return selectionIds.map((selectionId) => ({
      selectionId,
      availableToBack: withoutOwn(book.runner(selectionId).bestLevels('BACK', Infinity), own, selectionId, 'LAY'),
      availableToLay: withoutOwn(book.runner(selectionId).bestLevels('LAY', Infinity), own, selectionId, 'BACK'),
    }));
  }
  const offers: RunnerOffer[] = [];
  for (const selectionId of selectionIds) {
    const { backRate, layRate } = market.runner(selectionId)!;
    if (backRate !== null && layRate !== null && backRate > layRate) return undefined;
    offers.push(
      bookmakerOffer({
        selectionId,
        ...(backRate === null ? {} : { backRatePaise: backRate }),
        ...(layRate === null ? {} : { layRatePaise: layRate }),
      }),
    );
  }
  return offers;
}

/**
 * The levels without the caller's own unmatched bets of `side` on the runner (its resting LAYs
 * are what others can back, its BACKs what they can lay). A cash out cancels them first, and no
 * bettor matches himself (ADR 50): they are not money the hedge can take.
 */
function withoutOwn(levels: PriceLevel[], own: UserPosition | undefined, selectionId: number, side: Side): PriceLevel[] {
  if (!own) return levels;
  const mine = new Map<number, number>();
  for (const b of own.runnerBets.values())
    if (!b.matched && b.selectionId === selectionId && b.side === side) mine.set(b.price, b.sizePaise);
  if (mine.size === 0) return levels;
  return levels
    .map((l) => ({ price: l.price, sizePaise: l.sizePaise - (mine.get(l.price) ?? 0) }))
    .filter((l) => l.sizePaise > 0);
}

/** A quote on a market state: the answer, and the engine's legs and figures when available. */
export interface HedgeQuote {
  answer: CashOutQuote;
  /** The engine's quote (legs, values in paise); null when unavailable. */
  hedge: Extract<EngineQuote, { available: true }> | null;
}

/** The answer of a cash out that is not available now, for this reason. */
export function unavailableQuote(marketId: number, fraction: number, reason: CashOutReason): CashOutQuote {
  return {
    market_id: marketId,
    fraction,
    available: false,
    reason,
    reason_text: REASON_TEXT[reason],
    value: null,
    locked: null,
    pnl_after: [],
    legs: [],
    auto_cash_out: null,
  };
}

/**
 * The caller's quote on `market` as it is in memory (read it within one turn: the next bet
 * changes it). The caller's own unmatched bets are left out of the book (withoutOwn).
 */
export function quoteOnState(market: MarketState, userId: number, fraction: number): HedgeQuote {
  const rule = market.autoCashOuts.get(userId);
  const auto_cash_out = rule
    ? {
        take_profit: rule.takeProfitPaise === null ? null : paiseToRupees(rule.takeProfitPaise),
        stop_loss: rule.stopLossPaise === null ? null : paiseToRupees(rule.stopLossPaise),
      }
    : null;
  const unavailable = (reason: CashOutReason): HedgeQuote => ({
    answer: { ...unavailableQuote(market.id, fraction, reason), auto_cash_out },
    hedge: null,
  });
  const refusal = marketRefusal(market);
  if (refusal) return unavailable(refusal);

  // A removed runner has no offer and its bets are void: it is left out, with them, as the
  // position on screen leaves it out.
  const selectionIds = market.activeSelectionIds();
  const active = new Set(selectionIds);
  const bets: RunnerBet[] = [...(market.positions.get(userId)?.runnerBets.values() ?? [])].filter(
    (b) => b.matched && active.has(b.selectionId),
  );
  const offers = offersOf(market, userId, selectionIds);
  if (!offers) return unavailable('NOT_ENOUGH_LIQUIDITY');
  const quote = quoteCashOut({ offers, bets, fractionBps: fractionToBps(fraction) });
  if (!quote.available) return unavailable(quote.reason);
  return {
    hedge: quote,
    answer: {
      market_id: market.id,
      fraction,
      available: true,
      reason: null,
      reason_text: null,
      value: paiseToRupees(quote.valuePaise),
      locked: paiseToRupees(quote.lockedPaise),
      pnl_after: selectionIds.map((selectionId) => ({
        selection_id: selectionId,
        pnl: paiseToRupees(quote.pnlAfterPaise.get(selectionId)!),
      })),
      legs: quote.legs.map((leg) => ({
        selection_id: leg.selectionId,
        side: leg.side,
        odds: priceToOdds(leg.price),
        stake: paiseToRupees(leg.stakePaise),
        fills: leg.fills.map((f) => ({ odds: priceToOdds(f.price), stake: paiseToRupees(f.sizePaise) })),
      })),
      auto_cash_out,
    },
  };
}

export const fractionToBps = (fraction: number) => Math.round(fraction * BPS_PER_WHOLE);

/** The caller's quote on one market: a market not found is the usual 404 (MARKET_NOT_FOUND). */
export async function cashOutQuote(
  service: BettingService,
  userId: number,
  request: { market_id: number; fraction: number },
): Promise<CashOutQuote> {
  return quoteOnState(await service.committedState(request.market_id), userId, request.fraction).answer;
}
