/**
 * What a feed says, and how the platform applies it. The simulator speaks these events; a real
 * odds and results feed would plug in by producing the same ones. Each event is applied through
 * the betting service (so it is one transaction with the market's lock, like an operator call)
 * or as a single update of the match row (also through the service, which tells the live push).
 */
import type { MarketStatus } from '@exchange/contracts';
import type { MatchHappening, ResultInput } from '../services/betting/index.ts';
import type { BettingService } from '../services/betting/index.ts';
import { requote, type Quote } from './market-maker.ts';

export type FeedEvent =
  | {
      type: 'match';
      matchId: number;
      score?: string | null;
      /** The game state behind the score (a cricket match's ball log), written with it. */
      state?: unknown;
      inPlay?: boolean;
      active?: boolean;
      /** What the price charts mark (a wicket, a boundary, a goal), written with the score. */
      happenings?: MatchHappening[];
    }
  | { type: 'status'; marketId: number; status: Exclude<MarketStatus, 'INACTIVE'>; inPlay?: boolean }
  | { type: 'rates'; marketId: number; rates: { selectionId: number; backRate: number | null; layRate: number | null }[] }
  | {
      type: 'line';
      marketId: number;
      line: { noLine: number; noRate: number; yesLine: number; yesRate: number };
      status?: 'OPEN' | 'SUSPENDED' | 'BALL_RUNNING';
    }
  | { type: 'quotes'; marketId: number; quotes: Quote[] }
  | { type: 'nonRunner'; marketId: number; selectionId: number; reductionFactorBps: number }
  | { type: 'result'; marketId: number; result: ResultInput };

export interface FeedSink {
  apply(event: FeedEvent): Promise<void>;
}

/** Applies feed events to this platform: the betting service, the match rows, the market maker. */
export class PlatformSink implements FeedSink {
  constructor(
    private readonly betting: BettingService,
    /** The market maker whose quotes `quotes` events move; null leaves quotes alone. */
    private readonly makerId: number | null,
  ) {}

  async apply(event: FeedEvent): Promise<void> {
    switch (event.type) {
      case 'match': {
        const { matchId, score, state, inPlay, active, happenings } = event;
        // Through the betting service, which tells the live push (the score reaches the page at once).
        await this.betting.updateMatch(
          matchId,
          {
            ...(score !== undefined ? { score } : {}),
            ...(state !== undefined ? { feedState: state } : {}),
            ...(inPlay !== undefined ? { inPlay } : {}),
            ...(active !== undefined ? { isActive: active } : {}),
          },
          happenings,
        );
        return;
      }
      case 'status':
        await this.betting.setMarketStatus(event.marketId, event.status, event.inPlay);
        return;
      case 'rates':
        await this.betting.setBookmakerRates(event.marketId, event.rates);
        return;
      case 'line':
        await this.betting.setFancyLine(event.marketId, event.line, event.status);
        return;
      case 'quotes':
        if (this.makerId === null) return;
        await requote(this.betting, this.makerId, await this.betting.peek(event.marketId), event.quotes);
        return;
      case 'nonRunner':
        await this.betting.removeRunner(event.marketId, event.selectionId, event.reductionFactorBps);
        return;
      case 'result':
        await this.betting.declareResult(event.marketId, event.result);
        return;
    }
  }
}
