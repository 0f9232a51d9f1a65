import { describe, expect, it } from 'vitest';
import { isValidPrice, LADDER, LADDER_SIZE, nearestValidPrice, priceToTick, tickDown, tickToPrice, tickUp } from './index.ts';

describe('price ladder', () => {
  it('has exactly 350 prices from 1.01 to 1000, strictly ascending', () => {
    expect(LADDER_SIZE).toBe(350);
    expect(LADDER[0]).toBe(101);
    expect(LADDER[349]).toBe(100000);
    for (let i = 1; i < LADDER_SIZE; i++) expect(LADDER[i]!).toBeGreaterThan(LADDER[i - 1]!);
  });

  it('steps by the band the price lies in, and the band tops are on the ladder', () => {
    const steps: Array<[number, number]> = [
      [101, 1], [199, 1], [200, 2], [298, 2], [300, 5], [395, 5], [400, 10], [590, 10], [600, 20], [980, 20],
      [1000, 50], [1950, 50], [2000, 100], [2900, 100], [3000, 200], [4800, 200], [5000, 500], [9500, 500],
      [10000, 1000], [99000, 1000],
    ];
    for (const [price, step] of steps) expect(tickUp(price) - price, `step above ${price}`).toBe(step);
    for (const top of [200, 300, 400, 600, 1000, 2000, 3000, 5000, 10000, 100000]) expect(isValidPrice(top)).toBe(true);
  });

  it('refuses prices off the ladder', () => {
    for (const bad of [100, 0, -101, 201, 303, 405, 610, 1010, 1025, 2050, 3100, 5200, 10500, 100001, 145.5, NaN, 1e9]) {
      expect(isValidPrice(bad), `${bad}`).toBe(false);
    }
    expect(() => priceToTick(201)).toThrow(RangeError);
    expect(() => tickToPrice(350)).toThrow(RangeError);
    expect(() => tickToPrice(-1)).toThrow(RangeError);
  });

  it('maps prices and ticks both ways', () => {
    for (let tick = 0; tick < LADDER_SIZE; tick++) expect(priceToTick(tickToPrice(tick))).toBe(tick);
    expect(priceToTick(101)).toBe(0);
    expect(priceToTick(200)).toBe(99);
    expect(priceToTick(202)).toBe(100);
    expect(priceToTick(100000)).toBe(349);
  });

  it('moves n ticks, clamped at the ends', () => {
    expect(tickUp(198, 3)).toBe(202);
    expect(tickDown(202, 2)).toBe(199);
    expect(tickUp(99000, 5)).toBe(100000);
    expect(tickDown(103, 10)).toBe(101);
    expect(tickUp(145, 0)).toBe(145);
  });

  it('finds the nearest ladder price, clamped, ties going up', () => {
    expect(nearestValidPrice(145)).toBe(145);
    expect(nearestValidPrice(201)).toBe(202); // half-way between 2.00 and 2.02
    expect(nearestValidPrice(302)).toBe(300);
    expect(nearestValidPrice(303)).toBe(305);
    expect(nearestValidPrice(721)).toBe(720);
    expect(nearestValidPrice(721, 'up')).toBe(740);
    expect(nearestValidPrice(739, 'down')).toBe(720);
    expect(nearestValidPrice(50)).toBe(101);
    expect(nearestValidPrice(2e6)).toBe(100000);
    for (const price of LADDER) expect(nearestValidPrice(price)).toBe(price);
  });
});
