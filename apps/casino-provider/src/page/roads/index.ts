// The road of past results (issue 26): the game's own road. Baccarat and Dragon Tiger keep a bead
// road and a big road, Andar Bahar a big road of its streaks, the single-card and dice games a
// strip of results with their card or dice, the rest a bead road of their marks. Every result is
// a button that opens the round (its cards and its proof).
import { parseCardLabel, SUIT_SYMBOL } from '../deal/cards.ts';
import type { RoadEntry, TableView } from '../types.ts';
import { beadRoad, bigRoad, label, pairs, ROAD_ROWS, type Mark } from './model.ts';

type Open = (roundId: string) => void;

/** Games whose results are a strip of tiles showing what decided them (the card, the dice, the pana). */
const STRIP_GAMES = new Set(['lucky7', 'hilow', 'sicbo', 'worlimatka']);
/** Rows of the strip: two tiles high fit the road's height. */
const STRIP_ROWS = 2;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** One result's button: named for a screen reader, placed on its pane's grid. */
function cell(
  entry: RoadEntry,
  mark: Mark,
  className: string,
  col: number,
  row: number,
  open: Open,
  name = `Round ${entry.roundId}: ${entry.winner}`,
): HTMLButtonElement {
  const b = el('button', `road-cell ${className} tone-${mark.tone}`);
  b.type = 'button';
  b.dataset.round = entry.roundId;
  b.tabIndex = -1;
  // Named by what it shows with the round and winner said first for a listener (label in name,
  // WCAG 2.5.3: an aria-label would hide the mark the eye reads, 'TL', from the name).
  b.append(el('span', 'sr', `${name}. `));
  b.title = name;
  b.style.gridColumn = String(col + 1);
  b.style.gridRow = String(row + 1);
  b.addEventListener('click', () => open(entry.roundId));
  return b;
}

function pane(className: string, title: string): HTMLElement {
  const p = el('div', `road-pane ${className}`);
  p.setAttribute('role', 'group');
  p.setAttribute('aria-label', title);
  return p;
}

/** A bead's or big road's mark ('P', 'TL'): the eye's short form of the winner. */
const markOf = (text: string): HTMLElement => el('span', 'road-mark', text);

/** The bead road: every result in turn, its mark in its colour (baccarat's pairs as dots). */
function beadPane(engine: string, entries: RoadEntry[], open: Open): HTMLElement {
  const p = pane('road-bead', 'Bead road');
  for (const { col, row, item } of beadRoad(entries, ROAD_ROWS)) {
    const mark = label(engine, item);
    const b = cell(item, mark, mark.text.length > 2 ? 'bead long' : 'bead', col, row, open);
    b.append(markOf(mark.text));
    if (engine === 'baccarat') {
      const pair = pairs(item);
      if (pair.banker) b.append(el('span', 'road-pair banker-pair'));
      if (pair.player) b.append(el('span', 'road-pair player-pair'));
      if (pair.banker || pair.player) {
        const said = b.querySelector('.sr')!;
        said.textContent = `${said.textContent!.slice(0, -2)}${pair.player ? ', player pair' : ''}${pair.banker ? ', banker pair' : ''}. `;
      }
    }
    p.append(b);
  }
  return p;
}

/** The big road: a column per streak, ties as a green slash on the result before them. */
function bigPane(engine: string, entries: RoadEntry[], open: Open, lettered: boolean): HTMLElement {
  const p = pane('road-big', 'Big road');
  for (const { col, row, item, ties } of bigRoad(entries, (e) => label(engine, e).side, ROAD_ROWS)) {
    const mark = label(engine, item);
    const tied = ties.length ? `, then ${ties.length === 1 ? 'a tie' : `${ties.length} ties`}` : '';
    const b = cell(item, mark, 'ring', col, row, open, `Round ${item.roundId}: ${item.winner}${tied}`);
    if (lettered) b.append(markOf(mark.text));
    if (ties.length) b.append(el('span', 'road-tie', ties.length > 1 ? String(ties.length) : ''));
    p.append(b);
  }
  return p;
}

/** A small card face for a strip tile: '7♥' in its colour. */
function miniCard(label: string): HTMLElement {
  const c = parseCardLabel(label);
  if (!c) return el('span', 'road-card', label);
  return el(
    'span',
    `road-card ${c.suit === 'H' || c.suit === 'D' ? 'red' : 'black'}`,
    `${c.rank}${SUIT_SYMBOL[c.suit]}`,
  );
}

