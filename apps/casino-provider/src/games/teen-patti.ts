import { cardLabel, rankOf, type Card } from './fair-core.ts';
import { TP_CATEGORY, TP_CATEGORY_NAMES, threeCardStats, tpCategory, tpHandName, tpValue, type TpCategory } from './three-card.ts';
import { backOption, defineEngine, layFactor, layOption, once, priceAt, type BetOption, type NextOutcome } from './types.ts';

/** Deals 3 cards each to the named hands, one at a time round the table (A1 B1 A2 B2 A3 B3). */
function dealRound(next: NextOutcome, names: readonly string[]) {
  const hands: Card[][] = names.map(() => []);
  const draws: number[] = [];
  const to: string[] = [];
  for (let round = 0; round < 3; round++)
    names.forEach((name, i) => {
      const card = next();
      hands[i]!.push(card);
      draws.push(card);
      to.push(name);
    });
  return { hands, draws, to };
}

// --- Teen Patti 20-20 and 1 Day: A against B ------------------------------------------------

export interface AbResult {
  a: Card[];
  b: Card[];
  /** 'A', 'B' or 'tie'. */
  winner: 'A' | 'B' | 'tie';
}

function abDeal(next: NextOutcome, lowestWins: boolean) {
  const { hands, draws, to } = dealRound(next, ['Player A', 'Player B']);
  const [a, b] = hands as [Card[], Card[]];
  const cmp = Math.sign(tpValue(a) - tpValue(b)) * (lowestWins ? -1 : 1);
  const result: AbResult = { a, b, winner: cmp > 0 ? 'A' : cmp < 0 ? 'B' : 'tie' };
  return { draws, to, result };
}

function abOutcome(r: AbResult) {
  const winner = r.winner === 'tie' ? 'Tie' : `Player ${r.winner}`;
  return {
    winner,
    description: `Player A: ${tpHandName(r.a)} (${r.a.map(cardLabel).join(' ')}); Player B: ${tpHandName(r.b)} (${r.b.map(cardLabel).join(' ')})`,
    hands: [
      { name: 'Player A', cards: r.a },
      { name: 'Player B', cards: r.b },
    ],
  };
}

/** Pair Plus: pair 1:1, colour 4:1, sequence 6:1, trail 35:1, pure sequence 45:1 (decimal 2/5/7/36/46). */
const PAIR_PLUS_FACTOR: Record<TpCategory, number> = { 0: 0, 1: 2, 2: 5, 3: 7, 4: 46, 5: 36 };
function pairPlusRtp(): number {
  const p = threeCardStats().category;
  return p.reduce((sum, pc, cat) => sum + pc * PAIR_PLUS_FACTOR[cat as TpCategory], 0);
}
const pairPlusFactor = (hand: readonly Card[]) => PAIR_PLUS_FACTOR[tpCategory(tpValue(hand))];

const AB_ODDS = 1.98;
const abMainOptions = once((): BetOption[] => {
  const t = threeCardStats().tie;
  const pWin = (1 - t) / 2;
  return [backOption('playerA', 'Player A', 'Winner', AB_ODDS, pWin, t), backOption('playerB', 'Player B', 'Winner', AB_ODDS, pWin, t)];
});

function settleMain(key: string, r: AbResult): number | null {
  if (key === 'playerA' || key === 'playerB') {
    if (r.winner === 'tie') return 1;
    return (key === 'playerA') === (r.winner === 'A') ? AB_ODDS : 0;
  }
  return null;
}

const TIE_RULE = 'If both hands are exactly equal the round is a tie and bets on A and B are returned.';
const RANKING = 'Hands rank: Trail (three of a kind) > Pure Sequence (straight flush) > Sequence > Colour (flush) > Pair > High Card. A-K-Q is the highest sequence, A-2-3 the second highest, then K-Q-J down to 4-3-2. Aces are high otherwise; suits never rank.';

