import { join } from 'node:path';
import { BetService, type Bet } from './bets/bets.ts';
import { GAMES } from './games/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { CasinoRoundResult } from '@exchange/contracts';
import { TablePush } from './live/table-push.ts';
import { JsonFile, JsonLinesFile, memoryLog, memoryPersisted, type Persisted } from './lib/json-file.ts';
import { DEFAULT_TIMINGS, Table, type RoundTimings, type TableState } from './rounds/table.ts';
import { historyFrame, myBetsOf, tableFrame } from './routes/views.ts';
import { SessionStore } from './sessions/sessions.ts';
import { WalletClient } from './wallet/client.ts';
import { Outbox, type OutboxDocument } from './wallet/outbox.ts';

export interface ProviderOptions {
  /** Platform origin for the wallet, e.g. http://127.0.0.1:3000. */
  platformUrl: string;
  providerId: string;
  /** Shared with the platform: signs wallet calls and checks launch calls. */
  secret: string;
  clock?: Clock;
  timings?: RoundTimings;
  /** Folder for the tables' chains and history, the outbox and open bets; memory only when absent. */
  dataDir?: string;
  /** Origin in launch URLs; else taken from the launch request's Host. */
  publicUrl?: string;
  /** Only these game codes get a running table (tests); every game when absent. */
  gameCodes?: string[];
  chainLength?: number;
  walletTimeoutMs?: number;
  outboxBaseDelayMs?: number;
  log?: (msg: string, data?: object) => void;
  /** The live push's limits (tests, the bench): streams per session and in all, heartbeat. */
  push?: { maxPerSession?: number; maxStreams?: number; heartbeatMs?: number };
}

export type ProviderServices = ReturnType<typeof createProviderServices>;

function persisted<T>(dataDir: string | undefined, file: string): Persisted<T> {
  return dataDir ? new JsonFile<T>(join(dataDir, file)) : memoryPersisted<T>();
}

/** The provider's stateful parts: tables, sessions, wallet client, outbox, bets. */
export function createProviderServices(opts: ProviderOptions) {
  const clock = opts.clock ?? systemClock;
  const wallet = new WalletClient({ platformUrl: opts.platformUrl, providerId: opts.providerId, secret: opts.secret, clock, timeoutMs: opts.walletTimeoutMs });
  const outbox = new Outbox({
    wallet,
    clock,
    store: persisted<OutboxDocument>(opts.dataDir, 'outbox.json'),
    baseDelayMs: opts.outboxBaseDelayMs,
    onFinal: (entry, answer) => bets.onOutboxFinal(entry, answer),
    log: opts.log,
  });
  // The pages' live push: told of every table change (below) and of the players' bets and balances.
  const push: TablePush = new TablePush({ clock, tableFrame: (table) => tableFrame({ clock }, table), historyFrame, myBets: (table, session) => myBetsOf({ bets }, table, session), ...opts.push });
  const bets: BetService = new BetService({
    wallet,
    outbox,
    clock,
    store: persisted<{ open: Bet[] }>(opts.dataDir, 'open-bets.json'),
    log: opts.log,
    events: { betsChanged: (userId, gameCode) => push.betsChanged(userId, gameCode), balanceLearnt: (userId, balance) => push.balanceLearnt(userId, balance) },
  });
  const sessions = new SessionStore(clock);
  const tables = new Map<string, Table>();
  let stopPush: (() => void) | null = null;
  for (const game of GAMES) {
    if (opts.gameCodes && !opts.gameCodes.includes(game.gamecode)) continue;
    tables.set(
      game.gamecode,
      new Table(game, {
        clock,
        timings: opts.timings ?? DEFAULT_TIMINGS,
        store: persisted<TableState>(opts.dataDir, `tables/${game.gamecode}.json`),
        results: opts.dataDir ? new JsonLinesFile<CasinoRoundResult>(join(opts.dataDir, `tables/${game.gamecode}.results.jsonl`)) : memoryLog<CasinoRoundResult>(),
        chainLength: opts.chainLength,
        onResult: (round, table) => bets.settleRound(round, table),
      }),
    );
  }
  return {
    options: opts,
    clock,
    wallet,
    outbox,
    bets,
    sessions,
    tables,
    push,
    start(): void {
      const recovered = bets.recover();
      if (recovered) opts.log?.('rolled back bets left open by the last run', { count: recovered });
      outbox.start();
      stopPush = push.start(tables.values());
      for (const t of tables.values()) t.start();
    },
    /** Ends the pages' streams (before the server closes: it waits for open connections). */
    endStreams(): void {
      stopPush?.();
      stopPush = null;
    },
    stop(): void {
      this.endStreams();
      for (const t of tables.values()) t.stop();
      outbox.stop();
    },
  };
}
