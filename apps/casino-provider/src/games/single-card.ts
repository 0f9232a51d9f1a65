import { RANK_LABELS, cardLabel, isRed, makeCard, rankOf, suitOf, type Card } from './fair-core.ts';
import { pct } from './teen-patti.ts';
import { backOption, defineEngine, once, priceAt, type BetOption } from './types.ts';

// Games decided by one card (or one card per side): Lucky 7, Dragon Tiger, Amar Akbar Anthony,
// Bollywood. Side bets on a card: even / odd rank, red / black, exact rank.

const RANK_NAMES = RANK_LABELS;
const isEvenRank = (c: Card) => rankOf(c) % 2 === 0; // 2 4 6 8 10 Q

interface CardPropOdds {
  even: number;
  odd: number;
  colour: number;
  rank: number;
}

/** Even / odd / red / black / exact-rank options on the card of `side` (a 13-rank deck). */
function cardPropOptions(side: string, label: string, o: CardPropOdds): BetOption[] {
  // "Dragon card"; in a game of one card, just "Card" (not "Card card").
  const g = label === 'Card' ? label : `${label} card`;
  return [
    backOption(`${side}:even`, `${label} Even`, g, o.even, 6 / 13),
    backOption(`${side}:odd`, `${label} Odd`, g, o.odd, 7 / 13),
    backOption(`${side}:red`, `${label} Red`, g, o.colour, 1 / 2),
    backOption(`${side}:black`, `${label} Black`, g, o.colour, 1 / 2),
    ...RANK_NAMES.map((r, i) => backOption(`${side}:rank:${i + 1}`, `${label} ${r}`, `${label} rank`, o.rank, 1 / 13)),
  ];
}

/** Payout of a card-prop option (key without the side prefix), or null when it is not one. */
function settleCardProp(prop: string, card: Card, o: CardPropOdds): number | null {
  if (prop === 'even') return isEvenRank(card) ? o.even : 0;
  if (prop === 'odd') return isEvenRank(card) ? 0 : o.odd;
  if (prop === 'red') return isRed(card) ? o.colour : 0;
  if (prop === 'black') return isRed(card) ? 0 : o.colour;
  const m = /^rank:(\d+)$/.exec(prop);
  if (m) return rankOf(card) === Number(m[1]) ? o.rank : 0;
  return null;
}

const cardPropRules = (o: CardPropOdds) =>
  `Card bets: Even (2 4 6 8 10 Q) ${o.even}, Odd (A 3 5 7 9 J K) ${o.odd}, Red / Black ${o.colour}, exact rank ${o.rank}. House edge: even ${pct(1 - (o.even * 6) / 13)}, odd ${pct(1 - (o.odd * 7) / 13)}, colour ${pct(1 - o.colour / 2)}, rank ${pct(1 - o.rank / 13)}.`;

// --- Lucky 7 ---------------------------------------------------------------------------------

const L7_PROPS: CardPropOdds = { even: 2.1, odd: 1.79, colour: 1.95, rank: 12.5 };
const L7_HIGH_LOW = 2.0;
export interface OneCardResult {
  card: Card;
}

