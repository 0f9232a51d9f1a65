import { describe, expect, it } from 'vitest';
import { sicBo } from '../../games/sic-bo.ts';
import { diceReading, PIPS } from './dice.ts';

describe('the dice', () => {
  it('draws each face with as many pips as its number, each in its own place', () => {
    for (let n = 1; n <= 6; n++) {
      const pips = PIPS[n]!;
      expect(pips).toHaveLength(n);
      expect(new Set(pips.map(([x, y]) => `${x},${y}`)).size).toBe(n);
      for (const [x, y] of pips) expect([x, y].every((v) => v >= 0 && v <= 2)).toBe(true);
    }
  });

  it('reads every throw as the engine settles it (total, Small / Big, Triple)', () => {
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) expect(diceReading([a, b, c])).toBe(sicBo.outcome({ dice: [a, b, c] }).winner);
  });
});
