import type { OptionView, TableView } from '../types.ts';

/**
 * A game's felt (issue 26): the table drawn as the game lays it out. Its DOM is the contract the
 * rest of the page (and the browser tests) rely on:
 * - every option on offer is one `button.spot[data-option="KEY"]` (made by `spot()`), placed where
 *   the game puts it, showing its name and payout; the chips module adds `.spot-stack` inside;
 * - every hand the engine deals to has an element `[data-hand="NAME"]` holding a `.hand-cards`
 *   (the names are the engine's: 'Player A', 'Andar', 'Dragon', 'Dice', 'Wheel'...); the deal
 *   module lays the cards, dice or the wheel there.
 * The felt is built again only when the options change (their keys or odds).
 */
export type Felt = (view: TableView) => HTMLElement;

/** The payout as the spot shows it: the hand-dependent text, or the decimal odds. */
export const payoutText = (o: OptionView): string => o.oddsText ?? String(o.odds);

/** Words a screen reader says and the eye does not need (`.sr`: clipped to nothing on screen). */
export function srText(text: string): HTMLSpanElement {
  const s = document.createElement('span');
  s.className = 'sr';
  s.textContent = text;
  return s;
}

/**
 * A betting spot: a button with the option's name and payout. It is named by what it shows (WCAG
 * 2.5.3, label in name: a voice user says what he sees), with the words a listener needs hidden
 * around it: "Player A pays 1.98", "Lay A (lay) pays 2.02". A felt that shows a short label (a
 * rank 'K') keeps the option's full name for the listener.
 */
export function spot(o: OptionView, className = '', label: string = o.name): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `spot ${o.kind} ${className}`.trim();
  b.dataset.option = o.key;
  const name = document.createElement('span');
  name.className = 'spot-name';
  name.textContent = label;
  if (label.replace(/\s+/g, ' ') !== o.name) name.append(srText(` (${o.name})`));
  if (o.kind === 'lay') name.append(srText(' (lay)'));
  const odds = document.createElement('span');
  odds.className = 'spot-odds';
  odds.append(srText(' pays '), payoutText(o));
  b.append(name, odds);
  return b;
}

/** A hand slot: where the deal module lays the cards of `name`. */
export function handSlot(name: string, label: string = name, className = ''): HTMLElement {
  const el = document.createElement('div');
  el.className = `hand-slot ${className}`.trim();
  el.dataset.hand = name;
  const title = document.createElement('div');
  title.className = 'hand-name';
  title.textContent = label;
  const cards = document.createElement('div');
  cards.className = 'hand-cards';
  el.append(title, cards);
  return el;
}