export const lucky7 = defineEngine<OneCardResult>({
  id: 'lucky7',
  title: 'Lucky 7',
  deck: '8x52',
  openCards: 0,
  options: once(() => [
    backOption('low', 'Low Card (A–6)', 'Low / High', L7_HIGH_LOW, 6 / 13, 0.5 / 13),
    backOption('high', 'High Card (8–K)', 'Low / High', L7_HIGH_LOW, 6 / 13, 0.5 / 13),
    ...cardPropOptions('card', 'Card', L7_PROPS),
  ]),
  deal: (next) => {
    const card = next();
    return { draws: [card], to: ['Card'], result: { card } };
  },
  settle: (key, r) => {
    const rank = rankOf(r.card);
    if (key === 'low' || key === 'high') {
      if (rank === 7) return 0.5;
      return (key === 'low') === rank < 7 ? L7_HIGH_LOW : 0;
    }
    return settleCardProp(key.replace(/^card:/, ''), r.card, L7_PROPS) ?? 0;
  },
  outcome: (r) => {
    const rank = rankOf(r.card);
    return { winner: rank === 7 ? '7' : rank < 7 ? 'Low' : 'High', description: `Card ${cardLabel(r.card)}`, hands: [{ name: 'Card', cards: [r.card] }] };
  },
  rules: [
    'Eight 52-card decks, shuffled fresh every round. One card is dealt.',
    `Low Card (A 2 3 4 5 6) and High Card (8 9 10 J Q K) pay ${L7_HIGH_LOW}; when the card is a 7 both lose half the stake (half comes back). House edge ${pct(1 - (L7_HIGH_LOW * 6 + 0.5) / 13)}.`,
    cardPropRules(L7_PROPS),
  ].join('\n'),
});

// --- Dragon Tiger ----------------------------------------------------------------------------

const DT_PROPS: CardPropOdds = { even: 2.1, odd: 1.79, colour: 1.95, rank: 12.5 };
const DT_SIDE = 2.0;
/** 8 decks: after the dragon card, 31 of the 415 left share its rank, 7 are the same card. */
const P_TIE = 31 / 415;
const P_SUITED_TIE = 7 / 415;
const DT_TIE = priceAt(P_TIE, 0.97);
const DT_SUITED_TIE = priceAt(P_SUITED_TIE, 0.96);
export interface DtResult {
  dragon: Card;
  tiger: Card;
}

export const dragonTiger = defineEngine<DtResult>({
  id: 'dragontiger',
  title: 'Dragon Tiger',
  deck: '8x52',
  openCards: 0,
  options: once(() => [
    backOption('dragon', 'Dragon', 'Winner', DT_SIDE, (1 - P_TIE) / 2, P_TIE * 0.5),
    backOption('tiger', 'Tiger', 'Winner', DT_SIDE, (1 - P_TIE) / 2, P_TIE * 0.5),
    backOption('tie', 'Tie', 'Winner', DT_TIE, P_TIE),
    backOption('suitedTie', 'Suited Tie', 'Winner', DT_SUITED_TIE, P_SUITED_TIE),
    ...cardPropOptions('dragon', 'Dragon', DT_PROPS),
    ...cardPropOptions('tiger', 'Tiger', DT_PROPS),
  ]),
  deal: (next) => {
    const dragon = next();
    const tiger = next();
    return { draws: [dragon, tiger], to: ['Dragon', 'Tiger'], result: { dragon, tiger } };
  },
  settle: (key, r) => {
    const d = rankOf(r.dragon);
    const t = rankOf(r.tiger);
    if (key === 'dragon' || key === 'tiger') {
      if (d === t) return 0.5;
      return (key === 'dragon') === d > t ? DT_SIDE : 0;
    }
    if (key === 'tie') return d === t ? DT_TIE : 0;
    if (key === 'suitedTie') return r.dragon === r.tiger ? DT_SUITED_TIE : 0;
    const [side, ...rest] = key.split(':');
    if (side !== 'dragon' && side !== 'tiger') return 0;
    return settleCardProp(rest.join(':'), side === 'dragon' ? r.dragon : r.tiger, DT_PROPS) ?? 0;
  },
  outcome: (r) => {
    const d = rankOf(r.dragon);
    const t = rankOf(r.tiger);
    return {
      winner: d > t ? 'Dragon' : d < t ? 'Tiger' : 'Tie',
      description: `Dragon ${cardLabel(r.dragon)}, Tiger ${cardLabel(r.tiger)}`,
      hands: [
        { name: 'Dragon', cards: [r.dragon] },
        { name: 'Tiger', cards: [r.tiger] },
      ],
    };
  },
  rules: [
    'Eight 52-card decks, shuffled fresh every round. One card to Dragon, then one to Tiger. The higher rank wins; A is low, K high; suits do not count.',
    `Dragon / Tiger pay ${DT_SIDE}; on a tie of rank they lose half the stake. House edge ${pct(1 - ((1 - P_TIE) / 2) * DT_SIDE - P_TIE * 0.5)}.`,
    `Tie (same rank) pays ${DT_TIE} (edge ${pct(1 - DT_TIE * P_TIE)}); Suited Tie (the very same card) pays ${DT_SUITED_TIE} (edge ${pct(1 - DT_SUITED_TIE * P_SUITED_TIE)}).`,
    cardPropRules(DT_PROPS),
  ].join('\n'),
});

