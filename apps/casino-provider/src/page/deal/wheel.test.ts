import { describe, expect, it } from 'vitest';
import { RED_NUMBERS } from '../../games/roulette.ts';
import { colourOf, pocketAngle, POCKETS, restingAngle, STOP_MS, stopMs } from './wheel.ts';

describe('the roulette wheel', () => {
  it('has the 37 pockets of a European wheel, zero first', () => {
    expect(POCKETS).toHaveLength(37);
    expect(new Set(POCKETS).size).toBe(37);
    expect([...POCKETS].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(POCKETS[0]).toBe(0);
  });

  it('alternates red and black round the wheel after the zero, coloured as the engine', () => {
    for (let i = 1; i < 37; i++) expect(colourOf(POCKETS[i]!), String(POCKETS[i])).toBe(i % 2 === 1 ? 'red' : 'black');
    for (let n = 1; n <= 36; n++) expect(colourOf(n) === 'red').toBe(RED_NUMBERS.has(n));
    expect(colourOf(0)).toBe('green');
  });

  it('gives each pocket its angle clockwise from the zero', () => {
    expect(pocketAngle(0)).toBe(0);
    expect(pocketAngle(32)).toBeCloseTo(360 / 37);
    expect(pocketAngle(26)).toBeCloseTo((36 * 360) / 37);
    const angles = Array.from({ length: 37 }, (_, n) => pocketAngle(n));
    expect(new Set(angles).size).toBe(37);
    expect(() => pocketAngle(37)).toThrow(RangeError);
  });

  it('comes to rest with the pocket at the top, at least two turns on from where it was', () => {
    for (const from of [0, 123.4, -170, 359]) {
      for (let n = 0; n <= 36; n++) {
        const rest = restingAngle(n, from);
        expect(rest - from).toBeGreaterThanOrEqual(720);
        expect(rest - from).toBeLessThan(1080);
        const top = (((rest + pocketAngle(n)) % 360) + 360) % 360;
        expect(Math.min(top, 360 - top), `${n} from ${from}`).toBeCloseTo(0, 6);
      }
    }
  });

  it('spins a wheel at rest four turns down to the pocket', () => {
    const rest = restingAngle(17, 30, 4);
    expect(rest - 30).toBeGreaterThanOrEqual(4 * 360);
    expect(rest - 30).toBeLessThan(5 * 360);
  });

  it('slows down in the time left before the result shows, neither too quick nor too long', () => {
    expect(stopMs(10_000, 8_500)).toBe(1500);
    expect(stopMs(10_000, 9_900)).toBe(STOP_MS.min);
    expect(stopMs(10_000, 0)).toBe(STOP_MS.max);
  });
});
