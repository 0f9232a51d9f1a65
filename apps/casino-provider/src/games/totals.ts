import { cardLabel, rankOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { TP_CATEGORY, TP_CATEGORY_NAMES, threeCardStats, tpCategory, tpHandName, tpValue } from './three-card.ts';
import { backOption, defineEngine, layFactor, layOption, once, priceAt, type BetOption } from './types.ts';

// Games on the point total of a few cards from one deck (A = 1 ... K = 13): Trio (3 cards) and
// Queen (4 cards).

/** Exact distribution of the total of `n` cards from one 52-card deck (ranks 1..13, 4 of each). */
export function totalDistribution(n: number): Map<number, number> {
  const dist = new Map<number, number>();
  const choose = (a: number, b: number) => (b === 0 ? 1 : b === 1 ? a : b === 2 ? (a * (a - 1)) / 2 : b === 3 ? (a * (a - 1) * (a - 2)) / 6 : 1);
  let combos = 0;
  // multisets of ranks with at most 4 of each, weighted by the ways to pick the suits
  const walk = (rank: number, left: number, total: number, ways: number) => {
    if (left === 0) {
      dist.set(total, (dist.get(total) ?? 0) + ways);
      combos += ways;
      return;
    }
    if (rank > 13) return;
    for (let k = 0; k <= Math.min(4, left); k++) walk(rank + 1, left - k, total + k * rank, ways * choose(4, k));
  };
  walk(1, n, 0, 1);
  for (const [t, w] of dist) dist.set(t, w / combos);
  return dist;
}
const pTotal = (dist: Map<number, number>, lo: number, hi: number) => [...dist].reduce((s, [t, p]) => (t >= lo && t <= hi ? s + p : s), 0);
const total = (cards: readonly Card[]) => cards.reduce((s, c) => s + rankOf(c), 0);

function dealN(n: number, name: string) {
  return (next: () => number) => {
    const cards = Array.from({ length: n }, () => next());
    return { draws: cards, to: cards.map(() => name), result: { cards } };
  };
}

export interface CardsResult {
  cards: Card[];
}

// --- Trio ------------------------------------------------------------------------------------

const TRIO_RTP_MAIN = 0.98;
const TRIO_RTP_SIDE = 0.97;
const TRIO_DIST = totalDistribution(3);
const TRIO_HANDS = [TP_CATEGORY.pair, TP_CATEGORY.colour, TP_CATEGORY.sequence, TP_CATEGORY.trail, TP_CATEGORY.pureSequence];

const trioOptions = once((): BetOption[] => {
  const under = pTotal(TRIO_DIST, 3, 20);
  const exact = pTotal(TRIO_DIST, 21, 21);
  const cats = threeCardStats().category;
  return [
    backOption('under21', 'Under 21', 'Total', priceAt(under, TRIO_RTP_MAIN), under),
    backOption('over21', 'Over 21', 'Total', priceAt(under, TRIO_RTP_MAIN), under),
    backOption('exact21', 'Exactly 21', 'Total', priceAt(exact, TRIO_RTP_SIDE), exact),
    ...TRIO_HANDS.map((cat) => backOption(`hand:${cat}`, TP_CATEGORY_NAMES[cat], 'Hand', priceAt(cats[cat]!, TRIO_RTP_SIDE), cats[cat]!)),
  ];
});

export const trio = defineEngine<CardsResult>({
  id: 'trio',
  title: 'Trio',
  deck: '52',
  openCards: 0,
  options: trioOptions,
  deal: dealN(3, 'Trio'),
  settle: (key, r) => {
    const t = total(r.cards);
    const option = trioOptions().find((o) => o.key === key);
    if (!option) return 0;
    const won =
      key === 'under21' ? t < 21 : key === 'over21' ? t > 21 : key === 'exact21' ? t === 21 : tpCategory(tpValue(r.cards)) === Number(key.slice(5));
    return won ? option.odds : 0;
  },
  outcome: (r) => {
    const t = total(r.cards);
    return {
      winner: `${t} ${t < 21 ? 'Under' : t > 21 ? 'Over' : '21'}`,
      description: `${r.cards.map(cardLabel).join(' ')}: total ${t}, ${tpHandName(r.cards)}`,
      hands: [{ name: 'Trio', cards: r.cards }],
    };
  },
  rules: [
    'One 52-card deck, fresh every round. Three cards are dealt. Points: A = 1, 2–10 face value, J = 11, Q = 12, K = 13.',
    `Under 21 / Over 21: the total is below / above 21 (exactly 21 loses both), ${trioOptions()[0]!.odds} each (edge ${pct(1 - trioOptions()[0]!.rtp)}). Exactly 21 pays ${trioOptions()[2]!.odds}.`,
    'Hand: the three cards make exactly that Teen Patti hand — Pair, Colour, Sequence, Trail, Pure Sequence (A-K-Q and A-2-3 are sequences).',
    'Prices come from the exact chances (all 22,100 three-card hands): totals at 98%, the rest at 97% of the fair odds.',
  ].join('\n'),
});

// --- Queen -----------------------------------------------------------------------------------

const QUEEN_RTP = 0.97;
const QUEEN_DIST = totalDistribution(4);
const QUEEN_BANDS = [
  [4, 21],
  [22, 26],
  [27, 29],
  [30, 34],
  [35, 52],
] as const;

function layPriceAt(pLayWins: number, target: number): number {
  const x = target / pLayWins;
  return Math.ceil((x / (x - 1)) * 100 - 1e-9) / 100;
}

const queenOptions = once((): BetOption[] => {
  const opts: BetOption[] = [];
  for (const [lo, hi] of QUEEN_BANDS) {
    const p = pTotal(QUEEN_DIST, lo, hi);
    opts.push(backOption(`back:${lo}-${hi}`, `Total ${lo}–${hi}`, `Total ${lo}–${hi}`, priceAt(p, QUEEN_RTP), p));
    opts.push(layOption(`lay:${lo}-${hi}`, `Lay ${lo}–${hi}`, `Total ${lo}–${hi}`, layPriceAt(1 - p, QUEEN_RTP), 1 - p));
  }
  const even = [...QUEEN_DIST].reduce((s, [t, p]) => (t % 2 === 0 ? s + p : s), 0);
  opts.push(backOption('even', 'Even total', 'Odd / Even', priceAt(even, QUEEN_RTP), even));
  opts.push(backOption('odd', 'Odd total', 'Odd / Even', priceAt(1 - even, QUEEN_RTP), 1 - even));
  return opts;
});

export const queen = defineEngine<CardsResult>({
  id: 'queen',
  title: 'Queen',
  deck: '52',
  openCards: 0,
  options: queenOptions,
  deal: dealN(4, 'Queen'),
  settle: (key, r) => {
    const t = total(r.cards);
    const option = queenOptions().find((o) => o.key === key);
    if (!option) return 0;
    if (key === 'even') return t % 2 === 0 ? option.odds : 0;
    if (key === 'odd') return t % 2 === 1 ? option.odds : 0;
    const [kind, band] = key.split(':') as [string, string];
    const [lo, hi] = band.split('-').map(Number) as [number, number];
    const inBand = t >= lo && t <= hi;
    if (kind === 'back') return inBand ? option.odds : 0;
    return inBand ? 0 : layFactor(option.odds);
  },
  outcome: (r) => {
    const t = total(r.cards);
    const band = QUEEN_BANDS.find(([lo, hi]) => t >= lo && t <= hi)!;
    return { winner: `${t}`, description: `${r.cards.map(cardLabel).join(' ')}: total ${t} (band ${band[0]}–${band[1]})`, hands: [{ name: 'Queen', cards: r.cards }] };
  },
  rules: [
    'One 52-card deck, fresh every round. Four cards are dealt; points: A = 1, 2–10 face value, J = 11, Q = 12, K = 13 (total 4 to 52).',
    `Back a total band (${QUEEN_BANDS.map(([lo, hi]) => `${lo}–${hi}`).join(', ')}) or lay it (your stake is your liability; a winning lay at price L pays stake × L / (L − 1)); Odd / Even total.`,
    `Prices come from the exact distribution of the total (every 4-card hand) at 97% of the fair odds: house edge about 3%.`,
  ].join('\n'),
});
