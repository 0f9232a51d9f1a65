import { randomBytes } from 'node:crypto';
import type { CasinoRoundResult } from '@exchange/contracts';
import { DECKS, HashChain, Shoe, hmacFloatSource, type BetOption, type CasinoGame, type Deal } from '../games/index.ts';
import type { Clock } from '../lib/clock.ts';
import { memoryLog, type AppendLog, type Persisted } from '../lib/json-file.ts';

export interface RoundTimings {
  /** Betting window; defaults to the game's (30 s Teen Patti, 20 s others). */
  bettingMs?: number;
  /** Pause between two revealed cards. */
  revealMs: number;
  /** The dealing phase never runs longer than this (long Andar Bahar deals reveal faster). */
  maxDealMs: number;
  /** How long the result stays up before the next round opens. */
  resultMs: number;
}

export const DEFAULT_TIMINGS: RoundTimings = { revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 };
/** CASINO_FAST=1 (browser tests): short rounds. */
export const FAST_TIMINGS: RoundTimings = { bettingMs: 10_000, revealMs: 300, maxDealMs: 3000, resultMs: 2500 };

export type RoundPhase = 'betting' | 'dealing' | 'result';

/**
 * A change every page of the table must see: a round opens, betting closes (with the first card
 * when it turns at once), a card turns, the result shows. `at` is the table's clock at the change.
 */
export interface TableChange {
  kind: 'open' | 'close' | 'card' | 'result';
  roundId: string;
  at: number;
}

/** What a table keeps across restarts (one JSON file per table). */
export interface TableState {
  chain: { topSeed: string; length: number; clientSeed: string; terminalHash: string; createdAt: string };
  /** Next chain index to use. */
  nextIndex: number;
  /** Next round sequence number. */
  nextSeq: number;
}

export interface LiveRound {
  roundId: string;
  chainIndex: number;
  /** Secret until the round's result is shown. */
  serverSeed: string;
  clientSeed: string;
  /** SHA256(serverSeed): published when betting opens. */
  hash: string;
  terminalHash: string;
  deal: Deal<unknown>;
  cursors: number;
  /** Cards shown when betting opens. */
  openCount: number;
  options: BetOption[];
  phase: RoundPhase;
  openedAt: number;
  closesAt: number;
  /** Time each draw is revealed (open cards at openedAt). */
  revealAt: number[];
  resultAt: number;
  nextRoundAt: number;
  /** Draws revealed so far. */
  revealed: number;
  result?: CasinoRoundResult;
}

export interface TableOptions {
  clock: Clock;
  timings: RoundTimings;
  store: Persisted<TableState>;
  /** Every finished round, appended (memory only when absent). */
  results?: AppendLog<CasinoRoundResult>;
  /** Seeds per hash chain; a new chain (new terminal hash) starts when one is used up. */
  chainLength?: number;
  /** Finished rounds kept in memory (the results API pages through them). */
  historyLimit?: number;
  /** Called once per round when its result shows: settle the bets. Must not throw. */
  onResult?: (round: LiveRound, table: Table) => void;
}

/** Round ids: the game's digits + a 9-digit sequence, unique across tables and increasing per table. */
export function roundIdOf(gameCode: string, seq: number): string {
  return `${gameCode.replace(/\D/g, '')}${String(seq).padStart(9, '0')}`;
}

/**
 * One shared table of a game. Each round's deal is computed from its seeds when the round is
 * created, before betting opens; only the reveal is timed. Bets never reach this class.
 */
export class Table {
  current!: LiveRound;
  private state: TableState;
  private chain: HashChain;
  /** Finished rounds, newest first. */
  private finished: CasinoRoundResult[];
  private readonly results: AppendLog<CasinoRoundResult>;
  private timer: unknown = null;
  private running = false;
  private readonly listeners = new Set<(change: TableChange, table: Table) => void>();

  constructor(
    readonly game: CasinoGame,
    private readonly opts: TableOptions,
  ) {
    this.results = opts.results ?? memoryLog();
    this.finished = this.results.readAll().reverse().slice(0, opts.historyLimit ?? 2000);
    const saved = opts.store.read();
    const chainLength = opts.chainLength ?? 2000;
    if (saved && saved.nextIndex < saved.chain.length) {
      this.state = saved;
      this.chain = new HashChain(saved.chain.topSeed, saved.chain.length);
    } else {
      this.chain = HashChain.random(chainLength);
      // A fresh table starts its sequence at the seconds since 2023-11-14, so ids stay increasing
      // even if the data dir is wiped.
      const seq = saved?.nextSeq ?? Math.max(1, Math.floor(opts.clock.now() / 1000) - 1_700_000_000);
      this.state = { chain: this.chainInfo(), nextIndex: 0, nextSeq: seq };
    }
  }

  private chainInfo(): TableState['chain'] {
    return { topSeed: this.chain.topSeed, length: this.chain.length, clientSeed: randomBytes(8).toString('hex'), terminalHash: this.chain.terminalHash, createdAt: new Date(this.opts.clock.now()).toISOString() };
  }

