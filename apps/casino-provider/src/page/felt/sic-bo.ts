// The Sic Bo felt (issue 26), laid out as a sic bo table: Small / Big and Odd / Even as the big
// spots beside the dice, the doubles (two faces) and the triples (three faces) with Any triple,
// the totals 4..17 in a row, the single numbers as die faces along the front.
import { dieFace } from '../deal/dice.ts';
import type { OptionView, TableView } from '../types.ts';
import { handSlot, payoutText, spot, type Felt } from './contract.ts';
import { nameByContent } from './numbers-a11y.ts';

const div = (className: string, ...children: Node[]) => {
  const d = document.createElement('div');
  d.className = className;
  d.append(...children);
  return d;
};

/** A spot showing die faces instead of its name (the name stays for screen readers and the tooltip). */
function facesSpot(o: OptionView, face: number, count: number, className: string): HTMLButtonElement {
  const b = nameByContent(spot(o, `faces ${className}`));
  const faces = document.createElement('span');
  faces.className = 'sb-faces';
  for (let i = 0; i < count; i++) faces.append(dieFace(face, 'sb-face'));
  b.prepend(faces);
  b.title = `${o.name}, pays ${payoutText(o)}`;
  return b;
}

const RANGES: Record<string, string> = { small: '4–10', big: '11–17' };

export const sicBoFelt: Felt = (view: TableView) => {
  const byKey = new Map(view.round.options.map((o) => [o.key, o]));
  const used = new Set<string>();
  const take = (key: string) => {
    const o = byKey.get(key);
    if (o) used.add(key);
    return o;
  };
  const named = (key: string, className: string, label?: string, before = '') => {
    const o = take(key);
    if (!o) return [];
    const b = spot(o, className, label);
    // Small and Big say the totals they cover, as the table prints them.
    const range = RANGES[key];
    if (range) b.querySelector('.spot-name')?.append(Object.assign(document.createElement('small'), { textContent: ` ${range}` }));
    return [nameByContent(b, before)];
  };
  const faces = (kind: string, count: number, className: string) =>
    [1, 2, 3, 4, 5, 6].flatMap((n) => {
      const o = take(`${kind}:${n}`);
      return o ? [facesSpot(o, n, count, className)] : [];
    });

  const el = div('felt felt-numbers felt-sicbo');
  el.append(
    div(
      'sb-top',
      ...named('small', 'big sb-small', 'Small'),
      ...named('odd', 'big sb-odd', 'Odd'),
      handSlot('Dice', 'Dice', 'sb-dice'),
      ...named('even', 'big sb-even', 'Even'),
      ...named('big', 'big sb-big', 'Big'),
    ),
    div('sb-combos', div('sb-doubles', ...faces('double', 2, 'sb-double')), div('sb-triples', ...named('anyTriple', 'sb-any', 'Any triple'), ...faces('triple', 3, 'sb-triple'))),
    div(
      'sb-totals',
      ...Array.from({ length: 14 }, (_, i) => i + 4).flatMap((t) => named(`total:${t}`, 'sb-total', String(t), 'Total ')),
    ),
    div('sb-singles', ...faces('single', 1, 'sb-single')),
  );
  // An option this layout does not know still gets a spot, so nothing on offer is ever hidden.
  const rest = view.round.options.filter((o) => !used.has(o.key));
  if (rest.length) el.append(div('numbers-more', ...rest.map((o) => nameByContent(spot(o)))));
  return el;
};
