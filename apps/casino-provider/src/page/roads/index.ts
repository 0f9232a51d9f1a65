// The road of past results (issue 26): the game's own road. STUB.
import type { TableView } from '../types.ts';

/** Draws the road of `view.road` in `host`; each round is a button that calls `open(roundId)`. */
export function renderRoad(host: HTMLElement, view: TableView, open: (roundId: string) => void): void {
  void host;
  void view;
  void open;
}
