/**
 * The operator's and the feed's changes of a market: status (with the lapses and cancels it
 * brings), bookmaker rates, fancy lines, non-runners, limits, results, voids and rollbacks. Each
 * runs in the market's lane as one transaction (market-tx.ts); the operator's carry an `audit`
 * hook that writes its audit row in that transaction, and a suspension or reopening its match
 * event (match-events.ts). The settlement preview reads in the lane.
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { MarketStatus, SettlementPreview, SettlementSummary, StatusChange } from '@exchange/contracts';
import { SPORT } from '@exchange/contracts';
import { reducedPrice, reductionApplies, removalCancelsLays } from '@exchange/engine';
import { markets, matches, runners } from '../../db/schema/index.ts';
import type { MarketState, OpenOrder } from './market-state.ts';
import { recordMatchEvents, statusHappenings } from './match-events.ts';
import { cancelOrders, inMarketTx, type MarketAudit, type MarketTxContext } from './market-tx.ts';
import { refuse } from './refusals.ts';
import { previewSettlement, type PreviewAction } from './settlement-preview.ts';
import { rollbackInTx } from './result-rollback.ts';
import { declareResultInTx, type ResultInput } from './settlement.ts';

/** The operator's edit of a market: only the fields given change. */
export interface MarketEdit {
  name?: string;
  minStakePaise?: number;
  maxStakePaise?: number;
  maxProfitPaise?: number;
  betDelayMs?: number;
  commissionBps?: number;
}

export class MarketAdmin {
  constructor(private readonly ctx: MarketTxContext) {}

