import type { ServerResponse } from 'node:http';
import type { Clock } from '../lib/clock.ts';
import type { HistoryFrame, MineView, TableFrame } from '../page/types.ts';
import type { Table, TableChange } from '../rounds/table.ts';
import type { PlayerSession } from '../sessions/sessions.ts';

/**
 * The live table push (issue 26): server-sent event streams of the game pages. Every page of a
 * table gets one `table` frame per change, its text made once for all of them, and a `history`
 * frame of the finished rounds on connect and at each result (not with every card); the pages of a
 * player get `mine` frames when their bets or balance change. A page that reconnects gets the whole
 * state again, so frame ids are only there for the browser's bookkeeping: nothing is replayed.
 */
export interface TablePushOptions {
  clock: Clock;
  /** The table as every page sees it now, without its finished rounds. */
  tableFrame(table: Table): TableFrame;
  /** The table's finished rounds (sent on connect and at each result). */
  historyFrame(table: Table): HistoryFrame;
  /** A player's bets on the table (current and last round). */
  myBets(table: Table, session: PlayerSession): MineView['myBets'];
  /** Streams one session may hold; the oldest is closed when a new one comes. */
  maxPerSession?: number;
  /** Streams in all; a new one over it is refused (503). */
  maxStreams?: number;
  heartbeatMs?: number;
  /** A stream whose socket holds more than this unsent is dropped (it resumes on reconnect). */
  maxBufferedBytes?: number;
}

interface Stream {
  res: ServerResponse;
  table: Table;
  session?: PlayerSession;
  /** Numbers this stream's `mine` frames. */
  mineSeq: number;
}

