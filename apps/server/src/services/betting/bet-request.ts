/**
 * A bet as the bet path handles it, built from a bettor's call: the market's kind decides how
 * the price reads (exchange odds in hundredths, bookmaker 100 + rate, fancy the rate at a line).
 */
import type { MarketKind } from '@exchange/contracts';
import { bookmakerPrice, oddsToPrice, tickOfPrice, type Persistence, type Side } from '@exchange/engine';
import { stakeToPaise } from './answers.ts';
import type { MarketState } from './market-state.ts';
import { refuse } from './refusals.ts';

export interface BetRequest {
  userId: number;
  marketId: number;
  kind: MarketKind;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  selectionId: number | null;
  /** Exchange: decimal odds in hundredths; bookmaker: 100 + the rate asked; fancy: the rate asked. */
  price: number;
  /** Fancy: the line asked. */
  line: number | null;
  stakePaise: number;
  clientRef: string | null;
  persistence: Persistence;
  /**
   * Fill or kill (exchange): the least that must match now, the bet never resting; null for a
   * bet that may rest. Bookmaker and fancy bets are taken whole by the house anyway.
   */
  minFillPaise: number | null;
  /** What a repeat with the same client_ref must ask to get the first answer back. */
  requestKey: string;
}

export interface PlaceOptions {
  /** The operator's own liquidity (the market maker, the feed): no in-play bet delay. */
  noDelay?: boolean;
}

export interface MarketBetBody {
  market_id: number;
  selection_id: number;
  is_back: number;
  odds: number;
  stake: number;
  client_ref?: string | undefined;
  persistence?: Persistence | undefined;
  fill_or_kill?: boolean | undefined;
  min_fill_stake?: number | undefined;
}

export interface FancyBetBody {
  fancy_id: number;
  is_back: number;
  run: number;
  rate: number;
  stake: number;
  client_ref?: string | undefined;
}

/** An exchange or bookmaker bet (`bet/placeMarketBet`) on `market`. */
export function marketBetRequest(userId: number, body: MarketBetBody, market: MarketState): BetRequest {
  const stakePaise = stakeToPaise(body.stake);
  const kind = market.row.kind;
  if (kind === 'FANCY') throw refuse.wrongMarket('This is a fancy market: place it with placeFancyBet');
  const side: Side = body.is_back === 1 ? 'BACK' : 'LAY';
  let price: number;
  if (kind === 'EXCHANGE') {
    price = oddsToPrice(body.odds);
    if (!Number.isFinite(body.odds) || Math.abs(body.odds * 100 - price) > 1e-6 || tickOfPrice(price) < 0) {
      throw refuse.invalidOdds('Odds must be a valid exchange price between 1.01 and 1000');
    }
  } else {
    if (!Number.isInteger(body.odds) || body.odds < 1 || body.odds > 99_899)
      throw refuse.invalidOdds('The bookmaker rate must be a whole number such as 45');
    price = bookmakerPrice(body.odds);
  }
  const minFillPaise =
    body.fill_or_kill === true && kind === 'EXCHANGE'
      ? body.min_fill_stake === undefined
        ? stakePaise
        : stakeToPaise(body.min_fill_stake)
      : null;
  if (minFillPaise !== null && minFillPaise > stakePaise)
    throw refuse.invalid('min_fill_stake can be at most the stake');
  return {
    userId,
    marketId: market.id,
    kind,
    side,
    selectionId: body.selection_id,
    price,
    line: null,
    stakePaise,
    clientRef: body.client_ref ?? null,
    persistence: kind === 'EXCHANGE' ? (body.persistence ?? 'LAPSE') : 'PERSIST',
    minFillPaise,
    requestKey:
      `${market.id}|${body.selection_id}|${side}|${price}|${stakePaise}` +
      (minFillPaise === null ? '' : `|fok:${minFillPaise}`),
  };
}

/** A fancy (session) bet (`bet/placeFancyBet`) on `market`. */
export function fancyBetRequest(userId: number, body: FancyBetBody, market: MarketState): BetRequest {
  const stakePaise = stakeToPaise(body.stake);
  if (market.row.kind !== 'FANCY') throw refuse.wrongMarket('This is not a fancy market: place it with placeMarketBet');
  if (!Number.isInteger(body.run) || body.run < 0) throw refuse.invalidOdds('The line must be a whole number of runs');
  if (!Number.isInteger(body.rate) || body.rate < 1 || body.rate > 100_000)
    throw refuse.invalidOdds('The rate must be a whole number such as 100');
  const side = body.is_back === 1 ? 'YES' : 'NO';
  return {
    userId,
    marketId: market.id,
    kind: 'FANCY',
    side,
    selectionId: null,
    price: body.rate,
    line: body.run,
    stakePaise,
    clientRef: body.client_ref ?? null,
    persistence: 'PERSIST',
    minFillPaise: null,
    requestKey: `${market.id}||${side}|${body.rate}|${body.run}|${stakePaise}`,
  };
}
