import type { BodyOf, MarketView, OperatorMarket } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { fetchData } from '@/lib/api';
import { consoleKeys } from '@/console/lib/query-keys';
import { toastRefusal } from '@/console/lib/refusal';

export const marketsKey = (matchId: number) => consoleKeys.operator('markets', matchId);

type Patch = (m: OperatorMarket) => OperatorMarket;

/**
 * What the markets screen sends, each shown at once: the cached market is patched with what was
 * sent before the answer comes (the desk's keys must feel instant), replaced by the answer, and
 * put back as it was on a refusal, which shows as a toast. Each resolves to whether it went through.
 * The live stream (the feed, another operator) is laid over the cached market too, except while
 * one of this screen's sends to it is on its way: a push from before it must not undo it.
 */
export function useMarketActions(matchId: number) {
  const qc = useQueryClient();
  const sending = useRef(new Map<number, number>());
  return useMemo(() => {
    const key = marketsKey(matchId);
    const patch = (marketId: number, fn: Patch) =>
      qc.setQueryData<OperatorMarket[]>(key, (list) =>
        list?.map((m) => (m.market_id === marketId ? fn(m) : m)),
      );
    const current = (marketId: number) =>
      qc.getQueryData<OperatorMarket[]>(key)?.find((m) => m.market_id === marketId);

    async function send<T>(
      marketId: number,
      optimistic: Patch,
      call: () => Promise<T>,
      settle: (m: OperatorMarket, answer: T) => OperatorMarket,
    ): Promise<boolean> {
      // A poll on its way would paint the market as it was before this send.
      await qc.cancelQueries({ queryKey: key });
      const before = current(marketId);
      patch(marketId, optimistic);
      const inFlight = sending.current;
      inFlight.set(marketId, (inFlight.get(marketId) ?? 0) + 1);
      try {
        const answer = await call();
        patch(marketId, (m) => settle(m, answer));
        return true;
      } catch (err) {
        if (before) patch(marketId, () => before);
        toastRefusal(err);
        return false;
      } finally {
        inFlight.set(marketId, inFlight.get(marketId)! - 1);
      }
    }
    const replace = (_: OperatorMarket, answer: OperatorMarket) => answer;

    return {
      setStatus: (marketId: number, status: BodyOf<'operatorSetMarketStatus'>['status'], inPlay?: boolean) =>
        send(
          marketId,
          (m) => ({ ...m, status, in_play: inPlay ?? m.in_play }),
          () =>
            fetchData('operatorSetMarketStatus', {
              market_id: marketId,
              status,
              ...(inPlay === undefined ? {} : { in_play: inPlay }),
            }),
          (m, a) => ({ ...m, status: a.status, in_play: a.in_play }),
        ),
      setFancyLine: (marketId: number, body: Omit<BodyOf<'operatorSetFancyLine'>, 'market_id'>) => {
        const { status, ...line } = body;
        return send(
          marketId,
          (m) => ({ ...m, fancy: line, status: status ?? m.status }),
          () => fetchData('operatorSetFancyLine', { market_id: marketId, ...body }),
          replace,
        );
      },
      setBookmakerRates: (marketId: number, rates: BodyOf<'operatorSetBookmakerRates'>['rates']) =>
        send(
          marketId,
          (m) => ({
            ...m,
            runners: m.runners.map((r) => {
              const rate = rates.find((x) => x.selection_id === r.selection_id);
              return rate ? { ...r, back_rate: rate.back_rate, lay_rate: rate.lay_rate } : r;
            }),
          }),
          () => fetchData('operatorSetBookmakerRates', { market_id: marketId, rates }),
          replace,
        ),
      update: (body: BodyOf<'operatorUpdateMarket'>) =>
        send(
          Number(body.market_id),
          (m) => m,
          () => fetchData('operatorUpdateMarket', body),
          replace,
        ),
      /** A pushed copy of the market: what bettors see now (status, line, rates, prices, result). */
      live: (view: MarketView) => {
        if (sending.current.get(view.market_id)) return;
        patch(view.market_id, (m) => ({
          ...m,
          status: view.status,
          in_play: view.in_play,
          fancy: view.fancy,
          runners: view.runners,
          result: view.result,
        }));
      },
      /** A new market joins the list from the answer. */
      created: (market: OperatorMarket) =>
        qc.setQueryData<OperatorMarket[]>(key, (list) => [
          ...(list ?? []).filter((m) => m.market_id !== market.market_id),
          market,
        ]),
    };
  }, [qc, matchId]);
}

export type MarketActions = ReturnType<typeof useMarketActions>;
