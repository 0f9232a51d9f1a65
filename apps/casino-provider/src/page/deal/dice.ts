// Sic Bo's dice (issue 26): three dice tumble while the round deals; each lands on its face as the
// table reveals it, in order; a die already shown is left alone, so only a newly thrown one moves.
import type { TableView } from '../types.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** The pips of each face on a 3 x 3 grid (0..2, 0..2), as a real die lays them. */
export const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** A die face as SVG (a rounded square and its pips), decorative: the button or die says the number. */
export function dieFace(n: number, className = 'die-face'): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 30 30');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  const body = document.createElementNS(SVG, 'rect');
  for (const [k, v] of Object.entries({ x: '1', y: '1', width: '28', height: '28', rx: '6', class: 'die-body' })) body.setAttribute(k, v);
  svg.append(body);
  for (const [x, y] of PIPS[n] ?? []) {
    const pip = document.createElementNS(SVG, 'circle');
    for (const [k, v] of Object.entries({ cx: String(7.5 + x * 7.5), cy: String(7.5 + y * 7.5), r: '2.9', class: n === 1 ? 'pip pip-ace' : 'pip' })) pip.setAttribute(k, v);
    svg.append(pip);
  }
  return svg;
}

/** What three dice read: the total and Small / Big, or Triple (which beats Small / Big). */
export function diceReading(dice: readonly number[]): string {
  const total = dice.reduce((a, b) => a + b, 0);
  const triple = dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
  return `${total} ${triple ? 'Triple' : total <= 10 ? 'Small' : 'Big'}`;
}

const DICE = 3;

function thrownDie(face: number, land: boolean): HTMLElement {
  const d = document.createElement('span');
  d.className = land ? 'die thrown landing' : 'die thrown';
  d.dataset.card = String(face);
  d.setAttribute('role', 'img');
  d.setAttribute('aria-label', `die ${face}`);
  d.append(dieFace(face));
  return d;
}
function rollingDie(i: number): HTMLElement {
  const d = document.createElement('span');
  d.className = 'die rolling';
  d.setAttribute('role', 'img');
  d.setAttribute('aria-label', 'die rolling');
  // Faces flicking by as it tumbles, each die its own, never read as a result (no data-card until it lands).
  d.style.setProperty('--i', String(i));
  for (const k of [0, 2, 4]) d.append(dieFace(((i + k) % 6) + 1));
  return d;
}
function waitingDie(): HTMLElement {
  const d = document.createElement('span');
  d.className = 'die waiting';
  d.setAttribute('aria-hidden', 'true');
  return d;
}

/** Draws the three dice in the `Dice` slot: rolling while dealing, then the faces thrown. */
export function renderDice(slot: HTMLElement, view: TableView, now: number): void {
  void now;
  const host = slot.querySelector<HTMLElement>(':scope > .hand-cards') ?? slot;
  let tray = host.querySelector<HTMLElement>(':scope > .dice-tray');
  if (!tray) {
    tray = document.createElement('div');
    tray.className = 'dice-tray';
    const total = document.createElement('div');
    total.className = 'dice-total';
    total.setAttribute('aria-live', 'polite');
    host.append(tray, total);
  }
  const total = host.querySelector<HTMLElement>(':scope > .dice-total')!;
  const round = view.round;
  // A new round clears the dice; the first look at a round shows what is already thrown without the landing.
  const fresh = tray.dataset.round !== round.roundId;
  if (fresh) {
    tray.dataset.round = round.roundId;
    tray.replaceChildren();
  }
  const faces = round.cards.filter((c) => c.to === 'Dice').map((c) => Number(c.card));
  for (let i = 0; i < DICE; i++) {
    const have = tray.children[i] as HTMLElement | undefined;
    const face = faces[i];
    let want: HTMLElement | null = null;
    if (face !== undefined) {
      if (have?.dataset.card !== String(face)) want = thrownDie(face, !fresh);
    } else if (round.phase === 'dealing') {
      if (!have?.classList.contains('rolling')) want = rollingDie(i);
    } else if (!have?.classList.contains('waiting')) want = waitingDie();
    if (!want) continue;
    if (have) have.replaceWith(want);
    else tray.append(want);
  }
  const text = faces.length === DICE ? diceReading(faces) : '';
  if (total.textContent !== text) total.textContent = text;
}
