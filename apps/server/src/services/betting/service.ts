/**
 * The betting service: the in-memory state of each market (book, open orders, positions), one
 * async queue per market so bets on a market are handled one at a time in this process, and
 * the calls of bettors (place, cancel), of the operator and of the feed (create markets, status,
 * rates, lines, non-runners, results). Callable from code as well as over HTTP.
 *
 * Bet path (docs/adr/0015-bet-path.md): check and match in memory against the book of market
 * version V, then write the whole result with the chosen writer, which succeeds only if the
 * market is still at V and the bettor can afford the exposure. A stale version (another
 * process moved the market) reloads the market and matches again. Operator changes are
 * transactions that lock the market row, then the accounts in id order; the market is reloaded
 * from the database afterwards.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type {
  Balance,
  BinarySession,
  CancelledBet,
  MarketKind,
  MarketStatus,
  MarketType,
  PlacedBet,
  StatusChange,
} from '@exchange/contracts';
import { SPORT } from '@exchange/contracts';
import {
  removalCancelsLays,
  reducedPrice,
  reductionApplies,
  rupeesToPaise,
  tickOfPrice,
  type Fill,
  type Persistence,
  type Side,
} from '@exchange/engine';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, marketPositions, markets, matches, orders, runners } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { balanceView } from '../ledger.ts';
import type { Clock } from '../../lib/time.ts';
import {
  CommitFeed,
  betCommitted,
  marketTxCommitted,
  snapshotMarket,
  type CommitListener,
  type MarketCommitted,
  type MatchCommitted,
  type MatchListener,
  type MarketSnapshot,
} from './commits.ts';
import { SESSION_HOURS, describeHours, withinSessionHours, type SessionHours } from './hours.ts';
import { IdAllocator } from './ids.ts';
import { loadMarkets, remainingOf, type MarketState, type OpenOrder } from './market-state.ts';
import { UserPosition } from './positions.ts';
import { lockAccounts } from './postings.ts';
import { refuse } from './refusals.ts';
import { declareResultInTx, rollbackInTx, type ResultInput } from './settlement.ts';
import { writeBetBatch, writeBetStatement } from './statement-writer.ts';
import {
  orderByClientRef,
  writeBetTransaction,
  type BetPlan,
  type BetWriter,
  type ExposureWrite,
  type FillWrite,
  type MakerWrite,
  type OrderRow,
} from './writer.ts';

export type BetPathMode = 'transaction' | 'statement';

export interface BettingOptions {
  /** 'statement' (default): one data-modifying statement per bet; 'transaction': several statements in one transaction. */
  betPath?: BetPathMode;
  /** Waits for the in-play bet delay (tests may shorten time). */
  sleep?: (ms: number) => Promise<void>;
}

export interface PlaceOptions {
  /** The operator's own liquidity (the market maker, the feed): no in-play bet delay. */
  noDelay?: boolean;
}

interface BetRequest {
  userId: number;
  marketId: number;
  kind: MarketKind;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  selectionId: number | null;
  /** Exchange: decimal odds in hundredths; bookmaker: the rate asked; fancy: the rate asked. */
  price: number;
  /** Fancy: the line asked. */
  line: number | null;
  stakePaise: number;
  clientRef: string | null;
  persistence: Persistence;
  requestKey: string;
}

interface QueuedBet {
  req: BetRequest;
  resolve: (bet: PlacedBet) => void;
  reject: (error: unknown) => void;
}
const MAX_BATCH = 64;

interface Pending {
  plan: BetPlan;
  positions: Map<number, UserPosition>;
  makers: MakerWrite[];
  resting: OpenOrder | null;
  bookMutated: boolean;
}

export interface CreateMarketInput {
  matchId: number;
  raceId?: number | null;
  kind: MarketKind;
  marketType: MarketType;
  name: string;
  runners?: { selectionId?: number; name: string; backRate?: number | null; layRate?: number | null }[];
  status?: MarketStatus;
  inPlay?: boolean;
  startTime?: Date;
  minStakePaise?: number;
  maxStakePaise?: number;
  maxProfitPaise?: number;
  betDelayMs?: number;
  commissionBps?: number;
  places?: number;
  sort?: number;
  fancy?: { noLine: number; noRate: number; yesLine: number; yesRate: number };
  session?: SessionHours;
  externalKey?: string;
}

const DEFAULT_LIMITS: Record<
  MarketKind,
  { min: number; max: number; profit: number; commissionBps: number }
