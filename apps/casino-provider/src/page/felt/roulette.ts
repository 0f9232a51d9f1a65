// The roulette felt (issue 26): a European layout, every bet where it sits on a real table. The
// numbers and the outside bets are boxes; the inside bets that straddle numbers (split, street,
// corner, six line) are small round hit areas on the lines between them, as a player lays a chip
// on the line. The positions come from one model in table units, laid out two ways: upright on a
// phone (0 on top, 3 columns x 12 rows, dozens and even chances on the left) and lengthwise on a
// wide screen (0 on the left, the 2:1 columns on the right, dozens and even chances below). Both
// are written on each spot as CSS variables; a container query picks one, so the DOM stays the same.
import { colourOf as pocketColour } from '../deal/wheel.ts';
import type { OptionView, TableView } from '../types.ts';
import { handSlot, payoutText, spot, type Felt } from './contract.ts';
import { nameByContent } from './numbers-a11y.ts';

/**
 * A place on the table in table units. `s` runs along the table: -1..0 is the zero, street r
 * (numbers 3r+1..3r+3) is r..r+1, the 2:1 columns 12..13. `c` runs across: column k of numbers
 * (1, 4, 7.. is k = 0) is k..k+1, the dozens -1..0, the even chances -2..-1 (the player's side).
 */
export interface Box {
  s0: number;
  s1: number;
  c0: number;
  c1: number;
}
/** A box (a number, an outside bet) or a point on a line (an inside bet between numbers). */
export type Place = { kind: 'box'; box: Box } | { kind: 'dot'; s: number; c: number };

const streetOf = (n: number) => Math.floor((n - 1) / 3);
const columnOf = (n: number) => (n - 1) % 3;
const EVEN_CHANCES = ['low', 'even', 'red', 'black', 'odd', 'high'];

/** Where an option of the roulette engine lies, by its key; undefined for a key it does not know. */
export function roulettePlace(key: string): Place | undefined {
  const [kind, arg = ''] = key.split(':');
  const n = Number(arg.split('-')[0]);
  // A number off the wheel (or a dozen / column past the third) has no place: it goes with the rest.
  const [lo, hi] = kind === 'dozen' || kind === 'column' ? [1, 3] : [0, 36];
  if (arg && !(Number.isInteger(n) && n >= lo && n <= hi)) return undefined;
  switch (kind) {
    case 'straight':
      if (n === 0) return { kind: 'box', box: { s0: -1, s1: 0, c0: 0, c1: 3 } };
      return { kind: 'box', box: { s0: streetOf(n), s1: streetOf(n) + 1, c0: columnOf(n), c1: columnOf(n) + 1 } };
    case 'split': {
      const m = Number(arg.split('-')[1]);
      // Side by side in a street: on the line between their columns; one street apart: on the line between the streets.
      return m === n + 1 ? { kind: 'dot', s: streetOf(n) + 0.5, c: columnOf(n) + 1 } : { kind: 'dot', s: streetOf(n) + 1, c: columnOf(n) + 0.5 };
    }
    case 'street':
      return { kind: 'dot', s: streetOf(n) + 0.5, c: 0 };
    case 'corner':
      return { kind: 'dot', s: streetOf(n) + 1, c: columnOf(n) + 1 };
    case 'line':
      return { kind: 'dot', s: streetOf(n) + 1, c: 0 };
    case 'dozen':
      return { kind: 'box', box: { s0: (n - 1) * 4, s1: n * 4, c0: -1, c1: 0 } };
    case 'column':
      return { kind: 'box', box: { s0: 12, s1: 13, c0: n - 1, c1: n } };
    default: {
      const i = EVEN_CHANCES.indexOf(key);
      return i < 0 ? undefined : { kind: 'box', box: { s0: i * 2, s1: i * 2 + 2, c0: -2, c1: -1 } };
    }
  }
}

/**
 * One axis of a layout: the size of each unit from `from` on (the strips of outside bets are
 * narrower than a number), so a coordinate maps to a percentage of the board.
 */
