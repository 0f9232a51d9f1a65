import type { FastifyInstance } from 'fastify';
import type { DeclareResultRequest } from '@exchange/contracts';
import { percentToBps, roundToPaise, rupeesToPaise } from '@exchange/engine';
import type { z } from 'zod';
import { originOf } from '../../services/activity.ts';
import { auditActor } from '../../services/audit/index.ts';
import { marketAudits } from '../../services/audit/index.ts';
import { marketBets } from '../../services/betting/index.ts';
import { sessionHoursOf, type ResultInput } from '../../services/betting/index.ts';
import { operatorMarketView, operatorMarkets } from '../../services/betting/index.ts';
import { voidBet } from '../../services/betting/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

const toPaise = (rupees: number | undefined) => (rupees === undefined ? undefined : roundToPaise(rupees));
const toBps = (percent: number | undefined) => (percent === undefined ? undefined : percentToBps(percent));
/** A declaration's result (operator/declareResult, previewSettlement's declare) as the betting service takes it. */
const resultOf = (body: z.output<typeof DeclareResultRequest>): ResultInput => ({
  winnerIds: body.winner_ids,
  places: body.places,
  tiedIds: body.tied_ids,
  runs: body.runs,
});

/** The operator's market calls: each change goes through the betting service with its audit hook (ADR 36). */
export default function marketRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  const { betting } = app;
  registerEndpoints(app, registry, {
    operatorGetMarkets: async ({ body }) => {
      return { data: await operatorMarkets(betting, { matchId: body.match_id, openOnly: body.open_only }) };
    },
    operatorCreateMarket: async ({ body, user, request }) => {
      const market = await betting.createMarket(
        {
          matchId: body.match_id,
          raceId: body.race_id ?? null,
          kind: body.kind,
          marketType: body.market_type,
          name: body.name,
          runners: body.runners?.map((r) => ({ selectionId: r.selection_id, name: r.name })),
          status: body.status,
          inPlay: body.in_play,
          minStakePaise: toPaise(body.min_stake),
          maxStakePaise: toPaise(body.max_stake),
          maxProfitPaise: toPaise(body.max_profit),
          betDelayMs: body.bet_delay_ms,
          commissionBps: toBps(body.commission_percent),
          places: body.places,
          fancy: body.fancy && {
            noLine: body.fancy.no_line,
            noRate: body.fancy.no_rate,
            yesLine: body.fancy.yes_line,
            yesRate: body.fancy.yes_rate,
          },
          session: body.session && sessionHoursOf(body.session),
          externalKey: body.external_key,
        },
        marketAudits.create(auditActor(user, request, app.clock())),
      );
      return { data: operatorMarketView(market), message: 'Market created' };
    },
    operatorUpdateMarket: async ({ body, user, request }) => {
      const market = await betting.updateMarket(
        body.market_id,
        {
          name: body.name,
          minStakePaise: toPaise(body.min_stake),
          maxStakePaise: toPaise(body.max_stake),
          maxProfitPaise: toPaise(body.max_profit),
          betDelayMs: body.bet_delay_ms,
          commissionBps: toBps(body.commission_percent),
        },
        marketAudits.update(auditActor(user, request, app.clock())),
      );
      return { data: operatorMarketView(market), message: 'Market saved' };
    },
    operatorSetMarketStatus: async ({ body, user, request }) => {
      return {
        data: await betting.setMarketStatus(
          body.market_id,
          body.status,
          body.in_play,
          marketAudits.status(auditActor(user, request, app.clock())),
        ),
      };
    },
    operatorSetBookmakerRates: async ({ body, user, request }) => {
      const market = await betting.setBookmakerRates(
        body.market_id,
        body.rates.map((r) => ({ selectionId: r.selection_id, backRate: r.back_rate, layRate: r.lay_rate })),
        marketAudits.bookmakerRates(auditActor(user, request, app.clock())),
      );
      return { data: operatorMarketView(market) };
    },
    operatorSetFancyLine: async ({ body, user, request }) => {
      const market = await betting.setFancyLine(
        body.market_id,
        { noLine: body.no_line, noRate: body.no_rate, yesLine: body.yes_line, yesRate: body.yes_rate },
        body.status,
        marketAudits.fancyLine(auditActor(user, request, app.clock())),
      );
      return { data: operatorMarketView(market) };
    },
    operatorRemoveRunner: async ({ body, user, request }) => {
      const { cancelled } = await betting.removeRunner(
        body.market_id,
        body.selection_id,
        percentToBps(body.reduction_factor),
        marketAudits.removeRunner(auditActor(user, request, app.clock()), body.selection_id),
      );
      return {
        data: {
          market_id: body.market_id,
          selection_id: body.selection_id,
          reduction_factor: body.reduction_factor,
          cancelled_bets: cancelled,
        },
      };
    },
    operatorPreviewSettlement: async ({ body }) => {
      const what = body.action === 'declare' ? { action: body.action, result: resultOf(body) } : { action: body.action };
      return { data: await betting.previewSettlement(body.market_id, what) };
    },
    operatorDeclareResult: async ({ body, user, request }) => {
      return {
        data: await betting.declareResult(
          body.market_id,
          resultOf(body),
          marketAudits.declare(auditActor(user, request, app.clock())),
        ),
        message: 'Result declared and market settled',
      };
    },
    operatorVoidMarket: async ({ body, user, request }) => {
      return {
        data: await betting.voidMarket(body.market_id, marketAudits.void(auditActor(user, request, app.clock()))),
        message: 'Market voided',
      };
    },
    operatorRollbackResult: async ({ body, user, request }) => {
      return {
        data: await betting.rollbackResult(body.market_id, marketAudits.rollback(auditActor(user, request, app.clock()))),
        message: 'Result rolled back',
      };
    },
    operatorGetMarketBets: async ({ body }) => {
      return { data: await marketBets(app.db, { marketId: body.market_id, search: body.search, page: body.page, limit: body.limit }) };
    },
    operatorVoidBet: async ({ body, user, request }) => {
      const voided = await voidBet(app, user, body, originOf(request));
      // The win left the bettor's balance: its pushes and balance caches hear it like chips moved,
      // and the bettor is told (a notification, beside the notice written with the void).
      app.accountEvents.emit({
        userIds: [voided.user_id],
        change: {
          kind: 'bet_voided',
          userId: voided.user_id,
          betId: voided.bet_id,
          amountPaise: rupeesToPaise(voided.amount),
          reason: voided.reason,
        },
      });
      return {
        data: voided,
        message: `Bet #${voided.bet_id} voided: ${voided.amount.toFixed(2)} taken back`,
      };
    },
  });
}
