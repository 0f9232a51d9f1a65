import type { BodyOf, MarketView, OperatorMarket } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { fetchData } from '@/lib/api';
import { consoleKeys } from '@/console/lib/query-keys';
import { toastRefusal } from '@/console/lib/refusal';

/** The cached markets of a match (the markets screen's list), which the sends and the pushes patch. */
export const marketsKey = consoleKeys.operator.markets.of;

type Patch = (m: OperatorMarket) => OperatorMarket;

/** The fields of a market the live stream carries, which a send may be changing. */
type PushedField = 'status' | 'in_play' | 'fancy' | 'runners' | 'result';

/** The pushed copy laid over the cached market, but for the fields a send has on its way. */
function withPush(
  m: OperatorMarket,
  view: MarketView,
  held: ReadonlySet<PushedField> = new Set(),
): OperatorMarket {
  const pushed: Pick<OperatorMarket, PushedField> = {
    status: view.status,
    in_play: view.in_play,
    fancy: view.fancy,
    runners: view.runners,
    result: view.result,
  };
  for (const field of held) delete pushed[field];
  return { ...m, ...pushed };
}

/**
 * What the markets screen's desks send (operator/setMarketStatus, setFancyLine,
 * setBookmakerRates, updateMarket), each shown at once: the cached market is patched with what was
 * sent before the answer comes (the desk's keys must feel instant), replaced by the answer, and
 * put back as it was on a refusal, which shows as a toast. Each resolves to whether it went through.
 * The live stream (the feed, another operator) is laid over the cached market too, except for the
 * fields one of this screen's sends is changing while it is on its way: a push from before it must
 * not undo it. The rest of such a push is kept: dropped whole, a line the feed (or this screen's
 * previous send) moved stayed unseen until the next push or poll, and the desk stepped from it.
 */
export function useMarketActions(matchId: number) {
  const qc = useQueryClient();
  /** Per market, the fields sends on their way are changing (one count per send). */
  const sending = useRef(new Map<number, Map<PushedField, number>>());
  return useMemo(() => {
    const key = marketsKey(matchId);
    const patch = (marketId: number, fn: Patch) =>
      qc.setQueryData<OperatorMarket[]>(key, (list) =>
        list?.map((m) => (m.market_id === marketId ? fn(m) : m)),
      );
    const current = (marketId: number) =>
      qc.getQueryData<OperatorMarket[]>(key)?.find((m) => m.market_id === marketId);

    const hold = (marketId: number, fields: readonly PushedField[], by: 1 | -1) => {
      const held = sending.current.get(marketId) ?? new Map<PushedField, number>();
      for (const f of fields) {
        const n = (held.get(f) ?? 0) + by;
        if (n > 0) held.set(f, n);
        else held.delete(f);
      }
      if (held.size > 0) sending.current.set(marketId, held);
      else sending.current.delete(marketId);
    };

    async function send<T>(
      marketId: number,
      fields: readonly PushedField[],
      optimistic: Patch,
      call: () => Promise<T>,
      settle: (m: OperatorMarket, answer: T) => OperatorMarket,
    ): Promise<boolean> {
      // A poll on its way would paint the market as it was before this send.
      await qc.cancelQueries({ queryKey: key });
      const before = current(marketId);
      patch(marketId, optimistic);
      hold(marketId, fields, 1);
      try {
        const answer = await call();
        patch(marketId, (m) => settle(m, answer));
        return true;
      } catch (err) {
        if (before) patch(marketId, () => before);
        toastRefusal(err);
        return false;
      } finally {
        hold(marketId, fields, -1);
      }
    }
    const replace = (_: OperatorMarket, answer: OperatorMarket) => answer;

    return {
      setStatus: (marketId: number, status: BodyOf<'operatorSetMarketStatus'>['status'], inPlay?: boolean) =>
        send(
          marketId,
          ['status', 'in_play'],
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
          status ? ['fancy', 'status'] : ['fancy'],
          (m) => ({ ...m, fancy: line, status: status ?? m.status }),
          () => fetchData('operatorSetFancyLine', { market_id: marketId, ...body }),
          replace,
        );
      },
      setBookmakerRates: (marketId: number, rates: BodyOf<'operatorSetBookmakerRates'>['rates']) =>
        send(
          marketId,
          ['runners'],
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
          [],
          (m) => m,
          () => fetchData('operatorUpdateMarket', body),
          replace,
        ),
      /** A pushed copy of the market: what bettors see now (status, line, rates, prices, result). */
      live: (view: MarketView) => {
        const held = new Set(sending.current.get(view.market_id)?.keys());
        patch(view.market_id, (m) => withPush(m, view, held));
      },
    };
  }, [qc, matchId]);
}

export type MarketActions = ReturnType<typeof useMarketActions>;