interface Axis {
  from: number;
  sizes: number[];
}
function percent(axis: Axis, x: number): number {
  const total = axis.sizes.reduce((a, b) => a + b, 0);
  let at = 0;
  let v = axis.from;
  for (const size of axis.sizes) {
    if (x <= v + 1) return ((at + (x - v) * size) / total) * 100;
    at += size;
    v++;
  }
  return 100;
}
/** Along the table: the zero, 12 streets, the columns. Across: even chances, dozens, 3 numbers. */
const ALONG: Axis = { from: -1, sizes: [1, ...Array<number>(12).fill(1), 1] };
// Upright, the dozens' names run along their strip, so it can be narrower than the even chances'.
const ACROSS_UPRIGHT: Axis = { from: -2, sizes: [0.85, 0.65, 1, 1, 1] };
const ACROSS_LENGTHWISE: Axis = { from: -2, sizes: [0.7, 0.7, 1, 1, 1] };

/** A place as percentages of the board: a rectangle, or a point (w = h = 0). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
const round2 = (v: number) => Math.round(v * 100) / 100;
function rect(x0: number, x1: number, y0: number, y1: number): Rect {
  return { x: round2(Math.min(x0, x1)), y: round2(Math.min(y0, y1)), w: round2(Math.abs(x1 - x0)), h: round2(Math.abs(y1 - y0)) };
}
/** Upright (phone): across is x (even chances left), along is y (zero on top). */
export function upright(p: Place): Rect {
  const x = (c: number) => percent(ACROSS_UPRIGHT, c);
  const y = (s: number) => percent(ALONG, s);
  return p.kind === 'dot' ? rect(x(p.c), x(p.c), y(p.s), y(p.s)) : rect(x(p.box.c0), x(p.box.c1), y(p.box.s0), y(p.box.s1));
}
/** Lengthwise (wide screen): along is x (zero on the left), across is y (column 3 on top, even chances at the bottom). */
export function lengthwise(p: Place): Rect {
  const x = (s: number) => percent(ALONG, s);
  const y = (c: number) => 100 - percent(ACROSS_LENGTHWISE, c);
  return p.kind === 'dot' ? rect(x(p.s), x(p.s), y(p.c), y(p.c)) : rect(x(p.box.s0), x(p.box.s1), y(p.box.c1), y(p.box.c0));
}

const vars = (prefix: string, r: Rect) => `--${prefix}x:${r.x}%;--${prefix}y:${r.y}%;--${prefix}w:${r.w}%;--${prefix}h:${r.h}%`;

/** The kind of bet, for the payout legend and the spot's class. */
const KIND_NAMES: Record<string, string> = { straight: 'Straight', split: 'Split', street: 'Street', corner: 'Corner', line: 'Six line', dozen: 'Dozen', column: 'Column' };
const INSIDE = new Set(['split', 'street', 'corner', 'line']);
const kindOf = (key: string) => (key.includes(':') ? key.split(':')[0]! : 'even');

function rouletteSpot(o: OptionView, place: Place): HTMLButtonElement {
  const kind = kindOf(o.key);
  const b = spot(o, `rl-${place.kind} rl-${kind}`, kind === 'column' ? '2:1' : o.name);
  const colour = kind === 'straight' ? pocketColour(Number(o.key.slice(9))) : o.key === 'red' || o.key === 'black' ? o.key : null;
  if (colour) b.classList.add(`rl-${colour}`);
  // Named as the croupier calls it ("Split 14/17 pays 18", "17 black pays 36", "Column 1 2:1 pays
  // 3"): for a screen reader, and as the tooltip of the small spots on the lines.
  const before = INSIDE.has(kind) ? `${KIND_NAMES[kind]} ` : kind === 'column' ? `${o.name} ` : '';
  nameByContent(b, before, kind === 'straight' ? ` ${colour}` : '');
  b.title = `${before}${kind === 'straight' ? `${o.name} ${colour}` : kind === 'column' ? '2:1' : o.name}, pays ${payoutText(o)}`;
  b.style.cssText = `${vars('u', upright(place))};${vars('l', lengthwise(place))}`;
  return b;
}

