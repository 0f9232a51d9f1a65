import { describe, expect, it } from 'vitest';
import { barLayout } from './bar-layout';

const rows = (...values: number[]) => values.map((value, i) => ({ key: `k${i}`, label: `L${i}`, value }));
const shape = (values: number[]) =>
  barLayout(rows(...values)).bars.map(({ start, width, figureAt }) => ({ start, width, figureAt }));

describe('barLayout', () => {
  it('puts the axis on the left when the house only won, and scales bars to the largest', () => {
    const { zero } = barLayout(rows(400, 100));
    expect(zero).toBe(0);
    expect(shape([400, 100])).toEqual([
      { start: 0, width: 100, figureAt: null },
      // A short bar: its figure just past its end.
      { start: 0, width: 25, figureAt: { left: 25 } },
    ]);
  });

  it('places the axis so that the largest loss and the largest win both fit', () => {
    const { zero } = barLayout(rows(300, -100));
    expect(zero).toBe(25);
    expect(shape([300, -100])).toEqual([
      { start: 25, width: 75, figureAt: null },
      // A loss grows left from the axis; no room left of it, so its figure goes right of the axis.
      { start: 0, width: 25, figureAt: { left: 25 } },
    ]);
  });

  it('writes a small win across the axis when the losses take the room on the right', () => {
    expect(shape([-900, 100])).toEqual([
      { start: 0, width: 90, figureAt: null },
      { start: 90, width: 10, figureAt: { right: 10 } },
    ]);
    // A small loss with room on its left: the figure just before its start.
    expect(shape([-100, 300])[0]).toEqual({ start: 0, width: 25, figureAt: { left: 25 } });
    expect(shape([-50, -400, 100])[0]).toEqual({ start: 80 - 10, width: 10, figureAt: { right: 30 } });
  });

  it('draws nothing for an empty or all-zero chart, figures at the axis', () => {
    expect(barLayout([]).bars).toEqual([]);
    expect(shape([0, 0])).toEqual([
      { start: 0, width: 0, figureAt: { left: 0 } },
      { start: 0, width: 0, figureAt: { left: 0 } },
    ]);
  });
});