> = {
  EXCHANGE: { min: 10_000, max: 50_000_000, profit: 250_000_000, commissionBps: 200 },
  BOOKMAKER: { min: 10_000, max: 20_000_000, profit: 100_000_000, commissionBps: 0 },
  FANCY: { min: 10_000, max: 5_000_000, profit: 25_000_000, commissionBps: 0 },
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the feed may change on a match row. */
export type MatchChange = Partial<Pick<typeof matches.$inferInsert, 'score' | 'feedState' | 'inPlay' | 'isActive'>>;

export class BettingService {
  private readonly states = new Map<number, MarketState>();
  private readonly stale = new Set<number>();
  private readonly tails = new Map<number, Promise<unknown>>();
  /** Per market, the batch of bets still taking newcomers (statement path). */
  private readonly openBatches = new Map<number, QueuedBet[]>();
  /** Open exchange order id -> its market, for cancels. */
  private readonly orderMarket = new Map<number, number>();
  private readonly accountIds = new Map<number, number>();
  private readonly ids: IdAllocator;
  private readonly writer: BetWriter;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly betPath: BetPathMode;
  /** Group commits written, and the bets they carried. */
  readonly stats = { batches: 0, batchedBets: 0 };
  /** Told after each committed change of a market (the live push, ADR 22). */
  private readonly committed = new CommitFeed();
  /** Told after each committed change of a match row (the live score, ADR 22). */
  private readonly matchCommitted = new CommitFeed<MatchCommitted>();

  constructor(
    readonly db: Db,
    readonly clock: Clock,
    options: BettingOptions = {},
  ) {
    this.ids = new IdAllocator(db);
    this.betPath = options.betPath ?? 'statement';
    this.writer = this.betPath === 'transaction' ? writeBetTransaction : writeBetStatement;
    this.sleep = options.sleep ?? realSleep;
  }

  /**
   * Calls `listener` after every committed change of a market (bets, cancels, status, rates,
   * lines, non-runners, settlements, rollbacks) with the users and bets it touched. Returns the
   * unsubscribe.
   */
  onCommitted(listener: CommitListener): () => void {
    return this.committed.on(listener);
  }

  /** Calls `listener` after every committed `updateMatch` (score, state, in play, listed). */
  onMatchCommitted(listener: MatchListener): () => void {
    return this.matchCommitted.on(listener);
  }

  /**
   * Writes the feed's news of a match (its score line, the game state behind it, in play,
   * listed) in one update of its row, then tells the listeners, so the live push carries the
   * score to the match's page as it carries its markets' changes.
   */
  async updateMatch(matchId: number, change: MatchChange): Promise<void> {
    if (Object.values(change).every((v) => v === undefined)) return;
    await this.db.update(matches).set(change).where(eq(matches.matchId, matchId));
    this.matchCommitted.emit({ matchId, committedAt: Date.now() });
  }

  // ---- queue and state ----------------------------------------------------------------------

  /** Runs fn after everything queued before it on the same market (one at a time per market). */
  serial<T>(marketId: number, fn: () => Promise<T>): Promise<T> {
    // Bets arriving after this change must wait for it: they start a new batch.
    this.openBatches.delete(marketId);
    return this.chain(marketId, fn);
  }

  private chain<T>(marketId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(marketId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.tails.set(marketId, tail);
    void tail.then(() => {
      if (this.tails.get(marketId) === tail) this.tails.delete(marketId);
    });
    return run;
  }

  /**
   * Queues a bet on its market. On the statement path, bets that arrive while the market is busy
   * join one batch, written with one commit (group commit); each is still matched and checked
   * one after another, in arrival order.
   */
  private enqueueBet(req: BetRequest): Promise<PlacedBet> {
    if (this.betPath !== 'statement') return this.serial(req.marketId, () => this.placeNow(req));
    return new Promise<PlacedBet>((resolve, reject) => {
      const queued: QueuedBet = { req, resolve, reject };
      const open = this.openBatches.get(req.marketId);
      if (open && open.length < MAX_BATCH) {
        open.push(queued);
        return;
      }
      const batch = [queued];
      this.openBatches.set(req.marketId, batch);
      void this.chain(req.marketId, async () => {
        if (this.openBatches.get(req.marketId) === batch) this.openBatches.delete(req.marketId);
        await this.runBatch(req.marketId, batch);
      });
    });
  }

  /** Places a batch of queued bets: together when they all go through as planned, else one by one. */
  private async runBatch(marketId: number, batch: QueuedBet[]): Promise<void> {
    const one = async (q: QueuedBet) => {
      try {
        q.resolve(await this.placeNow(q.req));
      } catch (error) {
        q.reject(error);
      }
    };
    if (batch.length === 1) return one(batch[0]!);
    let market: MarketState;
    try {
      market = await this.state(marketId);
    } catch (error) {
      for (const q of batch) q.reject(error);
      return;
    }
    const planned: { q: QueuedBet; pending: Pending }[] = [];
    const alone: QueuedBet[] = [];
    try {
      for (const q of batch) {
        let price: number;
        try {
          price = this.check(market, q.req);
        } catch {
          alone.push(q); // refused here: the single path decides (and checks freshness)
          continue;
        }
        const pending = market.book
          ? await this.matchExchange(market, q.req)
          : await this.planHouseBet(market, q.req, price);
        // Memory moves ahead bet by bet; if the batch fails, the market is reloaded.
        this.commitBet(market, pending);
        planned.push({ q, pending });
      }
    } catch (error) {
      this.stale.add(marketId);
      for (const q of batch) q.reject(error);
      return;
    }
    const outcome =
      planned.length > 0
        ? await writeBetBatch(
            this.db,
            planned.map((p) => p.pending.plan),
          )
        : { written: [] };
    const written = outcome?.written ?? [];
    written.forEach((w, i) => {
      const { q, pending } = planned[i]!;
      // Memory holds the whole batch: it is the state committed by the last bet only, and only
      // if all of it was written. The bets before it go without a state, so a listener takes one
      // snapshot per batch, not one per bet.
      const last = i === planned.length - 1;
      this.committed.emit(betCommitted(pending.plan, last ? market : null));
      q.resolve(placedAnswer(pending.plan.order, false, w.balancePaise, w.exposurePaise));
    });
    if (written.length > 0) {
      this.stats.batches++;
      this.stats.batchedBets += written.length;
    }
    if (written.length < planned.length) {
      // Memory ran ahead of what was written: reload, and place the rest one by one.
      this.stale.add(marketId);
      let rest = planned.slice(written.length).map((p) => p.q);
      if (outcome?.stopped === 'funds') {
        // Refused on exactly the state it would have met alone.
        rest[0]!.reject(refuse.insufficientFunds());
        rest = rest.slice(1);
      }
      alone.unshift(...rest);
    }
    for (const q of alone) await one(q);
  }

  /** The market's state; loads it when absent or stale. Call inside serial(marketId). */
  private async state(marketId: number): Promise<MarketState> {
    const known = this.states.get(marketId);
    if (known && !this.stale.has(marketId)) return known;
    return this.reload(marketId);
  }

  private async reload(marketId: number, db: DbOrTx = this.db): Promise<MarketState> {
    const loaded = (await loadMarkets(db, [marketId])).get(marketId);
    this.uninstall(marketId);
    if (!loaded) throw refuse.marketNotFound();
    this.install(loaded);
    return loaded;
  }

  private install(state: MarketState): void {
    this.states.set(state.id, state);
    this.stale.delete(state.id);
    for (const id of state.openOrders.keys()) this.orderMarket.set(id, state.id);
  }

  private uninstall(marketId: number): void {
    const old = this.states.get(marketId);
    if (old) for (const id of old.openOrders.keys()) this.orderMarket.delete(id);
    this.states.delete(marketId);
  }

  /** The state for reading outside the queue (loads through the queue when needed). */
  async peek(marketId: number): Promise<MarketState> {
    const known = this.states.get(marketId);
    if (known && !this.stale.has(marketId)) return known;
    return this.chain(marketId, () => this.state(marketId));
  }

  /**
   * The market as committed: waits for the work queued on it (a group commit's book runs ahead
   * of its commit), then reloads it if stale. What the live push reads.
   */
  committedState(marketId: number): Promise<MarketState> {
    return this.chain(marketId, () => this.state(marketId));
  }

  /**
   * States for reading, at least as new as the given database versions: markets never loaded, or
   * behind (another process moved them), are (re)loaded through their queues.
   */
  async statesAtLeast(versions: ReadonlyMap<number, number>): Promise<Map<number, MarketState>> {
    const out = new Map<number, MarketState>();
    const missing = [...versions.keys()].filter((id) => !this.states.has(id));
    if (missing.length > 0) {
      const loaded = await loadMarkets(this.db, missing);
      await Promise.all(
        [...loaded.values()].map((s) =>
          this.chain(s.id, async () => {
            if (!this.states.has(s.id)) this.install(s);
          }),
        ),
      );
    }
    await Promise.all(
      [...versions].map(async ([id, version]) => {
        let state = this.states.get(id);
        if (!state || state.version < version || this.stale.has(id)) {
          state = await this.chain(id, async () => {
            const s = this.states.get(id);
            return s && s.version >= version && !this.stale.has(id) ? s : this.reload(id);
          });
        }
        out.set(id, state);
      }),
    );
    return out;
  }

  /** Whether the database holds a newer version of the market than memory (one cheap read). */
  private async isBehind(market: MarketState): Promise<boolean> {
    const [row] = await this.db
      .select({ version: markets.version })
      .from(markets)
      .where(eq(markets.id, market.id));
    return row !== undefined && row.version !== market.version;
  }

  /** Drops every cached market (tests: as after a restart). */
  forgetAll(): void {
    this.states.clear();
    this.stale.clear();
    this.orderMarket.clear();
  }

  async accountIdOf(userId: number, db: DbOrTx = this.db): Promise<number> {
    const known = this.accountIds.get(userId);
    if (known !== undefined) return known;
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    if (!row) throw new Error(`User ${userId} has no ledger account`);
    this.accountIds.set(userId, row.id);
    return row.id;
  }

  // ---- placing bets -------------------------------------------------------------------------

  async placeMarketBet(
    userId: number,
    body: {
      market_id: number;
      selection_id: number;
      is_back: number;
      odds: number;
      stake: number;
      client_ref?: string | undefined;
      persistence?: Persistence | undefined;
    },
    options: PlaceOptions = {},
  ): Promise<PlacedBet> {
    const stakePaise = stakeToPaise(body.stake);
    const market = await this.peek(body.market_id);
    const kind = market.row.kind;
    if (kind === 'FANCY') throw refuse.wrongMarket('This is a fancy market: place it with placeFancyBet');
    const side: Side = body.is_back === 1 ? 'BACK' : 'LAY';
    let price: number;
    if (kind === 'EXCHANGE') {
      price = Math.round(body.odds * 100);
      if (!Number.isFinite(body.odds) || Math.abs(body.odds * 100 - price) > 1e-6 || tickOfPrice(price) < 0) {
        throw refuse.invalidOdds('Odds must be a valid exchange price between 1.01 and 1000');
      }
    } else {
      if (!Number.isInteger(body.odds) || body.odds < 1 || body.odds > 99_899)
        throw refuse.invalidOdds('The bookmaker rate must be a whole number such as 45');
      price = 100 + body.odds;
    }
    return this.place(
      {
        userId,
        marketId: market.id,
        kind,
        side,
        selectionId: body.selection_id,
        price,
        line: null,
        stakePaise,
        clientRef: body.client_ref ?? null,
        persistence: kind === 'EXCHANGE' ? (body.persistence ?? 'LAPSE') : 'PERSIST',
        requestKey: `${market.id}|${body.selection_id}|${side}|${price}|${stakePaise}`,
      },
      options,
    );
  }

  async placeFancyBet(
    userId: number,
    body: {
      fancy_id: number;
      is_back: number;
      run: number;
      rate: number;
      stake: number;
      client_ref?: string | undefined;
    },
    options: PlaceOptions = {},
  ): Promise<PlacedBet> {
    const stakePaise = stakeToPaise(body.stake);
    const market = await this.peek(body.fancy_id);
    if (market.row.kind !== 'FANCY')
      throw refuse.wrongMarket('This is not a fancy market: place it with placeMarketBet');
    if (!Number.isInteger(body.run) || body.run < 0)
      throw refuse.invalidOdds('The line must be a whole number of runs');
    if (!Number.isInteger(body.rate) || body.rate < 1 || body.rate > 100_000)
      throw refuse.invalidOdds('The rate must be a whole number such as 100');
    const side = body.is_back === 1 ? 'YES' : 'NO';
    return this.place(
      {
        userId,
        marketId: market.id,
        kind: 'FANCY',
        side,
        selectionId: null,
        price: body.rate,
        line: body.run,
        stakePaise,
        clientRef: body.client_ref ?? null,
        persistence: 'PERSIST',
        requestKey: `${market.id}||${side}|${body.rate}|${body.run}|${stakePaise}`,
      },
      options,
    );
  }

  private async place(req: BetRequest, options: PlaceOptions): Promise<PlacedBet> {
    try {
      // Refuse at once what is refused now; in play, wait the bet delay and check again.
      const market = await this.peek(req.marketId);
      try {
        this.check(market, req);
      } catch (error) {
        // Another process may have reopened the market or moved its rates: the queue reloads and decides.
        if (!(error instanceof AppError) || !(await this.isBehind(market))) throw error;
      }
      if (market.row.inPlay && market.row.betDelayMs > 0 && !options.noDelay)
        await this.sleep(market.row.betDelayMs);
      return await this.enqueueBet(req);
    } catch (error) {
      // A repeat of an accepted bet gets its first answer even if the market has moved on since.
      if (req.clientRef && error instanceof AppError && error.code !== 'DUPLICATE_BET') {
        const existing = await orderByClientRef(this.db, req.userId, req.clientRef);
        if (existing) return this.repeatAnswer(existing, req);
      }
      throw error;
    }
  }

  /**
   * Optimistic first: match against the book in memory and write if the market is still at that
   * version. When another process keeps moving the market (a stale version twice), the bet takes
   * the market row lock, reloads the market under it and writes in the same transaction, so a
   * hot market shared by several processes cannot starve a bet.
   */
  private async placeNow(req: BetRequest): Promise<PlacedBet> {
    for (let attempt = 0; attempt < 2; attempt++) {
      let market = await this.state(req.marketId);
      try {
        this.check(market, req);
      } catch (error) {
        // A refusal from a cache another process has moved past is checked again on fresh state.
        if (!(error instanceof AppError) || !(await this.isBehind(market))) throw error;
        market = await this.reload(req.marketId);
      }
      const placed = await this.attemptBet(this.db, market, req);
      if (placed) return placed;
    }
    const written: MarketCommitted[] = [];
    const placed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ version: markets.version })
        .from(markets)
        .where(eq(markets.id, req.marketId))
        .for('update');
      if (!row) throw refuse.marketNotFound();
      let market = this.states.get(req.marketId);
      if (!market || this.stale.has(req.marketId) || market.version !== row.version)
        market = await this.reload(req.marketId, tx);
      const placed = await this.attemptBet(tx, market, req, written);
      if (!placed) throw new Error(`Market ${req.marketId} changed while its row was locked`);
      return placed;
    });
    for (const event of written) this.committed.emit(event);
    return placed;
  }

  /**
   * One try: check, match or price, write. Undefined when the market's version had moved on.
   * Inside a caller's transaction (`written` given), the commit event waits for that commit.
   */
  private async attemptBet(
    db: DbOrTx,
    market: MarketState,
    req: BetRequest,
    written?: MarketCommitted[],
  ): Promise<PlacedBet | undefined> {
    const price = this.check(market, req);
    const pending = market.book
      ? await this.matchExchange(market, req)
      : await this.planHouseBet(market, req, price);
    let result;
    try {
      result = await this.writer(db, pending.plan);
    } catch (error) {
      if (pending.bookMutated) this.stale.add(market.id);
      throw error;
    }
    if (result.kind === 'ok') {
      this.commitBet(market, pending);
      if (written) written.push(betCommitted(pending.plan, market));
      else this.committed.emit(betCommitted(pending.plan, market));
      return placedAnswer(pending.plan.order, false, result.balancePaise, result.exposurePaise);
    }
    if (pending.bookMutated || result.kind === 'stale') this.stale.add(market.id);
    else if (result.versionBumped) market.row = { ...market.row, version: market.version + 1 };
    if (result.kind === 'stale') return undefined;
    if (result.kind === 'funds') throw refuse.insufficientFunds();
    return this.repeatAnswer(result.existing, req);
  }

  /** Status, hours, runner, limits and (bookmaker, fancy) price checks; returns the price the bet is taken at. */
  private check(market: MarketState, req: BetRequest): number {
    const row = market.row;
    if (market.settled || row.status === 'CLOSED' || row.status === 'INACTIVE') throw refuse.closed();
    if (row.status === 'SUSPENDED' || row.status === 'BALL_RUNNING') throw refuse.suspended();
    const hours = sessionOf(row);
    if (hours && !withinSessionHours(hours, this.clock())) throw refuse.notOpenHours(describeHours(hours));
    if (req.selectionId !== null) {
      const runner = market.runner(req.selectionId);
      if (!runner) throw refuse.invalid('This selection is not in the market');
      if (runner.status === 'REMOVED') throw refuse.runnerRemoved();
      if (runner.status !== 'ACTIVE') throw refuse.closed();
    }
    if (req.stakePaise < row.minStakePaise) throw refuse.belowMin(row.minStakePaise / 100);
    if (req.stakePaise > row.maxStakePaise) throw refuse.aboveMax(row.maxStakePaise / 100);

    let price = req.price;
    if (req.kind === 'BOOKMAKER') {
      const runner = market.runner(req.selectionId!)!;
      const rate = req.side === 'BACK' ? runner.backRate : runner.layRate;
      const asked = req.price - 100;
      // Taken at the current rate when it is at least as good for the bettor as the one asked.
      if (rate === null || (req.side === 'BACK' ? rate < asked : rate > asked)) throw refuse.oddsChanged();
      price = 100 + rate;
    } else if (req.kind === 'FANCY') {
      const line = req.side === 'YES' ? row.yesLine : row.noLine;
      const rate = req.side === 'YES' ? row.yesRate : row.noRate;
      if (line === null || rate === null || line !== req.line || rate !== req.price)
        throw refuse.oddsChanged();
    }
    const profit =
      req.side === 'LAY' || req.side === 'NO'
        ? req.stakePaise
        : req.kind === 'FANCY'
          ? Math.floor((req.stakePaise * price) / 100)
          : Math.floor((req.stakePaise * (price - 100)) / 100);
    if (profit > row.maxProfitPaise) throw refuse.maxProfit(row.maxProfitPaise / 100);
    return price;
  }

  private newOrder(market: MarketState, req: BetRequest, id: number, price: number): BetPlan['order'] {
    return {
      id,
      userId: req.userId,
      marketId: market.id,
      selectionId: req.selectionId,
      kind: req.kind,
      side: req.side,
      price,
      line: req.line,
      sizePaise: req.stakePaise,
      matchedPaise: 0,
      matchedValue: 0,
      cancelledPaise: 0,
      persistence: req.persistence,
      status: 'OPEN',
      clientRef: req.clientRef,
      requestKey: req.requestKey,
      bookSeq: market.version + 1,
      placedAt: this.clock(),
      initialMatchedPaise: 0,
      initialMatchedValue: 0,
    };
  }

  /** Matches an exchange bet in the book (mutating it) and plans the write. */
  private async matchExchange(market: MarketState, req: BetRequest): Promise<Pending> {
    const id = await this.ids.take();
    const book = market.book!;
    const selectionId = req.selectionId!;
    const side = req.side as Side;
    const fills: Fill[] = [];
    const remaining = book.runner(selectionId).place(
      {
        orderId: id,
        userId: req.userId,
        side,
        price: req.price,
        sizePaise: req.stakePaise,
        persistence: req.persistence,
      },
      fills,
    );

    const positions = new Map<number, UserPosition>([[req.userId, market.positionOf(req.userId).clone()]]);
    const taker = positions.get(req.userId)!;
    const makerSide: Side = side === 'BACK' ? 'LAY' : 'BACK';
    const fillWrites: FillWrite[] = [];
    const makers: MakerWrite[] = [];
    let matched = 0;
    let value = 0;
    for (const f of fills) {
      matched += f.sizePaise;
      value += f.sizePaise * f.price;
      taker.addRunner(selectionId, side, f.price, true, f.sizePaise);
      let maker = positions.get(f.makerUserId);
      if (!maker) positions.set(f.makerUserId, (maker = market.positionOf(f.makerUserId).clone()));
      maker.addRunner(selectionId, makerSide, f.price, false, -f.sizePaise);
      maker.addRunner(selectionId, makerSide, f.price, true, f.sizePaise);
      const order = market.openOrders.get(f.makerOrderId);
      if (!order) throw new Error(`Resting order ${f.makerOrderId} missing from market ${market.id}`);
      makers.push({
        orderId: f.makerOrderId,
        matchedDeltaPaise: f.sizePaise,
        valueDelta: f.sizePaise * f.price,
        filledOut: remainingOf(order) === f.sizePaise,
      });
      fillWrites.push({
        makerOrderId: f.makerOrderId,
        makerUserId: f.makerUserId,
        takerUserId: req.userId,
        selectionId,
        takerSide: side,
        price: f.price,
        sizePaise: f.sizePaise,
      });
    }
    if (remaining > 0) taker.addRunner(selectionId, side, req.price, false, remaining);

    const order = this.newOrder(market, req, id, req.price);
    order.matchedPaise = matched;
    order.matchedValue = value;
    order.initialMatchedPaise = matched;
    order.initialMatchedValue = value;
    order.status = remaining > 0 ? 'OPEN' : 'MATCHED';
    const resting: OpenOrder | null =
      remaining > 0
        ? {
            id,
            userId: req.userId,
            selectionId,
            side,
            price: req.price,
            sizePaise: req.stakePaise,
            matchedPaise: matched,
            matchedValue: value,
            cancelledPaise: 0,
            persistence: req.persistence,
          }
        : null;
    return {
      plan: {
        marketId: market.id,
        expectVersion: market.version,
        order,
        fills: fillWrites,
        makers,
        exposures: await this.exposureWrites(market, positions),
        at: order.placedAt,
      },
      positions,
      makers,
      resting,
      bookMutated: true,
    };
  }

  /** Plans a bookmaker or fancy bet: the house takes all of it at the price checked. */
  private async planHouseBet(market: MarketState, req: BetRequest, price: number): Promise<Pending> {
    const id = await this.ids.take();
    const position = market.positionOf(req.userId).clone();
    if (req.kind === 'FANCY') position.addFancy(req.side as 'YES' | 'NO', req.line!, price, req.stakePaise);
    else position.addRunner(req.selectionId!, req.side as Side, price, true, req.stakePaise);
    const positions = new Map([[req.userId, position]]);
    const order = this.newOrder(market, req, id, price);
    order.matchedPaise = req.stakePaise;
    order.matchedValue = req.stakePaise * price;
    order.initialMatchedPaise = req.stakePaise;
    order.initialMatchedValue = req.stakePaise * price;
    order.status = 'MATCHED';
    return {
      plan: {
        marketId: market.id,
        expectVersion: market.version,
        order,
        fills: [],
        makers: [],
        exposures: await this.exposureWrites(market, positions),
        at: order.placedAt,
      },
      positions,
      makers: [],
      resting: null,
      bookMutated: false,
    };
  }

  /** Each changed position's new exposure (the first entry is the taker's). */
  private async exposureWrites(
    market: MarketState,
    positions: Map<number, UserPosition>,
  ): Promise<ExposureWrite[]> {
    const out: ExposureWrite[] = [];
    for (const [userId, position] of positions) {
      const before = market.positionOf(userId).exposurePaise;
      const after = market.exposureOf(position);
      position.exposurePaise = after;
      out.push({ userId, accountId: await this.accountIdOf(userId), beforePaise: before, afterPaise: after });
    }
    return out;
  }

  private commitBet(market: MarketState, pending: Pending): void {
    for (const [userId, position] of pending.positions) market.setPosition(userId, position);
    for (const m of pending.makers) {
      const order = market.openOrders.get(m.orderId)!;
      order.matchedPaise += m.matchedDeltaPaise;
      order.matchedValue += m.valueDelta;
      if (m.filledOut) {
        market.openOrders.delete(m.orderId);
        this.orderMarket.delete(m.orderId);
      }
    }
    if (pending.resting) {
      market.openOrders.set(pending.resting.id, pending.resting);
      this.orderMarket.set(pending.resting.id, market.id);
    }
    market.row = { ...market.row, version: market.version + 1 };
  }

  private async repeatAnswer(existing: OrderRow, req: BetRequest): Promise<PlacedBet> {
    if (existing.requestKey !== req.requestKey) throw refuse.duplicate();
    const [account] = await this.db
      .select({ balance: ledgerAccounts.balancePaise, exposure: ledgerAccounts.exposurePaise })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, req.userId));
    return placedAnswer(
      { ...existing, matchedPaise: existing.initialMatchedPaise, matchedValue: existing.initialMatchedValue },
      true,
      account?.balance ?? 0,
      account?.exposure ?? 0,
    );
  }

  // ---- cancelling ---------------------------------------------------------------------------

  /** Cancels the unmatched rest of one of the user's exchange bets and releases its exposure. */
  async cancelBet(userId: number, betId: number): Promise<CancelledBet> {
    let marketId = this.orderMarket.get(betId);
    if (marketId === undefined) {
      const [row] = await this.db
        .select({ marketId: orders.marketId, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(eq(orders.id, betId));
      if (!row || row.userId !== userId || row.status !== 'OPEN') throw refuse.betNotFound();
      marketId = row.marketId;
    }
    const id = marketId;
    return this.serial(id, async () => {
      const result = await this.inMarketTx(id, async (tx, market) => {
        const order = market.openOrders.get(betId);
        if (!order || order.userId !== userId) throw refuse.betNotFound();
        const cancelled = remainingOf(order);
        const { balance } = await this.cancelOrders(tx, market, [order]);
        return {
          bet_id: betId,
          cancelled_stake: cancelled / 100,
          matched_stake: order.matchedPaise / 100,
          balance: balance.get(userId)!,
        };
      });
      return result;
    });
  }

  /**
   * Cancels the unmatched rest of several of one user's orders on one market in one transaction
   * (the market maker re-quoting). Orders already matched or gone are skipped. Returns how many
   * were cancelled.
   */
  async cancelBets(userId: number, marketId: number, betIds: readonly number[]): Promise<number> {
    if (betIds.length === 0) return 0;
    return this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) => {
        const mine = betIds
          .map((id) => market.openOrders.get(id))
          .filter((o): o is OpenOrder => o !== undefined && o.userId === userId && remainingOf(o) > 0);
        if (mine.length > 0) await this.cancelOrders(tx, market, mine);
        return mine.length;
      }),
    );
  }

  /**
   * Cancels the unmatched rest of orders (cancel, lapse, close, non-runner) inside the market's
   * transaction: orders, positions and account reservations. Returns each affected user's balance.
   */
  private async cancelOrders(
    tx: DbOrTx,
    market: MarketState,
    cancelled: readonly OpenOrder[],
    reposition?: (userId: number, position: UserPosition) => void,
  ): Promise<{ balance: Map<number, Balance> }> {
    const positions = new Map<number, UserPosition>();
    for (const o of cancelled) {
      let position = positions.get(o.userId);
      if (!position) positions.set(o.userId, (position = market.positionOf(o.userId).clone()));
      position.addRunner(o.selectionId, o.side, o.price, false, -remainingOf(o));
    }
    for (const o of cancelled) {
      await tx
        .update(orders)
        .set({
          cancelledPaise: o.sizePaise - o.matchedPaise,
          status: o.matchedPaise > 0 ? 'MATCHED' : 'CANCELLED',
        })
        .where(eq(orders.id, o.id));
    }
    if (reposition) {
      for (const userId of market.positions.keys())
        if (!positions.has(userId)) positions.set(userId, market.positionOf(userId).clone());
      for (const [userId, position] of positions) reposition(userId, position);
    }
    return { balance: await this.writeExposures(tx, market, positions) };
  }

  /** Stores new positions' exposures: market_positions and the accounts (locked in id order). */
  private async writeExposures(tx: DbOrTx, market: MarketState, positions: Map<number, UserPosition>) {
    const changes: ExposureWrite[] = [];
    for (const [userId, position] of positions) {
      const before = market.positionOf(userId).exposurePaise;
      const after = market.exposureOf(position);
      position.exposurePaise = after;
      changes.push({
        userId,
        accountId: await this.accountIdOf(userId, tx),
        beforePaise: before,
        afterPaise: after,
      });
    }
    return this.storeExposures(tx, market.id, changes);
  }

  private async storeExposures(tx: DbOrTx, marketId: number, changes: readonly ExposureWrite[]) {
    const accounts = await lockAccounts(
      tx,
      changes.map((c) => c.accountId),
    );
    const balance = new Map<number, Balance>();
    for (const c of changes) {
      await tx
        .insert(marketPositions)
        .values({ marketId, userId: c.userId, exposurePaise: c.afterPaise })
        .onConflictDoUpdate({
          target: [marketPositions.marketId, marketPositions.userId],
          set: { exposurePaise: c.afterPaise },
        });
      const account = accounts.get(c.accountId)!;
      const delta = c.afterPaise - c.beforePaise;
      if (delta !== 0) {
        account.exposurePaise += delta;
        await tx
          .update(ledgerAccounts)
          .set({ exposurePaise: account.exposurePaise })
          .where(eq(ledgerAccounts.id, c.accountId));
      }
      balance.set(c.userId, balanceView(account));
    }
    return balance;
  }

  /**
   * Runs a change of the market in one transaction: the market row is locked first (and its
   * version checked against memory: if another process moved it, the market is reloaded and the
   * change re-run), the version is bumped, and the market is reloaded from the database after
   * the commit. Call inside serial(marketId).
   */
  private async inMarketTx<T>(
    marketId: number,
    fn: (tx: DbOrTx, market: MarketState) => Promise<T>,
  ): Promise<T> {
    const seen: { before?: MarketSnapshot } = {};
    try {
      const result = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ version: markets.version })
          .from(markets)
          .where(eq(markets.id, marketId))
          .for('update');
        if (!row) throw refuse.marketNotFound();
        // Holding the row lock, the market cannot move: catch up with the database if behind.
        let market = this.states.get(marketId);
        if (!market || this.stale.has(marketId) || market.version !== row.version)
          market = await this.reload(marketId, tx);
        seen.before = snapshotMarket(market);
        const out = await fn(tx, market);
        await tx
          .update(markets)
          .set({ version: sql`${markets.version} + 1` })
          .where(eq(markets.id, marketId));
        return out;
      });
      const after = await this.reload(marketId);
      if (seen.before) this.committed.emit(marketTxCommitted(seen.before, after));
      return result;
    } catch (error) {
      this.stale.add(marketId);
      throw error;
    }
  }

  // ---- operator and feed --------------------------------------------------------------------

  /** Creates a market with its runners; with an external key, creating it again returns the first. */
  async createMarket(input: CreateMarketInput): Promise<MarketState> {
    const [id] = await this.createMarkets([input]);
    return this.peek(id!);
  }

  /**
   * Creates many markets in one transaction (a feed or the seed): those whose external key
   * exists already are left as they are. Returns the markets' ids in the order given.
   */
  async createMarkets(inputs: readonly CreateMarketInput[]): Promise<number[]> {
    for (const input of inputs) {
      if (input.kind === 'FANCY' && input.runners?.length)
        throw refuse.invalid('A fancy market has a line, not runners');
      if (input.kind !== 'FANCY' && (input.runners?.length ?? 0) < 1)
        throw refuse.invalid('A market needs at least one runner');
      if (input.marketType === 'BINARY' && !input.session)
        throw refuse.invalid('A binary market needs its session hours');
      const seen = new Set<number>();
      for (const [i, r] of (input.runners ?? []).entries()) {
        const selectionId = r.selectionId ?? i + 1;
        if (seen.has(selectionId)) throw refuse.invalid(`Selection ${selectionId} listed twice`);
        seen.add(selectionId);
      }
    }
    return this.db.transaction(async (tx) => {
      const keys = inputs.map((i) => i.externalKey).filter((k): k is string => k !== undefined);
      const known = new Map<string, number>();
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await tx
          .select({ id: markets.id, key: markets.externalKey })
          .from(markets)
          .where(inArray(markets.externalKey, keys.slice(i, i + 500)));
        for (const r of rows) known.set(r.key!, r.id);
      }
      const fresh = inputs.filter((i) => i.externalKey === undefined || !known.has(i.externalKey));
      const matchIds = [...new Set(fresh.map((i) => i.matchId))];
      const matchRows =
        matchIds.length > 0 ? await tx.select().from(matches).where(inArray(matches.matchId, matchIds)) : [];
      const matchById = new Map(matchRows.map((m) => [m.matchId, m]));
      const now = this.clock();
      const ids = new Map<CreateMarketInput, number>();
      for (let i = 0; i < fresh.length; i += 200) {
        const chunk = fresh.slice(i, i + 200);
        const rows = await tx
          .insert(markets)
          .values(
            chunk.map((input) => {
              const match = matchById.get(input.matchId);
              if (!match) throw new AppError(404, 'NOT_FOUND', 'Match not found');
              const limits = DEFAULT_LIMITS[input.kind];
              const minStake = input.minStakePaise ?? limits.min;
              const maxStake = input.maxStakePaise ?? Math.max(limits.max, minStake);
              // The markets table checks it too; refused here, it is the operator's 400, not a 500.
              if (maxStake < minStake) throw new AppError(400, 'VALIDATION_ERROR', 'Max stake must not be below min stake');
              const inPlay = input.inPlay ?? match.inPlay;
              return {
                matchId: input.matchId,
                raceId: input.raceId ?? null,
                kind: input.kind,
                marketType: input.marketType,
                name: input.name,
                sort: input.sort ?? 0,
                status: input.status ?? 'OPEN',
                inPlay,
                inPlayAt: inPlay ? now : null,
                startTime: input.startTime ?? match.startTime,
                minStakePaise: minStake,
                maxStakePaise: maxStake,
                maxProfitPaise: input.maxProfitPaise ?? limits.profit,
                betDelayMs: input.betDelayMs ?? 0,
                commissionBps: input.commissionBps ?? limits.commissionBps,
                places: input.places ?? 1,
                noLine: input.fancy?.noLine ?? null,
                noRate: input.fancy?.noRate ?? null,
                yesLine: input.fancy?.yesLine ?? null,
                yesRate: input.fancy?.yesRate ?? null,
                sessionOpenMinute: input.session?.openMinute ?? null,
                sessionCloseMinute: input.session?.closeMinute ?? null,
                sessionWeekdaysOnly: input.session?.weekdaysOnly ?? false,
                externalKey: input.externalKey ?? null,
                createdAt: now,
              };
            }),
          )
          .returning({ id: markets.id });
        // Rows come back in the order inserted.
        chunk.forEach((input, j) => ids.set(input, rows[j]!.id));
        const runnerRows = chunk.flatMap((input) =>
          (input.runners ?? []).map((r, k) => ({
            marketId: ids.get(input)!,
            selectionId: r.selectionId ?? k + 1,
            name: r.name,
            sort: k,
            backRate: r.backRate ?? null,
            layRate: r.layRate ?? null,
          })),
        );
        for (let k = 0; k < runnerRows.length; k += 1000)
          await tx.insert(runners).values(runnerRows.slice(k, k + 1000));
      }
      return inputs.map((input) => ids.get(input) ?? known.get(input.externalKey!)!);
    });
  }

  /** Opens, suspends, closes a market or turns it in play. Suspension and the in-play turn lapse LAPSE orders; closing cancels every unmatched order. */
  async setMarketStatus(
    marketId: number,
    status: Exclude<MarketStatus, 'INACTIVE'>,
    inPlay?: boolean,
  ): Promise<StatusChange> {
    return this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) => {
        if (market.settled) throw refuse.closed();
        const turningInPlay = inPlay === true && !market.row.inPlay;
        let cancel: OpenOrder[] = [];
        if (status === 'CLOSED') cancel = [...market.openOrders.values()];
        else if (status === 'SUSPENDED' || status === 'BALL_RUNNING' || turningInPlay)
          cancel = [...market.openOrders.values()].filter((o) => o.persistence === 'LAPSE');
        await this.cancelOrders(tx, market, cancel);
        const nowInPlay = inPlay ?? market.row.inPlay;
        await tx
          .update(markets)
          .set({
            status,
            inPlay: nowInPlay,
            ...(nowInPlay && !market.row.inPlayAt ? { inPlayAt: this.clock() } : {}),
          })
          .where(eq(markets.id, marketId));
        return { market_id: marketId, status, in_play: nowInPlay, lapsed_bets: cancel.length };
      }),
    );
  }

  async setBookmakerRates(
    marketId: number,
    rates: readonly { selectionId: number; backRate: number | null; layRate: number | null }[],
  ): Promise<MarketState> {
    await this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) => {
        if (market.row.kind !== 'BOOKMAKER') throw refuse.invalid('Rates are set on bookmaker markets only');
        if (market.settled) throw refuse.closed();
        for (const r of rates) {
          if (!market.runner(r.selectionId))
            throw refuse.invalid(`Selection ${r.selectionId} is not in the market`);
          await tx
            .update(runners)
            .set({ backRate: r.backRate, layRate: r.layRate })
            .where(and(eq(runners.marketId, marketId), eq(runners.selectionId, r.selectionId)));
        }
      }),
    );
    return this.peek(marketId);
  }

  async setFancyLine(
    marketId: number,
    line: { noLine: number; noRate: number; yesLine: number; yesRate: number },
    status?: Exclude<MarketStatus, 'INACTIVE' | 'CLOSED'>,
  ): Promise<MarketState> {
    if (line.noLine > line.yesLine) throw refuse.invalid('The NO line cannot be above the YES line');
    await this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) => {
        if (market.row.kind !== 'FANCY') throw refuse.invalid('Lines are set on fancy markets only');
        if (market.settled) throw refuse.closed();
        await tx
          .update(markets)
          .set({ ...line, ...(status ? { status } : {}) })
          .where(eq(markets.id, marketId));
      }),
    );
    return this.peek(marketId);
  }

  /**
   * A non-runner: its bets are void, bets matched on the other runners before now are reduced by
   * the factor (when it applies), its unmatched orders and (per WIN 2.5% / PLACE 4.0%) the
   * unmatched lays on the other runners are cancelled.
   */
  async removeRunner(
    marketId: number,
    selectionId: number,
    reductionFactorBps: number,
  ): Promise<{ cancelled: number }> {
    if (!Number.isInteger(reductionFactorBps) || reductionFactorBps < 0 || reductionFactorBps > 10_000)
      throw refuse.invalid('Reduction factor must be 0-100%');
    return this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) => {
        if (market.settled) throw refuse.closed();
        if (market.row.kind === 'FANCY') throw refuse.invalid('A fancy market has no runners');
        const runner = market.runner(selectionId);
        if (!runner) throw refuse.invalid('This selection is not in the market');
        if (runner.status === 'REMOVED') throw refuse.runnerRemoved();
        const type = market.raceMarketType();
        const cancelLays = removalCancelsLays(type, reductionFactorBps);
        const cancel = [...market.openOrders.values()].filter(
          (o) => o.selectionId === selectionId || (cancelLays && o.side === 'LAY'),
        );
        const reduce = reductionApplies(type, reductionFactorBps);
        const removedSeq = market.version + 1;
        await tx
          .update(runners)
          .set({
            status: 'REMOVED',
            reductionFactorBps,
            removedAt: this.clock(),
            removedSeq,
            backRate: null,
            layRate: null,
          })
          .where(and(eq(runners.marketId, marketId), eq(runners.selectionId, selectionId)));
        // Exposure is computed over the runners still in: take this one out of the model first.
        market.runners = market.runners.map((r) =>
          r.selectionId === selectionId ? { ...r, status: 'REMOVED' as const } : r,
        );
        await this.cancelOrders(tx, market, cancel, (_userId, position) => {
          position.dropRunner(selectionId);
          if (reduce) position.repriceMatched((b) => reducedPrice(b.price, reductionFactorBps));
        });
        return { cancelled: cancel.length };
      }),
    );
  }

  /** Declares the result and settles the market in one transaction. */
  async declareResult(marketId: number, result: ResultInput) {
    return this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) =>
        declareResultInTx(tx, market, result, {
          at: this.clock(),
          accountIdOf: (u) => this.accountIdOf(u, tx),
        }),
      ),
    );
  }

  async voidMarket(marketId: number) {
    return this.declareResult(marketId, { void: true });
  }

  /** Reverses the last settlement with new postings, re-opens the exposure; the market is suspended until declared again. */
  async rollbackResult(marketId: number) {
    return this.serial(marketId, () =>
      this.inMarketTx(marketId, async (tx, market) =>
        rollbackInTx(tx, market, { at: this.clock(), accountIdOf: (u) => this.accountIdOf(u, tx) }),
      ),
    );
  }

  /**
   * Football: a match not started (its markets never in play) within 48 hours of kick-off is
   * void. Voids those markets; returns their ids. The feed calls it periodically.
   */
  async voidStaleFootball(now: Date = this.clock()): Promise<number[]> {
    const stale = await this.db
      .select({ id: markets.id })
      .from(markets)
      .innerJoin(matches, eq(matches.matchId, markets.matchId))
      .where(
        and(
          eq(matches.sportId, SPORT.FOOTBALL),
          isNull(markets.settledAt),
          isNull(markets.inPlayAt),
          lt(matches.startTime, new Date(now.getTime() - 48 * 3_600_000)),
        ),
      )
      .orderBy(asc(markets.id));
    const voided: number[] = [];
    for (const { id } of stale) {
      await this.voidMarket(id);
      voided.push(id);
    }
    return voided;
  }

  /** Open exposure recomputed from the stored bets, for checkers and tests: by market and user. */
  async recomputedExposures(): Promise<Map<number, Map<number, number>>> {
    const open = await this.db.select({ id: markets.id }).from(markets).where(isNull(markets.settledAt));
    const loaded = await loadMarkets(
      this.db,
      open.map((m) => m.id),
    );
    const out = new Map<number, Map<number, number>>();
    for (const [id, market] of loaded) {
      const byUser = new Map<number, number>();
      for (const [userId, position] of market.positions) byUser.set(userId, market.exposureOf(position));
      out.set(id, byUser);
    }
    return out;
  }

  /** Markets with unmatched orders resting (for the operator view). */
  openOrderCount(marketId: number): number {
    return this.states.get(marketId)?.openOrders.size ?? 0;
  }

  /** Loaded markets by id (read-only use). */
  loadedStates(ids: readonly number[]): MarketState[] {
    return ids.map((id) => this.states.get(id)).filter((s): s is MarketState => s !== undefined);
  }
}

