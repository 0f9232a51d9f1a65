// Sic Bo's dice, rolled while the round deals. STUB.
import type { TableView } from '../types.ts';

/** Draws the three dice in the `Dice` slot: rolling while dealing, then the faces thrown. */
export function renderDice(slot: HTMLElement, view: TableView, now: number): void {
  void slot;
  void view;
  void now;
}
