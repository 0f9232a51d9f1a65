// Picks each table's felt by its engine (and dresses it by the lobby category), and marks the
// spots once the result shows.
import type { TableView } from '../types.ts';
import * as cards from './cards.ts';
import type { Felt } from './contract.ts';
import { matkaFelt, rouletteFelt, sicBoFelt } from './numbers.ts';

const FELTS: Record<string, Felt> = {
  teenpatti2020: cards.teenPattiFelt,
  muflis: cards.teenPattiFelt,
  teenpatti1day: cards.teenPatti1DayFelt,
  teenpattitest: cards.teenPattiTestFelt,
  dragontiger: cards.dragonTigerFelt(false),
  lucky7: cards.lucky7Felt,
  hilow: cards.hiLowFelt,
  amarakbaranthony: cards.amarAkbarAnthonyFelt,
  bollywood: cards.bollywoodFelt,
  andarbahar: cards.andarBaharFelt,
  baccarat: cards.baccaratFelt,
  cards32: cards.cards32Felt,
  poker2020: cards.pokerFelt,
  trio: cards.trioFelt,
  queen: cards.queenFelt,
  roulette: rouletteFelt,
  sicbo: sicBoFelt,
  worlimatka: matkaFelt,
};

const cricketFelt = cards.dragonTigerFelt(true);

/** The felt of a table: by its engine; the lottery tables play on the matka felt, Cricket War on a cricket ground. */
export function feltFor(engine: string, category: string): Felt {
  if (category === 'lottery') return matkaFelt;
  if (category === 'cricketwar' && engine === 'dragontiger') return cricketFelt;
  return FELTS[engine] ?? cards.plainFelt;
}

/** What the felt depends on: rebuilt only when this changes (a new round with other prices). */
export function feltKey(view: TableView): string {
  return [view.game.engine, view.game.category, ...view.round.options.map((o) => `${o.key}=${o.oddsText ?? o.odds}`)].join('|');
}

/** Baccarat's points: the last digit of the cards' total (A 1, 2-9 face value, 10 J Q K 0). */
function baccaratPoints(cardsOf: string[]): number {
  const value = (c: string) => {
    const r = c.slice(0, -1);
    return r === 'A' ? 1 : /^[2-9]$/.test(r) ? Number(r) : 0;
  };
  return cardsOf.reduce((t, c) => t + value(c), 0) % 10;
}

/**
 * The felt after the result: the spots that won lit, those that gave part of the stake back
 * marked, the others dimmed, until the next round opens; the hands' points where the game counts them.
 */
export function markResult(felt: HTMLElement, view: TableView): void {
  const settled = view.round.phase === 'result' ? view.round.settled : undefined;
  felt.classList.toggle('settled', !!settled);
  const won = new Set(settled?.won);
  const push = new Set(settled?.push);
  for (const b of felt.querySelectorAll<HTMLElement>('.spot')) {
    const key = b.dataset.option ?? '';
    b.classList.toggle('won', won.has(key));
    b.classList.toggle('push', push.has(key));
  }
  for (const s of felt.querySelectorAll<HTMLElement>('.hand-slot.points')) {
    let badge = s.querySelector<HTMLElement>('.hand-points');
    const dealt = view.round.cards.filter((c) => c.to === s.dataset.hand).map((c) => c.card);
    const show = view.round.phase === 'result' && dealt.length > 0;
    if (!show) {
      badge?.remove();
      continue;
    }
    if (!badge) {
      badge = document.createElement('b');
      badge.className = 'hand-points';
      s.querySelector('.hand-name')?.append(badge);
    }
    badge.textContent = String(baccaratPoints(dealt));
  }
}
