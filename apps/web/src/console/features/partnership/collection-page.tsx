import { paiseToRupees, roundToPaise } from '@exchange/engine';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, SignedAmount, signedColumn, type Column } from '@/console/components';
import type { DataOf } from '@exchange/contracts';
import { refusalText } from '@/console/lib/refusal';
import { Spinner } from '@/components';
import { useCollectionReport } from './api/collection-report';
import type { Account, SettleSlot } from './settle-slot';
import './partnership.css';

type CollectionRow = DataOf<'agentGetCollectionReport'>['receive_from'][number];

/** A direct account's ledger with the caller; the upline's is the caller's own ledger. */
const ledgerPath = (r: Account & { upline: boolean }) => (r.upline ? '/ledger' : `/ledger?user=${r.user_id}`);

const roleOf = (r: CollectionRow) => (r.upline ? 'Upline' : r.role === 'agent' ? 'Agent' : 'User');

/**
 * Account (a link to its ledger), role, what is owed and, with the slot, a Settle button: cash
 * with a direct account is recorded here, cash with the upline by the upline.
 */
function columnsOf(onSettle: ((r: CollectionRow) => void) | null): Column<CollectionRow>[] {
  return [
    {
      key: 'user_name',
      header: 'Account',
      value: (r) => r.user_name,
      render: (r) => (
        <Link
          to={ledgerPath(r)}
          className="business-account"
          data-testid={`collection-ledger-${r.user_name}`}
        >
          {r.user_name}
        </Link>
      ),
    },
    { key: 'role', header: 'Role', value: roleOf },
    signedColumn('owed_by_user', 'Owed (+ owes you)', (r) => r.owed_by_user),
    ...(onSettle
      ? [
          {
            key: 'settle',
            header: 'Settle',
            sortable: false,
            value: () => null,
            render: (r: CollectionRow) =>
              r.upline ? (
                <span className="muted">–</span>
              ) : (
                <button
                  type="button"
                  className="btn btn--small btn--secondary"
                  onClick={() => onSettle(r)}
                  aria-label={`Settle with ${r.user_name}`}
                  data-testid={`collection-settle-${r.user_name}`}
                >
                  Settle
                </button>
              ),
          },
        ]
      : []),
  ];
}

/**
 * The collection report (agent/getCollectionReport): the direct accounts and the upline that owe
 * the caller ("Receive from", lena), those it owes ("Pay to", dena) and the square ones, each side
 * with its total. Every figure is the account's debt to the caller: positive, it owes you; negative, you
 * owe it. An account opens its ledger; Settle records the cash when it comes.
 */
export function CollectionPage({ settle }: { settle?: SettleSlot }) {
  const report = useCollectionReport();
  const [settling, setSettling] = useState<Account | null>(null);
  const data = report.data;
  const columns = columnsOf(settle ? setSettling : null);
  // The pay side's total is what the caller owes: shown with the sign of its rows, whichever way
  // the call gives it.
  const payTotal = data ? -Math.abs(data.total_pay) : 0;
  const net = data ? paiseToRupees(roundToPaise(data.total_receive) + roundToPaise(payTotal)) : 0;

  const side = (
    title: string,
    rows: CollectionRow[] | undefined,
    total: number,
    testId: string,
    empty: string,
  ) => (
    <section className="business-side">
      <h2>{title}</h2>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.user_id}
        rowTestId={(r) => `${testId}-row-${r.user_name}`}
        loading={report.isFetching}
        error={report.error}
        onRetry={report.refetch}
        empty={empty}
        testId={testId}
        cardsOnPhone
        csvName={testId}
        totals={{ label: `Total (${rows?.length ?? 0})`, values: { owed_by_user: total } }}
      />
    </section>
  );

  return (
    <div className="business-page" data-testid="collection-page">
      <div className="console-page__head">
        <h1>Collection report</h1>
      </div>
      {report.isPending ? (
        <Spinner label="Loading the collection report" />
      ) : report.isError && !data ? (
        <div className="console-card">
          <p className="notice--error">{refusalText(report.error)}</p>
          <button type="button" className="btn btn--small" onClick={() => void report.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <p className="business-owed" data-testid="collection-net">
            Net: <SignedAmount value={net} />{' '}
            {net > 0
              ? '(you receive more than you pay)'
              : net < 0
                ? '(you pay more than you receive)'
                : '(square)'}
          </p>
          <div className="business-sides">
            {side(
              'Receive from',
              data?.receive_from,
              data?.total_receive ?? 0,
              'collection-receive',
              'Nobody owes you.',
            )}
            {side('Pay to', data?.pay_to, payTotal, 'collection-pay', 'You owe nobody.')}
          </div>
          <section className="console-card" data-testid="collection-square">
            <h2>Square</h2>
            {data?.square.length ? (
              <ul className="business-square">
                {data.square.map((r) => (
                  <li key={r.user_id}>
                    <Link to={ledgerPath(r)}>{r.user_name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No account is square.</p>
            )}
          </section>
        </>
      )}
      {settling && settle?.(settling, () => setSettling(null))}
    </div>
  );
}
