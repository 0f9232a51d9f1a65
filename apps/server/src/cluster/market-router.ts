/**
 * A bettor's market call, taken to the process that matches the market (ADR 65). The call is
 * checked here as any call is (session, locks, the body's contract), then asked of the owner over
 * the broker and answered with the owner's answer: its data, or its refusal with the same status,
 * code and message. The owner's answer follows its commit's messages on the same broker
 * connection, so this process has dropped what the commit made stale before it answers.
 *
 * When the owner cannot answer:
 * - nobody serves its calls (it is gone, and the broker knows): the call was never delivered, so
 *   it runs here, and the owner is dropped at once;
 * - it was asked and went quiet (killed mid-call), or the broker lost the request: the call may or
 *   may not have been done, so it is refused with 503 MARKET_HANDOVER and Retry-After. A retry
 *   with the same client_ref gets the first answer if the first was written (the unique client_ref
 *   of bets and cash outs), and is placed once if it was not.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { BettingService, MarketCall, MarketRouter } from '../services/betting/index.ts';
import { NoResponder } from './broker.ts';
import type { ClusterBus } from './bus.ts';
import type { MarketOwners } from './market-owners.ts';

type Answer =
  | { ok: true; data: unknown }
  | {
      ok: false;
      error: {
        httpStatus: number;
        code: string;
        message: string;
        headers?: Record<string, string>;
        data?: unknown;
      };
    };

export interface MarketRouterOptions {
  /**
   * The longest a call waits for the owner's answer: above a bet's longest wait there (the in-play
   * delay, the bettor's own extra delay, the market's queue). An owner that dies is noticed sooner.
   */
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}

export const handoverRefusal = () =>
  new AppError(
    503,
    'MARKET_HANDOVER',
    'This market moved to another server while your request was on its way. Check your open bets, then try again.',
    { 'retry-after': '1' },
  );

export class ClusterMarketRouter implements MarketRouter {
  /** Calls waiting for an answer, by the process asked: refused at once when it is found gone. */
  private readonly waiting = new Map<string, Set<(error: Error) => void>>();
  private readonly timeoutMs: number;
  private readonly stopGone: () => void;
  /** Calls this process sent to others and answered for them (the metrics). */
  readonly counts = { forwarded: 0, served: 0, handovers: 0 };

  constructor(
    private readonly bus: ClusterBus,
    private readonly owners: MarketOwners,
    private readonly betting: BettingService,
    options: MarketRouterOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.stopGone = owners.onGone((processId) => {
      for (const refuse of this.waiting.get(processId) ?? []) refuse(handoverRefusal());
      this.waiting.delete(processId);
    });
    bus.answer(async (body) => {
      this.counts.served += 1;
      let answer: Answer;
      try {
        answer = { ok: true, data: await betting.runHere(body as MarketCall) };
      } catch (error) {
        if (!(error instanceof AppError))
          options.log?.error({ err: error }, 'a forwarded market call failed');
        answer = {
          ok: false,
          error:
            error instanceof AppError
              ? {
                  httpStatus: error.httpStatus,
                  code: error.code,
                  message: error.message,
                  headers: { ...error.headers },
                  data: error.data,
                }
              : {
                  httpStatus: 500,
                  code: 'INTERNAL_ERROR',
                  message: 'Something went wrong. Please try again.',
                },
        };
      }
      // No flush needed before answering: the commit's messages were published on this same
      // connection before the answer, and the broker hands one connection's messages to a
      // subscriber in the order they came. The asking process has heard them (its cached
      // balances dropped) when the answer reaches it. (A flush per answer cost a round trip and
      // a write: a third of a busy process's time went to socket writes at 800 bets a second.)
      return answer;
    });
  }

  forward(marketId: number, call: MarketCall): Promise<unknown> | undefined {
    const owner = this.owners.ownerOf(marketId);
    if (owner === this.owners.self || !this.bus.broker.isUp()) return undefined;
    return this.ask(owner, call);
  }

  stop(): void {
    this.stopGone();
  }

  private async ask(owner: string, call: MarketCall): Promise<unknown> {
    this.counts.forwarded += 1;
    let answer: Answer;
    let refuse: (error: Error) => void = () => undefined;
    const gone = new Promise<never>((_, reject) => (refuse = reject));
    const set = this.waiting.get(owner) ?? new Set();
    this.waiting.set(owner, set.add(refuse));
    try {
      answer = (await Promise.race([this.bus.ask(owner, call, this.timeoutMs), gone])) as Answer;
    } catch (error) {
      if (error instanceof NoResponder && !error.mayHaveRun) {
        // Never delivered: nobody serves that process's calls any more. Done here, once.
        this.owners.drop(owner);
        return this.betting.runHere(call);
      }
      this.counts.handovers += 1;
      if (error instanceof AppError) throw error;
      throw handoverRefusal();
    } finally {
      set.delete(refuse);
    }
    if (answer.ok) return answer.data;
    const { httpStatus, code, message, headers, data } = answer.error;
    throw new AppError(httpStatus, code as AppError['code'], message, headers ?? {}, data);
  }
}
