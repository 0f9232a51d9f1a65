// What the table says about each hand once the result shows: which won (lit) and which lost
// (dimmed), and the hand's value in the game's own terms (baccarat points, a Teen Patti hand...).
// Pure: the deal module puts it on the hand slots, the tests check it here.
import { parseCard, rankOf } from '../../games/fair-core.ts';
import { POKER_CATEGORIES, pokerCategory, pokerValue } from '../../games/poker.ts';
import { tpHandName } from '../../games/three-card.ts';
import { pana, single } from '../../games/worli-matka.ts';

/** Positions that hold cards but never win or lose: the joker, the board, the base card, dice, the wheel. */
const NOT_CONTENDERS = new Set([
  'Joker',
  'Board',
  'Base',
  'Next',
  'Card',
  'Trio',
  'Queen',
  'Pana',
  'Dice',
  'Wheel',
]);

export type HandOutcome = 'won' | 'lost' | 'tie';

/**
 * How `hand` fared given the round's winner text: the winner names it ('Player A', 'Dragon'), or
 * names it before its points ('Banker 5'), or among other seats ('Tiger Lion' beat the dealer).
 * A tie dims no one. null when the winner is not a hand of this table (Lucky 7's 'High', a total)
 * or the hand is not a contender (the joker, the board).
 */
export function handOutcome(hand: string, winner: string, hands: readonly string[]): HandOutcome | null {
  if (NOT_CONTENDERS.has(hand)) return null;
  const contenders = hands.filter((h) => !NOT_CONTENDERS.has(h));
  const winners = contenders.filter((h) => winnerNames(h, winner));
  if (/^tie\b/i.test(winner.trim())) return 'tie';
  if (!winners.length) return null;
  return winners.includes(hand) ? 'won' : 'lost';
}

function winnerNames(hand: string, winner: string): boolean {
  const w = winner.trim();
  if (w === hand) return true;
  // 'Banker 5': the hand, then its points.
  if (new RegExp(`^${escape(hand)} \\d+$`).test(w) && !/ \d+$/.test(hand)) return true;
  // 'Tiger Lion': seats of one word each, every one that beat the dealer.
  return !hand.includes(' ') && w.split(/\s+/).includes(hand);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cardsOf = (labels: readonly string[]) => labels.map(parseCard);

/** Baccarat: A = 1, 2-9 face value, 10 J Q K = 0; the last digit of the total. */
export const baccaratPoints = (labels: readonly string[]): number =>
  cardsOf(labels).reduce((s, c) => s + (rankOf(c) >= 10 ? 0 : rankOf(c)), 0) % 10;

/** Trio / Queen: A = 1 ... K = 13. */
export const cardTotal = (labels: readonly string[]): number =>
  cardsOf(labels).reduce((s, c) => s + rankOf(c), 0);

/** 32 Cards: the player's number is his start, each card adds 6..13 (its rank, J 11, Q 12, K 13). */
export function cards32Total(hand: string, labels: readonly string[]): number | null {
  const start = /^Player (\d+)$/.exec(hand);
  return start ? Number(start[1]) + cardTotal(labels) : null;
}

/**
 * The value shown under a hand once the result is out, or null when the game has none for it.
 * `hands` gives every hand's cards (Poker's board counts for both players).
 */
export function handValue(
  engine: string,
  hand: string,
  hands: readonly { name: string; cards: readonly string[] }[],
): string | null {
  const cards = hands.find((h) => h.name === hand)?.cards ?? [];
  if (!cards.length) return null;
  try {
    switch (engine) {
      case 'baccarat':
        return String(baccaratPoints(cards));
      case 'cards32': {
        const t = cards32Total(hand, cards);
        return t === null ? null : String(t);
      }
      case 'trio':
      case 'queen':
        return `Total ${cardTotal(cards)}`;
      case 'worlimatka':
        return cards.length === 3 ? `Pana ${pana(cardsOf(cards))} · Single ${single(cardsOf(cards))}` : null;
      case 'teenpatti2020':
      case 'teenpatti1day':
      case 'teenpattitest':
      case 'muflis':
        return cards.length === 3 ? tpHandName(cardsOf(cards)) : null;
      case 'poker2020': {
        const board = hands.find((h) => h.name === 'Board')?.cards ?? [];
        if (hand === 'Board' || board.length < 5) return null;
        return POKER_CATEGORIES[pokerCategory(pokerValue(cardsOf([...cards, ...board])))] ?? null;
      }
      default:
        return null;
    }
  } catch {
    // A label the parser does not know: no value rather than a broken table.
    return null;
  }
}