/** Headers of a stream: never cached, never buffered by a proxy (nginx reads X-Accel-Buffering). */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
  // hijacked replies skip the app's onSend hook: the headers every answer carries, set here
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export const sseFrame = (event: string, id: string, data: string) =>
  `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;

export class TablePush {
  private readonly byTable = new Map<Table, Set<Stream>>();
  /** Streams of a session, oldest first. */
  private readonly bySession = new Map<string, Stream[]>();
  /** Streams of a player (every table): bets and balance are the player's. */
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly balances = new Map<string, number>();
  /** Each table's change count: the id of its frames. */
  private readonly versions = new Map<Table, number>();
  /** Players whose `mine` is due, by table code ('' = every table: a new balance). */
  private dirty = new Map<string, Set<string>>();
  private flushQueued = false;
  private heartbeat: unknown = null;
  private count = 0;
  /**
   * tableFanoutMs: time from a change to its frame handed to every socket (serialization and the
   * sockets' writes; an upper bound: other work of the same tick counts too), in all; maxFanoutMs: the longest.
   */
  readonly stats = {
    tableFrames: 0,
    tableWrites: 0,
    mineFrames: 0,
    dropped: 0,
    tableFanoutMs: 0,
    maxFanoutMs: 0,
  };

  constructor(private readonly opts: TablePushOptions) {}

  get streams(): number {
    return this.count;
  }

  /** Listens to the tables' changes and starts the heartbeat. */
  start(tables: Iterable<Table>): () => void {
    const offs = [...tables].map((t) => t.onChange((change, table) => this.tableChanged(change, table)));
    this.armHeartbeat();
    return () => {
      for (const off of offs) off();
      if (this.heartbeat !== null) this.opts.clock.clearTimer(this.heartbeat);
      this.heartbeat = null;
      for (const set of this.byTable.values()) for (const s of set) s.res.end();
    };
  }

  /** False when the provider holds as many streams as it may (the caller answers 503). */
  canOpen(): boolean {
    return this.count < (this.opts.maxStreams ?? 5000);
  }

  /** Starts a stream on a response the caller has taken over: the whole table, then the player's bets. */
  open(res: ServerResponse, table: Table, session: PlayerSession | undefined): void {
    // A page gone before its stream starts would never tell its close: nothing to hold.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;
    const stream: Stream = { res, table, mineSeq: 0, ...(session ? { session } : {}) };
    res.writeHead(200, STREAM_HEADERS);
    // `retry`: how soon the browser reconnects after a drop. The first table frame is made for this
    // page alone, so its serverNow is the connect time.
    const version = this.versions.get(table) ?? 0;
    res.write(
      `retry: 1000\n\n${sseFrame('history', `h${version}`, JSON.stringify(this.opts.historyFrame(table)))}${sseFrame('table', `t${version}`, JSON.stringify(this.opts.tableFrame(table)))}`,
    );
    this.add(stream);
    if (session) this.writeMine(stream);
    res.on('close', () => this.remove(stream));
  }

  /** The player's bets on a table changed: a `mine` frame to their pages of that table, soon (once per tick). */
  betsChanged(userId: number | string, gameCode: string): void {
    this.markDirty(String(userId), gameCode);
  }

  /** The wallet told the player's balance: a `mine` frame to each page of theirs. */
  balanceLearnt(userId: number | string, balance: number): void {
    // the same figure again (a page asking its balance) is no news
    if (this.balances.get(String(userId)) === balance) return;
    this.balances.set(String(userId), balance);
    this.markDirty(String(userId), '');
  }

  private tableChanged(change: TableChange, table: Table): void {
    const set = this.byTable.get(table);
    const version = (this.versions.get(table) ?? 0) + 1;
    this.versions.set(table, version);
    // nobody watches: no frame (a page that comes gets the whole table on connect)
    if (!set?.size) return;
    // Made once per change, the same text written to every page of the table.
    const started = performance.now();
    // Encoded once too: a string would be encoded again for each socket. The finished rounds go
    // only when a result adds one, before the table that shows it.
    const history = change.kind === 'result' ? sseFrame('history', `h${version}`, JSON.stringify(this.opts.historyFrame(table))) : '';
    const bytes = Buffer.from(history + sseFrame('table', `t${version}`, JSON.stringify(this.opts.tableFrame(table))));
    this.stats.tableFrames++;
    for (const stream of set) this.write(stream, bytes);
    this.stats.tableWrites += set.size;
    // Node sends a response's writes on the next tick (it corks the socket): timed once they have gone.
    setImmediate(() => {
      const took = performance.now() - started;
      this.stats.tableFanoutMs += took;
      this.stats.maxFanoutMs = Math.max(this.stats.maxFanoutMs, took);
    });
    // A new round: the players' `mine` moves on to it (its bets, and the last round's).
    if (change.kind === 'open')
      for (const stream of set) if (stream.session) this.markDirty(String(stream.session.userId), table.code);
  }

  private markDirty(userId: string, gameCode: string): void {
    if (!this.byUser.has(userId)) return;
    let codes = this.dirty.get(userId);
    if (!codes) this.dirty.set(userId, (codes = new Set()));
    codes.add(gameCode);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // After the current step: the bets of a settled round (and the table's frame) go as one.
    queueMicrotask(() => this.flushMine());
  }

  private flushMine(): void {
    this.flushQueued = false;
    const dirty = this.dirty;
    this.dirty = new Map();
    for (const [userId, codes] of dirty)
      for (const stream of this.byUser.get(userId) ?? [])
        if (codes.has('') || codes.has(stream.table.code)) this.writeMine(stream);
  }

  private writeMine(stream: Stream): void {
    const session = stream.session!;
    const balance = this.balances.get(String(session.userId));
    const mine: MineView = {
      roundId: stream.table.current.roundId,
      myBets: this.opts.myBets(stream.table, session),
      ...(balance === undefined ? {} : { balance }),
    };
    stream.mineSeq++;
    this.stats.mineFrames++;
    this.write(stream, sseFrame('mine', `m${stream.mineSeq}`, JSON.stringify(mine)));
  }

  private write(stream: Stream, text: string | Buffer): void {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    // A page that does not read (a stalled network) is dropped rather than buffered without end;
    // its browser reconnects and gets the whole state.
    if (res.writableLength > (this.opts.maxBufferedBytes ?? 1 << 20)) {
      this.stats.dropped++;
      res.destroy();
      return;
    }
    res.write(text);
  }

  private add(stream: Stream): void {
    this.count++;
    let set = this.byTable.get(stream.table);
    if (!set) this.byTable.set(stream.table, (set = new Set()));
    set.add(stream);
    const session = stream.session;
    if (!session) return;
    let users = this.byUser.get(String(session.userId));
    if (!users) this.byUser.set(String(session.userId), (users = new Set()));
    users.add(stream);
    const list = this.bySession.get(session.id) ?? [];
    list.push(stream);
    this.bySession.set(session.id, list);
    // A session's pages are a few tabs; more is a page reconnecting in a loop: the oldest goes.
    while (list.length > (this.opts.maxPerSession ?? 4)) {
      const oldest = list.shift()!;
      oldest.res.end();
      this.remove(oldest);
    }
  }

  private remove(stream: Stream): void {
    const set = this.byTable.get(stream.table);
    if (!set?.delete(stream)) return;
    this.count--;
    const session = stream.session;
    if (!session) return;
    const userId = String(session.userId);
    const users = this.byUser.get(userId);
    users?.delete(stream);
    if (users?.size === 0) this.byUser.delete(userId);
    const list = this.bySession.get(session.id)?.filter((s) => s !== stream) ?? [];
    if (list.length) this.bySession.set(session.id, list);
    else this.bySession.delete(session.id);
  }

  /** A comment on every stream now and then: proxies and the browser keep an idle stream open. */
  private armHeartbeat(): void {
    this.heartbeat = this.opts.clock.setTimer(() => {
      for (const set of this.byTable.values()) for (const s of set) this.write(s, ': hb\n\n');
      this.armHeartbeat();
    }, this.opts.heartbeatMs ?? 15_000);
  }
}
