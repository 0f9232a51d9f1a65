import { VOID_REASONS, type OperatorBet, type OperatorMarket } from '@exchange/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  amountColumn,
  DataTable,
  FormDialog,
  FormField,
  SearchBox,
  SignedAmount,
  useServerPaging,
  type Column,
} from '@/console/components';
import { toastRefusal } from '@/console/lib/refusal';
import { Modal } from '@/components';
import { useDebounced } from '@/hooks/use-debounced';
import { formatAmount, formatIst, formatOdds } from '@/lib/format';
import { useMarketBets } from './api/market-bets';
import { useVoidBet } from './api/void-bet';

const REASON_LABELS: Record<(typeof VOID_REASONS)[number], string> = {
  VPN: 'VPN',
  ROBOT: 'Robot (automated betting)',
  MULTIPLE_ENTRIES: 'Multiple entries',
  PUNCHING: 'Punching (late bets)',
};

/** Only a settled winning bet can be voided for a rules breach: its win is what is taken back. */
const voidable = (b: OperatorBet) => b.outcome === 'WON' && !b.voided && b.pnl !== null && b.pnl > 0;

/** Voiding one bet: the reason, a remark, and the amount taken back said on the button. */
function VoidBetDialog({ bet, onClose }: { bet: OperatorBet; onClose: () => void }) {
  const voidBet = useVoidBet();
  const [reason, setReason] = useState<(typeof VOID_REASONS)[number]>('VPN');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const amount = formatAmount(bet.pnl);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const voided = await voidBet.mutateAsync({
        bet_id: bet.bet_id,
        reason,
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      toast.success(
        `Bet #${voided.bet_id} voided: ${formatAmount(voided.amount)} taken back from ${bet.user_name}`,
      );
      onClose();
    } catch (err) {
      toastRefusal(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={`Void bet #${bet.bet_id}`}
      testId="void-bet-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={`Void and take back ${amount}`}
      busy={busy}
      danger
      size="sm"
    >
      <p>
        <strong>{bet.user_name}</strong> won <strong data-testid="void-bet-amount">{amount}</strong> on{' '}
        {bet.selection_name} ({bet.side.toLowerCase()}, stake {formatAmount(bet.stake)}). Voiding takes the
        win back from the balance and tells the user.
      </p>
      <FormField label="Reason">
        <select
          className="input"
          value={reason}
          onChange={(e) => setReason(e.target.value as typeof reason)}
          data-testid="void-bet-reason"
          autoFocus
        >
          {VOID_REASONS.map((r) => (
            <option key={r} value={r}>
              {REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Remark (optional)">
        <textarea
          className="input"
          rows={2}
          maxLength={200}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          data-testid="void-bet-remark"
        />
      </FormField>
    </FormDialog>
  );
}

const SEARCH_DELAY_MS = 300;

/** A market's bets with their users (operator/getMarketBets): search by user, page, void a winning one. */
export function MarketBetsDialog({ market, onClose }: { market: OperatorMarket; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const { page, limit, first, paging } = useServerPaging();
  const [voiding, setVoiding] = useState<OperatorBet | null>(null);
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const body = { market_id: market.market_id, ...(query ? { search: query } : {}), page, limit };
  const bets = useMarketBets(body);

  const columns: Column<OperatorBet>[] = [
    { key: 'id', header: 'Bet', value: (b) => b.bet_id, numeric: true },
    { key: 'user', header: 'User', value: (b) => b.user_name },
    { key: 'selection', header: 'Selection', value: (b) => b.selection_name },
    { key: 'side', header: 'Side', value: (b) => b.side },
    {
      key: 'price',
      header: 'Odds / line',
      value: (b) => (b.line !== null ? `${b.line} @ ${b.price}` : formatOdds(b.price)),
    },
    amountColumn('stake', 'Stake', (r) => r.stake),
    { key: 'status', header: 'Status', value: (b) => (b.voided ? 'VOIDED' : (b.outcome ?? b.status)) },
    {
      key: 'pnl',
      header: 'P&L',
      value: (b) => b.pnl,
      numeric: true,
      render: (b) => (b.pnl === null ? '' : <SignedAmount value={b.pnl} />),
    },
    { key: 'ip', header: 'IP', value: (b) => b.ip ?? '' },
    {
      key: 'placed',
      header: 'Placed (IST)',
      value: (b) => b.placed_at,
      render: (b) => <span className="nowrap">{formatIst(b.placed_at)}</span>,
    },
    {
      key: 'actions',
      header: '',
      sortable: false,
      value: () => null,
      render: (b) =>
        voidable(b) ? (
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => setVoiding(b)}
            data-testid={`void-bet-${b.bet_id}`}
          >
            Void
          </button>
        ) : null,
    },
  ];
  // One dialog at a time (a dialog traps the keyboard): voiding replaces the list, which comes back after.
  if (voiding) return <VoidBetDialog bet={voiding} onClose={() => setVoiding(null)} />;
  return (
    <Modal title={`Bets: ${market.name}`} onClose={onClose} testId="market-bets-dialog" size="lg">
      <DataTable
        cardsOnPhone
        columns={columns}
        rows={bets.data?.rows}
        rowKey={(b) => b.bet_id}
        rowTestId={(b) => `bet-row-${b.bet_id}`}
        loading={bets.isFetching}
        error={bets.error}
        onRetry={bets.refetch}
        empty={query ? `No bet by a user like “${query}”` : 'No bets on this market'}
        testId="market-bets"
        paging={paging(bets.data?.total)}
        tools={
          <SearchBox
            value={search}
            onSearch={(text) => (setSearch(text), first())}
            placeholder="User"
            label="Search by user"
            testId="market-bets-search"
          />
        }
      />
    </Modal>
  );
}
