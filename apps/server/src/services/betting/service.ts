/**
 * The betting service: the bettors' calls (place, cancel), the operator's and the feed's (create
 * markets, status, rates, lines, non-runners, results) and the reads of the markets in memory.
 * Callable from code as well as over HTTP. It composes the parts of the bet path, each with one
 * reason to change (ADR 31):
 *
 *   bet-request.ts    a bettor's call as a bet
 *   bet-queue.ts      the bet's path, top to bottom: check on arrival (risk.ts), the in-play
 *                     delay (bet-delay.ts), the market's lane, the recheck after the delay,
 *                     matching, the write (group commit across markets), commit events
 *   bet-alone.ts      one bet written on its own, with its retries
 *   market-cache.ts   markets in memory, one lane per market, staleness and reloads
 *   risk.ts           the pre-trade checks (stake limits and max profit: the engine's limits.ts)
 *   matching.ts       matching against the book, or pricing by the house, into a write plan
 *   cancels.ts, bet-edits.ts, quotes.ts, market-create.ts, market-admin.ts, market-tx.ts   the changes of a market
 *   ../money/         the one money writer: balances, exposures, positions, postings
 *
 * Bet path (docs/adr/0015-bet-path.md, ADR 45): check and match in memory against the book of
 * market version V, then write the whole result, which succeeds only if the market is still at
 * V and the bettor can afford the exposure (the engine's one affordability rule, canAfford). A stale version (another process moved the market) reloads
 * the market and matches again. Operator changes are transactions that lock the market row, then
 * the accounts in id order; the market is reloaded from the database afterwards.
 */
import { eq, isNull } from 'drizzle-orm';
import type {
  CancelledBet,
  CancelledBets,
  AutoCashOut,
  CashOutDone,
  ClearedAutoCashOut,
  MarketStatus,
  PlacedBet,
  SettlementPreview,
  SettlementSummary,
  StatusChange,
  UpdatedBet,
} from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { markets, matches } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { writeBetStatement, writeBetTransaction } from '../money/index.ts';
import { BetEdits, type BetEdit } from './bet-edits.ts';
import { BetQueue } from './bet-queue.ts';
import type { BetForLimits, BettorCheck } from './bettor-limits.ts';
import { fancyBetRequest, marketBetRequest, type FancyBetBody, type MarketBetBody, type PlaceOptions } from './bet-request.ts';
import { BetCancels, marketOfOpenBet } from './cancels.ts';
import type { AutoCashOutBody, MarketCall, MarketRouter } from './market-calls.ts';
import { AutoCashOuts, type AutoCashOutEvent } from './auto-cash-outs.ts';
import { CashOuts, type CashOutCall, type CashOutOrigin } from './cash-outs.ts';
import { CommitFeed, type BetWriteDone, type CommitListener, type MatchCommitted, type MatchListener, type PlacementDone } from './commits.ts';
import { IdAllocator } from './ids.ts';
import { MarketAdmin, type MarketEdit } from './market-admin.ts';
import { MarketCache } from './market-cache.ts';
import { offHappenings, recordMatchEvents, type MatchHappening } from './match-events.ts';
import { createMarkets, type CreateMarketInput } from './market-create.ts';
import { loadMarkets, type MarketState } from './market-state.ts';
import { marketFacts, type MarketAudit, type MarketTxContext } from './market-tx.ts';
import { BetMatcher } from './matching.ts';
import { MakerQuotes, type MakerQuote, type QuoteReplacement } from './quotes.ts';
import type { PreviewAction } from './settlement-preview.ts';
import type { ResultInput } from './settlement.ts';

export { averageOdds, placedAnswer, sessionHoursOf, sessionOf, stakeToPaise } from './answers.ts';
export type { PlaceOptions } from './bet-request.ts';
export type { CreateMarketInput } from './market-create.ts';
export type { MarketAudit, MarketFacts } from './market-tx.ts';
export type { PreviewAction } from './settlement-preview.ts';
export type { MatchHappening } from './match-events.ts';
export type { MakerQuote, QuoteReplacement } from './quotes.ts';
export type { ResultInput } from './settlement.ts';

