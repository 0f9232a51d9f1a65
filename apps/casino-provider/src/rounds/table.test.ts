import type { CasinoRoundResult } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { drawLabels, findGame, floatsFromBlocks, sha256Hex, type DeckId } from '../games/index.ts';
import { createHmac } from 'node:crypto';
import { FakeClock } from '../lib/clock.ts';
import { memoryLog, memoryPersisted } from '../lib/json-file.ts';
import { Table, type LiveRound, type TableState } from './table.ts';

const timings = { bettingMs: 20_000, revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 };

function makeTable(code = 'imlive1001', store = memoryPersisted<TableState>(), results = memoryLog<CasinoRoundResult>()) {
  const clock = new FakeClock();
  const settled: LiveRound[] = [];
  const table = new Table(findGame(code)!, { clock, timings, store, results, chainLength: 50, onResult: (r) => settled.push(r) });
  return { clock, table, settled, store };
}

describe('round engine', () => {
  it('runs betting -> dealing (one card every 3 s) -> result -> next round', () => {
    const { clock, table, settled } = makeTable();
    table.start();
    const first = table.current;
    expect(first.phase).toBe('betting');
    expect(first.revealed).toBe(0);
    expect(first.closesAt - first.openedAt).toBe(20_000);
    clock.advance(19_999);
    expect(first.phase).toBe('betting');
    clock.advance(1);
    // Betting closes with every card face down; the first turns 3 s later, then one every 3 s.
    expect(first.phase).toBe('dealing');
    expect(first.revealed).toBe(0);
    clock.advance(3000);
    expect(first.revealed).toBe(1);
    clock.advance(3000);
    expect(first.revealed).toBe(2);
    clock.advance(3000 * 4);
    expect(first.revealed).toBe(6);
    expect(first.phase).toBe('dealing');
    clock.advance(1500);
    expect(first.phase).toBe('result');
    expect(settled).toEqual([first]);
    expect(table.history[0]!.roundId).toBe(first.roundId);
    clock.advance(5000);
    expect(table.current).not.toBe(first);
    expect(Number(table.current.roundId)).toBe(Number(first.roundId) + 1);
    expect(table.current.phase).toBe('betting');
  });

  it('uses 30 s betting for Teen Patti when no override is given, and shows Hi Low’s base card at open', () => {
    const clock = new FakeClock();
    const tp = new Table(findGame('imlive1001')!, { clock, timings: { revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 }, store: memoryPersisted() });
    tp.start();
    expect(tp.current.closesAt - tp.current.openedAt).toBe(30_000);
    const hilo = new Table(findGame('imlive1006')!, { clock, timings: { revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 }, store: memoryPersisted() });
    hilo.start();
    expect(hilo.current.closesAt - hilo.current.openedAt).toBe(20_000);
    expect(hilo.current.revealed).toBe(1);
    expect(hilo.current.options.length).toBeGreaterThan(0);
  });

  it('fixes the deal before betting opens, from the chain seed, and the published proof reproduces it', () => {
    const { clock, table } = makeTable();
    table.start();
    const round = table.current;
    const dealtAtOpen = round.deal.draws.slice();
    expect(round.hash).toBe(sha256Hex(round.serverSeed));
    clock.advance(60_000);
    const result = table.history.find((r) => r.roundId === round.roundId)!;
    expect(result.cards.length).toBe(dealtAtOpen.length);
    const { serverSeed, clientSeed, cursors, deck, hash, chainTerminalHash } = result.proof;
    expect(sha256Hex(serverSeed)).toBe(hash);
    expect(hash).toBe(chainTerminalHash); // the first round of a chain is committed by the terminal hash
    const blocks = Array.from({ length: cursors }, (_, c) => Uint8Array.from(createHmac('sha256', serverSeed).update(`${clientSeed}:${round.roundId}:${c}`).digest()));
    expect(drawLabels(deck as DeckId, floatsFromBlocks(blocks), result.cards.length)).toEqual(result.cards);
  });

  it('consumes seeds down the chain: each revealed seed hashes to the previous one', () => {
    const { clock, table } = makeTable();
    table.start();
    clock.advance(60_000 * 4);
    const [newer, older] = table.history;
    expect(sha256Hex(newer!.proof.serverSeed)).toBe(older!.proof.serverSeed);
    expect(newer!.proof.hash).toBe(older!.proof.serverSeed);
  });

  it('starts a new chain when one is used up', () => {
    const { clock, table } = makeTable();
    table.start();
    const firstTerminal = table.chainTerminalHash;
    clock.advance(60_000 * 55);
    expect(table.chainTerminalHash).not.toBe(firstTerminal);
    expect(table.history[0]!.proof.chainTerminalHash).toBe(table.chainTerminalHash);
  });

  it('keeps increasing round ids and the chain position across a restart', () => {
    const store = memoryPersisted<TableState>();
    const results = memoryLog<CasinoRoundResult>();
    const a = makeTable('imlive1004', store, results);
    a.table.start();
    a.clock.advance(45_000 * 3);
    const last = a.table.current.roundId;
    a.table.stop();
    const b = makeTable('imlive1004', store, results);
    b.table.start();
    expect(Number(b.table.current.roundId)).toBe(Number(last) + 1);
    expect(b.table.history.length).toBe(a.table.history.length);
    expect(sha256Hex(b.table.current.serverSeed)).toBe(a.table.current.serverSeed);
  });

  it('reveals long Andar Bahar deals faster so dealing stays within maxDealMs', () => {
    const { table } = makeTable('imlive1013');
    table.start();
    const r = table.current;
    expect(r.revealed).toBe(1); // the joker
    expect(r.revealAt[r.revealAt.length - 1]! - r.closesAt).toBeLessThanOrEqual(24_000);
  });

  it('tells its listeners once per step a page must see: open, close (every card face down), each card, the result', () => {
    const { clock, table, settled } = makeTable();
    const seen: string[] = [];
    table.onChange((change, t) => seen.push(`${change.kind} ${t.current.revealed} ${change.at - t.current.openedAt} settled:${settled.length}`));
    table.start();
    clock.advance(20_000 + 6 * 3000 + 1500 + 5000);
    expect(seen).toEqual([
      'open 0 0 settled:0',
      'close 0 20000 settled:0',
      ...[1, 2, 3, 4, 5, 6].map((n) => `card ${n} ${20_000 + n * 3000} settled:0`),
      // the pages see the result before its bets are settled (and pushed to their players)
      'result 6 39500 settled:0',
      'open 0 0 settled:1',
    ]);
  });
});
