import { cardLabel, rankOf, suitOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { backOption, defineEngine, once, priceAt, type BetOption } from './types.ts';

// Poker 20-20: heads-up Texas Hold'em. Two cards each to A and B (A1 B1 A2 B2), then five board
// cards (flop, turn, river). Best five of seven cards wins.

export const POKER_CATEGORIES = ['High Card', 'Pair', 'Two Pair', 'Three of a Kind', 'Straight', 'Flush', 'Full House', 'Four of a Kind', 'Straight Flush'] as const;

const hi = (c: Card) => (rankOf(c) === 1 ? 14 : rankOf(c));

/** Highest straight top (5..14) in a 15-bit rank mask (bit r for rank r, ace also as bit 1), or 0. */
function straightTop(mask: number): number {
  for (let top = 14; top >= 5; top--) {
    const need = 0b11111 << (top - 4);
    if ((mask & need) === need) return top;
  }
  return 0;
}
const maskOf = (ranks: readonly number[]) => ranks.reduce((m, r) => m | (1 << r) | (r === 14 ? 2 : 0), 0);

/** Comparable value of the best 5 of up to 7 cards: category * 15^5 + tie-breakers. */
export function pokerValue(cards: readonly Card[]): number {
  const pack = (cat: number, ks: readonly number[]) => ks.slice(0, 5).reduce((v, k) => v * 15 + k, cat) * 15 ** (5 - Math.min(5, ks.length));
  const bySuit: number[][] = [[], [], [], []];
  const count = new Array<number>(15).fill(0);
  for (const c of cards) {
    bySuit[suitOf(c)]!.push(hi(c));
    count[hi(c)]!++;
  }
  const flushRanks = bySuit.find((s) => s.length >= 5);
  if (flushRanks) {
    const sf = straightTop(maskOf(flushRanks));
    if (sf) return pack(8, [sf]);
  }
  const quads: number[] = [];
  const trips: number[] = [];
  const pairs: number[] = [];
  const singles: number[] = [];
  for (let r = 14; r >= 2; r--) {
    const n = count[r]!;
    if (n === 4) quads.push(r);
    else if (n === 3) trips.push(r);
    else if (n === 2) pairs.push(r);
    else if (n === 1) singles.push(r);
  }
  const kickers = (exclude: number[]) => {
    const out: number[] = [];
    for (let r = 14; r >= 2; r--) if (count[r]! > 0 && !exclude.includes(r)) out.push(r);
    return out;
  };
  if (quads.length) return pack(7, [quads[0]!, ...kickers([quads[0]!]).slice(0, 1)]);
  if (trips.length && (trips.length > 1 || pairs.length)) {
    const pairRank = Math.max(trips[1] ?? 0, pairs[0] ?? 0);
    return pack(6, [trips[0]!, pairRank]);
  }
  if (flushRanks) return pack(5, flushRanks.sort((a, b) => b - a).slice(0, 5));
  const st = straightTop(maskOf(cards.map(hi)));
  if (st) return pack(4, [st]);
  if (trips.length) return pack(3, [trips[0]!, ...kickers([trips[0]!]).slice(0, 2)]);
  if (pairs.length >= 2) return pack(2, [pairs[0]!, pairs[1]!, ...kickers([pairs[0]!, pairs[1]!]).slice(0, 1)]);
  if (pairs.length === 1) return pack(1, [pairs[0]!, ...kickers([pairs[0]!]).slice(0, 3)]);
  return pack(0, singles.slice(0, 5));
}
export const pokerCategory = (value: number) => Math.floor(value / 15 ** 5);

/**
 * Chances from 10,000,000 simulated rounds (simulation.test.ts re-checks them within its
 * tolerance): a tie of A and B, and the category of the winning hand.
 */
export const POKER_P = {
  tie: 0.0406155,
  winning: [0.059282, 0.371204, 0.314357, 0.071902, 0.08011, 0.052368, 0.047051, 0.003132, 0.000595],
};
const RTP_SIDE = 0.96;
const MAIN = 1.98;

const options = once((): BetOption[] => {
  const t = POKER_P.tie;
  return [
    backOption('playerA', 'Player A', 'Winner', MAIN, (1 - t) / 2, t),
    backOption('playerB', 'Player B', 'Winner', MAIN, (1 - t) / 2, t),
    ...POKER_CATEGORIES.map((name, cat) => backOption(`hand:${cat}`, name, 'Winning hand', priceAt(POKER_P.winning[cat]!, RTP_SIDE), POKER_P.winning[cat]!)),
  ];
});

export interface PokerResult {
  a: Card[];
  b: Card[];
  board: Card[];
  valueA: number;
  valueB: number;
}

export const poker2020 = defineEngine<PokerResult>({
  id: 'poker2020',
  title: 'Poker 20-20',
  deck: '52',
  openCards: 0,
  options,
  deal: (next) => {
    const a: Card[] = [];
    const b: Card[] = [];
    const board: Card[] = [];
    const draws: number[] = [];
    const to: string[] = [];
    const give = (hand: Card[], name: string) => {
      const c = next();
      hand.push(c);
      draws.push(c);
      to.push(name);
    };
    give(a, 'Player A');
    give(b, 'Player B');
    give(a, 'Player A');
    give(b, 'Player B');
    for (let i = 0; i < 5; i++) give(board, 'Board');
    return { draws, to, result: { a, b, board, valueA: pokerValue([...a, ...board]), valueB: pokerValue([...b, ...board]) } };
  },
  settle: (key, r) => {
    if (key === 'playerA' || key === 'playerB') {
      if (r.valueA === r.valueB) return 1;
      return (key === 'playerA') === r.valueA > r.valueB ? MAIN : 0;
    }
    const m = /^hand:(\d)$/.exec(key);
    if (m && pokerCategory(Math.max(r.valueA, r.valueB)) === Number(m[1])) return options().find((o) => o.key === key)!.odds;
    return 0;
  },
  outcome: (r) => {
    const winner = r.valueA > r.valueB ? 'Player A' : r.valueB > r.valueA ? 'Player B' : 'Tie';
    return {
      winner,
      description: `Player A ${r.a.map(cardLabel).join(' ')} (${POKER_CATEGORIES[pokerCategory(r.valueA)]}); Player B ${r.b.map(cardLabel).join(' ')} (${POKER_CATEGORIES[pokerCategory(r.valueB)]}); board ${r.board.map(cardLabel).join(' ')}`,
      hands: [
        { name: 'Player A', cards: r.a },
        { name: 'Player B', cards: r.b },
        { name: 'Board', cards: r.board },
      ],
    };
  },
  rules: [
    "Heads-up Texas Hold'em with one 52-card deck, fresh every round. Two cards each to Player A and Player B (A1 B1 A2 B2), then five board cards. Each player makes the best five-card poker hand from their two cards and the board.",
    'Hands rank: Straight Flush > Four of a Kind > Full House > Flush > Straight > Three of a Kind > Two Pair > Pair > High Card; A plays high or low in a straight (A-2-3-4-5).',
    `Player A / Player B pay ${MAIN}; an exact tie returns the stake (edge ${pct(1 - options()[0]!.rtp)}).`,
    `Winning hand: the type of the better of the two hands (of either on a tie), at 96% of the fair odds from 10 million simulated rounds (edge about 4%).`,
  ].join('\n'),
});
