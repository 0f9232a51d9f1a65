// The roulette wheel, spun while the round deals. STUB.
import type { TableView } from '../types.ts';

/** Draws the wheel in the `Wheel` slot: spinning while dealing, then the pocket the ball took. */
export function renderWheel(slot: HTMLElement, view: TableView, now: number): void {
  void slot;
  void view;
  void now;
}