// ---- helpers ------------------------------------------------------------------------------------

export function stakeToPaise(stake: number): number {
  if (typeof stake !== 'number' || !Number.isFinite(stake) || stake <= 0) throw refuse.invalidStake();
  try {
    return rupeesToPaise(stake);
  } catch {
    throw refuse.invalidStake();
  }
}

export function sessionOf(row: {
  sessionOpenMinute: number | null;
  sessionCloseMinute: number | null;
  sessionWeekdaysOnly: boolean;
}): SessionHours | null {
  if (row.sessionOpenMinute === null || row.sessionCloseMinute === null) return null;
  return {
    openMinute: row.sessionOpenMinute,
    closeMinute: row.sessionCloseMinute,
    weekdaysOnly: row.sessionWeekdaysOnly,
  };
}

export function sessionHoursOf(session: BinarySession): SessionHours {
  return SESSION_HOURS[session];
}

/** The bet as answered: status, matched and unmatched stake, average matched odds, balance. */
export function placedAnswer(
  order: Pick<
    OrderRow,
    | 'id'
    | 'marketId'
    | 'selectionId'
    | 'kind'
    | 'side'
    | 'price'
    | 'line'
    | 'sizePaise'
    | 'matchedPaise'
    | 'matchedValue'
    | 'placedAt'
    | 'clientRef'
  >,
  repeated: boolean,
  balancePaise: number,
  exposurePaise: number,
): PlacedBet {
  const unmatched = order.sizePaise - order.matchedPaise;
  const isFancy = order.kind === 'FANCY';
  return {
    bet_id: order.id,
    market_id: order.marketId,
    selection_id: order.selectionId,
    kind: order.kind,
    side: order.side,
    is_back: order.side === 'BACK' || order.side === 'YES' ? 1 : 0,
    odds: isFancy ? order.price : order.price / 100,
    run: isFancy ? order.line : null,
    rate: isFancy ? order.price : order.kind === 'BOOKMAKER' ? order.price - 100 : null,
    stake: order.sizePaise / 100,
    status: order.matchedPaise === 0 ? 'UNMATCHED' : unmatched === 0 ? 'MATCHED' : 'PARTIAL',
    matched_stake: order.matchedPaise / 100,
    unmatched_stake: unmatched / 100,
    avg_odds: averageOdds(order),
    placed_at: order.placedAt.toISOString(),
    client_ref: order.clientRef,
    repeated,
    balance: balanceView({ balancePaise, exposurePaise }),
  };
}

/** Average matched odds to 2 decimals (fancy: the rate). */
export function averageOdds(
  order: Pick<OrderRow, 'kind' | 'price' | 'matchedPaise' | 'matchedValue'>,
): number {
  if (order.kind === 'FANCY') return order.price;
  if (order.matchedPaise === 0) return 0;
  return Math.round(order.matchedValue / order.matchedPaise) / 100;
}