/** The strip: tiles with the mark and what made it (Lucky 7's card, Hi Low's next card, the dice, the pana). */
function stripPane(engine: string, entries: RoadEntry[], open: Open): HTMLElement {
  const p = pane('road-strip', 'Results');
  entries.forEach((entry, i) => {
    const mark = label(engine, entry);
    const b = cell(entry, mark, 'tile', Math.floor(i / STRIP_ROWS), i % STRIP_ROWS, open);
    const cards = entry.hands.flatMap((h) => h.cards);
    if (engine === 'sicbo') {
      const dice = el('span', 'road-dice');
      for (const d of cards) dice.append(el('span', 'road-die', d));
      b.append(dice, el('span', 'road-mark', mark.text));
    } else if (engine === 'worlimatka') {
      b.append(el('span', 'road-pana', mark.side ?? ''), el('span', 'road-mark', mark.text));
    } else {
      // Lucky 7: its card; Hi Low: the next card (the one that decided).
      const decisive = engine === 'hilow' ? entry.hands.find((h) => h.name === 'Next')?.cards[0] : cards[0];
      b.append(el('span', 'road-mark', mark.text));
      if (decisive) b.append(miniCard(decisive));
    }
    p.append(b);
  });
  return p;
}

/** Arrow keys walk a pane's results; Tab enters each pane on its newest result. */
function roving(p: HTMLElement): void {
  const cells = [...p.querySelectorAll<HTMLButtonElement>('.road-cell')];
  const newest = cells[cells.length - 1];
  if (newest) newest.tabIndex = 0;
  p.addEventListener('keydown', (e) => {
    const i = cells.indexOf(e.target as HTMLButtonElement);
    if (i < 0) return;
    const step =
      e.key === 'ArrowLeft' || e.key === 'ArrowUp'
        ? -1
        : e.key === 'ArrowRight' || e.key === 'ArrowDown'
          ? 1
          : e.key === 'Home'
            ? -i
            : e.key === 'End'
              ? cells.length - 1 - i
              : 0;
    const to = cells[Math.min(cells.length - 1, Math.max(0, i + step))];
    if (!step || !to) return;
    e.preventDefault();
    cells[i]!.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  });
}

/** Draws the road of `view.road` in `host`; each round is a button that calls `open(roundId)`. */
export function renderRoad(host: HTMLElement, view: TableView, open: (roundId: string) => void): void {
  const engine = view.game.engine;
  // The road changes once a round: at other events there is nothing to draw again.
  const key = `${engine}|${view.road.map((e) => e.roundId).join()}`;
  if (host.dataset.roadKey === key) return;
  host.dataset.roadKey = key;
  const focused = host.contains(document.activeElement)
    ? (document.activeElement as HTMLElement).dataset.round
    : undefined;

  const entries = [...view.road].reverse();
  const road = el('div', `road road-${engine}`);
  if (!entries.length) {
    road.append(el('p', 'road-empty', 'The road fills as rounds finish.'));
  } else if (engine === 'baccarat' || engine === 'dragontiger') {
    road.append(beadPane(engine, entries, open), bigPane(engine, entries, open, false));
  } else if (engine === 'andarbahar') {
    road.append(bigPane(engine, entries, open, true));
  } else if (STRIP_GAMES.has(engine)) {
    road.append(stripPane(engine, entries, open));
  } else {
    road.append(beadPane(engine, entries, open));
  }
  host.replaceChildren(road);

  const panes = [...road.querySelectorAll<HTMLElement>('.road-pane')];
  panes.forEach(roving);
  // A redraw under the keyboard keeps its place: the same round keeps the focus (and the pane's tab stop).
  const keep = focused ? road.querySelector<HTMLElement>(`.road-cell[data-round="${focused}"]`) : null;
  if (keep) {
    for (const c of keep.parentElement!.querySelectorAll<HTMLElement>('.road-cell'))
      c.tabIndex = c === keep ? 0 : -1;
    keep.focus();
  }
  // The newest results are at the right: show them, the older ones a scroll away.
  const toNewest = () => panes.forEach((p) => (p.scrollLeft = p.scrollWidth));
  toNewest();
  requestAnimationFrame(toNewest);
}
