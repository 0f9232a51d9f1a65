// The roulette wheel (issue 26): an SVG European wheel built once per slot. While the round deals
// and the pocket is not revealed it spins with the ball running the other way; when the table
// reveals the pocket the wheel slows to a stop with the ball in it, then the number shows big in
// its colour. The table may reveal the pocket at the very moment betting closes: a page that saw
// the betting then spins the wheel down from rest, in the time left before the result shows.
// Every later call only changes classes and transforms, never the SVG.
import type { TableView } from '../types.ts';

/** The pockets clockwise from the zero, as a European wheel has them. */
export const POCKETS = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26] as const;
const STEP = 360 / POCKETS.length;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const colourOf = (n: number): 'green' | 'red' | 'black' => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

/** The angle (degrees clockwise from the top) of a pocket's centre on the wheel at rest. */
export function pocketAngle(n: number): number {
  const i = POCKETS.indexOf(n as (typeof POCKETS)[number]);
  if (i < 0) throw new RangeError(`no pocket ${n}`);
  return i * STEP;
}

/**
 * The wheel's turn that brings pocket `n` to the top, at least `turns` whole turns past `from`
 * (degrees): where a spin that started at `from` comes to rest.
 */
export function restingAngle(n: number, from: number, turns = 2): number {
  const target = -pocketAngle(n);
  const base = from + turns * 360;
  return base + ((((target - base) % 360) + 360) % 360);
}

/** How long the wheel takes to come to rest, ms: as long as the result leaves it, within these. */
export const STOP_MS = { min: 1200, max: 2600 };

/** The spin-down's length: until the result shows (`resultAt`, server ms), within STOP_MS. */
export function stopMs(resultAt: number, now: number): number {
  return Math.round(Math.max(STOP_MS.min, Math.min(STOP_MS.max, resultAt - now)));
}

const SVG = 'http://www.w3.org/2000/svg';
function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
const at = (r: number, deg: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
};

/** The wheel: a wooden bowl, the rotor with its 37 coloured pockets and numbers, the ball. */
function buildWheel(): HTMLElement {
  const box = document.createElement('div');
  box.className = 'wheel';
  const svg = el('svg', { viewBox: '-100 -100 200 200', class: 'wheel-svg', 'aria-hidden': 'true' });
  svg.append(el('circle', { r: 99, class: 'wheel-bowl' }), el('circle', { r: 90, class: 'wheel-track' }));
  const rotor = el('g', { class: 'wheel-rotor' });
  POCKETS.forEach((n, i) => {
    const a0 = (i - 0.5) * STEP;
    const a1 = (i + 0.5) * STEP;
    const d = `M${at(84, a0)} A84 84 0 0 1 ${at(84, a1)} L${at(58, a1)} A58 58 0 0 0 ${at(58, a0)}Z`;
    rotor.append(el('path', { d, class: `wheel-pocket ${colourOf(n)}` }));
    const label = el('text', { class: 'wheel-number', transform: `rotate(${i * STEP}) translate(0 -75)` });
    label.textContent = String(n);
    rotor.append(label);
  });
  rotor.append(el('circle', { r: 58, class: 'wheel-cone' }), el('circle', { r: 84, class: 'wheel-rim' }));
  const turret = el('g', { class: 'wheel-turret' });
  for (const deg of [0, 90, 180, 270]) turret.append(el('path', { d: `M0 0 L${at(34, deg)}`, class: 'wheel-spoke' }));
  turret.append(el('circle', { r: 9, class: 'wheel-hub' }));
  rotor.append(turret);
  // The ball's orbit: the outer group turns, the inner one drops the ball from the track into the pockets.
  const ball = el('g', { class: 'wheel-ball' });
  const drop = el('g', { class: 'wheel-ball-drop' });
  drop.append(el('circle', { cy: -88, r: 4.6, class: 'wheel-ball-dot' }));
  ball.append(drop);
  svg.append(rotor, ball);
  const result = document.createElement('div');
  result.className = 'wheel-result';
  result.setAttribute('aria-live', 'polite');
  box.append(svg, result);
  return box;
}

