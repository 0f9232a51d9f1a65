// A playing card on the felt (issue 26): face down (its back only: nothing in the DOM to peek
// at), then turned. The face is drawn in CSS and inline SVG; its text reads as the card ('10♥').

export const SUIT_SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_NAME: Record<string, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const RANK_NAME: Record<string, string> = { A: 'ace', J: 'jack', Q: 'queen', K: 'king' };

export interface CardFace {
  rank: string;
  suit: string;
}

/** '10H' -> {rank: '10', suit: 'H'}; null for what is not a card label (a die, a pocket). */
export function parseCardLabel(label: string): CardFace | null {
  const m = /^(A|[2-9]|10|J|Q|K)([SHDC])$/.exec(label);
  return m ? { rank: m[1]!, suit: m[2]! } : null;
}

/** What a screen reader says for a card: '10 of hearts', 'king of spades'. */
export function cardName(label: string): string {
  const c = parseCardLabel(label);
  return c ? `${RANK_NAME[c.rank] ?? c.rank} of ${SUIT_NAME[c.suit]}` : label;
}

const isRedSuit = (suit: string) => suit === 'H' || suit === 'D';

const SVG_NS = 'http://www.w3.org/2000/svg';
/**
 * The court cards' emblems, drawn as shapes only (an SVG `<text>` would add to the card's text):
 * a crown for the king, a tiara with a jewel for the queen, a plumed cap for the jack.
 */
const EMBLEM: Record<string, string> = {
  K: 'M4 26 L4 11 L11 18 L16 6 L21 18 L28 11 L28 26 Z M4 28 H28 V31 H4 Z',
  Q: 'M5 25 Q16 4 27 25 Z M16 8 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0 M5 27 H27 V30 H5 Z',
  J: 'M6 24 Q6 12 16 12 Q26 12 26 24 Z M16 12 Q20 2 28 4 Q22 6 20 12 Z M5 26 H27 V29 H5 Z',
};

function emblem(rank: string): SVGSVGElement | null {
  const d = EMBLEM[rank];
  if (!d) return null;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 32 32');
  svg.setAttribute('class', 'card-emblem');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill-rule', 'evenodd');
  svg.append(path);
  return svg;
}

/**
 * The face of `label`: the top corner carries the card's only text (rank + suit); the bottom
 * corner and the big pip are drawn from attributes by CSS, so the text stays '10♥'.
 */
function faceOf(label: string): HTMLElement {
  const c = parseCardLabel(label);
  const face = document.createElement('span');
  face.className = 'card-face';
  const corner = document.createElement('span');
  corner.className = 'card-corner';
  if (!c) {
    corner.textContent = label;
    face.append(corner);
    return face;
  }
  const symbol = SUIT_SYMBOL[c.suit]!;
  const rank = document.createElement('span');
  rank.className = 'card-rank';
  rank.textContent = c.rank;
  const suit = document.createElement('span');
  suit.className = 'card-suit';
  suit.textContent = symbol;
  corner.append(rank, suit);
  const pip = document.createElement('span');
  pip.className = 'card-pip';
  pip.dataset.pip = symbol;
  const art = emblem(c.rank);
  if (art) pip.append(art);
  const foot = document.createElement('span');
  foot.className = 'card-corner card-foot';
  foot.dataset.corner = `${c.rank}${symbol}`;
  face.append(corner, pip, foot);
  return face;
}

function backOf(): HTMLElement {
  const back = document.createElement('span');
  back.className = 'card-back';
  return back;
}

/** A card lying face down: its back only. `i` is its place in the round's deal. */
export function faceDownCard(i: number): HTMLElement {
  const el = document.createElement('div');
  el.className = 'card face-down';
  el.dataset.i = String(i);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', 'card face down');
  el.append(backOf());
  return el;
}

function showFace(el: HTMLElement, label: string): void {
  const c = parseCardLabel(label);
  el.dataset.card = label;
  el.classList.remove('face-down');
  el.classList.add(c && isRedSuit(c.suit) ? 'red' : 'black');
  if (c?.rank && EMBLEM[c.rank]) el.classList.add('court');
  el.setAttribute('aria-label', cardName(label));
  el.prepend(faceOf(label));
}

/** A card face up, as it lies once turned (no animation). */
export function faceUpCard(i: number, label: string): HTMLElement {
  const el = document.createElement('div');
  el.className = 'card';
  el.dataset.i = String(i);
  el.setAttribute('role', 'img');
  showFace(el, label);
  return el;
}

/**
 * Turns a face-down card over in place: the face goes in, and the card plays its flip (the back
 * stays behind it, hidden by its backface, until the flip ends). Under reduced motion CSS plays
 * no animation and the face just shows.
 */
export function turnCard(el: HTMLElement, label: string): void {
  showFace(el, label);
  // A card still sliding in turns at once: the flip takes over from the deal.
  el.classList.remove('dealing');
  el.classList.add('turning');
  const back = el.querySelector('.card-back');
  const done = (e: AnimationEvent) => {
    if (e.animationName !== 'card-turn') return;
    el.removeEventListener('animationend', done);
    el.classList.remove('turning');
    back?.remove();
  };
  el.addEventListener('animationend', done);
  if (!back) return;
  // No animation runs (reduced motion, a hidden tab): the back goes at once.
  if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) {
    el.classList.remove('turning');
    back.remove();
  }
}

/** A face-up card that was never seen face down here (it turned between two events): it flips in. */
export function turnedCard(i: number, label: string): HTMLElement {
  const el = faceDownCard(i);
  turnCard(el, label);
  return el;
}
