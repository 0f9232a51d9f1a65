// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { RoadEntry, TableView } from '../types.ts';
import { renderRoad } from './index.ts';

function view(engine: string, road: RoadEntry[]): TableView {
  return { game: { engine }, road } as unknown as TableView;
}
/** A road of baccarat results, newest first as the view carries it. */
const baccarat = (winners: string[]): RoadEntry[] =>
  winners.map((winner, i) => ({
    roundId: String(100 + i),
    winner,
    hands: [
      { name: 'Player', cards: i === 0 ? ['4H', '4S'] : ['2H', '3S'] },
      { name: 'Banker', cards: ['KD', 'QC'] },
    ],
  }));

describe('renderRoad', () => {
  it("draws baccarat's bead road and big road, each result a named button that opens its round", () => {
    const host = document.createElement('div');
    const open = vi.fn();
    renderRoad(host, view('baccarat', baccarat(['Player 8', 'Tie', 'Banker 7', 'Banker 6'])), open);
    const bead = [...host.querySelectorAll<HTMLButtonElement>('.road-bead button')];
    // Oldest first, down the column.
    expect(bead.map((b) => b.dataset.round)).toEqual(['103', '102', '101', '100']);
    // Each shows its mark and is named by it, the round and winner said first for a listener.
    expect(bead.map((b) => b.querySelector('.road-mark')!.textContent)).toEqual(['B', 'B', 'T', 'P']);
    expect(bead[3]!.getAttribute('aria-label')).toBeNull();
    expect(bead[3]!.textContent).toBe('Round 100: Player 8, player pair. P');
    // The big road: banker's streak, then the player's column; the tie on the banker's last cell.
    const big = [...host.querySelectorAll<HTMLButtonElement>('.road-big button')];
    expect(big.map((b) => `${b.style.gridColumn},${b.style.gridRow}`)).toEqual(['1,1', '1,2', '2,1']);
    expect(big[1]!.querySelector('.sr')!.textContent).toBe('Round 102: Banker 7, then a tie. ');
    bead[0]!.click();
    expect(open).toHaveBeenCalledWith('103');
  });

  it('enters each road on its newest result and walks it with the arrow keys', () => {
    const host = document.createElement('div');
    document.body.append(host);
    renderRoad(host, view('teenpatti2020', baccarat(['Player A', 'Player B', 'Tie'])), () => {});
    const cells = [...host.querySelectorAll<HTMLButtonElement>('.road-cell')];
    expect(cells.map((c) => c.tabIndex)).toEqual([-1, -1, 0]);
    cells[2]!.focus();
    cells[2]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(document.activeElement).toBe(cells[1]);
  });

  it('draws again only when the road changes', () => {
    const host = document.createElement('div');
    const road = baccarat(['Player 8']);
    renderRoad(host, view('baccarat', road), () => {});
    const first = host.querySelector('.road');
    renderRoad(host, view('baccarat', road), () => {});
    expect(host.querySelector('.road')).toBe(first);
    renderRoad(
      host,
      view('baccarat', [...baccarat(['Banker 9']).map((e) => ({ ...e, roundId: '200' })), ...road]),
      () => {},
    );
    expect(host.querySelector('.road')).not.toBe(first);
  });

  it("shows Lucky 7's results with their card", () => {
    const host = document.createElement('div');
    renderRoad(
      host,
      view('lucky7', [{ roundId: '7', winner: 'High', hands: [{ name: 'Card', cards: ['KH'] }] }]),
      () => {},
    );
    // Named by what it shows (label in name), the round and winner before it for a listener.
    const tile = host.querySelector('.road-cell')!;
    expect(tile.getAttribute('aria-label')).toBeNull();
    expect(tile.textContent).toBe('Round 7: High. HK♥');
    expect(tile.querySelector('.sr')!.textContent).toBe('Round 7: High. ');
    expect(host.querySelector('.road-card.red')).not.toBeNull();
  });
});
