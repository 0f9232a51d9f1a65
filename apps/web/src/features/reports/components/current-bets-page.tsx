import type { CurrentBet } from '@exchange/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  CashOutBadge,
  ExportCsvButton,
  Modal,
  PageFrame,
  ReportTable,
  SportSelect,
  UnmatchedBetEditor,
  type ReportColumn,
} from '@/components';
import { ApiError } from '@/lib/api';
import { useCancelAllBets, useCancelBet } from '@/lib/bet-changes';
import { formatAmount, formatIst, istYmdDaysAgo, sumAmounts } from '@/lib/format';
import { useSports } from '@/lib/sports';
import { useCurrentBets, type BetTypeFilter, type CurrentBetsFilter } from '../api/current-bets';
import { betPriceLabel, betSideLabel, canCancel, isBackSide, matchedPriceLabel } from '../lib/bets';
import './reports.css';

const BET_TYPES: Array<{ value: BetTypeFilter; label: string }> = [
  { value: 'matched', label: 'Matched' },
  { value: 'unmatched', label: 'Unmatched' },
  { value: 'all', label: 'All' },
];

/** Event to Placed; the Action column joins them only when a bet listed can be cancelled. */
const COLUMNS: ReportColumn<CurrentBet>[] = [
  {
    id: 'event',
    header: 'Event',
    wide: true,
    cell: (bet) => (
      <>
        <div>{bet.match_name}</div>
        <div className="muted report-table__sub">{bet.sport_name}</div>
      </>
    ),
  },
  { id: 'market', header: 'Market', cell: (bet) => bet.market_name },
  {
    id: 'selection',
    header: 'Selection',
    cell: (bet) => (
      <>
        {bet.selection_name}
        <CashOutBadge origin={bet.cash_out} />
      </>
    ),
  },
  { id: 'type', header: 'Type', cell: (bet) => betSideLabel(bet.side) },
  // The odds asked and the average matched: a taker may be matched at better odds.
  { id: 'odds', header: 'Odds', num: true, cell: betPriceLabel, cellTestId: 'bet-odds-requested' },
  {
    id: 'avg',
    header: 'Avg matched',
    title: 'Average matched odds',
    num: true,
    cell: matchedPriceLabel,
    cellTestId: 'bet-odds-matched',
  },
  { id: 'stake', header: 'Stake', num: true, cell: (bet) => formatAmount(bet.stake) },
  { id: 'matched', header: 'Matched', num: true, cell: (bet) => formatAmount(bet.matched_stake) },
  { id: 'unmatched', header: 'Unmatched', num: true, cell: (bet) => formatAmount(bet.unmatched_stake) },
  { id: 'placed', header: 'Placed', cell: (bet) => formatIst(bet.placed_at), cellClass: () => 'nowrap' },
];

/**
 * The page lists every current bet and has no date range; its export (report/exportCsv takes a
 * range of IST days) covers the bets placed in the last 30 days.
 */
const EXPORT_DAYS = 30;

