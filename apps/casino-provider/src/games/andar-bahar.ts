import { cardLabel, rankOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { backOption, defineEngine, once, priceAt, type BetOption } from './types.ts';

// Andar Bahar: the joker is shown when betting opens, then cards go alternately to Bahar (first)
// and Andar until one matches the joker's rank.

const ANDAR = 2.0;
const BAHAR = 1.98;
const BAHAR_FIRST_CARD = 1.25;
const RANGES = [
  [1, 5],
  [6, 10],
  [11, 15],
  [16, 25],
  [26, 49],
] as const;

/** P(the first of the joker's 3 remaining rank-mates is card k of the 51 left), k = 1..49. */
function matchPositionProbabilities(): number[] {
  const c2 = (n: number) => (n * (n - 1)) / 2;
  const total = (51 * 50 * 49) / 6;
  return Array.from({ length: 49 }, (_, i) => c2(51 - (i + 1)) / total);
}
const P_POS = matchPositionProbabilities();
const P_BAHAR = P_POS.reduce((s, p, i) => (i % 2 === 0 ? s + p : s), 0);
const P_FIRST = P_POS[0]!;
const rangeP = (lo: number, hi: number) => P_POS.slice(lo - 1, hi).reduce((s, p) => s + p, 0);

export interface AbResult {
  joker: Card;
  andar: Card[];
  bahar: Card[];
  winner: 'Andar' | 'Bahar';
  /** Position (1-based, after the joker) of the matching card. */
  matchAt: number;
}

const options = once((): BetOption[] => {
  return [
    backOption('andar', 'Andar', 'Winner', ANDAR, 1 - P_BAHAR),
    { ...backOption('bahar', 'Bahar', 'Winner', BAHAR, P_BAHAR - P_FIRST), rtp: (P_BAHAR - P_FIRST) * BAHAR + P_FIRST * BAHAR_FIRST_CARD },
    ...RANGES.map(([lo, hi]) => backOption(`cards:${lo}-${hi}`, `Match on card ${lo}–${hi}`, 'Cards dealt', priceAt(rangeP(lo, hi), 0.97), rangeP(lo, hi))),
  ];
});

export const andarBahar = defineEngine<AbResult>({
  id: 'andarbahar',
  title: 'Andar Bahar',
  deck: '52',
  openCards: 1,
  options,
  deal: (next) => {
    const joker = next();
    const draws = [joker];
    const to = ['Joker'];
    const andar: Card[] = [];
    const bahar: Card[] = [];
    for (let k = 1; ; k++) {
      const card = next();
      const side = k % 2 === 1 ? 'Bahar' : 'Andar';
      (side === 'Bahar' ? bahar : andar).push(card);
      draws.push(card);
      to.push(side);
      if (rankOf(card) === rankOf(joker)) return { draws, to, result: { joker, andar, bahar, winner: side, matchAt: k } };
    }
  },
  settle: (key, r) => {
    if (key === 'andar') return r.winner === 'Andar' ? ANDAR : 0;
    if (key === 'bahar') return r.winner === 'Bahar' ? (r.matchAt === 1 ? BAHAR_FIRST_CARD : BAHAR) : 0;
    const m = /^cards:(\d+)-(\d+)$/.exec(key);
    if (m && r.matchAt >= Number(m[1]) && r.matchAt <= Number(m[2])) return options().find((o) => o.key === key)?.odds ?? 0;
    return 0;
  },
  outcome: (r) => ({
    winner: r.winner,
    description: `Joker ${cardLabel(r.joker)}; ${r.winner} matched on card ${r.matchAt}`,
    hands: [
      { name: 'Joker', cards: [r.joker] },
      { name: 'Andar', cards: r.andar },
      { name: 'Bahar', cards: r.bahar },
    ],
  }),
  rules: [
    'One 52-card deck, fresh every round. The joker card is turned face up when betting opens. Then cards are dealt one at a time, alternately to Bahar (first) and Andar, until a card of the same rank as the joker appears; that side wins.',
    `Andar pays ${ANDAR} (edge ${pct(1 - ANDAR * (1 - P_BAHAR))}). Bahar pays ${BAHAR}, but only ${BAHAR_FIRST_CARD} when Bahar wins on the very first card (edge ${pct(1 - options()[1]!.rtp)}).`,
    'Cards dealt: bet on which card after the joker (1st, 2nd, ...) matches, in ranges, at about 97% of the fair odds.',
  ].join('\n'),
});