export const teenPatti2020 = defineEngine<AbResult>({
  id: 'teenpatti2020',
  title: 'Teen Patti 20-20',
  deck: '52',
  openCards: 0,
  options: once(() => [
    ...abMainOptions(),
    { key: 'pairPlusA', name: 'Pair Plus A', group: 'Pair Plus', odds: 46, oddsText: '2 – 46', kind: 'back', rtp: pairPlusRtp() },
    { key: 'pairPlusB', name: 'Pair Plus B', group: 'Pair Plus', odds: 46, oddsText: '2 – 46', kind: 'back', rtp: pairPlusRtp() },
  ]),
  deal: (next) => abDeal(next, false),
  settle: (key, r) => {
    const main = settleMain(key, r);
    if (main !== null) return main;
    if (key === 'pairPlusA') return pairPlusFactor(r.a);
    if (key === 'pairPlusB') return pairPlusFactor(r.b);
    return 0;
  },
  outcome: abOutcome,
  rules: [
    'One 52-card deck, shuffled fresh every round. Three cards each to Player A and Player B, dealt alternately (A1 B1 A2 B2 A3 B3). The better Teen Patti hand wins.',
    RANKING,
    `Player A / Player B pay 1.98 (decimal, stake included). ${TIE_RULE}`,
    "Pair Plus A / B pays on that player's own hand whoever wins: Pair 1:1, Colour 4:1, Sequence 6:1, Trail 35:1, Pure Sequence 45:1; High Card loses. (decimal 2 / 5 / 7 / 36 / 46)",
    `House edge: Player A / B ${pct(1 - abMainOptions()[0]!.rtp)}, Pair Plus ${pct(1 - pairPlusRtp())} (exact, from all 22,100 hands).`,
  ].join('\n'),
});

/** Muflis: the same deal, the LOWEST hand wins (the ranking turned upside down). */
export const muflisTeenPatti = defineEngine<AbResult>({
  id: 'muflis',
  title: 'Muflis Teen Patti',
  deck: '52',
  openCards: 0,
  options: abMainOptions,
  deal: (next) => abDeal(next, true),
  settle: (key, r) => settleMain(key, r) ?? 0,
  outcome: abOutcome,
  rules: [
    'Muflis (lowest hand wins). One 52-card deck, fresh every round; three cards each to Player A and Player B, alternately. The LOWER Teen Patti hand wins: the best Muflis hand is 5-3-2 of mixed suits, the worst a trail of aces.',
    RANKING + ' Muflis reverses this order.',
    `Player A / Player B pay 1.98. ${TIE_RULE}`,
    `House edge: ${pct(1 - abMainOptions()[0]!.rtp)} (exact).`,
  ].join('\n'),
});

// --- Teen Patti 1 Day: back and lay A / B, odd / even of A's cards --------------------------------

const LAY_PRICE = 2.02;
const ODD_ODDS = 1.83;
const EVEN_ODDS = 2.12;
const isOddRank = (card: Card) => rankOf(card) % 2 === 1; // A(1) 3 5 7 9 J(11) K(13)

export const teenPatti1Day = defineEngine<AbResult>({
  id: 'teenpatti1day',
  title: 'Teen Patti 1 Day',
  deck: '52',
  openCards: 0,
  options: once(() => {
    const t = threeCardStats().tie;
    const pWin = (1 - t) / 2;
    const opts: BetOption[] = [
      backOption('playerA', 'Back A', 'Player A', AB_ODDS, pWin, t),
      layOption('layA', 'Lay A', 'Player A', LAY_PRICE, pWin, t),
      backOption('playerB', 'Back B', 'Player B', AB_ODDS, pWin, t),
      layOption('layB', 'Lay B', 'Player B', LAY_PRICE, pWin, t),
    ];
    for (const n of [1, 2, 3]) {
      opts.push(backOption(`a${n}odd`, `A card ${n} Odd`, 'Card odd / even', ODD_ODDS, 7 / 13));
      opts.push(backOption(`a${n}even`, `A card ${n} Even`, 'Card odd / even', EVEN_ODDS, 6 / 13));
    }
    return opts;
  }),
  deal: (next) => abDeal(next, false),
  settle: (key, r) => {
    const main = settleMain(key, r);
    if (main !== null) return main;
    if (key === 'layA' || key === 'layB') {
      if (r.winner === 'tie') return 1;
      return (key === 'layA') === (r.winner === 'B') ? layFactor(LAY_PRICE) : 0;
    }
    const m = /^a([123])(odd|even)$/.exec(key);
    if (m) {
      const odd = isOddRank(r.a[Number(m[1]) - 1]!);
      return m[2] === 'odd' ? (odd ? ODD_ODDS : 0) : odd ? 0 : EVEN_ODDS;
    }
    return 0;
  },
  outcome: abOutcome,
  rules: [
    'One 52-card deck, fresh every round; three cards each to Player A and Player B, alternately, at a slower pace. The better Teen Patti hand wins.',
    RANKING,
    `Back A / Back B pay 1.98. Lay A / Lay B at 2.02: your stake is your liability and a lay that wins pays stake × 2.02 / 1.02 (it wins when the other player wins). ${TIE_RULE} In this version the prices are fixed before the deal (they do not move as cards show).`,
    "A card 1 / 2 / 3 Odd (A 3 5 7 9 J K) pays 1.83, Even (2 4 6 8 10 Q) pays 2.12 — on Player A's first, second or third card.",
    `House edge: back ${pct(1 - this1DayRtp('back'))}, lay ${pct(1 - this1DayRtp('lay'))}, odd ${pct(1 - (ODD_ODDS * 7) / 13)}, even ${pct(1 - (EVEN_ODDS * 6) / 13)}.`,
  ].join('\n'),
});
function this1DayRtp(kind: 'back' | 'lay'): number {
  const t = threeCardStats().tie;
  return ((1 - t) / 2) * (kind === 'back' ? AB_ODDS : layFactor(LAY_PRICE)) + t;
}