/** Edit and Cancel of an exchange bet's unmatched rest (each in a dialog). */
const actionColumn = (
  onEdit: (bet: CurrentBet) => void,
  onCancel: (bet: CurrentBet) => void,
): ReportColumn<CurrentBet> => ({
  id: 'action',
  header: 'Action',
  // A phone's card gives the two buttons its whole width.
  wide: true,
  cellClass: () => 'nowrap',
  cell: (bet) =>
    canCancel(bet) && (
      <span className="bet-actions">
        <button
          type="button"
          className="btn btn--small"
          aria-label={`Edit ${betSideLabel(bet.side).toLowerCase()} ${bet.selection_name} at ${betPriceLabel(bet)}`}
          onClick={() => onEdit(bet)}
          data-testid={`edit-bet-${bet.bet_id}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn--small btn--secondary"
          onClick={() => onCancel(bet)}
          data-testid={`cancel-bet-${bet.bet_id}`}
        >
          Cancel
        </button>
      </span>
    ),
});

/** report/current-bet: the caller's bets on markets not yet settled, with cancel of an unmatched rest. */
export function CurrentBetsPage() {
  const [filter, setFilter] = useState<CurrentBetsFilter>({ bet_type: 'matched' });
  const { data, isLoading, isFetching, isError, error } = useCurrentBets(filter);
  const { data: sports } = useSports();
  const [toCancel, setToCancel] = useState<CurrentBet | null>(null);
  const [cancelAll, setCancelAll] = useState(false);
  // By id: the dialog follows the listed bet (its rest, Keep in play) and closes once it has no rest.
  const [editId, setEditId] = useState<number | null>(null);
  const bets = data ?? [];
  const unmatched = bets.filter(canCancel);
  const editing = unmatched.find((b) => b.bet_id === editId);

  return (
    <PageFrame title="Current Bets" testId="current-bet-page">
      <div className="filters" data-testid="current-bet-filters">
        <SportSelect
          sports={sports}
          value={filter.sport_id ?? null}
          onChange={(sportId) =>
            setFilter({ bet_type: filter.bet_type, ...(sportId !== null ? { sport_id: sportId } : {}) })
          }
          allLabel="All sports"
          testId="current-bet-sport"
        />
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
        {/* Every unmatched rest of the markets listed: all of them are listed unless only matched bets are. */}
        {unmatched.length > 1 && filter.bet_type !== 'matched' && (
          <button
            type="button"
            className="btn btn--small btn--secondary current-bets__cancel-all"
            onClick={() => setCancelAll(true)}
            data-testid="cancel-all-bets"
          >
            Cancel all unmatched
          </button>
        )}
        <ExportCsvButton
          request={{
            report: 'CURRENT_BETS',
            from_date: istYmdDaysAgo(EXPORT_DAYS),
            to_date: istYmdDaysAgo(0),
          }}
        />
      </div>
      <ReportTable
        columns={
          unmatched.length > 0
            ? [
                ...COLUMNS,
                actionColumn(
                  (bet) => setEditId(bet.bet_id),
                  (bet) => setToCancel(bet),
                ),
              ]
            : COLUMNS
        }
        rows={bets}
        rowKey={(bet) => bet.bet_id}
        rowProps={(bet) => ({
          className: isBackSide(bet.side) ? 'bet-row--back' : 'bet-row--lay',
          'data-testid': 'current-bet-row',
          'data-bet-id': bet.bet_id,
        })}
        state={{ loading: isLoading, loadingLabel: 'Loading bets', error: isError ? error : null }}
        totals={[
          {
            key: 'total',
            label: `Total (${bets.length} ${bets.length === 1 ? 'bet' : 'bets'})`,
            values: {
              stake: formatAmount(sumAmounts(bets.map((b) => b.stake))),
              matched: formatAmount(sumAmounts(bets.map((b) => b.matched_stake))),
              unmatched: formatAmount(sumAmounts(bets.map((b) => b.unmatched_stake))),
            },
            testId: 'current-bet-totals',
          },
        ]}
        label="Current bets"
        testId="current-bet-table"
      />
      {toCancel && <CancelBetModal bet={toCancel} onClose={() => setToCancel(null)} />}
      {cancelAll && <CancelAllModal bets={unmatched} onClose={() => setCancelAll(false)} />}
      {editing && (
        <Modal title="Edit unmatched bet" onClose={() => setEditId(null)} size="sm" testId="edit-bet-modal">
          <p className="edit-bet__what">
            {betSideLabel(editing.side)} <strong>{editing.selection_name}</strong> in {editing.market_name},{' '}
            {editing.match_name}. Unmatched {formatAmount(editing.unmatched_stake)} at{' '}
            {betPriceLabel(editing)}
            {editing.matched_stake > 0 && `; matched ${formatAmount(editing.matched_stake)}`}.
          </p>
          <UnmatchedBetEditor key={editing.unmatched_stake} bet={editing} onClose={() => setEditId(null)} />
        </Modal>
      )}
    </PageFrame>
  );
}

/** Asks before cancelling every unmatched rest listed: one call per market (bet/cancelAllBets). */
function CancelAllModal({ bets, onClose }: { bets: CurrentBet[]; onClose: () => void }) {
  const cancelAll = useCancelAllBets();
  const marketIds = [...new Set(bets.map((b) => b.market_id))];
  const confirm = () =>
    cancelAll.mutate(marketIds, {
      onSuccess: (n) => toast.success(n === 1 ? '1 bet cancelled' : `${n} bets cancelled`),
      onError: (err) => toast.error(err.message),
      onSettled: onClose,
    });
  return (
    <Modal
      title="Cancel all unmatched bets"
      onClose={onClose}
      size="sm"
      testId="cancel-all-modal"
      footer={
        <>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={onClose}
            data-testid="cancel-all-keep"
          >
            Keep bets
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={cancelAll.isPending}
            onClick={confirm}
            data-testid="cancel-all-confirm"
          >
            Cancel {bets.length} bets
          </button>
        </>
      }
    >
      <p>
        The unmatched {formatAmount(sumAmounts(bets.map((b) => b.unmatched_stake)))} of {bets.length} bets
        leaves the market{marketIds.length > 1 ? 's' : ''}; what is matched stands.
      </p>
    </Modal>
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