/** "Straight 36 · Split 18 ...": the payouts of the spots too small to print theirs. */
function legend(options: OptionView[]): HTMLElement {
  const el = document.createElement('p');
  el.className = 'rl-legend';
  const seen = new Map<string, string>();
  for (const o of options) {
    const kind = kindOf(o.key);
    if (KIND_NAMES[kind] && !seen.has(kind) && kind !== 'dozen' && kind !== 'column') seen.set(kind, payoutText(o));
  }
  el.textContent = `Pays ${[...seen].map(([k, v]) => `${KIND_NAMES[k]} ${v}`).join(' · ')}`;
  return el;
}

export type Direction = 'left' | 'right' | 'up' | 'down';
const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/**
 * The spot an arrow key moves to: the nearest centre lying in that direction (within 45 degrees of
 * it), a sideways step counting double, so a row or a column is followed before a diagonal.
 * Returns the index in `to`, or -1 at the edge of the table.
 */
export function nextInDirection(from: { x: number; y: number }, to: readonly { x: number; y: number }[], dir: Direction): number {
  let best = -1;
  let bestCost = Infinity;
  to.forEach((p, i) => {
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    const ahead = dir === 'right' ? dx : dir === 'left' ? -dx : dir === 'down' ? dy : -dy;
    const aside = Math.abs(dir === 'left' || dir === 'right' ? dy : dx);
    if (ahead <= 0.5 || aside > ahead) return;
    const cost = ahead + 2 * aside;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  return best;
}

/**
 * 151 spots are too many Tab stops: the board is one stop (the spot last focused), and the arrow
 * keys walk it as the eye does, in whichever way the table is laid out now.
 */
function arrowKeys(board: HTMLElement): void {
  const spots = () => [...board.querySelectorAll<HTMLButtonElement>('button.spot')];
  const centre = (b: HTMLElement) => {
    const r = b.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const rove = (to: HTMLButtonElement) => {
    for (const b of spots()) b.tabIndex = b === to ? 0 : -1;
  };
  board.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLButtonElement && e.target.classList.contains('spot')) rove(e.target);
  });
  board.addEventListener('keydown', (e) => {
    const dir = ARROWS[e.key];
    const at = e.target instanceof HTMLElement ? e.target.closest<HTMLButtonElement>('button.spot') : null;
    if (!dir || !at || e.altKey || e.ctrlKey || e.metaKey) return;
    const others = spots().filter((b) => b !== at && !b.disabled);
    const i = nextInDirection(centre(at), others.map(centre), dir);
    e.preventDefault();
    if (i >= 0) others[i]!.focus();
  });
}

export const rouletteFelt: Felt = (view: TableView) => {
  const el = document.createElement('div');
  el.className = 'felt felt-numbers felt-roulette';
  const board = document.createElement('div');
  board.className = 'rl-board';
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', 'Roulette table');
  const lost: OptionView[] = [];
  // Boxes first, dots after: the dots lie over the lines of the boxes and take the taps there.
  const placed = view.round.options.map((o) => ({ o, place: roulettePlace(o.key) }));
  for (const { o, place } of placed) if (place?.kind === 'box') board.append(rouletteSpot(o, place));
  for (const { o, place } of placed) if (place?.kind === 'dot') board.append(rouletteSpot(o, place));
  for (const { o, place } of placed) if (!place) lost.push(o);
  const first = board.querySelector<HTMLButtonElement>('button.spot');
  for (const b of board.querySelectorAll<HTMLButtonElement>('button.spot')) b.tabIndex = b === first ? 0 : -1;
  arrowKeys(board);
  const hint = document.createElement('span');
  hint.id = `rl-hint-${view.game.gamecode}`;
  hint.className = 'rl-hint';
  hint.textContent = 'Arrow keys move between the bets; Enter or Space places the chip.';
  board.setAttribute('aria-describedby', hint.id);
  board.append(hint);
  // The felt is the size container (its layout follows its own width, not the window's); the table inside.
  const table = document.createElement('div');
  table.className = 'rl-table';
  table.append(handSlot('Wheel', 'Wheel', 'rl-wheel'), board, legend(view.round.options));
  el.append(table);
  // An option this layout does not know still gets a spot, so nothing on offer is ever hidden.
  if (lost.length) {
    const more = document.createElement('div');
    more.className = 'numbers-more';
    for (const o of lost) more.append(nameByContent(spot(o)));
    el.append(more);
  }
  return el;
};
