// The deal (issue 26): cards laid face down and turned in the game's order, dice, the wheel. STUB.
import type { TableView } from '../types.ts';

/**
 * Lays the round's cards in their hand slots (`[data-hand=NAME] .hand-cards` under `root`): the
 * revealed ones face up, the `faceDown` ones face down; a card already on the table stays as it is,
 * so only a newly turned card plays its animation. A new round clears the slots. Called at every
 * table event. `now` is the server's clock as the page reckons it.
 */
export function renderDeal(root: HTMLElement, view: TableView, now: number): void {
  void root;
  void view;
  void now;
}
