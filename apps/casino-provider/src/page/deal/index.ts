// The deal (issue 26): cards laid face down and turned in the game's order, dice, the wheel.
import { handSlot } from '../felt/contract.ts';
import type { TableView } from '../types.ts';
import { faceDownCard, faceUpCard, turnCard, turnedCard } from './cards.ts';
import { renderDice } from './dice.ts';
import { handOutcome, handValue } from './hands.ts';
import { renderWheel } from './wheel.ts';

/** What a root last showed: the round, and how many of its cards were face up and face down. */
interface Shown {
  roundId: string;
  revealed: number;
  dealt: number;
}
const shownOn = new WeakMap<HTMLElement, Shown>();

/** One card as the table should show it now: its place in the deal, its hand, its label once turned. */
interface Placed {
  i: number;
  to: string;
  card?: string;
}

/**
 * The hand slots the felt drew, by name. A name the felt has no slot for gets one in a fallback
 * row at the end of `root`, so no card is ever lost.
 */
function slotOf(root: HTMLElement, name: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('[data-hand]')].find((el) => el.dataset.hand === name);
  if (found) return found;
  let spare = root.querySelector<HTMLElement>(':scope > .deal-spare');
  if (!spare) {
    spare = document.createElement('div');
    spare.className = 'deal-spare';
    root.append(spare);
  }
  const slot = handSlot(name);
  spare.append(slot);
  return slot;
}

function cardsBox(slot: HTMLElement): HTMLElement {
  let box = slot.querySelector<HTMLElement>('.hand-cards');
  if (!box) {
    box = document.createElement('div');
    box.className = 'hand-cards';
    slot.append(box);
  }
  return box;
}

/** Empties every slot for a new round: cards, values, and the last round's lit / dimmed hands. */
function clearTable(root: HTMLElement): void {
  root.querySelector(':scope > .deal-spare')?.remove();
  for (const slot of root.querySelectorAll<HTMLElement>('[data-hand]')) {
    slot.classList.remove('won', 'lost', 'tie');
    slot.querySelector('.hand-value')?.remove();
    const box = slot.querySelector('.hand-cards');
    if (box && slot.dataset.hand !== 'Dice' && slot.dataset.hand !== 'Wheel') box.replaceChildren();
  }
}

/**
 * Lays the round's cards in their hand slots (`[data-hand=NAME] .hand-cards` under `root`): the
 * revealed ones face up, the `faceDown` ones face down; a card already on the table stays as it is,
 * so only a newly turned card plays its animation. A new round clears the slots. Called at every
 * table event. `now` is the server's clock as the page reckons it.
 */
export function renderDeal(root: HTMLElement, view: TableView, now: number): void {
  const r = view.round;
  const before = shownOn.get(root);
  const fresh = !before || before.roundId !== r.roundId;
  if (fresh) clearTable(root);

  if (view.game.deck === 'dice' || view.game.deck === 'roulette') {
    const name = view.game.deck === 'dice' ? 'Dice' : 'Wheel';
    const box = cardsBox(slotOf(root, name));
    if (name === 'Dice') renderDice(box, view, now);
    else renderWheel(box, view, now);
    shownOn.set(root, { roundId: r.roundId, revealed: r.cards.length, dealt: r.cards.length });
    return;
  }

  const placed: Placed[] = [
    ...r.cards.map((c, i) => ({ i, to: c.to, card: c.card })),
    ...r.faceDown.map((f, j) => ({ i: r.cards.length + j, to: f.to })),
  ];
  // On a page's first look at a round nothing plays: the cards are just there, as dealt so far.
  const seen: Shown = fresh
    ? { roundId: r.roundId, revealed: before ? 0 : r.cards.length, dealt: before ? 0 : placed.length }
    : before;

  // In deal order across the hands: two cards that turn in one event turn in the game's order
  // (Andar Bahar's alternate piles, Baccarat's third cards).
  const boxes = new Set<HTMLElement>();
  for (const p of placed) {
    const box = cardsBox(slotOf(root, p.to));
    layCard(box, p, seen);
    boxes.add(box);
  }
  // A long row (Andar Bahar) overlaps its cards, each showing its corner, so the row stays on the felt.
  for (const box of boxes) box.classList.toggle('crowded', box.children.length > CROWDED_AFTER);
  // A card that went away (a shorter deal than shown: a replayed event) leaves its slot.
  for (const el of root.querySelectorAll<HTMLElement>('[data-hand] .card[data-i]'))
    if (Number(el.dataset.i) >= placed.length) el.remove();

  // The card that turns next glows softly: the eye knows where to look.
  for (const el of root.querySelectorAll<HTMLElement>('.card.next')) el.classList.remove('next');
  root.querySelector<HTMLElement>(`.card.face-down[data-i="${r.cards.length}"]`)?.classList.add('next');
  markResult(root, view);
  shownOn.set(root, { roundId: r.roundId, revealed: r.cards.length, dealt: placed.length });
}

/** Cards a hand shows side by side before they overlap. */
const CROWDED_AFTER = 5;

/** Brings one card of a hand to what the table shows now, touching it only if it changed. */
function layCard(box: HTMLElement, p: Placed, seen: Shown): void {
  const el = box.querySelector<HTMLElement>(`:scope > .card[data-i="${p.i}"]`);
  if (el) {
    if (p.card && el.classList.contains('face-down')) turnCard(el, p.card);
    else if (p.card && el.dataset.card !== p.card) el.replaceWith(faceUpCard(p.i, p.card));
    return;
  }
  let card: HTMLElement;
  if (!p.card) {
    card = faceDownCard(p.i);
    if (p.i >= seen.dealt) {
      card.classList.add('dealing');
      card.addEventListener('animationend', () => card.classList.remove('dealing'), { once: true });
    }
  } else {
    // Turned since the last event (its face-down moment fell between two): it still flips.
    card = p.i >= seen.revealed ? turnedCard(p.i, p.card) : faceUpCard(p.i, p.card);
  }
  const next = [...box.querySelectorAll<HTMLElement>(':scope > .card[data-i]')].find(
    (c) => Number(c.dataset.i) > p.i,
  );
  box.insertBefore(card, next ?? null);
}

/** Once the result shows: the winner's hand lit, the others dimmed, each hand's value under it. */
function markResult(root: HTMLElement, view: TableView): void {
  const result = view.round.result;
  const slots = [...root.querySelectorAll<HTMLElement>('[data-hand]')];
  const names = slots.map((s) => s.dataset.hand!);
  for (const slot of slots) {
    const name = slot.dataset.hand!;
    const outcome = result ? handOutcome(name, result.winner, names) : null;
    slot.classList.toggle('won', outcome === 'won');
    slot.classList.toggle('lost', outcome === 'lost');
    slot.classList.toggle('tie', outcome === 'tie');
    const value = result ? handValue(view.game.engine, name, result.hands) : null;
    let label = slot.querySelector<HTMLElement>('.hand-value');
    if (value === null) {
      label?.remove();
      continue;
    }
    if (!label) {
      label = document.createElement('div');
      label.className = 'hand-value';
      slot.append(label);
    }
    if (label.textContent !== value) label.textContent = value;
  }
}