export type BetPathMode = 'transaction' | 'statement';

export interface BettingOptions {
  /** 'statement' (default): one data-modifying statement per bet, group commit; 'transaction': several statements in one transaction. */
  betPath?: BetPathMode;
  /** Waits for the in-play bet delay (tests may shorten time). */
  sleep?: (ms: number) => Promise<void>;
  /** Told of a group commit that failed for a reason other than a lost race (the server logs it). */
  onCommitError?: (error: unknown) => void;
}

export type { BetForLimits, BettorCheck } from './bettor-limits.ts';

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the feed may change on a match row. */
export type MatchChange = Partial<Pick<typeof matches.$inferInsert, 'score' | 'feedState' | 'inPlay' | 'isActive'>>;

export class BettingService {
  readonly betPath: BetPathMode;
  private readonly cache: MarketCache;
  private readonly queue: BetQueue;
  private readonly cancels: BetCancels;
  private readonly cashOuts: CashOuts;
  private readonly autoCashOuts: AutoCashOuts;
  private readonly edits: BetEdits;
  private readonly quotes: MakerQuotes;
  private readonly admin: MarketAdmin;
  private readonly ctx: MarketTxContext;
  /** Where a market's bettors' calls run in a cluster (ADR 65): none, here. */
  private router: MarketRouter | undefined;
  /** The bettor's limits (safer gambling, ADR 58), once the app hands them over. */
  private bettorCheck: BettorCheck | undefined;
  /** Told after each committed change of a market (the live push, ADR 22). */
  private readonly committed = new CommitFeed();
  /** Told after each committed change of a match row (the live score, ADR 22). */
  private readonly matchCommitted = new CommitFeed<MatchCommitted>();
  /** Told after each placement's write and each placement answered (the metrics, ADR 61). */
  private readonly writes = new CommitFeed<BetWriteDone>();
  private readonly placements = new CommitFeed<PlacementDone>();

  constructor(
    readonly db: Db,
    readonly clock: Clock,
    options: BettingOptions = {},
  ) {
    this.betPath = options.betPath ?? 'statement';
    this.cache = new MarketCache(db);
    const ids = new IdAllocator(db);
    const matcher = new BetMatcher(this.cache, ids, clock);
    // The limits are the app's (useBettorCheck), read at each bet: placements and edits alike.
    const checkBettor = (bet: BetForLimits) => this.bettorCheck?.(bet) ?? Promise.resolve({ extraDelayMs: 0 });
    this.queue = new BetQueue({
      db,
      clock,
      cache: this.cache,
      matcher,
      committed: this.committed,
      writer: this.betPath === 'transaction' ? writeBetTransaction : writeBetStatement,
      groupCommit: this.betPath === 'statement',
      sleep: options.sleep ?? realSleep,
      onCommitError: options.onCommitError,
      checkBettor,
      writes: this.writes,
    });
    const ctx: MarketTxContext = (this.ctx = {
      db,
      clock,
      cache: this.cache,
      committed: this.committed,
      serial: (marketId, fn) => this.serial(marketId, fn),
    });
    this.cancels = new BetCancels(ctx);
    this.cashOuts = new CashOuts(ctx, matcher, options.sleep ?? realSleep);
    this.autoCashOuts = new AutoCashOuts(ctx, this.cashOuts, options.onCommitError);
    this.edits = new BetEdits({
      ctx,
      matcher,
      sleep: options.sleep ?? realSleep,
      checkBettor,
    });
    this.quotes = new MakerQuotes(ctx, ids);
    this.admin = new MarketAdmin(ctx);
  }

