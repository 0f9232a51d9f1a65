/**
 * The bet slip's draft, shared by the ladders that open it and the slip that edits and places
 * it (ADR 29): what a price box picks, stake parsing, and each runner's (or fancy line's)
 * projected profit/loss while a stake is typed. Free of React. Amounts are rupees at the edges
 * and integer paise inside, like the rest of the product.
 */
import type { MarketKind, MarketView, RunnerView } from '@exchange/contracts';
import { MAX_PRICE, MIN_PRICE, fancyPnlAt, oddsToPrice, paiseToRupees, projectedPnl, roundToPaise } from '@exchange/engine';

export type SlipSide = 'BACK' | 'LAY' | 'YES' | 'NO';

/** What a click on a price box picks: the market, the runner (or fancy line) and the side. */
export interface SlipPick {
  matchId: number;
  marketId: number;
  kind: MarketKind;
  marketName: string;
  /** null on a fancy line. */
  selectionId: number | null;
  runnerName: string;
  side: SlipSide;
  /** Exchange: decimal odds; bookmaker: the rate (45 = 1.45); fancy: the rate. */
  odds: number;
  /** Fancy: the runs line of the box. */
  line: number | null;
  inPlay: boolean;
  betDelayMs: number;
  minStake: number;
  maxStake: number;
}

/** A runner's price picked on a market (exchange or bookmaker): what the slip or a one-click bet needs of them. */
export function runnerPick(
  matchId: number,
  market: Pick<MarketView, 'market_id' | 'kind' | 'name' | 'in_play' | 'bet_delay_ms' | 'min_stake' | 'max_stake'>,
  runner: Pick<RunnerView, 'selection_id' | 'name'>,
  side: SlipSide,
  odds: number,
): SlipPick {
  return {
    matchId,
    marketId: market.market_id,
    kind: market.kind,
    marketName: market.name,
    selectionId: runner.selection_id,
    runnerName: runner.name,
    side,
    odds,
    line: null,
    inPlay: market.in_play,
    betDelayMs: market.bet_delay_ms,
    minStake: market.min_stake,
    maxStake: market.max_stake,
  };
}

/** The open slip: the pick plus what the bettor typed. */
export interface SlipDraft extends SlipPick {
  oddsText: string;
  stakeText: string;
  /** Exchange, before the off: the unmatched rest stays in play (PERSIST) rather than lapse. */
  keepInPlay: boolean;
}

/** What the bettor changes on an open slip. */
export type SlipEdit = Partial<Pick<SlipDraft, 'oddsText' | 'stakeText' | 'keepInPlay'>>;

/**
 * Whether the slip offers "Keep in play": an exchange bet before the market turns in play (in
 * play there is no turn left to survive; bookmaker and fancy bets never rest).
 */
export const offersKeepInPlay = (draft: Pick<SlipDraft, 'kind' | 'inPlay'>) =>
  draft.kind === 'EXCHANGE' && !draft.inPlay;

export const isBackSide = (side: SlipSide) => side === 'BACK' || side === 'YES';

/** The odds field's text for a pick: exchange odds with 2 decimals, rates as whole numbers. */
export function oddsText(kind: MarketKind, odds: number): string {
  return kind === 'EXCHANGE' ? odds.toFixed(2) : String(Math.round(odds));
}

/** A positive amount typed by the bettor with at most 2 decimals, else null. */
export function parseAmount(text: string): number | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}


/** Decimal odds in hundredths of the draft (exchange: as typed; bookmaker: 1 + rate/100), or null. */
export function priceHundredths(kind: MarketKind, text: string): number | null {
  const odds = parseAmount(text);
  if (odds === null) return null;
  if (kind === 'EXCHANGE') return oddsToPrice(odds);
  return Number.isInteger(odds) ? 100 + odds : null;
}

/**
 * Each runner's profit/loss (rupees) if the draft is placed and matched at its odds, on top of
 * the positions the server reports; null when the draft is not for this market or not a number
 * yet. P&L is linear in the bets, so the candidate alone is projected and added.
 */
export function projectedPositions(
  market: { market_id: number; runners: readonly { selection_id: number; position: number }[] },
  draft: SlipDraft | null,
): Map<number, number> | null {
  if (!draft || draft.marketId !== market.market_id || draft.selectionId === null) return null;
  if (draft.side !== 'BACK' && draft.side !== 'LAY') return null;
  const stake = parseAmount(draft.stakeText);
  const price = priceHundredths(draft.kind, draft.oddsText);
  if (stake === null || price === null || price < MIN_PRICE || price > MAX_PRICE) return null;
  const delta = projectedPnl(
    { kind: 'RUNNERS', runners: market.runners.map((r) => r.selection_id), bets: [] },
    { selectionId: draft.selectionId, side: draft.side, price, sizePaise: roundToPaise(stake) },
  );
  return new Map(
    market.runners.map((r) => [
      r.selection_id,
      paiseToRupees(roundToPaise(r.position) + (delta.get(r.selection_id) ?? 0)),
    ]),
  );
}

/**
 * A fancy line's worst case (rupees, negative: a loss) once the typed YES / NO bet is added to
 * the bettor's book, null when the draft is not for this line. The book is the server's P&L by
 * run total; the worst case can only change where a book range or the new bet's line begins.
 */
export function projectedFancyWorst(
  market: { market_id: number; fancy_positions: readonly { from_runs: number; pnl: number }[] },
  draft: SlipDraft | null,
): number | null {
  if (!draft || draft.marketId !== market.market_id || (draft.side !== 'YES' && draft.side !== 'NO'))
    return null;
  const stake = parseAmount(draft.stakeText);
  if (stake === null || draft.line === null) return null;
  const bet = { side: draft.side, line: draft.line, ratePercent: draft.odds, sizePaise: roundToPaise(stake) };
  const book = [...market.fancy_positions].sort((a, b) => a.from_runs - b.from_runs);
  const bookAt = (runs: number) => roundToPaise(book.filter((r) => r.from_runs <= runs).at(-1)?.pnl ?? 0);
  const points = new Set([0, draft.line, ...book.map((r) => r.from_runs)]);
  return paiseToRupees(Math.min(...[...points].map((runs) => bookAt(runs) + fancyPnlAt([bet], runs))));
}
