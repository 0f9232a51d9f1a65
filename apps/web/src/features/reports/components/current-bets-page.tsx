import type { CurrentBet } from '@exchange/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Modal, PageFrame, TableScroll, TableStateRow } from '@/components';
import { ApiError } from '@/lib/api';
import { useCancelBet } from '@/lib/bet-changes';
import { formatAmount, formatIst } from '@/lib/format';
import { useSports } from '@/lib/sports';
import { useCurrentBets, type BetTypeFilter, type CurrentBetsFilter } from '../api/current-bets';
import { betPriceLabel, betSideLabel, canCancel, isBackSide, matchedPriceLabel } from '../lib/bets';
import './reports.css';

const BET_TYPES: Array<{ value: BetTypeFilter; label: string }> = [
  { value: 'matched', label: 'Matched' },
  { value: 'unmatched', label: 'Unmatched' },
  { value: 'all', label: 'All' },
];
const COLUMNS = 11;

/** report/current-bet: the caller's bets on markets not yet settled, with cancel of an unmatched rest. */
export function CurrentBetsPage() {
  const [filter, setFilter] = useState<CurrentBetsFilter>({ bet_type: 'matched' });
  const { data, isLoading, isFetching, isError, error } = useCurrentBets(filter);
  const { data: sports } = useSports();
  const [toCancel, setToCancel] = useState<CurrentBet | null>(null);
  const bets = data ?? [];

  return (
    <PageFrame title="Current Bets" testId="current-bet-page">
      <div className="filters" data-testid="current-bet-filters">
        <label className="field field--inline">
          <span className="field__label">Sport</span>
          <select
            className="input"
            value={filter.sport_id ?? ''}
            onChange={(e) =>
              setFilter({
                bet_type: filter.bet_type,
                ...(e.target.value ? { sport_id: Number(e.target.value) } : {}),
              })
            }
            data-testid="current-bet-sport"
          >
            <option value="">All sports</option>
            {sports?.map((s) => (
              <option key={s.sport_id} value={s.sport_id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <div className="radio-group" role="radiogroup" aria-label="Bet type">
          {BET_TYPES.map((t) => (
            <label key={t.value} className="radio-group__option">
              <input
                type="radio"
                name="bet-type"
                value={t.value}
                checked={filter.bet_type === t.value}
                onChange={() => setFilter({ ...filter, bet_type: t.value })}
                data-testid={`current-bet-type-${t.value}`}
              />
              {t.label}
            </label>
          ))}
        </div>
        {isFetching && !isLoading && <span className="muted">Loading…</span>}
      </div>
      <TableScroll label="Current bets">
        <table className="table report-table report-table--actions" data-testid="current-bet-table">
          <thead>
            <tr>
              <th>Event</th>
              <th>Market</th>
              <th>Selection</th>
              <th>Type</th>
              <th className="num">Odds</th>
              <th className="num" title="Average matched odds">Avg matched</th>
              <th className="num">Stake</th>
              <th className="num">Matched</th>
              <th className="num">Unmatched</th>
              <th>Placed</th>
              <th aria-label="Action" />
            </tr>
          </thead>
          <tbody>
            <TableStateRow columns={COLUMNS} loading={isLoading} loadingLabel="Loading bets" empty={bets.length === 0} error={isError ? error : null} />
            {!isLoading && bets.map((bet) => <BetRow key={bet.bet_id} bet={bet} onCancel={() => setToCancel(bet)} />)}
          </tbody>
        </table>
      </TableScroll>
      {toCancel && <CancelBetModal bet={toCancel} onClose={() => setToCancel(null)} />}
    </PageFrame>
  );
}

function BetRow({ bet, onCancel }: { bet: CurrentBet; onCancel: () => void }) {
  return (
    <tr
      className={isBackSide(bet.side) ? 'bet-row--back' : 'bet-row--lay'}
      data-testid="current-bet-row"
      data-bet-id={bet.bet_id}
    >
      <td>
        <div>{bet.match_name}</div>
        <div className="muted report-table__sub">{bet.sport_name}</div>
      </td>
      <td>{bet.market_name}</td>
      <td>{bet.selection_name}</td>
      <td>{betSideLabel(bet.side)}</td>
      {/* The odds asked and the average matched: a taker may be matched at better odds. */}
      <td className="num" data-testid="bet-odds-requested">
        {betPriceLabel(bet)}
      </td>
      <td className="num" data-testid="bet-odds-matched">
        {matchedPriceLabel(bet)}
      </td>
      <td className="num">{formatAmount(bet.stake)}</td>
      <td className="num">{formatAmount(bet.matched_stake)}</td>
      <td className="num">{formatAmount(bet.unmatched_stake)}</td>
      <td className="nowrap">{formatIst(bet.placed_at)}</td>
      <td>
        {canCancel(bet) && (
          <button
            type="button"
            className="btn btn--small btn--secondary"
            onClick={onCancel}
            data-testid={`cancel-bet-${bet.bet_id}`}
          >
            Cancel
          </button>
        )}
      </td>
    </tr>
  );
}

/** Asks before cancelling: the unmatched rest leaves the book and its liability is released. */
function CancelBetModal({ bet, onClose }: { bet: CurrentBet; onClose: () => void }) {
  const cancel = useCancelBet();
  const confirm = () =>
    cancel.mutate(bet.bet_id, {
      onSuccess: (answer) => {
        toast.success(`Bet cancelled: ${formatAmount(answer.cancelled_stake)} unmatched returned`);
        onClose();
      },
      onError: (err) => {
        toast.error(err instanceof ApiError ? err.message : 'Bet not cancelled');
        onClose();
      },
    });
  return (
    <Modal
      title="Cancel unmatched bet"
      onClose={onClose}
      size="sm"
      testId="cancel-bet-modal"
      footer={
        <>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={onClose}
            data-testid="cancel-bet-keep"
          >
            Keep bet
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={cancel.isPending}
            onClick={confirm}
            data-testid="cancel-bet-confirm"
          >
            Cancel bet
          </button>
        </>
      }
    >
      <p>
        {betSideLabel(bet.side)} <strong>{bet.selection_name}</strong> at {betPriceLabel(bet)} in{' '}
        {bet.market_name}, {bet.match_name}.
      </p>
      <p>
        The unmatched {formatAmount(bet.unmatched_stake)} leaves the market
        {bet.matched_stake > 0 ? `; the matched ${formatAmount(bet.matched_stake)} stands` : ''}.
      </p>
    </Modal>
  );
}
