import type { FastifyInstance } from 'fastify';
import { percentToBps, roundToPaise } from '@exchange/engine';
import { originOf } from '../../services/activity.ts';
import { sessionHoursOf } from '../../services/betting/service.ts';
import { operatorMarketView, operatorMarkets } from '../../services/betting/views.ts';
import { voidBet } from '../../services/betting/voids.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

const toPaise = (rupees: number | undefined) => (rupees === undefined ? undefined : roundToPaise(rupees));

export default function operatorRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  const { betting } = app;
  registerEndpoints(app, registry, {
    operatorGetMarkets: async ({ body }) => {
      return { data: await operatorMarkets(betting, { matchId: body.match_id, openOnly: body.open_only }) };
    },
    operatorCreateMarket: async ({ body }) => {
      const market = await betting.createMarket({
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
        commissionBps:
          body.commission_percent === undefined ? undefined : percentToBps(body.commission_percent),
        places: body.places,
        fancy: body.fancy && {
          noLine: body.fancy.no_line,
          noRate: body.fancy.no_rate,
          yesLine: body.fancy.yes_line,
          yesRate: body.fancy.yes_rate,
        },
        session: body.session && sessionHoursOf(body.session),
        externalKey: body.external_key,
      });
      return { data: operatorMarketView(market), message: 'Market created' };
    },
    operatorSetMarketStatus: async ({ body }) => {
      return { data: await betting.setMarketStatus(body.market_id, body.status, body.in_play) };
    },
    operatorSetBookmakerRates: async ({ body }) => {
      const market = await betting.setBookmakerRates(
        body.market_id,
        body.rates.map((r) => ({ selectionId: r.selection_id, backRate: r.back_rate, layRate: r.lay_rate })),
      );
      return { data: operatorMarketView(market) };
    },
    operatorSetFancyLine: async ({ body }) => {
      const market = await betting.setFancyLine(
        body.market_id,
        { noLine: body.no_line, noRate: body.no_rate, yesLine: body.yes_line, yesRate: body.yes_rate },
        body.status,
      );
      return { data: operatorMarketView(market) };
    },
    operatorRemoveRunner: async ({ body }) => {
      const { cancelled } = await betting.removeRunner(
        body.market_id,
        body.selection_id,
        percentToBps(body.reduction_factor),
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
    operatorDeclareResult: async ({ body }) => {
      return {
        data: await betting.declareResult(body.market_id, {
          winnerIds: body.winner_ids,
          places: body.places,
          tiedIds: body.tied_ids,
          runs: body.runs,
        }),
        message: 'Result declared and market settled',
      };
    },
    operatorVoidMarket: async ({ body }) => {
      return { data: await betting.voidMarket(body.market_id), message: 'Market voided' };
    },
    operatorRollbackResult: async ({ body }) => {
      return { data: await betting.rollbackResult(body.market_id), message: 'Result rolled back' };
    },
    operatorVoidBet: async ({ body, user, request }) => {
      const voided = await voidBet(app, user, body, originOf(request));
      return {
        data: voided,
        message: `Bet #${voided.bet_id} voided: ${voided.amount.toFixed(2)} taken back`,
      };
    },
  });
}
