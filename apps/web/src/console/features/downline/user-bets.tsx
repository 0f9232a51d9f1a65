import type { CurrentBet } from '@exchange/contracts';
import { useState } from 'react';
import { amountColumn, DataTable, ToolSelect, type Column } from '@/console/components';
import { betPriceLabel, matchedPriceLabel } from '@/lib/bet-odds';
import { ExportCsvButton } from '@/components';
import { formatIst, istYmdDaysAgo } from '@/lib/format';
import { useUserBets, type UserBetType } from './api/user-bets';

const SIDE: Record<CurrentBet['side'], string> = { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' };
const STATUS: Record<CurrentBet['status'], string> = {
  MATCHED: 'Matched',
  UNMATCHED: 'Unmatched',
  PARTIAL: 'Partly matched',
};

const COLUMNS: Column<CurrentBet>[] = [
  {
    key: 'placed',
    header: 'Placed (IST)',
    value: (b) => b.placed_at,
    render: (b) => <span className="nowrap">{formatIst(b.placed_at)}</span>,
  },
  {
    key: 'market',
    header: 'Market',
    value: (b) => `${b.sport_name} / ${b.match_name} / ${b.market_name}`,
    render: (b) => (
      <div>
        <div>{b.market_name}</div>
        <div className="muted user-sub">
          {b.sport_name} · {b.match_name}
        </div>
      </div>
    ),
  },
  { key: 'selection', header: 'Selection', value: (b) => b.selection_name },
  {
    key: 'side',
    header: 'Side',
    value: (b) => SIDE[b.side],
    render: (b) => <span className={`bet-side bet-side--${b.is_back ? 'back' : 'lay'}`}>{SIDE[b.side]}</span>,
  },
  {
    key: 'price',
    header: 'Price',
    numeric: true,
    value: (b) => betPriceLabel(b),
    render: (b) => <span className="nowrap">{betPriceLabel(b)}</span>,
  },
  {
    key: 'matched_price',
    header: 'Matched at',
    numeric: true,
    value: (b) => matchedPriceLabel(b),
    render: (b) => <span className="nowrap">{matchedPriceLabel(b)}</span>,
  },
  amountColumn('stake', 'Stake', (r) => r.stake),
  amountColumn('matched', 'Matched', (r) => r.matched_stake),
  amountColumn('unmatched', 'Unmatched', (r) => r.unmatched_stake),
  { key: 'status', header: 'Status', value: (b) => STATUS[b.status] },
];

/**
 * The open bets have no date range; the server's file (report/exportCsv takes a range of IST
 * days) holds the user's current bets placed in the last 30 days.
 */
const EXPORT_DAYS = 30;

/** A downline user's open bets (agent/getUserBets), matched, unmatched or both; CSV. */
export function UserBets({ userId }: { userId: number }) {
  const [betType, setBetType] = useState<UserBetType>('all');
  const bets = useUserBets(userId, betType);
  return (
    <DataTable
      columns={COLUMNS}
      rows={bets.data}
      rowKey={(b) => b.bet_id}
      loading={bets.isFetching}
      error={bets.error}
      onRetry={bets.refetch}
      empty="No open bets."
      testId="user-bets-table"
      cardsOnPhone
      tools={
        <>
          <ToolSelect
            label="Bets"
            value={betType}
            options={[
              { value: 'all', label: 'All' },
              { value: 'matched', label: 'Matched' },
              { value: 'unmatched', label: 'Unmatched' },
            ]}
            onChange={setBetType}
            testId="user-bets-type"
          />
          <ExportCsvButton
            request={{
              report: 'CURRENT_BETS',
              from_date: istYmdDaysAgo(EXPORT_DAYS),
              to_date: istYmdDaysAgo(0),
              user_id: userId,
            }}
            testId="user-bets-export"
          />
        </>
      }
    />
  );
}
