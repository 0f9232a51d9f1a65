import { DECKS, cardLabel, rankOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { backOption, defineEngine, once, priceAt, type BetOption } from './types.ts';

// Worli Matka: 40 cards (A..10, 10 = 0); three cards make a pana; the single (ank) is the last
// digit of their sum.

const SINGLE_ODDS = 9.5;
const PANA_RTP = 0.95;
const digit = (card: Card) => rankOf(card) % 10;

export interface MatkaResult {
  cards: Card[];
}
/** The pana: the three digits in ascending order, 0 counted as the highest (e.g. 1-2-0 -> '120'). */
export function pana(cards: readonly Card[]): string {
  return cards
    .map(digit)
    .sort((a, b) => (a === 0 ? 10 : a) - (b === 0 ? 10 : b))
    .join('');
}
export const single = (cards: readonly Card[]) => cards.reduce((s, c) => s + digit(c), 0) % 10;
/** SP: three different digits; DP: two the same; TP: all three the same. */
export function panaType(cards: readonly Card[]): 'SP' | 'DP' | 'TP' {
  const distinct = new Set(cards.map(digit)).size;
  return distinct === 3 ? 'SP' : distinct === 2 ? 'DP' : 'TP';
}

/** Exact chances of each single and each pana type over all 9,880 three-card draws. */
function matkaStats() {
  const deck = DECKS.matka.outcomes;
  const singles = new Array<number>(10).fill(0);
  const types = { SP: 0, DP: 0, TP: 0 };
  let n = 0;
  for (let i = 0; i < deck.length; i++)
    for (let j = i + 1; j < deck.length; j++)
      for (let k = j + 1; k < deck.length; k++) {
        const cards = [deck[i]!, deck[j]!, deck[k]!];
        singles[single(cards)]!++;
        types[panaType(cards)]++;
        n++;
      }
  return { singles: singles.map((c) => c / n), types: { SP: types.SP / n, DP: types.DP / n, TP: types.TP / n } };
}
const STATS = matkaStats();
const TYPE_NAMES = { SP: 'Single Patti (SP)', DP: 'Double Patti (DP)', TP: 'Triple Patti (TP)' } as const;

const options = once((): BetOption[] => {
  return [
    ...STATS.singles.map((p, d) => backOption(`single:${d}`, `Single ${d}`, 'Single (ank)', SINGLE_ODDS, p)),
    ...(['SP', 'DP', 'TP'] as const).map((t) => backOption(`pana:${t}`, TYPE_NAMES[t], 'Pana type', priceAt(STATS.types[t], PANA_RTP), STATS.types[t])),
  ];
});

export const worliMatka = defineEngine<MatkaResult>({
  id: 'worlimatka',
  title: 'Worli Matka',
  deck: 'matka',
  openCards: 0,
  options,
  deal: (next) => {
    const cards = [next(), next(), next()];
    return { draws: cards, to: ['Pana', 'Pana', 'Pana'], result: { cards } };
  },
  settle: (key, r) => {
    const option = options().find((o) => o.key === key);
    if (!option) return 0;
    if (key.startsWith('single:')) return single(r.cards) === Number(key.slice(7)) ? option.odds : 0;
    return panaType(r.cards) === key.slice(5) ? option.odds : 0;
  },
  outcome: (r) => ({ winner: `${pana(r.cards)}-${single(r.cards)}`, description: `Cards ${r.cards.map(cardLabel).join(' ')}: pana ${pana(r.cards)}, single ${single(r.cards)} (${panaType(r.cards)})`, hands: [{ name: 'Pana', cards: r.cards }] }),
  rules: [
    '40 cards: A to 10 of each suit (A = 1, 10 = 0), fresh every round. Three cards make the pana (written with its digits in ascending order, 0 last); the single (ank) is the last digit of the sum of the three.',
    `Single 0–9 pays ${SINGLE_ODDS} (edge ${STATS.singles.map((p) => pct(1 - SINGLE_ODDS * p)).join(' / ')} for 0..9: the digits are not exactly equally likely when drawing without replacement).`,
    `Pana type: Single Patti (three different digits) ${options()[10]!.odds}, Double Patti (two the same) ${options()[11]!.odds}, Triple Patti (all three the same) ${options()[12]!.odds} — 95% of the exact fair odds (edge about 5%).`,
  ].join('\n'),
});