// --- Amar Akbar Anthony ----------------------------------------------------------------------

const AAA_PROPS: CardPropOdds = { even: 2.12, odd: 1.83, colour: 1.97, rank: 12.5 };
const AAA = { amar: 2.12, akbar: 3.15, anthony: 4.15, underOver: 2.0 };
const aaaName = (rank: number) => (rank <= 6 ? 'Amar' : rank <= 10 ? 'Akbar' : 'Anthony');

export const amarAkbarAnthony = defineEngine<OneCardResult>({
  id: 'amarakbaranthony',
  title: 'Amar Akbar Anthony',
  deck: '52',
  openCards: 0,
  options: once(() => [
    backOption('amar', 'Amar (A–6)', 'Winner', AAA.amar, 6 / 13),
    backOption('akbar', 'Akbar (7–10)', 'Winner', AAA.akbar, 4 / 13),
    backOption('anthony', 'Anthony (J–K)', 'Winner', AAA.anthony, 3 / 13),
    backOption('under7', 'Under 7', 'Under / Over', AAA.underOver, 6 / 13, 0.5 / 13),
    backOption('over7', 'Over 7', 'Under / Over', AAA.underOver, 6 / 13, 0.5 / 13),
    ...cardPropOptions('card', 'Card', AAA_PROPS),
  ]),
  deal: (next) => {
    const card = next();
    return { draws: [card], to: ['Card'], result: { card } };
  },
  settle: (key, r) => {
    const rank = rankOf(r.card);
    if (key === 'amar' || key === 'akbar' || key === 'anthony') return aaaName(rank).toLowerCase() === key ? AAA[key] : 0;
    if (key === 'under7' || key === 'over7') {
      if (rank === 7) return 0.5;
      return (key === 'under7') === rank < 7 ? AAA.underOver : 0;
    }
    return settleCardProp(key.replace(/^card:/, ''), r.card, AAA_PROPS) ?? 0;
  },
  outcome: (r) => ({ winner: aaaName(rankOf(r.card)), description: `Card ${cardLabel(r.card)}`, hands: [{ name: 'Card', cards: [r.card] }] }),
  rules: [
    'One 52-card deck, fresh every round. One card is dealt: A–6 is Amar, 7–10 Akbar, J–K Anthony.',
    `Amar ${AAA.amar} (edge ${pct(1 - (AAA.amar * 6) / 13)}), Akbar ${AAA.akbar} (edge ${pct(1 - (AAA.akbar * 4) / 13)}), Anthony ${AAA.anthony} (edge ${pct(1 - (AAA.anthony * 3) / 13)}).`,
    `Under 7 (A–6) / Over 7 (8–K) pay ${AAA.underOver}; a 7 loses half the stake (edge ${pct(1 - (AAA.underOver * 6 + 0.5) / 13)}).`,
    cardPropRules(AAA_PROPS),
  ].join('\n'),
});

// --- Bollywood Casino ------------------------------------------------------------------------

