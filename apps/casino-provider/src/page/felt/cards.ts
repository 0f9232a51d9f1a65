// The card games' felts (issue 26): each table drawn as the game lays it out, its betting spots
// where the game puts them, the hand slots where the deal module lays the cards. Every option on
// offer is drawn: one the layout does not place (a new engine option) lands in a row at the end.
import type { OptionView, TableView } from '../types.ts';
import { handSlot, payoutText, spot, type Felt } from './contract.ts';

type Part = HTMLElement | null;

function div(className: string, ...children: Part[]): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  for (const c of children) if (c) el.append(c);
  return el;
}

function caption(text: string): HTMLElement {
  const el = document.createElement('div');
  el.className = 'felt-caption';
  el.textContent = text;
  return el;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** The options of one round, handed out to the layout; what it leaves is drawn at the end. */
class Spots {
  private readonly byKey: Map<string, OptionView>;
  private readonly used = new Set<string>();
  constructor(readonly view: TableView) {
    this.byKey = new Map(view.round.options.map((o) => [o.key, o]));
  }

  get(key: string): OptionView | undefined {
    return this.byKey.get(key);
  }

  /** The spot of `key` (null when the round does not offer it). */
  spot(key: string, className = '', label?: string): HTMLButtonElement | null {
    const o = this.byKey.get(key);
    if (!o) return null;
    this.used.add(key);
    return spot(o, className, label);
  }

  /** A row of spots, `count` columns (0: as many as there are). */
  row(className: string, keys: string[], label?: (o: OptionView) => string, spotClass = ''): HTMLElement | null {
    const spots = keys.map((k) => {
      const o = this.byKey.get(k);
      return o ? this.spot(k, spotClass, label?.(o)) : null;
    });
    if (!spots.some(Boolean)) return null;
    const el = div(`spot-row ${className}`.trim(), ...spots);
    el.style.setProperty('--cols', String(spots.filter(Boolean).length));
    return el;
  }

  /** The 13 exact-rank spots of a side (`side:rank:1..13`) as small cards, their common payout above. */
  ranks(side: string, title: string, className = ''): HTMLElement | null {
    const keys = RANKS.map((_, i) => `${side}:rank:${i + 1}`);
    const first = this.byKey.get(keys[0]!);
    const row = this.row(`ranks ${className}`.trim(), keys, (o) => RANKS[Number(o.key.split(':').pop()) - 1] ?? o.name, 'rank');
    if (!row) return null;
    return div('rank-block', caption(`${title}${first ? ` · pays ${payoutText(first)}` : ''}`), row);
  }

  /** Even / odd / red / black on a side's card (`side:even`...). */
  props(side: string, className = ''): HTMLElement | null {
    return this.row(`props ${className}`.trim(), ['even', 'odd', 'red', 'black'].map((p) => `${side}:${p}`), (o) => o.name.split(' ').pop() ?? o.name, 'prop');
  }

  /** The options the layout did not place, so none is ever missing from the table. */
  rest(): HTMLElement | null {
    const left = this.view.round.options.filter((o) => !this.used.has(o.key));
    if (!left.length) return null;
    return this.row('rest', left.map((o) => o.key));
  }
}

/** A felt: the table's cloth with the family's dress, its rows, then any option left over. */
function felt(view: TableView, family: string, draw: (s: Spots) => Part[]): HTMLElement {
  const s = new Spots(view);
  const el = div(`felt felt-${family}`, ...draw(s));
  const rest = s.rest();
  if (rest) el.append(rest);
  el.dataset.engine = view.game.engine;
  return el;
}

const slot = (name: string, label?: string, className = '') => handSlot(name, label, className);

// --- Teen Patti ------------------------------------------------------------------------------

/** Teen Patti 20-20 and Muflis: A and B facing each other, each with its Winner spot and Pair Plus. */
export const teenPattiFelt: Felt = (view) =>
  felt(view, 'teenpatti', (s) => [
    div(
      'seats two',
      ...(['A', 'B'] as const).map((p) => div('seat', slot(`Player ${p}`), div('seat-spots', s.spot(`player${p}`, 'big', `Player ${p}`), s.spot(`pairPlus${p}`, 'side', 'Pair Plus')))),
    ),
  ]);

/** Teen Patti 1 Day: back and lay on A and B, then odd / even on each of A's three cards. */
export const teenPatti1DayFelt: Felt = (view) =>
  felt(view, 'teenpatti', (s) => [
    div(
      'seats two',
      ...(['A', 'B'] as const).map((p) => div('seat', slot(`Player ${p}`), s.row('back-lay', [`player${p}`, `lay${p}`], (o) => (o.kind === 'lay' ? `Lay ${p}` : `Back ${p}`), 'big'))),
    ),
    div(
      'card-props',
      ...[1, 2, 3].map((n) => {
        const row = s.row('odd-even', [`a${n}odd`, `a${n}even`], (o) => (o.key.endsWith('odd') ? 'Odd' : 'Even'));
        return row ? div('card-prop', caption(`A card ${n}`), row) : null;
      }),
    ),
  ]);

/** Teen Patti Test: the dealer's hand across the table from Tiger, Lion and Dragon, each with its side bets. */
export const teenPattiTestFelt: Felt = (view) =>
  felt(view, 'teenpatti', (s) => [
    div('dealer', slot('Dealer')),
    caption('Each hand plays the dealer'),
    div(
      'seats three',
      ...(['tiger', 'lion', 'dragon'] as const).map((seat) => {
        const name = seat[0]!.toUpperCase() + seat.slice(1);
        const sides = ['pair', 'colour', 'sequence', 'trail', 'pureSequence'].map((k) => `${seat}:${k}`);
        return div('seat', slot(name), s.spot(seat, 'big'), s.row('side-bets', sides, (o) => o.name.replace(`${name} `, '').replace('Pure Sequence', 'Pure seq.'), 'side'));
      }),
    ),
  ]);

// --- one card a side -------------------------------------------------------------------------

/** Dragon Tiger (and Cricket War, dressed as a cricket ground): Dragon | Tie | Tiger, each side's card bets. */
export function dragonTigerFelt(cricket: boolean): Felt {
  return (view) =>
    felt(view, cricket ? 'dragontiger cricket' : 'dragontiger', (s) => {
      const side = (key: 'dragon' | 'tiger', name: string) => div(`dt-side ${key}`, s.props(key), s.ranks(key, `${name} card`));
      return [
        div('dt-cards', slot('Dragon', cricket ? 'Dragon XI' : 'Dragon', 'dragon'), div('dt-vs', cricket ? caption('v') : caption('VS')), slot('Tiger', cricket ? 'Tiger XI' : 'Tiger', 'tiger')),
        div('dt-main', s.spot('dragon', 'big dragon'), div('dt-ties', s.spot('tie', 'tie'), s.spot('suitedTie', 'tie')), s.spot('tiger', 'big tiger')),
        div('dt-sides', side('dragon', 'Dragon'), side('tiger', 'Tiger')),
      ];
    });
}

/** Lucky 7: the card between Low and High (a 7 loses both), the card's own bets below. */
export const lucky7Felt: Felt = (view) =>
  felt(view, 'lucky7', (s) => [
    div('l7-main', s.spot('low', 'big', 'Low A–6'), div('l7-card', slot('Card', 'Lucky 7')), s.spot('high', 'big', 'High 8–K')),
    s.props('card'),
    s.ranks('card', 'Card'),
  ]);

/** Hi Low: the base card shown at the open, the next one beside it, the bets on the next. */
export const hiLowFelt: Felt = (view) =>
  felt(view, 'hilow', (s) => [
    div('hl-cards', slot('Base', 'Base card'), div('hl-arrow', caption('next')), slot('Next', 'Next card')),
    s.row('hl-main', ['higher', 'same', 'lower'], (o) => o.name.replace(' rank', ''), 'big'),
    s.row('', ['red', 'black'], undefined, 'prop'),
    s.row('', ['range:2-9', 'range:10-A'], undefined, 'prop'),
  ]);

/** Amar Akbar Anthony: the three heroes by the card's rank, under / over 7, the card's bets. */
export const amarAkbarAnthonyFelt: Felt = (view) =>
  felt(view, 'aaa', (s) => [
    div('one-card', slot('Card')),
    s.row('heroes', ['amar', 'akbar', 'anthony'], (o) => o.name.replace(' (', '\n('), 'big'),
    s.row('', ['under7', 'over7'], undefined, 'prop'),
    s.props('card'),
    s.ranks('card', 'Card'),
  ]);

/** The cards of each film in Bollywood Casino (the engine's groups). */
const FILM_CARDS: Record<string, string[]> = {
  don: ['AS'],
  amarAkbarAnthony: ['AH', 'AD', 'AC'],
  sahibBibiGhulam: ['KS', 'QS', 'JS'],
  dharamVeer: ['KD', 'KC'],
  kisKiskoPyaarKaroon: ['KH', 'QH', 'QD', 'QC'],
  ghulam: ['JH', 'JD', 'JC'],
};

/** Bollywood Casino: the six films as named spots with the cards each takes, then the card's bets. */
export const bollywoodFelt: Felt = (view) =>
  felt(view, 'bollywood', (s) => [
    div('one-card', slot('Card')),
    div(
      'films',
      ...Object.entries(FILM_CARDS).map(([key, cards]) => {
        const b = s.spot(key, 'film');
        if (!b) return null;
        const mini = document.createElement('span');
        mini.className = 'mini-cards';
        mini.setAttribute('aria-hidden', 'true');
        for (const c of cards) {
          const m = document.createElement('span');
          const suit = c.slice(-1);
          m.className = `mini-card ${suit === 'H' || suit === 'D' ? 'red' : ''}`.trim();
          m.textContent = `${c.slice(0, -1)}${SUITS[suit]}`;
          mini.append(m);
        }
        b.insertBefore(mini, b.lastChild);
        return b;
      }),
    ),
    s.row('', ['odd', 'red', 'black'], undefined, 'prop'),
    div('rank-block', caption(`Card rank${s.get('rank:1') ? ` · pays ${payoutText(s.get('rank:1')!)}` : ''}`), s.row('ranks', ['rank:11', 'rank:12', 'rank:13', 'rank:1'], (o) => o.name.replace('Card ', ''), 'rank')),
  ]);

// --- Andar Bahar, Baccarat, 32 Cards, Poker, Trio, Queen ----------------------------------------

/** Andar Bahar: the joker in the middle, the Andar row above it and the Bahar row below, the match-on-card bets. */
export const andarBaharFelt: Felt = (view) =>
  felt(view, 'andarbahar', (s) => [
    div(
      'ab-table',
      div('ab-row', s.spot('andar', 'big'), slot('Andar', 'Andar', 'row-cards')),
      div('ab-joker', slot('Joker')),
      div('ab-row', s.spot('bahar', 'big'), slot('Bahar', 'Bahar', 'row-cards')),
    ),
    div(
      'ab-match',
      caption('Match on card'),
      s.row(
        'match',
        view.round.options.filter((o) => o.key.startsWith('cards:')).map((o) => o.key),
        (o) => o.name.replace('Match on card ', ''),
        'prop',
      ),
    ),
  ]);

/** Baccarat: Player | Tie | Banker with each side's pair, the cards above (their points once shown). */
export const baccaratFelt: Felt = (view) =>
  felt(view, 'baccarat', (s) => [
    div('bac-cards', slot('Player', 'Player', 'player points'), slot('Banker', 'Banker', 'banker points')),
    div('bac-main', s.spot('player', 'big player'), s.spot('tie', 'tie'), s.spot('banker', 'big banker')),
    s.row('pairs', ['playerPair', 'bankerPair'], undefined, 'prop'),
  ]);

/** 32 Cards: players 8, 9, 10 and 11 in a row, each with its draws and back / lay. */
export const cards32Felt: Felt = (view) =>
  felt(view, 'cards32', (s) => [
    div(
      'seats four',
      ...[8, 9, 10, 11].map((n) => div('seat', slot(`Player ${n}`, `Player ${n}`, 'stacked'), s.spot(`back:${n}`, '', 'Back'), s.spot(`lay:${n}`, '', 'Lay'))),
    ),
  ]);

/** Poker 20-20: A's two cards, the board of five, B's two; who wins, and with which hand. */
export const pokerFelt: Felt = (view) =>
  felt(view, 'poker', (s) => [
    div('pk-cards', slot('Player A'), slot('Board', 'Board', 'board'), slot('Player B')),
    s.row('pk-main', ['playerA', 'playerB'], undefined, 'big'),
    div('pk-hands', caption('Winning hand'), s.row('hands', view.round.options.filter((o) => o.key.startsWith('hand:')).map((o) => o.key), undefined, 'prop')),
  ]);

/** Trio: three cards; their total against 21, and the hand they make. */
export const trioFelt: Felt = (view) =>
  felt(view, 'trio', (s) => [
    div('one-card', slot('Trio', 'Trio')),
    s.row('totals', ['under21', 'exact21', 'over21'], undefined, 'big'),
    s.row('hands', ['hand:1', 'hand:2', 'hand:3', 'hand:4', 'hand:5'], (o) => o.name.replace('Pure Sequence', 'Pure seq.'), 'prop'),
  ]);

/** Queen: four cards; the band their total falls in (back and lay), odd or even. */
export const queenFelt: Felt = (view) =>
  felt(view, 'queen', (s) => {
    const bands = view.round.options.filter((o) => o.key.startsWith('back:')).map((o) => o.key.slice('back:'.length));
    return [
      div('one-card', slot('Queen', 'Queen')),
      div('bands', ...bands.map((b) => div('band', caption(b.replace('-', '–')), s.spot(`back:${b}`, '', 'Back'), s.spot(`lay:${b}`, '', 'Lay')))),
      s.row('', ['even', 'odd'], undefined, 'prop'),
    ];
  });

/** A table this page has no drawing for yet: its options by group, one slot per hand it deals to. */
export const plainFelt: Felt = (view) =>
  felt(view, 'plain', (s) => {
    const hands = [...new Set([...view.round.cards, ...view.round.faceDown].map((c) => c.to))];
    const groups = [...new Set(view.round.options.map((o) => o.group))];
    return [
      div('plain-hands', ...hands.map((n) => slot(n))),
      ...groups.map((g) =>
        div(
          'plain-group',
          caption(g),
          s.row(
            'wrap',
            view.round.options.filter((o) => o.group === g).map((o) => o.key),
          ),
        ),
      ),
    ];
  });
