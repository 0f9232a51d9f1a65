import { describe, expect, it } from 'vitest';
import { roulette } from '../../games/roulette.ts';
import { lengthwise, nextInDirection, roulettePlace, upright, type Box, type Rect } from './roulette.ts';

const OPTIONS = roulette.options([]);
const numbersOf = (key: string) => Array.from({ length: 37 }, (_, n) => n).filter((n) => roulette.settle(key, { pocket: n }) > 0);
const boxOf = (n: number): Box => {
  const p = roulettePlace(`straight:${n}`);
  if (p?.kind !== 'box') throw new Error(`straight:${n} is not a box`);
  return p.box;
};
const contains = (b: Box, s: number, c: number) => b.s0 <= s && s <= b.s1 && b.c0 <= c && c <= b.c1;
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);

describe('the roulette layout', () => {
  it('places every option of the engine, each at its own place', () => {
    expect(OPTIONS).toHaveLength(151);
    const seen = new Set<string>();
    for (const o of OPTIONS) {
      const p = roulettePlace(o.key);
      expect(p, o.key).toBeDefined();
      const at = JSON.stringify(p);
      expect(seen.has(at), `${o.key} shares ${at}`).toBe(false);
      seen.add(at);
    }
  });

  it('lays the numbers in 12 streets of 3, the zero across the top of the three columns', () => {
    expect(boxOf(0)).toEqual({ s0: -1, s1: 0, c0: 0, c1: 3 });
    expect(boxOf(1)).toEqual({ s0: 0, s1: 1, c0: 0, c1: 1 });
    expect(boxOf(3)).toEqual({ s0: 0, s1: 1, c0: 2, c1: 3 });
    expect(boxOf(36)).toEqual({ s0: 11, s1: 12, c0: 2, c1: 3 });
  });

  it('puts a split or a corner on the line or the crossing its numbers share', () => {
    for (const o of OPTIONS.filter((o) => /^(split|corner):/.test(o.key))) {
      const p = roulettePlace(o.key)!;
      if (p.kind !== 'dot') throw new Error(`${o.key} is not on a line`);
      const touching = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => contains(boxOf(n), p.s, p.c));
      expect(touching, o.key).toEqual(numbersOf(o.key));
    }
  });

  it('puts a street at the outer edge of its row, a six line at the edge between its two rows', () => {
    for (const o of OPTIONS.filter((o) => /^(street|line):/.test(o.key))) {
      const p = roulettePlace(o.key)!;
      if (p.kind !== 'dot') throw new Error(`${o.key} is not on a line`);
      expect(p.c, o.key).toBe(0);
      const rows = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => boxOf(n).s0 <= p.s && p.s <= boxOf(n).s1);
      expect(rows, o.key).toEqual(numbersOf(o.key));
    }
  });

  it('lays the dozens beside their streets, the columns at the end of theirs, the even chances in the table order', () => {
    for (const o of OPTIONS.filter((o) => /^(dozen|column):/.test(o.key))) {
      const p = roulettePlace(o.key)!;
      if (p.kind !== 'box') throw new Error(`${o.key} is not a box`);
      const inside = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) =>
        o.key.startsWith('dozen') ? boxOf(n).s0 >= p.box.s0 && boxOf(n).s1 <= p.box.s1 : boxOf(n).c0 === p.box.c0,
      );
      expect(inside, o.key).toEqual(numbersOf(o.key));
    }
    const even = ['low', 'even', 'red', 'black', 'odd', 'high'].map((k) => roulettePlace(k));
    expect(even.map((p) => (p?.kind === 'box' ? p.box.s0 : -1))).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('has no place for a key it does not know', () => {
    for (const key of ['straight:37', 'straight:x', 'dozen:4', 'column:0', 'basket', 'trio:0-1-2']) expect(roulettePlace(key), key).toBeUndefined();
  });

  for (const [name, layout] of [
    ['upright', upright],
    ['lengthwise', lengthwise],
  ] as const) {
    it(`keeps every spot on the board and no two boxes over each other (${name})`, () => {
      const boxes: [string, Rect][] = [];
      for (const o of OPTIONS) {
        const p = roulettePlace(o.key)!;
        const r = layout(p);
        for (const v of [r.x, r.y, r.x + r.w, r.y + r.h]) expect(v, o.key).toBeGreaterThanOrEqual(0);
        for (const v of [r.x + r.w, r.y + r.h]) expect(v, o.key).toBeLessThanOrEqual(100);
        if (p.kind === 'box') boxes.push([o.key, r]);
        else expect([r.w, r.h], o.key).toEqual([0, 0]);
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, ra] = boxes[i]!;
          const [b, rb] = boxes[j]!;
          const overlapX = Math.min(ra.x + ra.w, rb.x + rb.w) - Math.max(ra.x, rb.x);
          const overlapY = Math.min(ra.y + ra.h, rb.y + rb.h) - Math.max(ra.y, rb.y);
          expect(overlapX > 0.05 && overlapY > 0.05, `${a} over ${b}`).toBe(false);
        }
      expect(sorted(boxes.map(([, r]) => r.x + r.w)).at(-1)).toBe(100);
    });
  }

  it('stands the phone layout with 0 on top, the wide one with 0 on the left and 3 above 1', () => {
    const z = roulettePlace('straight:0')!;
    expect(upright(z).y).toBe(0);
    expect(lengthwise(z).x).toBe(0);
    expect(lengthwise(roulettePlace('straight:3')!).y).toBeLessThan(lengthwise(roulettePlace('straight:1')!).y);
    expect(upright(roulettePlace('straight:1')!).x).toBeLessThan(upright(roulettePlace('straight:3')!).x);
  });
});

describe('the arrow keys on the roulette table', () => {
  // A 3 x 3 patch of numbers, 50 x 36 apart, and a small spot on the line between two of them.
  const grid = [
    { x: 0, y: 0 },
    { x: 50, y: 0 },
    { x: 100, y: 0 },
    { x: 0, y: 36 },
    { x: 50, y: 36 },
    { x: 100, y: 36 },
    { x: 25, y: 36 },
  ];
  it('follows the row or the column before a diagonal, and stops at the edge', () => {
    expect(nextInDirection({ x: 50, y: 0 }, grid, 'down')).toBe(4);
    expect(nextInDirection({ x: 0, y: 36 }, grid, 'right')).toBe(6);
    expect(nextInDirection({ x: 25, y: 36 }, grid, 'right')).toBe(4);
    expect(nextInDirection({ x: 50, y: 36 }, grid, 'up')).toBe(1);
    expect(nextInDirection({ x: 0, y: 0 }, grid, 'left')).toBe(-1);
    expect(nextInDirection({ x: 100, y: 36 }, grid, 'down')).toBe(-1);
  });
});
