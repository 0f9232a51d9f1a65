import type { Dashboard, ExposedMarket } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge, DataTable, type Column } from '@/console/components';
import { consoleKeys } from '@/console/lib/query-keys';
import { Spinner } from '@/components';
import { fetchData, isRetryable } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { PnlChart } from './pnl-chart';
import './dashboard.css';

/** The nudges refresh the dashboard; without the socket it is read again this often. */
const DASHBOARD_POLL_MS = 60_000;

function Stat({ label, value, testId, count = false }: { label: string; value: number; testId: string; count?: boolean }) {
  return (
    <div className="console-stat" data-testid={`dashboard-stat-${testId}`}>
      <div className="console-stat__label">{label}</div>
      <div className={`console-stat__value${value < 0 ? ' loss' : ''}`}>{count ? value : formatAmount(value)}</div>
    </div>
  );
}

const MARKET_COLUMNS: Column<ExposedMarket>[] = [
  {
    key: 'market',
    header: 'Market',
    value: (m) => `${m.match_name} ${m.market_name}`,
    render: (m) => (
      <Link to={`/book?market=${m.market_id}`} data-testid={`dashboard-market-${m.market_id}`}>
        <span className="dashboard-market__name">{m.market_name}</span>
        <span className="muted dashboard-market__match">{m.match_name}</span>
      </Link>
    ),
  },
  { key: 'sport', header: 'Sport', value: (m) => m.sport_name },
  { key: 'status', header: 'Status', value: (m) => m.status, render: (m) => <Badge tone={m.status === 'OPEN' ? 'ok' : 'warn'}>{m.status}</Badge> },
  { key: 'exposure', header: 'Exposure', numeric: true, value: (m) => m.exposure, render: (m) => formatAmount(m.exposure) },
  { key: 'users', header: 'Users', numeric: true, value: (m) => m.users },
];

function PendingPayments({ pending }: { pending: Dashboard['pending_payments'] }) {
  return (
    <section className="console-card dashboard-pending" aria-labelledby="dashboard-pending-title" data-testid="dashboard-pending">
      <h2 id="dashboard-pending-title">Pending payment requests</h2>
      <dl className="dashboard-pending__list">
        <div>
          <dt>Deposits</dt>
          <dd data-testid="dashboard-pending-deposits">
            <Link to="/payments?status=PENDING&kind=DEPOSIT">
              <strong>{pending.deposits}</strong> · {formatAmount(pending.deposit_amount)}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Withdrawals</dt>
          <dd data-testid="dashboard-pending-withdrawals">
            <Link to="/payments?status=PENDING&kind=WITHDRAW">
              <strong>{pending.withdrawals}</strong> · {formatAmount(pending.withdrawal_amount)}
            </Link>
          </dd>
        </div>
      </dl>
      <Link to="/payments?status=PENDING" className="btn btn--small btn--secondary" data-testid="dashboard-payments-link">
        Open payment requests
      </Link>
    </section>
  );
}

/**
 * The first screen: the caller's own money and its downline's, the house's P&L today and this
 * week, what waits in the payment requests and the markets that risk the most.
 */
export function DashboardPage() {
  const { data, error, isLoading, refetch } = useQuery({
    queryKey: consoleKeys.dashboard,
    queryFn: () => fetchData('agentGetDashboard'),
    refetchInterval: DASHBOARD_POLL_MS,
  });

  return (
    <div data-testid="dashboard-page">
      <div className="console-page__head">
        <h1>Dashboard</h1>
      </div>
      {isLoading && <Spinner label="Loading the dashboard" />}
      {error && !data && (
        <p className="notice notice--error" role="alert" data-testid="dashboard-error">
          {error.message}{' '}
          {isRetryable(error) && (
            <button type="button" className="btn btn--small" onClick={() => void refetch()}>
              Retry
            </button>
          )}
        </p>
      )}
      {data && (
        <>
          <div className="console-stats">
            <Stat label="Your balance" value={data.own.balance} testId="own-balance" />
            <Stat label="Your available" value={data.own.available} testId="own-available" />
            <Stat label="Downline balance" value={data.downline.balance} testId="downline-balance" />
            <Stat label="Downline exposure" value={data.downline.exposure} testId="downline-exposure" />
            <Stat label="Downline available" value={data.downline.available} testId="downline-available" />
            <Stat label="Users" value={data.downline.users} testId="users" count />
            <Stat label="Agents" value={data.downline.agents} testId="agents" count />
          </div>
          <p className="muted dashboard-legend">
            House P&amp;L: what the downline lost less what it won, after commission. <span className="profit">Green</span>: the house won;{' '}
            <span className="loss">red</span>: it lost.
          </p>
          <div className="dashboard-charts">
            <PnlChart title="Today" pnl={data.today} testId="dashboard-pnl-today" />
            <PnlChart title="This week" pnl={data.week} testId="dashboard-pnl-week" />
          </div>
          <PendingPayments pending={data.pending_payments} />
          <section className="console-card" aria-labelledby="dashboard-markets-title">
            <h2 id="dashboard-markets-title">Most exposed markets</h2>
            <DataTable
              columns={MARKET_COLUMNS}
              rows={data.top_markets}
              rowKey={(m) => m.market_id}
              rowTestId={(m) => `dashboard-market-row-${m.market_id}`}
              loading={false}
              empty="No open market carries a downline position."
              testId="dashboard-markets"
            />
          </section>
        </>
      )}
    </div>
  );
}