// --- Teen Patti Test: Tiger, Lion and Dragon each against the dealer ---------------------------

export interface TestResult {
  hands: Record<'tiger' | 'lion' | 'dragon' | 'dealer', Card[]>;
}
const TEST_SEATS = ['tiger', 'lion', 'dragon'] as const;
const SEAT_NAME = { tiger: 'Tiger', lion: 'Lion', dragon: 'Dragon', dealer: 'Dealer' } as const;
const TEST_SIDE_CATEGORIES: { cat: TpCategory; key: string }[] = [
  { cat: TP_CATEGORY.pair, key: 'pair' },
  { cat: TP_CATEGORY.colour, key: 'colour' },
  { cat: TP_CATEGORY.sequence, key: 'sequence' },
  { cat: TP_CATEGORY.trail, key: 'trail' },
  { cat: TP_CATEGORY.pureSequence, key: 'pureSequence' },
];
const SIDE_RTP = 0.97;

const testOptions = once((): BetOption[] => {
  const { tie, category } = threeCardStats();
  const opts: BetOption[] = [];
  for (const seat of TEST_SEATS) opts.push(backOption(seat, `${SEAT_NAME[seat]}`, 'Against the dealer', AB_ODDS, (1 - tie) / 2, tie));
  for (const seat of TEST_SEATS)
    for (const side of TEST_SIDE_CATEGORIES) {
      const p = category[side.cat]!;
      opts.push(backOption(`${seat}:${side.key}`, `${SEAT_NAME[seat]} ${TP_CATEGORY_NAMES[side.cat]}`, `${SEAT_NAME[seat]} hand`, priceAt(p, SIDE_RTP), p));
    }
  return opts;
});

export const teenPattiTest = defineEngine<TestResult>({
  id: 'teenpattitest',
  title: 'Teen Patti Test',
  deck: '52',
  openCards: 0,
  options: testOptions,
  deal: (next) => {
    const { hands, draws, to } = dealRound(next, ['Tiger', 'Lion', 'Dragon', 'Dealer']);
    return { draws, to, result: { hands: { tiger: hands[0]!, lion: hands[1]!, dragon: hands[2]!, dealer: hands[3]! } } };
  },
  settle: (key, r) => {
    const [seat, side] = key.split(':') as [string, string | undefined];
    if (!(TEST_SEATS as readonly string[]).includes(seat)) return 0;
    const hand = r.hands[seat as (typeof TEST_SEATS)[number]];
    if (side === undefined) {
      const cmp = tpValue(hand) - tpValue(r.hands.dealer);
      return cmp > 0 ? AB_ODDS : cmp === 0 ? 1 : 0;
    }
    const found = TEST_SIDE_CATEGORIES.find((s) => s.key === side);
    if (!found || tpCategory(tpValue(hand)) !== found.cat) return 0;
    return testOptions().find((o) => o.key === key)!.odds;
  },
  outcome: (r) => {
    const dealer = tpValue(r.hands.dealer);
    const beat = TEST_SEATS.filter((s) => tpValue(r.hands[s]) > dealer).map((s) => SEAT_NAME[s]);
    return {
      winner: beat.length ? beat.join(' ') : 'Dealer',
      description: (['tiger', 'lion', 'dragon', 'dealer'] as const).map((s) => `${SEAT_NAME[s]}: ${tpHandName(r.hands[s])} (${r.hands[s].map(cardLabel).join(' ')})`).join('; '),
      hands: (['tiger', 'lion', 'dragon', 'dealer'] as const).map((s) => ({ name: SEAT_NAME[s], cards: r.hands[s] })),
    };
  },
  rules: [
    'One 52-card deck, fresh every round. Three cards each to Tiger, Lion, Dragon and the Dealer, one at a time round the table.',
    RANKING,
    'Tiger / Lion / Dragon: that hand against the dealer, pays 1.98; an exactly equal hand returns the stake.',
    "Hand bets pay when that seat's hand is exactly that type: Pair, Colour, Sequence, Trail, Pure Sequence, at the odds shown (about 97% of the fair odds).",
    `House edge: against the dealer ${pct(1 - testOptions()[0]!.rtp)}; hand bets about 3%.`,
  ].join('\n'),
});

export function pct(x: number): string {
  return `${(x * 100).toFixed(2)}%`;
}