const S = 0, H = 1, D = 2, C = 3;
const [J, Q, K, A] = [11, 12, 13, 1];
const BOLLYWOOD_GROUPS = [
  { key: 'don', name: 'Don', cards: [makeCard(A, S)], odds: 15.5 },
  { key: 'amarAkbarAnthony', name: 'Amar Akbar Anthony', cards: [makeCard(A, H), makeCard(A, D), makeCard(A, C)], odds: 5.15 },
  { key: 'sahibBibiGhulam', name: 'Sahib Bibi aur Ghulam', cards: [makeCard(K, S), makeCard(Q, S), makeCard(J, S)], odds: 5.15 },
  { key: 'dharamVeer', name: 'Dharam Veer', cards: [makeCard(K, D), makeCard(K, C)], odds: 7.65 },
  { key: 'kisKiskoPyaarKaroon', name: 'Kis Kisko Pyaar Karoon', cards: [makeCard(K, H), makeCard(Q, H), makeCard(Q, D), makeCard(Q, C)], odds: 3.85 },
  { key: 'ghulam', name: 'Ghulam', cards: [makeCard(J, H), makeCard(J, D), makeCard(J, C)], odds: 5.15 },
] as const;
const BW = { odd: 1.32, colour: 1.97, rank: 3.85 };
const groupOf = (card: Card) => BOLLYWOOD_GROUPS.find((g) => (g.cards as readonly number[]).includes(card))!;

export const bollywood = defineEngine<OneCardResult>({
  id: 'bollywood',
  title: 'Bollywood Casino',
  deck: 'jqka2',
  openCards: 0,
  options: once(() => [
    ...BOLLYWOOD_GROUPS.map((g) => backOption(g.key, g.name, 'Films', g.odds, g.cards.length / 16)),
    backOption('odd', 'Odd (J K A)', 'Card', BW.odd, 3 / 4),
    backOption('red', 'Red', 'Card', BW.colour, 1 / 2),
    backOption('black', 'Black', 'Card', BW.colour, 1 / 2),
    ...[J, Q, K, A].map((r) => backOption(`rank:${r}`, `Card ${RANK_NAMES[r - 1]}`, 'Card rank', BW.rank, 1 / 4)),
  ]),
  deal: (next) => {
    const card = next();
    return { draws: [card], to: ['Card'], result: { card } };
  },
  settle: (key, r) => {
    const group = BOLLYWOOD_GROUPS.find((g) => g.key === key);
    if (group) return groupOf(r.card).key === key ? group.odds : 0;
    if (key === 'odd') return rankOf(r.card) === Q ? 0 : BW.odd;
    if (key === 'red') return isRed(r.card) ? BW.colour : 0;
    if (key === 'black') return isRed(r.card) ? 0 : BW.colour;
    const m = /^rank:(\d+)$/.exec(key);
    if (m) return rankOf(r.card) === Number(m[1]) ? BW.rank : 0;
    return 0;
  },
  outcome: (r) => ({ winner: groupOf(r.card).name, description: `Card ${cardLabel(r.card)} (${['spades', 'hearts', 'diamonds', 'clubs'][suitOf(r.card)]})`, hands: [{ name: 'Card', cards: [r.card] }] }),
  rules: [
    'Two decks of J, Q, K and A only (32 cards), fresh every round. One card is dealt; the film it belongs to wins.',
    'Don: A♠. Amar Akbar Anthony: A♥ A♦ A♣. Sahib Bibi aur Ghulam: K♠ Q♠ J♠. Dharam Veer: K♦ K♣. Kis Kisko Pyaar Karoon: K♥ Q♥ Q♦ Q♣. Ghulam: J♥ J♦ J♣.',
    BOLLYWOOD_GROUPS.map((g) => `${g.name} ${g.odds} (edge ${pct(1 - (g.odds * g.cards.length) / 16)})`).join(', ') + '.',
    `Odd (J K A) ${BW.odd} (edge ${pct(1 - BW.odd * 0.75)}); Red / Black ${BW.colour} (edge ${pct(1 - BW.colour / 2)}); exact rank ${BW.rank} (edge ${pct(1 - BW.rank / 4)}).`,
  ].join('\n'),
});