  get code(): string {
    return this.game.gamecode;
  }
  /** Finished rounds, newest first. */
  get history(): readonly CasinoRoundResult[] {
    return this.finished;
  }
  get chainTerminalHash(): string {
    return this.state.chain.terminalHash;
  }
  get chainLength(): number {
    return this.state.chain.length;
  }

  /** Calls `listener` once per change (see TableChange); answers the unsubscribe. */
  onChange(listener: (change: TableChange, table: Table) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One call per step; a listener's fault must not stop the table's rounds. */
  private emit(kind: TableChange['kind']): void {
    const change: TableChange = { kind, roundId: this.current.roundId, at: this.opts.clock.now() };
    for (const listener of this.listeners) {
      try {
        listener(change, this);
      } catch {
        // a page that cannot be told is told at its next reconnect
      }
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.openRound();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.opts.clock.clearTimer(this.timer);
    this.timer = null;
  }

  private openRound(): void {
    if (this.state.nextIndex >= this.state.chain.length) {
      this.chain = HashChain.random(this.opts.chainLength ?? 2000);
      this.state = { ...this.state, chain: this.chainInfo(), nextIndex: 0 };
    }
    const { clock, timings } = this.opts;
    const engine = this.game.engine;
    const chainIndex = this.state.nextIndex;
    const seq = this.state.nextSeq;
    const roundId = roundIdOf(this.code, seq);
    const serverSeed = this.chain.seed(chainIndex);
    const clientSeed = this.state.chain.clientSeed;
    // The whole deal, fixed now, before a single bet can arrive.
    const floats = hmacFloatSource(serverSeed, clientSeed, roundId);
    const shoe = new Shoe(DECKS[engine.deck], floats);
    const deal = engine.deal(() => shoe.next());
    const openCount = engine.openCards;

    const now = clock.now();
    const closesAt = now + (timings.bettingMs ?? this.game.bettingMs);
    const toReveal = deal.draws.length - openCount;
    const gap = toReveal > 0 ? Math.min(timings.revealMs, Math.floor(timings.maxDealMs / toReveal)) : 0;
    // Betting closes with every card still face down (the wheel spinning, the dice in the air);
    // the first one turns a gap later, then one a gap.
    const revealAt = deal.draws.map((_, i) => (i < openCount ? now : closesAt + (i - openCount + 1) * gap));
    const resultAt = (revealAt[revealAt.length - 1] ?? closesAt) + Math.min(gap || timings.revealMs, 1500);

    this.current = {
      roundId,
      chainIndex,
      serverSeed,
      clientSeed,
      hash: this.chain.commitment(chainIndex),
      terminalHash: this.chain.terminalHash,
      deal,
      cursors: floats.cursors(),
      openCount,
      options: engine.options(deal.draws.slice(0, openCount)),
      phase: 'betting',
      openedAt: now,
      closesAt,
      revealAt,
      resultAt,
      nextRoundAt: resultAt + timings.resultMs,
      revealed: openCount,
    };
    this.state = { ...this.state, nextIndex: chainIndex + 1, nextSeq: seq + 1 };
    this.opts.store.write(this.state);
    this.schedule(closesAt, () => this.closeBetting());
    this.emit('open');
  }

  private schedule(at: number, fn: () => void): void {
    if (!this.running) return;
    this.timer = this.opts.clock.setTimer(fn, at - this.opts.clock.now());
  }

  private closeBetting(): void {
    this.current.phase = 'dealing';
    // The first card turns as betting closes: one change for both.
    this.revealNext('close');
  }

  private revealNext(kind: 'close' | 'card' = 'card'): void {
    const round = this.current;
    const now = this.opts.clock.now();
    const before = round.revealed;
    while (round.revealed < round.deal.draws.length && round.revealAt[round.revealed]! <= now) round.revealed++;
    if (round.revealed < round.deal.draws.length) this.schedule(round.revealAt[round.revealed]!, () => this.revealNext());
    else this.schedule(round.resultAt, () => this.showResult());
    if (kind === 'close' || round.revealed > before) this.emit(kind);
  }

  private showResult(): void {
    const round = this.current;
    const engine = this.game.engine;
    const label = DECKS[engine.deck].label;
    const outcome = engine.outcome(round.deal.result);
    round.phase = 'result';
    round.result = {
      roundId: round.roundId,
      gameCode: this.code,
      gamename: this.game.gamename,
      startedAt: new Date(round.openedAt).toISOString(),
      settledAt: new Date(this.opts.clock.now()).toISOString(),
      cards: round.deal.draws.map(label),
      hands: outcome.hands.map((h) => ({ name: h.name, cards: h.cards.map(label) })),
      winner: outcome.winner,
      description: outcome.description,
      proof: { serverSeed: round.serverSeed, clientSeed: round.clientSeed, hash: round.hash, chainTerminalHash: round.terminalHash, cursors: round.cursors, deck: engine.deck },
    };
    this.finished = [round.result, ...this.finished].slice(0, this.opts.historyLimit ?? 2000);
    this.results.append(round.result);
    this.schedule(round.nextRoundAt, () => this.openRound());
    // The pages see the result before the settlement of their bets is pushed to them.
    this.emit('result');
    this.opts.onResult?.(round, this);
  }
}
