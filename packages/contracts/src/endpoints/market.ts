/** Market data a trader reads (issue 24): a runner's whole ladder and its traded prices over time. */
import { Ladder, LadderRequest, PriceHistory, PriceHistoryRequest } from '../betting/index.ts';
import { def } from './endpoint.ts';

export const marketDataEndpoints = {
  getLadder: def({
    method: 'POST',
    path: 'market/getLadder',
    poll: true,
    auth: 'user',
    summary:
      "One exchange runner's whole ladder: every price with money to back or lay, the stake traded there and the caller's own unmatched back and lay stakes, with the last traded price and the runner's total matched",
    body: LadderRequest,
    data: Ladder,
  }),
  getPriceHistory: def({
    method: 'POST',
    path: 'market/getPriceHistory',
    poll: true,
    auth: 'user',
    summary:
      "One exchange runner's traded prices by interval ('1s', '1m' or '5m'): open, high, low, close and the stake matched, oldest first, at most the last 600 intervals up to its last trade (settled markets too)",
    body: PriceHistoryRequest,
    data: PriceHistory,
  }),
} as const;
