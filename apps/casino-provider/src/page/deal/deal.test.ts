// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { tableViewOf } from '../../testing/table-view.ts';
import { handSlot } from '../felt/contract.ts';
import type { TableView } from '../types.ts';
import { renderDeal } from './index.ts';

type Round = TableView['round'];

/** A round of TP T20 (or `engine`) as the deal sees it: dealing unless said otherwise. */
const view = (round: Partial<Round>, engine = 'teenpatti2020'): TableView =>
  tableViewOf({ engine }, { phase: 'dealing', closesAt: 0, resultAt: 0, nextRoundAt: 0, ...round });

const TP_ORDER = ['Player A', 'Player B', 'Player A', 'Player B', 'Player A', 'Player B'];
const TP_CARDS = ['KS', '2H', '10D', 'QC', 'AS', '7H'];
/** Teen Patti after `n` cards turned: those face up, the rest face down. */
const tpAt = (n: number, extra: Partial<Round> = {}) =>
  view({
    cards: TP_ORDER.slice(0, n).map((to, i) => ({ to, card: TP_CARDS[i]! })),
    faceDown: TP_ORDER.slice(n).map((to) => ({ to })),
    ...extra,
  });

let root: HTMLElement;
const cardsOf = (hand: string) => [...root.querySelectorAll<HTMLElement>(`[data-hand="${hand}"] .card`)];

beforeEach(() => {
  root = document.createElement('div');
  root.append(handSlot('Player A'), handSlot('Player B'));
  document.body.replaceChildren(root);
});

describe('renderDeal', () => {
  it('lays the face-down cards at their hands, with nothing of their faces in the DOM', () => {
    renderDeal(root, tpAt(0), 0);
    expect(cardsOf('Player A')).toHaveLength(3);
    expect(cardsOf('Player B')).toHaveLength(3);
    for (const c of root.querySelectorAll('.card')) {
      expect(c.classList.contains('face-down')).toBe(true);
      expect(c.textContent).toBe('');
      expect(c.getAttribute('data-card')).toBeNull();
    }
  });

  it('turns the cards in order: the same elements stay, only the newly turned one flips', () => {
    renderDeal(root, tpAt(0), 0);
    const before = [...root.querySelectorAll('.card')];
    renderDeal(root, tpAt(1), 0);
    renderDeal(root, tpAt(2), 0);
    expect([...root.querySelectorAll('.card')]).toEqual(before);
    const [a1] = cardsOf('Player A');
    const [b1] = cardsOf('Player B');
    expect(a1!.textContent).toBe('K♠');
    expect(a1!.getAttribute('aria-label')).toBe('king of spades');
    expect(b1!.textContent).toBe('2♥');
    expect(b1!.classList.contains('red')).toBe(true);
    expect(b1!.classList.contains('turning')).toBe(true);
    expect(cardsOf('Player A')[1]!.classList.contains('face-down')).toBe(true);
    // The next to turn (A's second card, deal index 2) is marked, and only it.
    expect([...root.querySelectorAll<HTMLElement>('.card.next')].map((c) => c.dataset.i)).toEqual(['2']);
    // The first card turned at the previous event; it is not turned (or drawn) again.
    a1!.classList.remove('turning');
    renderDeal(root, tpAt(3), 0);
    expect(a1!.classList.contains('turning')).toBe(false);
    expect(cardsOf('Player A')[1]!.textContent).toBe('10♦');
  });

  it('shows a round met half way as it lies, without playing anything', () => {
    renderDeal(root, tpAt(4), 0);
    expect(root.querySelectorAll('.turning, .dealing')).toHaveLength(0);
    expect(cardsOf('Player B').map((c) => c.textContent)).toEqual(['2♥', 'Q♣', '']);
  });

  it('lights the winner at the result with its hand, dims the other, and clears all for a new round', () => {
    renderDeal(root, tpAt(6), 0);
    const result = {
      winner: 'Player A',
      hands: [
        { name: 'Player A', cards: ['KS', '10D', 'AS'] },
        { name: 'Player B', cards: ['2H', 'QC', '7H'] },
      ],
    } as Round['result'];
    renderDeal(root, tpAt(6, { phase: 'result', result }), 0);
    expect(root.querySelector('[data-hand="Player A"]')!.classList.contains('won')).toBe(true);
    expect(root.querySelector('[data-hand="Player B"]')!.classList.contains('lost')).toBe(true);
    expect(root.querySelector('[data-hand="Player A"] .hand-value')!.textContent).toBe('High Card Ace high');
    renderDeal(root, view({ roundId: '2', phase: 'betting' }), 0);
    expect(root.querySelectorAll('.card, .hand-value, .won, .lost')).toHaveLength(0);
  });

  it('deals the next round with its animation, and puts a card of an unknown hand in a spare slot', () => {
    renderDeal(root, view({ roundId: '1', phase: 'betting' }), 0);
    renderDeal(root, view({ roundId: '2', faceDown: [{ to: 'Player A' }, { to: 'Somewhere' }] }), 0);
    expect(cardsOf('Player A')[0]!.classList.contains('dealing')).toBe(true);
    expect(root.querySelector('.deal-spare [data-hand="Somewhere"] .card.face-down')).not.toBeNull();
  });

  it("keeps Andar Bahar's joker from the open, overlaps a long row", () => {
    const slots = document.createElement('div');
    slots.append(handSlot('Joker'), handSlot('Andar'), handSlot('Bahar'));
    root = slots;
    const deal = ['Joker', ...Array.from({ length: 14 }, (_, k) => (k % 2 === 0 ? 'Bahar' : 'Andar'))].map(
      (to, i) => ({ to, card: i === 0 ? '7S' : '2D' }),
    );
    renderDeal(root, view({ phase: 'betting', cards: deal.slice(0, 1) }, 'andarbahar'), 0);
    const joker = cardsOf('Joker')[0];
    renderDeal(root, view({ cards: deal, faceDown: [{ to: 'Bahar' }] }, 'andarbahar'), 0);
    expect(cardsOf('Joker')[0]).toBe(joker);
    expect(cardsOf('Bahar')).toHaveLength(8);
    expect(root.querySelector('[data-hand="Bahar"] .hand-cards')!.classList.contains('crowded')).toBe(true);
  });
});
