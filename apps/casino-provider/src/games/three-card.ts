import { DECKS, rankOf, suitOf, type Card } from './fair-core.ts';

// Three-card hands of Teen Patti (and Trio): trail > pure sequence > sequence > colour > pair >
// high card. Sequences: A-K-Q highest, then A-2-3, then K-Q-J down to 4-3-2. Aces high otherwise.

export const TP_CATEGORY = { highCard: 0, pair: 1, colour: 2, sequence: 3, pureSequence: 4, trail: 5 } as const;
export type TpCategory = (typeof TP_CATEGORY)[keyof typeof TP_CATEGORY];
export const TP_CATEGORY_NAMES = ['High Card', 'Pair', 'Colour', 'Sequence', 'Pure Sequence', 'Trail'] as const;

const high = (card: Card): number => (rankOf(card) === 1 ? 14 : rankOf(card));

/** A comparable value: higher wins, equal values tie. */
export function tpValue(hand: readonly Card[]): number {
  const [a, b, c] = [high(hand[0]!), high(hand[1]!), high(hand[2]!)].sort((x, y) => y - x) as [number, number, number];
  const flush = suitOf(hand[0]!) === suitOf(hand[1]!) && suitOf(hand[1]!) === suitOf(hand[2]!);
  let seqTop = 0;
  if (a === 14 && b === 3 && c === 2) seqTop = 14; // A-2-3: second only to A-K-Q (15)
  else if (a === 14 && b === 13 && c === 12) seqTop = 15;
  else if (a - b === 1 && b - c === 1) seqTop = a;
  const pack = (cat: number, x: number, y: number, z: number) => ((cat * 16 + x) * 16 + y) * 16 + z;
  if (a === b && b === c) return pack(TP_CATEGORY.trail, a, 0, 0);
  if (seqTop && flush) return pack(TP_CATEGORY.pureSequence, seqTop, 0, 0);
  if (seqTop) return pack(TP_CATEGORY.sequence, seqTop, 0, 0);
  if (flush) return pack(TP_CATEGORY.colour, a, b, c);
  if (a === b) return pack(TP_CATEGORY.pair, a, c, 0);
  if (b === c) return pack(TP_CATEGORY.pair, b, a, 0);
  return pack(TP_CATEGORY.highCard, a, b, c);
}

export const tpCategory = (value: number): TpCategory => Math.floor(value / 4096) as TpCategory;

const RANK_WORDS = ['', 'Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King', 'Ace'];
/** 'Pair of Kings', 'Trail of 7s', 'High Card Ace' ... */
export function tpHandName(hand: readonly Card[]): string {
  const value = tpValue(hand);
  const cat = tpCategory(value);
  const top = Math.floor(value / 256) % 16;
  if (cat === TP_CATEGORY.trail) return `Trail of ${RANK_WORDS[top]}s`;
  if (cat === TP_CATEGORY.pair) return `Pair of ${RANK_WORDS[top]}s`;
  if (cat === TP_CATEGORY.highCard || cat === TP_CATEGORY.colour) return `${TP_CATEGORY_NAMES[cat]} ${RANK_WORDS[top]} high`;
  return TP_CATEGORY_NAMES[cat];
}

interface ThreeCardStats {
  /** Probability of each category for one random hand. */
  category: number[];
  /** Probability that two disjoint random hands tie exactly. */
  tie: number;
}

let stats: ThreeCardStats | null = null;
/** Exact, by enumerating all 22,100 hands and every pair of disjoint hands of equal value. */
export function threeCardStats(): ThreeCardStats {
  if (stats) return stats;
  const deck = DECKS['52'].outcomes;
  const byValue = new Map<number, Card[][]>();
  const category = [0, 0, 0, 0, 0, 0];
  let hands = 0;
  for (let i = 0; i < 52; i++)
    for (let j = i + 1; j < 52; j++)
      for (let k = j + 1; k < 52; k++) {
        const hand = [deck[i]!, deck[j]!, deck[k]!];
        const v = tpValue(hand);
        category[tpCategory(v)]!++;
        hands++;
        const group = byValue.get(v);
        if (group) group.push(hand);
        else byValue.set(v, [hand]);
      }
  let tiePairs = 0;
  for (const group of byValue.values())
    for (const x of group) for (const y of group) if (!x.some((c) => y.includes(c))) tiePairs++;
  const disjointPairs = hands * ((49 * 48 * 47) / 6);
  stats = { category: category.map((n) => n / hands), tie: tiePairs / disjointPairs };
  return stats;
}