/** The current turn of an element (its computed transform), degrees; 0 when it has none. */
function currentTurn(e: Element): number {
  const t = getComputedStyle(e).transform;
  const m = /^matrix\(([^,]+),\s*([^,]+)/.exec(t);
  return m ? (Math.atan2(Number(m[2]), Number(m[1])) * 180) / Math.PI : 0;
}
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

type WheelState = 'idle' | 'spinning' | 'stopped';

/** Draws the wheel in the `Wheel` slot: spinning while dealing, then the pocket the ball took. */
export function renderWheel(slot: HTMLElement, view: TableView, now: number): void {
  const host = slot.querySelector<HTMLElement>(':scope > .hand-cards') ?? slot;
  let wheel = host.querySelector<HTMLElement>(':scope > .wheel');
  if (!wheel) {
    wheel = buildWheel();
    host.append(wheel);
  }
  const rotor = wheel.querySelector<SVGGElement>('.wheel-rotor')!;
  const ball = wheel.querySelector<SVGGElement>('.wheel-ball')!;
  const result = wheel.querySelector<HTMLElement>('.wheel-result')!;
  const round = view.round;
  const card = round.cards.find((c) => c.to === 'Wheel') ?? round.cards[0];
  const pocket = card ? Number(card.card) : null;
  const want: WheelState = pocket !== null ? 'stopped' : round.phase === 'dealing' ? 'spinning' : 'idle';
  const was = (wheel.dataset.state ?? 'idle') as WheelState;
  const sameRound = wheel.dataset.round === round.roundId;
  if (sameRound && was === want) return;
  wheel.dataset.round = round.roundId;
  wheel.dataset.state = want;

  if (want !== 'stopped') {
    // A new round (or no more bets): the last number goes, the ball leaves the pocket.
    for (const a of [...rotor.getAnimations(), ...ball.getAnimations()]) a.cancel();
    result.removeAttribute('data-card');
    result.removeAttribute('aria-label');
    result.className = 'wheel-result';
    result.textContent = '';
    // The spin starts where the wheel rests (CSS turns it from --from), so it does not jump back to 0.
    if (want === 'spinning') rotor.style.setProperty('--from', `${currentTurn(rotor).toFixed(1)}deg`);
    wheel.classList.toggle('spinning', want === 'spinning');
    wheel.classList.remove('stopped', 'rolling-in');
    return;
  }

  // Revealed: the wheel comes to rest with the pocket at the top and the ball in it.
  const n = pocket!;
  const from = currentTurn(rotor);
  const ballFrom = currentTurn(ball);
  // Spinning already: two more turns to slow down; still at rest (the pocket came with the close): a whole spin.
  const rest = restingAngle(n, from, was === 'spinning' ? 2 : 4);
  // A page that opens on a revealed round just shows it; so does one that asks for less motion.
  const slow = sameRound && was !== 'stopped' && !reducedMotion();
  const ms = stopMs(round.resultAt, now);
  wheel.style.setProperty('--stop', `${ms}ms`);
  wheel.classList.remove('spinning');
  wheel.classList.add('stopped');
  wheel.classList.toggle('rolling-in', slow);
  rotor.style.transform = `rotate(${rest % 360}deg)`;
  ball.style.transform = 'rotate(0deg)';
  if (slow) {
    const easing = 'cubic-bezier(.15,.6,.3,1)';
    rotor.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${rest}deg)` }], { duration: ms, easing });
    ball.animate([{ transform: `rotate(${ballFrom}deg)` }, { transform: `rotate(${-5 * 360}deg)` }], { duration: ms, easing });
  }
  result.dataset.card = String(n);
  result.className = `wheel-result ${colourOf(n)}`;
  result.textContent = String(n);
  result.setAttribute('aria-label', `${n} ${colourOf(n)}`);
}
