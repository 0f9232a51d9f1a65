import { pct } from './teen-patti.ts';
import { backOption, defineEngine, priceAt, type BetOption } from './types.ts';

// Sic Bo: three dice.

const SIDE_RTP = 0.96;
/** Every one of the 216 throws, for the exact chances. */
const THROWS: [number, number, number][] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) THROWS.push([a, b, c]);
const chance = (pred: (d: [number, number, number]) => boolean) => THROWS.filter(pred).length / 216;
const sum = (d: readonly number[]) => d[0]! + d[1]! + d[2]!;
const isTriple = (d: readonly number[]) => d[0] === d[1] && d[1] === d[2];
const countOf = (d: readonly number[], n: number) => d.filter((x) => x === n).length;
/** Single number: appears once 1:1, twice 2:1, three times 12:1. */
const SINGLE_FACTOR = [0, 2, 3, 13];

function options(): BetOption[] {
  const o: BetOption[] = [
    backOption('small', 'Small (4–10)', 'Small / Big', 2, chance((d) => sum(d) <= 10 && !isTriple(d))),
    backOption('big', 'Big (11–17)', 'Small / Big', 2, chance((d) => sum(d) >= 11 && !isTriple(d))),
    backOption('odd', 'Odd', 'Odd / Even', 2, chance((d) => sum(d) % 2 === 1 && !isTriple(d))),
    backOption('even', 'Even', 'Odd / Even', 2, chance((d) => sum(d) % 2 === 0 && !isTriple(d))),
  ];
  for (let t = 4; t <= 17; t++) {
    const p = chance((d) => sum(d) === t);
    o.push(backOption(`total:${t}`, `Total ${t}`, 'Total', priceAt(p, SIDE_RTP), p));
  }
  for (let n = 1; n <= 6; n++) {
    const rtp = THROWS.reduce((s, d) => s + SINGLE_FACTOR[countOf(d, n)]!, 0) / 216;
    o.push({ key: `single:${n}`, name: `Single ${n}`, group: 'Single number', odds: 13, oddsText: '2 / 3 / 13', kind: 'back', rtp });
  }
  for (let n = 1; n <= 6; n++) {
    const p = chance((d) => countOf(d, n) >= 2);
    o.push(backOption(`double:${n}`, `Double ${n}`, 'Double', priceAt(p, SIDE_RTP), p));
  }
  for (let n = 1; n <= 6; n++) o.push(backOption(`triple:${n}`, `Triple ${n}`, 'Triple', priceAt(1 / 216, SIDE_RTP), 1 / 216));
  o.push(backOption('anyTriple', 'Any triple', 'Triple', priceAt(6 / 216, SIDE_RTP), 6 / 216));
  return o;
}
const OPTIONS = options();
const ODDS = new Map(OPTIONS.map((o) => [o.key, o.odds]));

export interface SicBoResult {
  dice: number[];
}

export const sicBo = defineEngine<SicBoResult>({
  id: 'sicbo',
  title: 'Sic Bo',
  deck: 'dice',
  openCards: 0,
  options: () => OPTIONS,
  deal: (next) => {
    const dice = [next(), next(), next()];
    return { draws: dice, to: ['Dice', 'Dice', 'Dice'], result: { dice } };
  },
  settle: (key, r) => {
    const d = r.dice;
    const s = sum(d);
    const odds = ODDS.get(key);
    if (odds === undefined) return 0;
    const [kind, arg] = key.split(':');
    const n = Number(arg);
    switch (kind) {
      case 'small':
        return s <= 10 && !isTriple(d) ? odds : 0;
      case 'big':
        return s >= 11 && !isTriple(d) ? odds : 0;
      case 'odd':
        return s % 2 === 1 && !isTriple(d) ? odds : 0;
      case 'even':
        return s % 2 === 0 && !isTriple(d) ? odds : 0;
      case 'total':
        return s === n ? odds : 0;
      case 'single':
        return SINGLE_FACTOR[countOf(d, n)]!;
      case 'double':
        return countOf(d, n) >= 2 ? odds : 0;
      case 'triple':
        return countOf(d, n) === 3 ? odds : 0;
      case 'anyTriple':
        return isTriple(d) ? odds : 0;
      default:
        return 0;
    }
  },
  outcome: (r) => {
    const s = sum(r.dice);
    const label = isTriple(r.dice) ? 'Triple' : s <= 10 ? 'Small' : 'Big';
    return { winner: `${s} ${label}`, description: `Dice ${r.dice.join(' ')}: total ${s}, ${label}`, hands: [{ name: 'Dice', cards: r.dice }] };
  },
  rules: [
    'Three dice are thrown each round.',
    `Small (total 4–10) / Big (11–17) and Odd / Even pay 1:1 (decimal 2) but lose to any triple: edge ${pct(1 - OPTIONS[0]!.rtp)}.`,
    `Single number: 1:1 if it shows on one die, 2:1 on two, 12:1 on all three (edge ${pct(1 - OPTIONS.find((o) => o.key === 'single:1')!.rtp)}).`,
    `Totals, Double (a number on at least two dice), Triple (a given triple) and Any triple are priced at 96% of the exact fair odds (edge about 4%). These are lower edges than the traditional 50:1 .. 6:1 / 8:1 / 150:1 / 30:1 table, on purpose.`,
  ].join('\n'),
});
