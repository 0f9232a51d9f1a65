/**
 * Binary sessions in their IST hours: in play from the open with the line on the price as it
 * moves, settled at the close on the closing price, then off the list.
 */
import { IST_OFFSET_MS } from '@exchange/contracts';
import { SESSION_HOURS } from '../services/betting/index.ts';
import { closingPrice, sessionPrice } from './binary.ts';
import { binaryOf } from './catalog-data.ts';
import type { FeedEvent } from './events.ts';
import type { FeedContext } from './feed-context.ts';
import { binarySessionMarkets } from './queries.ts';

export async function runBinarySessions(feed: FeedContext, now: number): Promise<void> {
  const rows = await binarySessionMarkets(feed.db, new Date(now));
  for (const r of rows) {
    const session = binaryOf(r.matchId);
    if (!session || feed.settledNow(r.marketId)) continue;
    const hours = SESSION_HOURS[session.instrument.session];
    const open = (session.dayNumber * 1_440 + hours.openMinute) * 60_000 - IST_OFFSET_MS;
    const close = (session.dayNumber * 1_440 + hours.closeMinute) * 60_000 - IST_OFFSET_MS;
    if (now >= close) {
      await feed.emit([
        { type: 'status', marketId: r.marketId, status: 'SUSPENDED' },
        { type: 'result', marketId: r.marketId, result: { runs: closingPrice(session.instrument, session.dayNumber) } },
        { type: 'match', matchId: r.matchId, inPlay: false, active: false },
      ]);
      continue;
    }
    const events: FeedEvent[] = [];
    if (!r.inPlay) events.push({ type: 'match', matchId: r.matchId, inPlay: true });
    if (!r.marketInPlay || r.status !== 'OPEN') events.push({ type: 'status', marketId: r.marketId, status: 'OPEN', inPlay: true });
    const line = sessionPrice(session.instrument, session.dayNumber, now - open);
    if (line !== r.noLine) events.push({ type: 'line', marketId: r.marketId, line: { noLine: line, noRate: 100, yesLine: line, yesRate: 100 } });
    await feed.emit(events);
  }
}
