import { cardLabel, isRed, rankOf, type Card } from './fair-core.ts';
import { backOption, defineEngine, priceAt, type BetOption } from './types.ts';

// Hi Low: six decks; the base card is shown when betting opens; bets are on the next card.

const RTP = 0.97;
const DECKS_IN_SHOE = 6;

/** Options priced from the exact make-up of the 311 cards left after the base card. */
const HI_LOW_CACHE = new Map<Card, BetOption[]>();
export function hiLowOptions(base: Card): BetOption[] {
  const cached = HI_LOW_CACHE.get(base % 52);
  if (cached) return cached;
  const left = 52 * DECKS_IN_SHOE - 1;
  const perRank = (r: number) => 4 * DECKS_IN_SHOE - (r === rankOf(base) ? 1 : 0);
  const count = (pred: (r: number) => boolean) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].filter(pred).reduce((s, r) => s + perRank(r), 0);
  const b = rankOf(base);
  const reds = 26 * DECKS_IN_SHOE - (isRed(base) ? 1 : 0);
  const candidates: [string, string, string, number][] = [
    ['higher', 'Higher', 'Next card', count((r) => r > b) / left],
    ['lower', 'Lower', 'Next card', count((r) => r < b) / left],
    ['same', 'Same rank', 'Next card', count((r) => r === b) / left],
    ['red', 'Red', 'Colour', reds / left],
    ['black', 'Black', 'Colour', (left - reds) / left],
    ['range:2-9', '2 to 9', 'Range', count((r) => r >= 2 && r <= 9) / left],
    ['range:10-A', '10 J Q K A', 'Range', count((r) => r >= 10 || r === 1) / left],
  ];
  const options = candidates
    .filter(([, , , p]) => p > 0.02 && priceAt(p, RTP) >= 1.01)
    .map(([key, name, group, p]) => backOption(key, name, group, priceAt(p, RTP), p));
  HI_LOW_CACHE.set(base % 52, options);
  return options;
}

function wins(key: string, base: Card, card: Card): boolean {
  const b = rankOf(base);
  const r = rankOf(card);
  switch (key) {
    case 'higher':
      return r > b;
    case 'lower':
      return r < b;
    case 'same':
      return r === b;
    case 'red':
      return isRed(card);
    case 'black':
      return !isRed(card);
    case 'range:2-9':
      return r >= 2 && r <= 9;
    case 'range:10-A':
      return r >= 10 || r === 1;
    default:
      return false;
  }
}

export interface HiLowResult {
  base: Card;
  next: Card;
}

export const hiLow = defineEngine<HiLowResult>({
  id: 'hilow',
  title: 'Hi Low',
  deck: '6x52',
  openCards: 1,
  options: (open) => (open.length ? hiLowOptions(open[0]!) : []),
  deal: (next) => {
    const base = next();
    const card = next();
    return { draws: [base, card], to: ['Base', 'Next'], result: { base, next: card } };
  },
  settle: (key, r) => {
    const option = hiLowOptions(r.base).find((o) => o.key === key);
    return option && wins(key, r.base, r.next) ? option.odds : 0;
  },
  outcome: (r) => {
    const b = rankOf(r.base);
    const n = rankOf(r.next);
    return {
      winner: n > b ? 'Higher' : n < b ? 'Lower' : 'Same',
      description: `Base ${cardLabel(r.base)}, next ${cardLabel(r.next)}`,
      hands: [
        { name: 'Base', cards: [r.base] },
        { name: 'Next', cards: [r.next] },
      ],
    };
  },
  rules: [
    'Six 52-card decks, shuffled fresh every round. The base card is shown when betting opens; then the next card is dealt. A is low (1), K high (13).',
    'Higher / Lower: the next card ranks strictly above / below the base card (the same rank loses both). Same rank, Red, Black, 2 to 9, and 10 J Q K A are also offered.',
    'Every price is set from the exact cards left in the shoe after the base card, at 97% of the fair odds (house edge 3%, a little more after rounding down to 2 decimals). Bets that would pay less than 1.01 are not offered.',
  ].join('\n'),
});
