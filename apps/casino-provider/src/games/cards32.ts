import { cardLabel, rankOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { backOption, defineEngine, layOption, once, priceAt, type BetOption } from './types.ts';

// 32 Cards: players 8, 9, 10 and 11 start with that many points and draw one card each (6..K
// worth 6..13); the highest total wins; tied leaders each draw again, adding to their totals.

const PLAYERS = [8, 9, 10, 11] as const;
const RTP = 0.97;

export interface Cards32Result {
  /** Cards of each player in deal order. */
  cards: Record<number, Card[]>;
  totals: Record<number, number>;
  winner: number;
}

/**
 * Exact win chances of players 8, 9, 10, 11: a recursion over every order of card values weighted
 * by the counts left, tie-breaks included (about 30 s of CPU, so computed once and written down
 * here; the 100,000-round simulation in simulation.test.ts checks them).
 */
export const CARDS32_WIN_P = [0.07832777159807038, 0.16378692374242595, 0.2930231120998604, 0.4648621925596458] as const;
const probs = () => CARDS32_WIN_P;

/** Lay price whose return is `target`: the smallest 2-decimal price L with P(lay wins) * L/(L-1) <= target. */
function layPriceAt(pLayWins: number, target: number): number {
  const x = target / pLayWins;
  return Math.ceil((x / (x - 1)) * 100 - 1e-9) / 100;
}

const options = once((): BetOption[] => {
  const p = probs();
  return PLAYERS.flatMap((n, i) => [
    backOption(`back:${n}`, `Player ${n}`, `Player ${n}`, priceAt(p[i]!, RTP), p[i]!),
    layOption(`lay:${n}`, `Lay ${n}`, `Player ${n}`, layPriceAt(1 - p[i]!, RTP), 1 - p[i]!),
  ]);
});

export const cards32 = defineEngine<Cards32Result>({
  id: 'cards32',
  title: '32 Cards',
  deck: '32',
  openCards: 0,
  options,
  deal: (next) => {
    const cards: Record<number, Card[]> = { 8: [], 9: [], 10: [], 11: [] };
    const totals: Record<number, number> = { 8: 8, 9: 9, 10: 10, 11: 11 };
    const draws: number[] = [];
    const to: string[] = [];
    let contenders: number[] = [...PLAYERS];
    let remaining = 32;
    for (;;) {
      if (remaining < contenders.length) break;
      for (const n of contenders) {
        const card = next();
        remaining--;
        cards[n]!.push(card);
        totals[n]! += rankOf(card);
        draws.push(card);
        to.push(`Player ${n}`);
      }
      const best = Math.max(...contenders.map((n) => totals[n]!));
      contenders = contenders.filter((n) => totals[n] === best);
      if (contenders.length === 1) break;
    }
    // Out of cards (never in practice): the tied player who started higher wins.
    return { draws, to, result: { cards, totals, winner: Math.max(...contenders) } };
  },
  settle: (key, r) => {
    const [kind, n] = key.split(':');
    const option = options().find((o) => o.key === key);
    if (!option) return 0;
    const won = Number(n) === r.winner;
    if (kind === 'back') return won ? option.odds : 0;
    return won ? 0 : option.odds / (option.odds - 1);
  },
  outcome: (r) => ({
    winner: `Player ${r.winner}`,
    description: PLAYERS.map((n) => `Player ${n}: ${r.cards[n]!.map(cardLabel).join(' ')} = ${r.totals[n]}`).join('; '),
    hands: PLAYERS.map((n) => ({ name: `Player ${n}`, cards: r.cards[n]! })),
  }),
  rules: [
    '32 cards (6, 7, 8, 9, 10, J, Q, K of each suit; worth 6 to 13 points), fresh every round. Players 8, 9, 10 and 11 start with that many points and each draws one card, in that order. The highest total wins; if two or more lead with the same total, only they draw again, adding to their totals, until one leads.',
    `Back a player at the odds shown, or lay one (your stake is your liability; a winning lay at price L pays stake × L / (L − 1)). Prices are set from the exact win chances (8: ${pct(probs()[0]!)}, 9: ${pct(probs()[1]!)}, 10: ${pct(probs()[2]!)}, 11: ${pct(probs()[3]!)}) so that every bet returns about ${pct(RTP)}: house edge about 3%.`,
  ].join('\n'),
});
