/**
 * How a bet is answered (placed, repeated) and the small conversions the bet path shares.
 */
import { eq } from 'drizzle-orm';
import type { BinarySession, PlacedBet } from '@exchange/contracts';
import { paiseToRupees, priceToOdds, rupeesToPaise } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { balanceView, type OrderRow } from '../money/index.ts';
import type { BetRequest } from './bet-request.ts';
import { SESSION_HOURS, type SessionHours } from './hours.ts';
import { refuse } from './refusals.ts';

export function stakeToPaise(stake: number): number {
  if (typeof stake !== 'number' || !Number.isFinite(stake) || stake <= 0) throw refuse.invalidStake();
  try {
    return rupeesToPaise(stake);
  } catch {
    throw refuse.invalidStake();
  }
}

export function sessionOf(row: {
  sessionOpenMinute: number | null;
  sessionCloseMinute: number | null;
  sessionWeekdaysOnly: boolean;
}): SessionHours | null {
  if (row.sessionOpenMinute === null || row.sessionCloseMinute === null) return null;
  return {
    openMinute: row.sessionOpenMinute,
    closeMinute: row.sessionCloseMinute,
    weekdaysOnly: row.sessionWeekdaysOnly,
  };
}

export function sessionHoursOf(session: BinarySession): SessionHours {
  return SESSION_HOURS[session];
}

/** The bet as answered: status, matched and unmatched stake, average matched odds, balance. */
export function placedAnswer(
  order: Pick<
    OrderRow,
    | 'id'
    | 'marketId'
    | 'selectionId'
    | 'kind'
    | 'side'
    | 'price'
    | 'line'
    | 'sizePaise'
    | 'matchedPaise'
    | 'matchedValue'
    | 'placedAt'
    | 'clientRef'
  >,
  repeated: boolean,
  balancePaise: number,
  exposurePaise: number,
): PlacedBet {
  return {
    bet_id: order.id,
    market_id: order.marketId,
    selection_id: order.selectionId,
    kind: order.kind,
    side: order.side,
    ...betTerms(order, order.sizePaise - order.matchedPaise),
    placed_at: order.placedAt.toISOString(),
    client_ref: order.clientRef,
    repeated,
    balance: balanceView({ balancePaise, exposurePaise }),
  };
}

/**
 * A bet's terms as every answer and list shows them: back or lay, the odds (fancy: the rate) and
 * line asked, the bookmaker rate, the stakes in rupees, the average matched odds and the status.
 */
export function betTerms(
  order: Pick<OrderRow, 'kind' | 'side' | 'price' | 'line' | 'sizePaise' | 'matchedPaise' | 'matchedValue'>,
  unmatchedPaise: number,
) {
  const isFancy = order.kind === 'FANCY';
  return {
    is_back: order.side === 'BACK' || order.side === 'YES' ? (1 as const) : (0 as const),
    odds: isFancy ? order.price : priceToOdds(order.price),
    run: isFancy ? order.line : null,
    rate: isFancy ? order.price : order.kind === 'BOOKMAKER' ? order.price - 100 : null,
    stake: paiseToRupees(order.sizePaise),
    matched_stake: paiseToRupees(order.matchedPaise),
    unmatched_stake: paiseToRupees(unmatchedPaise),
    avg_odds: averageOdds(order),
    status:
      order.matchedPaise === 0
        ? ('UNMATCHED' as const)
        : unmatchedPaise > 0
          ? ('PARTIAL' as const)
          : ('MATCHED' as const),
  };
}

/** Average matched odds to 2 decimals (fancy: the rate). */
export function averageOdds(
  order: Pick<OrderRow, 'kind' | 'price' | 'matchedPaise' | 'matchedValue'>,
): number {
  if (order.kind === 'FANCY') return order.price;
  if (order.matchedPaise === 0) return 0;
  return priceToOdds(Math.round(order.matchedValue / order.matchedPaise));
}

/**
 * The first answer again, for a repeat of an accepted bet (same client_ref and request); a
 * different request under a used client_ref is refused.
 */
export async function repeatAnswer(
  db: DbOrTx,
  existing: OrderRow,
  req: Pick<BetRequest, 'userId' | 'requestKey'>,
): Promise<PlacedBet> {
  if (existing.requestKey !== req.requestKey) throw refuse.duplicate();
  const [account] = await db
    .select({ balance: ledgerAccounts.balancePaise, exposure: ledgerAccounts.exposurePaise })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, req.userId));
  return placedAnswer(
    { ...existing, matchedPaise: existing.initialMatchedPaise, matchedValue: existing.initialMatchedValue },
    true,
    account?.balance ?? 0,
    account?.exposure ?? 0,
  );
}
