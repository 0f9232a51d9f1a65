import { pct } from './teen-patti.ts';
import { backOption, defineEngine, once, type BetOption } from './types.ts';

// European roulette: a single zero, 37 pockets. Every bet loses on 0 unless it covers 0.

export const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

interface Spot {
  key: string;
  name: string;
  group: string;
  numbers: number[];
}
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function spots(): Spot[] {
  const s: Spot[] = [];
  for (let n = 0; n <= 36; n++) s.push({ key: `straight:${n}`, name: `${n}`, group: 'Straight up 35:1', numbers: [n] });
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) s.push({ key: `split:${n}-${n + 1}`, name: `${n}/${n + 1}`, group: 'Split 17:1', numbers: [n, n + 1] });
    if (n <= 33) s.push({ key: `split:${n}-${n + 3}`, name: `${n}/${n + 3}`, group: 'Split 17:1', numbers: [n, n + 3] });
  }
  for (let row = 0; row < 12; row++) {
    const a = row * 3 + 1;
    s.push({ key: `street:${a}`, name: `${a}–${a + 2}`, group: 'Street 11:1', numbers: range(a, a + 2) });
  }
  for (let row = 0; row < 11; row++)
    for (const col of [1, 2]) {
      const a = row * 3 + col;
      s.push({ key: `corner:${a}`, name: `${a}/${a + 1}/${a + 3}/${a + 4}`, group: 'Corner 8:1', numbers: [a, a + 1, a + 3, a + 4] });
    }
  for (let row = 0; row < 11; row++) {
    const a = row * 3 + 1;
    s.push({ key: `line:${a}`, name: `${a}–${a + 5}`, group: 'Six line 5:1', numbers: range(a, a + 5) });
  }
  for (const d of [1, 2, 3]) s.push({ key: `dozen:${d}`, name: `${d === 1 ? '1st' : d === 2 ? '2nd' : '3rd'} 12`, group: 'Dozen / column 2:1', numbers: range(d * 12 - 11, d * 12) });
  for (const c of [1, 2, 3]) s.push({ key: `column:${c}`, name: `Column ${c}`, group: 'Dozen / column 2:1', numbers: range(1, 36).filter((n) => n % 3 === c % 3) });
  const even: [string, string, (n: number) => boolean][] = [
    ['red', 'Red', (n) => RED_NUMBERS.has(n)],
    ['black', 'Black', (n) => !RED_NUMBERS.has(n)],
    ['odd', 'Odd', (n) => n % 2 === 1],
    ['even', 'Even', (n) => n % 2 === 0],
    ['low', '1–18', (n) => n <= 18],
    ['high', '19–36', (n) => n >= 19],
  ];
  for (const [key, name, pred] of even) s.push({ key, name, group: 'Even chances 1:1', numbers: range(1, 36).filter(pred) });
  return s;
}
const SPOTS = spots();
const SPOT_BY_KEY = new Map(SPOTS.map((s) => [s.key, s]));
/** Decimal odds of a bet covering k numbers: (36 / k). */
const oddsFor = (k: number) => 36 / k;

export interface RouletteResult {
  pocket: number;
}

export const roulette = defineEngine<RouletteResult>({
  id: 'roulette',
  title: 'Roulette',
  deck: 'roulette',
  openCards: 0,
  options: once((): BetOption[] => SPOTS.map((s) => backOption(s.key, s.name, s.group, oddsFor(s.numbers.length), s.numbers.length / 37))),
  deal: (next) => {
    const pocket = next();
    return { draws: [pocket], to: ['Wheel'], result: { pocket } };
  },
  settle: (key, r) => {
    const spot = SPOT_BY_KEY.get(key);
    return spot && spot.numbers.includes(r.pocket) ? oddsFor(spot.numbers.length) : 0;
  },
  outcome: (r) => {
    const colour = r.pocket === 0 ? 'Green' : RED_NUMBERS.has(r.pocket) ? 'Red' : 'Black';
    return { winner: `${r.pocket}`, description: `${r.pocket} ${colour}`, hands: [{ name: 'Wheel', cards: [r.pocket] }] };
  },
  rules: [
    'European roulette: one wheel with pockets 0 to 36, one spin per round.',
    'Straight up 35:1, split 17:1, street 11:1, corner 8:1, six line 5:1, dozen and column 2:1, red / black / odd / even / 1–18 / 19–36 1:1 (decimal 36 / 18 / 12 / 9 / 6 / 3 / 2). Zero is green: every bet that does not cover it loses.',
    `House edge ${pct(1 / 37)} on every bet.`,
  ].join('\n'),
});
