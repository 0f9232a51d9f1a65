// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DECKS } from '../../games/fair-core.ts';
import { ENGINES } from '../../games/catalog.ts';
import type { GameEngine } from '../../games/types.ts';
import { tableViewOf } from '../../testing/table-view.ts';
import type { TableView } from '../types.ts';
import { feltFor, feltKey, markResult } from './index.ts';

// The number games' felts are drawn in felt/numbers.ts and checked there.
const NUMBER_GAMES = new Set(['roulette', 'sicbo', 'worlimatka']);
const CARD_ENGINES = Object.values(ENGINES).filter((e) => !NUMBER_GAMES.has(e.id));

/** A seeded shuffle of the engine's shoe: every round deals differently, always the same way. */
function shoe(engine: GameEngine, seed: number): () => number {
  const cards = [...DECKS[engine.deck].outcomes];
  let s = seed;
  for (let i = cards.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  let next = 0;
  return () => cards[next++]!;
}

function viewOf(engine: GameEngine, seed: number, category = 'live'): { view: TableView; hands: string[] } {
  const deal = engine.deal(shoe(engine, seed));
  const open = deal.draws.slice(0, engine.openCards);
  const view = tableViewOf(
    { gamecode: 'imlive9999', gamename: engine.title, engine: engine.id, category, deck: engine.deck },
    { options: engine.options(open).map(({ key, name, group, odds, oddsText, kind }) => ({ key, name, group, odds, kind, ...(oddsText ? { oddsText } : {}) })) },
  );
  return { view, hands: [...new Set(deal.to)] };
}

describe('the card games felts', () => {
  it.each(CARD_ENGINES.map((e) => [e.id, e] as const))('%s: every option is one spot, named with its payout, and every hand it deals to has its slot', (_id, engine) => {
    for (const seed of [1, 7, 42, 1234]) {
      const { view, hands } = viewOf(engine, seed);
      const felt = feltFor(engine.id, 'live')(view);
      const spots = [...felt.querySelectorAll<HTMLButtonElement>('button.spot')];
      expect(spots.map((s) => s.dataset.option).sort()).toEqual(view.round.options.map((o) => o.key).sort());
      // Named by what it shows (label in name), the payout with it: "Player A pays 1.98".
      for (const s of spots) {
        expect(s.getAttribute('aria-label')).toBeNull();
        expect(s.textContent).toMatch(/^\S[\s\S]* pays \S.*$/);
        expect(s.textContent).toContain(s.querySelector('.spot-name')!.firstChild!.textContent);
      }
      for (const hand of hands) expect(felt.querySelectorAll(`[data-hand="${hand}"] .hand-cards`), `${engine.id}: slot ${hand}`).toHaveLength(1);
    }
  });

  it('dresses Dragon Tiger as a cricket ground for Cricket War, and keeps its spots', () => {
    const { view } = viewOf(ENGINES.dragontiger!, 3, 'cricketwar');
    const felt = feltFor('dragontiger', 'cricketwar')(view);
    expect(felt.classList.contains('cricket')).toBe(true);
    expect(felt.querySelector('[data-option=dragon]')?.textContent).toContain('Dragon');
  });

  it('is built again only when the prices change', () => {
    const a = viewOf(ENGINES.hilow!, 1).view;
    const b = viewOf(ENGINES.hilow!, 99).view;
    expect(feltKey(a)).toBe(feltKey({ ...a, round: { ...a.round, roundId: '2' } }));
    // Hi Low prices each round from its base card
    if (a.round.options.map((o) => o.odds).join() !== b.round.options.map((o) => o.odds).join()) expect(feltKey(a)).not.toBe(feltKey(b));
  });

  it('lights the spots that won, marks a part refund and dims the rest at the result, and clears them at the next round', () => {
    const { view } = viewOf(ENGINES.baccarat!, 5);
    const felt = feltFor('baccarat', 'live')(view);
    const result = { ...view, round: { ...view.round, phase: 'result' as const, cards: [{ to: 'Player', card: '9S' }, { to: 'Banker', card: 'KH' }, { to: 'Player', card: 'AH' }, { to: 'Banker', card: '5D' }], settled: { won: ['player'], push: [] } } };
    markResult(felt, result);
    expect(felt.classList.contains('settled')).toBe(true);
    expect([...felt.querySelectorAll('.spot.won')].map((s) => (s as HTMLElement).dataset.option)).toEqual(['player']);
    expect([...felt.querySelectorAll('.hand-points')].map((p) => p.textContent)).toEqual(['0', '5']);
    markResult(felt, { ...view, round: { ...view.round, settled: { won: ['tie'], push: ['player'] }, phase: 'result' } });
    expect(felt.querySelector('[data-option=player]')?.classList.contains('push')).toBe(true);
    markResult(felt, view);
    expect(felt.classList.contains('settled')).toBe(false);
    expect(felt.querySelectorAll('.spot.won, .spot.push, .hand-points')).toHaveLength(0);
  });
});
