import type { DeckId } from './fair-core.ts';

/** One thing a player can bet on, with its decimal odds and its stated return to player. */
export interface BetOption {
  /** Stable key within the game, e.g. 'playerA', 'straight:17'. */
  key: string;
  name: string;
  /** Heading the page groups options under. */
  group: string;
  /**
   * Decimal odds shown. For a back bet: payout per unit stake on a win (stake included). For a lay
   * bet: the lay price L; the stake is the liability and a win pays stake * L / (L - 1).
   */
  odds: number;
  kind: 'back' | 'lay';
  /** Text shown instead of the odds when the payout depends on the hand, e.g. '2 – 46'. */
  oddsText?: string;
  /** Expected payout per unit stake (1 - house edge), exact or from a stated long simulation. */
  rtp: number;
}

/** A position at the table and the cards (outcomes) it got, in deal order. */
export interface HandView {
  name: string;
  cards: number[];
}

export interface RoundOutcome {
  /** Short winner text, e.g. 'Player A', 'Tie', '17'. */
  winner: string;
  description: string;
  hands: HandView[];
}

export interface Deal<R> {
  /** Every outcome drawn, in deal order. */
  draws: number[];
  /** Which position got each draw (same length as draws). */
  to: string[];
  result: R;
}

/** The outcome source of one deal: the next card (die, pocket) of the round's shoe. */
export type NextOutcome = () => number;

/**
 * One game's rules: pure, no IO. The round engine fixes the deal from the round's seeds before
 * betting opens; settlement depends only on the result.
 */
export interface GameEngine<R = unknown> {
  id: string;
  title: string;
  deck: DeckId;
  /** Cards dealt face up when betting opens (Hi Low's base card, Andar Bahar's joker). */
  openCards: number;
  /** Options on offer given the cards shown at open (most games ignore them). */
  options(open: readonly number[]): BetOption[];
  deal(next: NextOutcome): Deal<R>;
  /** Payout per unit stake of an option on this result: 0 lost, 1 stake back, odds on a win. */
  settle(optionKey: string, result: R): number;
  outcome(result: R): RoundOutcome;
  /** Rules, payouts and the house edge, shown on the game page. */
  rules: string;
}

/** Erases the result type so engines of different games sit in one table. */
export function defineEngine<R>(engine: GameEngine<R>): GameEngine {
  return engine as unknown as GameEngine;
}

/** Odds a fair probability is offered at: floor(targetRtp / p, 2 decimals). */
export function priceAt(p: number, targetRtp: number): number {
  return Math.floor((targetRtp / p) * 100 + 1e-9) / 100;
}

/** Payout factor of a lay at price L: stake * L / (L - 1). */
export const layFactor = (price: number): number => price / (price - 1);

/**
 * The most an option can pay back per unit stake, whatever the cards: its odds for a back bet
 * (where the payout depends on the hand, the odds shown are the top of the table), L / (L - 1)
 * for a lay at L. The debit states stake x this as the bet's maximum payout, and the platform
 * refuses a credit above it; the simulation test checks every engine keeps within it.
 */
export const maxPayoutFactor = (option: Pick<BetOption, 'kind' | 'odds'>): number => (option.kind === 'lay' ? layFactor(option.odds) : option.odds);

/** A back option whose rtp follows from its probability and odds (plus a push share). */
export function backOption(key: string, name: string, group: string, odds: number, pWin: number, pushShare = 0): BetOption {
  return { key, name, group, odds, kind: 'back', rtp: pWin * odds + pushShare };
}

export function layOption(key: string, name: string, group: string, price: number, pLayWins: number, pushShare = 0): BetOption {
  return { key, name, group, odds: price, kind: 'lay', rtp: pLayWins * layFactor(price) + pushShare };
}

/** Payout of a stake in paise, rounded down to the paisa. */
export function payoutPaise(stakePaise: number, factor: number): number {
  return Math.floor(stakePaise * factor + 1e-6);
}

/** A value computed on first use and kept (option tables of games with fixed prices). */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
