import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { amountColumn, DataTable, signedColumn, type Column } from '@/console/components';
import type { DataOf } from '@exchange/contracts';
import { useOwnAccount } from '@/console/lib/own-account';
import { owedInWords } from '@/console/lib/owed';
import { useSettlementLedger } from '@/console/lib/settlement-ledger';
import { formatIst } from '@/lib/format';
import { useCollectionReport } from './api/collection-report';
import { byName, type SettleSlot } from './settle-slot';
import './partnership.css';

const KIND = { SHARE: 'Share', SETTLEMENT: 'Settlement' } as const;
/** A ledger row with its place in the ledger (rows have no id of their own). */
type Entry = DataOf<'agentGetSettlementLedger'>['rows'][number] & { n: number };

/**
 * The ledger's columns. Every sign is said from one side: a direct account's ledger is the
 * account's debt to the caller ("+ owes you"), the caller's own is its debt to its upline
 * ("+ you owe").
 */
function columnsOf(own: boolean): Column<Entry>[] {
  const owes = own ? 'you owe' : 'owes you';
  return [
    {
      key: 'date',
      header: 'Date (IST)',
      value: (r) => r.date,
      render: (r) => <span className="nowrap">{formatIst(r.date)}</span>,
    },
    { key: 'kind', header: 'Kind', value: (r) => KIND[r.kind] },
    { key: 'description', header: 'Market or remark', value: (r) => r.description },
    signedColumn('downline_pnl', 'Downline P/L (+ bettors won)', (r) => r.downline_pnl),
    amountColumn('commission', 'Commission', (r) => r.commission),
    // On the caller's own ledger a plus is what it owes: red, as a debt reads.
    signedColumn('amount', `Amount (+ ${owes} more)`, (r) => r.amount, { positiveIsLoss: own }),
    signedColumn('balance', `Balance (+ ${owes})`, (r) => r.balance, { positiveIsLoss: own }),
  ];
}

/**
 * The settlement ledger (agent/getSettlementLedger): with a direct account (`?user=`), or the
 * caller's own with its upline. Each market's share going up, the commission it bears and every
 * cash settlement, with what is owed after each; the newest first, as a statement reads.
 */
export function LedgerPage({ settle }: { settle?: SettleSlot }) {
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('user'));
  const userId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const me = useOwnAccount();
  // The root has no upline: its ledgers are with its own accounts only.
  const hasUpline = me !== null && me.role !== 'root';
  const ledger = useSettlementLedger(userId, userId !== null || hasUpline);
  const accounts = useCollectionReport();
  const [settling, setSettling] = useState(false);
  const own = userId === null;
  const data = ledger.data;

  const choices = useMemo(() => {
    const r = accounts.data;
    // The upline's ledger is the caller's own ("My upline").
    return r ? byName([...r.receive_from, ...r.pay_to, ...r.square].filter((a) => !a.upline)) : [];
  }, [accounts.data]);
  const columns = useMemo(() => columnsOf(own), [own]);
  const rows = useMemo(() => data?.rows.map((r, n): Entry => ({ ...r, n })).reverse(), [data]);

  return (
    <div className="business-page" data-testid="ledger-page">
      <div className="console-page__head">
        <h1>Settlement ledger</h1>
        <label className="field field--inline">
          <span className="field__label">With</span>
          <select
            className="input"
            value={userId ?? ''}
            onChange={(e) => setParams(e.target.value ? { user: e.target.value } : {})}
            data-testid="ledger-account"
          >
            {(hasUpline || userId === null) && (
              <option value="">{hasUpline ? 'My upline' : 'Choose an account'}</option>
            )}
            {choices.map((a) => (
              <option key={a.user_id} value={a.user_id}>
                {a.user_name}
              </option>
            ))}
            {userId !== null && !choices.some((a) => a.user_id === userId) && (
              <option value={userId}>{data?.user_name ?? `Account ${userId}`}</option>
            )}
          </select>
        </label>
        {settle && data && !own && (
          <div className="console-page__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setSettling(true)}
              data-testid="ledger-settle"
            >
              Record settlement
            </button>
          </div>
        )}
      </div>
      {data && (
        <p className="business-owed" data-testid="ledger-owed">
          {own
            ? owedInWords(data.owed_by_user, 'you', data.parent_name)
            : owedInWords(data.owed_by_user, data.user_name, 'you')}
        </p>
      )}
      {!own || hasUpline ? (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.n}
          loading={ledger.isFetching}
          error={ledger.error}
          onRetry={ledger.refetch}
          empty="Nothing shared or settled yet."
          testId="ledger-table"
          cardsOnPhone
          csvName={data ? `ledger-${data.user_name}-${data.parent_name}` : 'ledger'}
        />
      ) : (
        <p className="console-card muted">
          Choose one of your accounts to see what you and it owe each other.
        </p>
      )}
      {settling &&
        data &&
        settle?.({ user_id: data.user_id, user_name: data.user_name }, () => setSettling(false))}
    </div>
  );
}