  /**
   * Every bet placed from now on is judged by `check` (the bettor's own and his agent's limits,
   * ../safer-gambling/) after the market's checks and before its delay.
   */
  useBettorCheck(check: BettorCheck): void {
    this.bettorCheck = check;
  }

  /**
   * From now on a bettor's call on a market (a bet, a cancel, an edit, a cash out and its rule)
   * goes where `router` says that market is matched (ADR 65); calls it hands back run here.
   */
  useMarketRouter(router: MarketRouter | undefined): void {
    this.router = router;
  }

  /**
   * Runs a bettor's market call here, whatever the router says: the matching process's side of
   * a call another process forwarded to it.
   */
  runHere(call: MarketCall): Promise<unknown> {
    switch (call.op) {
      case 'placeMarketBet':
        return this.placeTold(call.body.market_id, (market) => this.queue.place(marketBetRequest(call.userId, call.body, market), market, call.options));
      case 'placeFancyBet':
        return this.placeTold(call.body.fancy_id, (market) => this.queue.place(fancyBetRequest(call.userId, call.body, market), market, call.options));
      case 'cancelBet':
        return this.cancels.cancelBet(call.userId, call.betId);
      case 'cancelAllBets':
        return this.cancels.cancelAllBets(call.userId, call.marketId);
      case 'updateBet':
        return this.edits.updateBet(call.userId, call.betId, call.edit);
      case 'cashOut':
        return this.cashOuts.cashOut(call.userId, call.call, call.origin);
      case 'setAutoCashOut':
        return this.autoCashOuts.set(call.userId, call.body);
      case 'clearAutoCashOut':
        return this.autoCashOuts.clear(call.userId, call.marketId);
      case 'replaceQuotes':
        return this.quotes.replace(call.userId, call.marketId, call.cancelIds, call.quotes);
    }
  }

  /** The call's answer from the process that matches `marketId`, or run here. */
  private routed<T>(marketId: number, call: MarketCall): Promise<T> {
    return (this.router?.forward(marketId, call) ?? this.runHere(call)) as Promise<T>;
  }

  /** A call on one of the user's open bets: routed by the bet's market (BET_NOT_FOUND when it has none). */
  private async routedByBet<T>(betId: number, call: MarketCall): Promise<T> {
    if (!this.router) return this.runHere(call) as Promise<T>;
    return this.routed<T>(await marketOfOpenBet(this.ctx, call.userId, betId), call);
  }

  /** Group commits written (transactions; set-wise ones), the markets' batches in them, and the bets they carried. */
  get stats(): BetQueue['stats'] {
    return this.queue.stats;
  }

  /** Calls `listener` after each write of bettors' placements: a group commit or a bet alone, written or not. */
  onBetWrite(listener: (write: BetWriteDone) => void): () => void {
    return this.writes.on(listener);
  }