  /** Opens, suspends, closes a market or turns it in play. Suspension and the in-play turn lapse LAPSE orders; closing cancels every unmatched order. */
  async setMarketStatus(
    marketId: number,
    status: Exclude<MarketStatus, 'INACTIVE'>,
    inPlay?: boolean,
    audit?: MarketAudit<StatusChange>,
  ): Promise<StatusChange> {
    return this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
        if (market.settled) throw refuse.closed();
        const turningInPlay = inPlay === true && !market.row.inPlay;
        let cancel: OpenOrder[] = [];
        if (status === 'CLOSED') cancel = [...market.openOrders.values()];
        else if (status === 'SUSPENDED' || status === 'BALL_RUNNING' || turningInPlay)
          cancel = [...market.openOrders.values()].filter((o) => o.persistence === 'LAPSE');
        await cancelOrders(this.ctx, tx, market, cancel);
        const happenings = statusHappenings(market.row, status, turningInPlay);
        await recordMatchEvents(tx, market.row.matchId, marketId, happenings, this.ctx.clock());
        const nowInPlay = inPlay ?? market.row.inPlay;
        await tx
          .update(markets)
          .set({
            status,
            inPlay: nowInPlay,
            ...(nowInPlay && !market.row.inPlayAt ? { inPlayAt: this.ctx.clock() } : {}),
          })
          .where(eq(markets.id, marketId));
        return { market_id: marketId, status, in_play: nowInPlay, lapsed_bets: cancel.length };
      }, audit),
    );
  }

  async setBookmakerRates(
    marketId: number,
    rates: readonly { selectionId: number; backRate: number | null; layRate: number | null }[],
    audit?: MarketAudit<void>,
  ): Promise<MarketState> {
    await this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
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
        // The feed moves rates every ball: memory follows the write rather than reloading the market.
        market.runners = market.runners.map((runner) => {
          const rate = rates.find((r) => r.selectionId === runner.selectionId);
          return rate ? { ...runner, backRate: rate.backRate, layRate: rate.layRate } : runner;
        });
      }, audit, { memoryKept: true }),
    );
    return this.ctx.cache.peek(marketId);
  }

  async setFancyLine(
    marketId: number,
    line: { noLine: number; noRate: number; yesLine: number; yesRate: number },
    status?: Exclude<MarketStatus, 'INACTIVE' | 'CLOSED'>,
    audit?: MarketAudit<void>,
  ): Promise<MarketState> {
    if (line.noLine > line.yesLine) throw refuse.invalid('The NO line cannot be above the YES line');
    await this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
        if (market.row.kind !== 'FANCY') throw refuse.invalid('Lines are set on fancy markets only');
        if (market.settled) throw refuse.closed();
        await tx
          .update(markets)
          .set({ ...line, ...(status ? { status } : {}) })
          .where(eq(markets.id, marketId));
        // The feed moves lines every ball: memory follows the write rather than reloading the market.
        market.row = { ...market.row, ...line, ...(status ? { status } : {}) };
      }, audit, { memoryKept: true }),
    );
    return this.ctx.cache.peek(marketId);
  }

  /** Name, stake limits, bet delay and commission of a market not settled yet. */
  async updateMarket(marketId: number, edit: MarketEdit, audit?: MarketAudit<void>): Promise<MarketState> {
    await this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
        if (market.settled) throw refuse.closed();
        const min = edit.minStakePaise ?? market.row.minStakePaise;
        const max = edit.maxStakePaise ?? market.row.maxStakePaise;
        // The markets table checks it too; refused here, it is the operator's 400, not a 500.
        if (max < min) throw refuse.invalid('Max stake must not be below min stake');
        await tx
          .update(markets)
          .set({
            name: edit.name,
            minStakePaise: edit.minStakePaise,
            maxStakePaise: edit.maxStakePaise,
            maxProfitPaise: edit.maxProfitPaise,
            betDelayMs: edit.betDelayMs,
            commissionBps: edit.commissionBps,
          })
          .where(eq(markets.id, marketId));
      }, audit),
    );
    return this.ctx.cache.peek(marketId);
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
    audit?: MarketAudit<{ cancelled: number }>,
  ): Promise<{ cancelled: number }> {
    if (!Number.isInteger(reductionFactorBps) || reductionFactorBps < 0 || reductionFactorBps > 10_000)
      throw refuse.invalid('Reduction factor must be 0-100%');
    return this.ctx.serial(marketId, () =>
      inMarketTx(this.ctx, marketId, async (tx, market) => {
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
            removedAt: this.ctx.clock(),
            removedSeq,
            backRate: null,
            layRate: null,
          })
          .where(and(eq(runners.marketId, marketId), eq(runners.selectionId, selectionId)));
        // Exposure is computed over the runners still in: take this one out of the model first.
        market.runners = market.runners.map((r) =>
          r.selectionId === selectionId ? { ...r, status: 'REMOVED' as const } : r,
        );
        await cancelOrders(this.ctx, tx, market, cancel, (_userId, position) => {
          position.dropRunner(selectionId);
          if (reduce) position.repriceMatched((b) => reducedPrice(b.price, reductionFactorBps));
        });
        return { cancelled: cancel.length };
      }, audit),
    );
  }

  /** Declares the result and settles the market in one transaction. */
  async declareResult(marketId: number, result: ResultInput, audit?: MarketAudit<SettlementSummary>) {
    return this.ctx.serial(marketId, () =>
      inMarketTx(
        this.ctx,
        marketId,
        async (tx, market) =>
          declareResultInTx(tx, market, result, {
            at: this.ctx.clock(),
            accountIdOf: (u) => this.ctx.cache.accountIdOf(u, tx),
          }),
        audit,
      ),
    );
  }

  async voidMarket(marketId: number, audit?: MarketAudit<SettlementSummary>) {
    return this.declareResult(marketId, { void: true }, audit);
  }

  /** Reverses the last settlement with new postings, re-opens the exposure; the market is suspended until declared again. */
  async rollbackResult(marketId: number, audit?: MarketAudit<SettlementSummary>) {
    return this.ctx.serial(marketId, () =>
      inMarketTx(
        this.ctx,
        marketId,
        async (tx, market) =>
          rollbackInTx(tx, market, { at: this.ctx.clock(), accountIdOf: (u) => this.ctx.cache.accountIdOf(u, tx) }),
        audit,
      ),
    );
  }

  /** What declaring, voiding or rolling back would move, in the market's lane; writes nothing. */
  async previewSettlement(marketId: number, what: PreviewAction): Promise<SettlementPreview> {
    return this.ctx.serial(marketId, async () => previewSettlement(this.ctx.db, await this.ctx.cache.state(marketId), what));
  }

  /**
   * Football: a match not started (its markets never in play) within 48 hours of kick-off is
   * void. Voids those markets; returns their ids. The feed calls it periodically.
   */
  async voidStaleFootball(now: Date = this.ctx.clock()): Promise<number[]> {
    const stale = await this.ctx.db
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
}
