import { cardLabel, rankOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { backOption, defineEngine, once, type BetOption } from './types.ts';

// Punto banco, eight decks, standard drawing rules.

/** Exact 8-deck probabilities (published; simulation.test.ts checks the prices they set in dealt rounds). */
export const BACCARAT_P = { player: 0.4462466, banker: 0.4585974, tie: 0.0951560, pair: 31 / 415 };
const ODDS = { player: 2, banker: 1.95, tie: 10, pair: 13 };

const points = (card: Card) => {
  const r = rankOf(card);
  return r >= 10 ? 0 : r;
};
export const handTotal = (cards: readonly Card[]) => cards.reduce((s, c) => s + points(c), 0) % 10;

/** Whether the banker draws, given its total and the player's third card (null if the player stood). */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const x = points(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return x !== 8;
    case 4:
      return x >= 2 && x <= 7;
    case 5:
      return x >= 4 && x <= 7;
    case 6:
      return x === 6 || x === 7;
    default:
      return false;
  }
}

export interface BaccaratResult {
  player: Card[];
  banker: Card[];
  winner: 'Player' | 'Banker' | 'Tie';
}

const options = once((): BetOption[] => {
  const p = BACCARAT_P;
  return [
    backOption('player', 'Player', 'Winner', ODDS.player, p.player, p.tie),
    backOption('banker', 'Banker', 'Winner', ODDS.banker, p.banker, p.tie),
    backOption('tie', 'Tie', 'Winner', ODDS.tie, p.tie),
    backOption('playerPair', 'Player Pair', 'Pairs', ODDS.pair, p.pair),
    backOption('bankerPair', 'Banker Pair', 'Pairs', ODDS.pair, p.pair),
  ];
});

export const baccarat = defineEngine<BaccaratResult>({
  id: 'baccarat',
  title: 'Baccarat',
  deck: '8x52',
  openCards: 0,
  options,
  deal: (next) => {
    const player: Card[] = [];
    const banker: Card[] = [];
    const draws: number[] = [];
    const to: string[] = [];
    const give = (hand: Card[], name: string) => {
      const c = next();
      hand.push(c);
      draws.push(c);
      to.push(name);
      return c;
    };
    give(player, 'Player');
    give(banker, 'Banker');
    give(player, 'Player');
    give(banker, 'Banker');
    const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
    if (!natural) {
      let playerThird: Card | null = null;
      if (handTotal(player) <= 5) playerThird = give(player, 'Player');
      if (bankerDraws(handTotal(banker), playerThird)) give(banker, 'Banker');
    }
    const pt = handTotal(player);
    const bt = handTotal(banker);
    return { draws, to, result: { player, banker, winner: pt > bt ? 'Player' : bt > pt ? 'Banker' : 'Tie' } };
  },
  settle: (key, r) => {
    const pair = (h: Card[]) => rankOf(h[0]!) === rankOf(h[1]!);
    switch (key) {
      case 'player':
        return r.winner === 'Tie' ? 1 : r.winner === 'Player' ? ODDS.player : 0;
      case 'banker':
        return r.winner === 'Tie' ? 1 : r.winner === 'Banker' ? ODDS.banker : 0;
      case 'tie':
        return r.winner === 'Tie' ? ODDS.tie : 0;
      case 'playerPair':
        return pair(r.player) ? ODDS.pair : 0;
      case 'bankerPair':
        return pair(r.banker) ? ODDS.pair : 0;
      default:
        return 0;
    }
  },
  outcome: (r) => ({
    winner: r.winner === 'Tie' ? 'Tie' : `${r.winner} ${handTotal(r.winner === 'Player' ? r.player : r.banker)}`,
    description: `Player ${r.player.map(cardLabel).join(' ')} = ${handTotal(r.player)}; Banker ${r.banker.map(cardLabel).join(' ')} = ${handTotal(r.banker)}`,
    hands: [
      { name: 'Player', cards: r.player },
      { name: 'Banker', cards: r.banker },
    ],
  }),
  rules: [
    'Punto banco with eight 52-card decks, shuffled fresh every round. Cards count A = 1, 2–9 face value, 10 J Q K = 0; a hand is worth the last digit of its total. Deal: Player, Banker, Player, Banker.',
    'A natural (8 or 9 on two cards for either hand) ends the deal. Otherwise the Player draws on 0–5 and stands on 6–7. If the Player stood, the Banker draws on 0–5. If the Player drew, the Banker draws on 0–2; on 3 unless the Player’s third card is 8; on 4 if it is 2–7; on 5 if 4–7; on 6 if 6–7; stands on 7.',
    `Player pays 1:1 (decimal 2, edge ${pct(1 - options()[0]!.rtp)}); Banker pays 0.95:1 (decimal 1.95, 5% commission, edge ${pct(1 - options()[1]!.rtp)}); both push on a tie. Tie pays 9:1 (decimal 10, edge ${pct(1 - options()[2]!.rtp)}). Player Pair / Banker Pair (first two cards of the hand of the same rank) pay 12:1 (decimal 13, edge ${pct(1 - options()[3]!.rtp)}).`,
  ].join('\n'),
});