  /** Calls `listener` after each placement (a bettor's, the market maker's) is answered: placed (its market's kind) or refused (the code). */
  onPlacement(listener: (placement: PlacementDone) => void): () => void {
    return this.placements.on(listener);
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
   * score to the match's page as it carries its markets' changes. What happened (a wicket, a
   * goal) and the off are the match's events, written with the row in one transaction.
   */
  async updateMatch(matchId: number, change: MatchChange, happenings: readonly MatchHappening[] = []): Promise<void> {
    if (Object.values(change).every((v) => v === undefined) && happenings.length === 0) return;
    if (change.inPlay !== true && happenings.length === 0) {
      // Most balls and minutes: no event, and one statement is cheaper than a transaction.
      await this.db.update(matches).set(change).where(eq(matches.matchId, matchId));
    } else {
      await this.db.transaction(async (tx) => {
        // The off is the turn from not in play, read under the row's lock: the feed may say it twice.
        const [was] = await tx.select({ inPlay: matches.inPlay }).from(matches).where(eq(matches.matchId, matchId)).for('update');
        if (!was) return;
        if (Object.values(change).some((v) => v !== undefined)) await tx.update(matches).set(change).where(eq(matches.matchId, matchId));
        await recordMatchEvents(tx, matchId, null, [...offHappenings(was.inPlay, change.inPlay), ...happenings], this.clock());
      });
    }
    this.matchChanged(matchId);
  }

  /** Tells the listeners that a match row was changed and committed elsewhere (the operator's edit). */
  matchChanged(matchId: number): void {
    this.matchCommitted.emit({ matchId, committedAt: Date.now() });
  }

  // ---- markets in memory --------------------------------------------------------------------

  /** Runs fn after everything queued before it on the same market (one at a time per market). */
  serial<T>(marketId: number, fn: () => Promise<T>): Promise<T> {
    // Bets arriving after this change must wait for it: they start a new batch.
    this.queue.closeBatch(marketId);
    return this.cache.chain(marketId, fn);
  }

  /** Markets read from the database into memory since the start (first loads and reloads). */
  get marketLoads(): number {
    return this.cache.loads;
  }

  /** The state for reading outside the queue (loads through the queue when needed). */
  peek(marketId: number): Promise<MarketState> {
    return this.cache.peek(marketId);
  }

  /**
   * Another process of the cluster committed a change of this market (ADR 37): memory reloads
   * it before its next use. A bet planned meanwhile still meets the version check at its write.
   */
  marketChangedElsewhere(marketId: number): void {
    if (this.cache.cached(marketId)) this.cache.markStale(marketId);
  }

  /** Other processes' commits may have gone unheard (the broker was away): reload every market before its next use. */
  distrustMemory(): void {
    this.cache.markAllStale();
  }

  /** The market as committed (what the live push reads): see MarketCache.committedState. */
  committedState(marketId: number): Promise<MarketState> {
    return this.cache.committedState(marketId);
  }

  /** States for reading, at least as new as the given database versions. */
  statesAtLeast(versions: ReadonlyMap<number, number>): Promise<Map<number, MarketState>> {
    return this.cache.statesAtLeast(versions);
  }

  /** Drops every cached market (tests: as after a restart). */
  forgetAll(): void {
    this.cache.forgetAll();
  }

  accountIdOf(userId: number, db: DbOrTx = this.db): Promise<number> {
    return this.cache.accountIdOf(userId, db);
  }

  /** Markets with unmatched orders resting (for the operator view). */
  openOrderCount(marketId: number): number {
    return this.cache.openOrderCount(marketId);
  }

  /** Loaded markets by id (read-only use). */
  loadedStates(ids: readonly number[]): MarketState[] {
    return this.cache.loadedStates(ids);
  }

  // ---- bettors ------------------------------------------------------------------------------

  /** An exchange or bookmaker bet: the request read against its market, then the bet queue's path. */
  placeMarketBet(userId: number, body: MarketBetBody, options: PlaceOptions = {}): Promise<PlacedBet> {
    return this.routed(body.market_id, { op: 'placeMarketBet', userId, body, options });
  }

  placeFancyBet(userId: number, body: FancyBetBody, options: PlaceOptions = {}): Promise<PlacedBet> {
    return this.routed(body.fancy_id, { op: 'placeFancyBet', userId, body, options });
  }

  /** A placement on its market, told to the placement listeners once answered (a refusal by its code). */
  private async placeTold(marketId: number, place: (market: MarketState) => Promise<PlacedBet>): Promise<PlacedBet> {
    try {
      const market = await this.cache.peek(marketId);
      const placed = await place(market);
      this.placements.emit({ kind: market.row.kind });
      return placed;
    } catch (error) {
      if (error instanceof AppError) this.placements.emit({ refused: error.code });
      throw error;
    }
  }

  /** Cancels the unmatched rest of one of the user's exchange bets and releases its exposure. */
  cancelBet(userId: number, betId: number): Promise<CancelledBet> {
    return this.routedByBet(betId, { op: 'cancelBet', userId, betId });
  }

  /** Cancels the unmatched rest of every exchange bet of the user's, in one market or everywhere. */
  cancelAllBets(userId: number, marketId?: number): Promise<CancelledBets> {
    // Everywhere (a logout, a lock) is rare: each market's cancel runs here, its version checked.
    if (marketId === undefined) return this.cancels.cancelAllBets(userId);
    return this.routed(marketId, { op: 'cancelAllBets', userId, marketId });
  }

  /**
   * Cashes out the user's position on a runner market (cash-outs.ts): the hedge bets placed
   * together, fill-or-kill, or none; by the user's call or by its automatic rule.
   */
  cashOut(userId: number, call: CashOutCall, origin: CashOutOrigin = 'MANUAL'): Promise<CashOutDone> {
    return this.routed(Number(call.market_id), { op: 'cashOut', userId, call, origin });
  }

  /** Sets (or replaces) the user's automatic cash out on a runner market (auto-cash-outs.ts). */
  setAutoCashOut(userId: number, body: AutoCashOutBody): Promise<AutoCashOut> {
    return this.routed(body.market_id, { op: 'setAutoCashOut', userId, body });
  }

  clearAutoCashOut(userId: number, marketId: number): Promise<ClearedAutoCashOut> {
    return this.routed(marketId, { op: 'clearAutoCashOut', userId, marketId });
  }

  /** Calls `listener` after each automatic cash out fired or failed, on the process that tried it. */
  onAutoCashOut(listener: (event: AutoCashOutEvent) => void): () => void {
    return this.autoCashOuts.events.on(listener);
  }

  /** Edits the unmatched rest of one of the user's exchange bets: a new price, a smaller stake, its persistence (bet-edits.ts). */
  updateBet(userId: number, betId: number, edit: BetEdit): Promise<UpdatedBet> {
    return this.routedByBet(betId, { op: 'updateBet', userId, betId, edit });
  }

  /**
   * The market maker's quotes on one market replaced in one commit (quotes.ts): its orders
   * `cancelIds` cancelled and `quotes` rested, as far as its balance goes; those that would meet
   * another user's order come back, for placeMarketBet.
   */
  replaceQuotes(userId: number, marketId: number, cancelIds: readonly number[], quotes: readonly MakerQuote[]): Promise<QuoteReplacement> {
    return this.routed(marketId, { op: 'replaceQuotes', userId, marketId, cancelIds, quotes });
  }

  /**
   * The market maker's first quotes on many markets in one commit (quotes.ts), as far as its
   * balance goes; markets where it has orders already are left alone. Returns the orders rested
   * and the quotes that would meet another user's order, for placeMarketBet.
   */
  openQuotes(userId: number, quotesOf: ReadonlyMap<number, (market: MarketState) => readonly MakerQuote[]>) {
    return this.quotes.open(userId, quotesOf);
  }

  // ---- operator and feed --------------------------------------------------------------------

  /**
   * Creates a market with its runners; with an external key, creating it again returns the
   * first (and tells `audit` nothing: nothing was created).
   */
  async createMarket(input: CreateMarketInput, audit?: MarketAudit<void>): Promise<MarketState> {
    const [id] = await createMarkets(
      this.db,
      this.clock,
      [input],
      audit &&
        (async (tx, created) => {
          for (const marketId of created)
            await audit(tx, { before: null, after: await marketFacts(tx, marketId), result: undefined });
        }),
    );
    return this.cache.peek(id!);
  }

  /** Creates many markets in one transaction; returns their ids in the order given. */
  createMarkets(inputs: readonly CreateMarketInput[]): Promise<number[]> {
    return createMarkets(this.db, this.clock, inputs);
  }

  setMarketStatus(
    marketId: number,
    status: Exclude<MarketStatus, 'INACTIVE'>,
    inPlay?: boolean,
    audit?: MarketAudit<StatusChange>,
  ): Promise<StatusChange> {
    return this.admin.setMarketStatus(marketId, status, inPlay, audit);
  }

  setBookmakerRates(
    marketId: number,
    rates: readonly { selectionId: number; backRate: number | null; layRate: number | null }[],
    audit?: MarketAudit<void>,
  ): Promise<MarketState> {
    return this.admin.setBookmakerRates(marketId, rates, audit);
  }

  setFancyLine(
    marketId: number,
    line: { noLine: number; noRate: number; yesLine: number; yesRate: number },
    status?: Exclude<MarketStatus, 'INACTIVE' | 'CLOSED'>,
    audit?: MarketAudit<void>,
  ): Promise<MarketState> {
    return this.admin.setFancyLine(marketId, line, status, audit);
  }

  /** The operator's edit of an unsettled market's name, stake limits, bet delay and commission. */
  updateMarket(marketId: number, edit: MarketEdit, audit?: MarketAudit<void>): Promise<MarketState> {
    return this.admin.updateMarket(marketId, edit, audit);
  }

  removeRunner(
    marketId: number,
    selectionId: number,
    reductionFactorBps: number,
    audit?: MarketAudit<{ cancelled: number }>,
  ): Promise<{ cancelled: number }> {
    return this.admin.removeRunner(marketId, selectionId, reductionFactorBps, audit);
  }

  declareResult(marketId: number, result: ResultInput, audit?: MarketAudit<SettlementSummary>) {
    return this.admin.declareResult(marketId, result, audit);
  }

  voidMarket(marketId: number, audit?: MarketAudit<SettlementSummary>) {
    return this.admin.voidMarket(marketId, audit);
  }

  rollbackResult(marketId: number, audit?: MarketAudit<SettlementSummary>) {
    return this.admin.rollbackResult(marketId, audit);
  }

  /** What a declaration, a void or a rollback would move (ADR 36); writes nothing. */
  previewSettlement(marketId: number, what: PreviewAction): Promise<SettlementPreview> {
    return this.admin.previewSettlement(marketId, what);
  }

  voidStaleFootball(now: Date = this.clock()): Promise<number[]> {
    return this.admin.voidStaleFootball(now);
  }

  /**
   * For checkers and tests: how the market in memory differs from the market loaded afresh from
   * the database (version, market row, runners, book, open orders, positions with their stored exposures, automatic
   * cash outs); empty when memory is exact or merely behind. Changes that keep memory instead of reloading it
   * (InMarketTxOptions.memoryKept) are held to it.
   */
  async memoryDrift(marketId: number): Promise<string[]> {
    const memory = await this.cache.committedState(marketId);
    const fresh = (await loadMarkets(this.db, [marketId])).get(marketId)!;
    const drift: string[] = [];
    const same = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) drift.push(`${what}: memory ${JSON.stringify(a)}, database ${JSON.stringify(b)}`);
    };
    // Behind: another process moved the market, memory reloads it at its next use (the version
    // check at the write guards it meanwhile). Ahead, or the same version with other contents: drift.
    if (memory.version < fresh.version) return [];
    same('version', memory.version, fresh.version);
    same('market', { ...memory.row, version: 0 }, { ...fresh.row, version: 0 });
    same('runners', memory.runners, fresh.runners);
    same('book', memory.book?.stateHash(), fresh.book?.stateHash());
    const orders = (m: MarketState) => [...m.openOrders.values()].map((o) => ({ ...o })).sort((a, b) => a.id - b.id);
    same('open orders', orders(memory), orders(fresh));
    const positions = (m: MarketState) =>
      [...m.positions]
        .map(([userId, p]) => ({ userId, exposure: p.exposurePaise, bets: [...p.runnerBets.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) }))
        .sort((a, b) => a.userId - b.userId);
    same('positions', positions(memory), positions(fresh));
    const rules = (m: MarketState) => [...m.autoCashOuts.values()].sort((a, b) => a.id - b.id);
    same('automatic cash outs', rules(memory), rules(fresh));
    return drift;
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
}
