// The Worli Matka felt (issue 26; the lottery tables play on it too, titled "Lottery"): the ten
// single digits (ank) as big number spots, the pana types SP / DP / TP, and the draw: the three
// cards the deal module lays in the `Pana` slot, then the pana and the single ("127 - 0").
import type { TableView } from '../types.ts';
import { handSlot, spot, type Felt } from './contract.ts';
import { nameByContent } from './numbers-a11y.ts';

/** A card's digit in matka: A is 1, 2..9 their value, 10 is 0. */
export const matkaDigit = (label: string): number => {
  const rank = label.slice(0, -1);
  return rank === 'A' ? 1 : Number(rank) % 10;
};

/** What three cards read: the pana (digits ascending, 0 counted last) and the single (last digit of the sum). */
export function matkaReading(labels: readonly string[]): { pana: string; single: number } {
  const digits = labels.map(matkaDigit);
  const pana = [...digits].sort((a, b) => (a === 0 ? 10 : a) - (b === 0 ? 10 : b)).join('');
  return { pana, single: digits.reduce((s, d) => s + d, 0) % 10 };
}

const div = (className: string, ...children: Node[]) => {
  const d = document.createElement('div');
  d.className = className;
  d.append(...children);
  return d;
};

/**
 * Keeps the draw's reading beside the cards: the felt is built once per price list, so it watches
 * its own `Pana` slot and reads the cards the deal module turns there (face-down cards have no face).
 */
function watchDraw(slot: HTMLElement, out: HTMLElement): void {
  const update = () => {
    const labels = [...slot.querySelectorAll<HTMLElement>('.card[data-card]:not(.face-down)')].map((c) => c.dataset.card!);
    const text = labels.length === 3 ? (({ pana, single }) => `${pana} - ${single}`)(matkaReading(labels)) : '';
    if (out.textContent !== text) out.textContent = text;
    out.hidden = !text;
  };
  new MutationObserver(update).observe(slot, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-card'] });
  update();
}

export const matkaFelt: Felt = (view: TableView) => {
  const lottery = view.game.category === 'lottery';
  const byKey = new Map(view.round.options.map((o) => [o.key, o]));
  const used = new Set<string>();
  const spots = (keys: string[], className: string, label: (name: string) => string, before = '') =>
    keys.flatMap((k) => {
      const o = byKey.get(k);
      if (!o) return [];
      used.add(k);
      const b = spot(o, className, label(o.name));
      // The pana types: their short name, the words under it.
      const words = /^(.*) \((SP|DP|TP)\)$/.exec(o.name)?.[1];
      if (words) b.querySelector('.spot-name')?.append(Object.assign(document.createElement('small'), { textContent: words }));
      return [nameByContent(b, before)];
    });

  const el = div(`felt felt-numbers felt-matka${lottery ? ' lottery' : ''}`);
  const title = document.createElement('h3');
  title.className = 'mk-title';
  title.textContent = lottery ? 'Lottery' : 'Worli Matka';
  const slot = handSlot('Pana', 'Pana', 'mk-pana');
  const reading = document.createElement('output');
  reading.className = 'mk-reading';
  reading.setAttribute('aria-live', 'polite');
  reading.hidden = true;
  const singles = div(
    'mk-singles',
    ...spots(
      Array.from({ length: 10 }, (_, d) => `single:${d}`),
      'mk-single',
      (name) => name.replace('Single ', ''),
      'Single ',
    ),
  );
  singles.setAttribute('role', 'group');
  singles.setAttribute('aria-label', 'Single (ank)');
  const caption = (text: string) => Object.assign(document.createElement('div'), { className: 'mk-caption', textContent: text });
  // The pana types by their short names, as the slips write them.
  const panas = div('mk-panas', ...spots(['pana:SP', 'pana:DP', 'pana:TP'], 'mk-type', (name) => /\((\w+)\)$/.exec(name)?.[1] ?? name));
  el.append(title, div('mk-draw', slot, reading), caption('Single (ank) · last digit of the three cards'), singles, caption('Pana type'), panas);
  watchDraw(slot, reading);
  // An option this layout does not know still gets a spot, so nothing on offer is ever hidden.
  const rest = view.round.options.filter((o) => !used.has(o.key));
  if (rest.length) el.append(div('numbers-more', ...rest.map((o) => nameByContent(spot(o)))));
  return el;
};
