import type { Dashboard, ExposedMarket } from '@exchange/contracts';
import { Link } from 'react-router';
import { Badge } from '@/console/components';
import { Spinner, TableScroll } from '@/components';
import { isRetryable } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { useDashboard } from './api/dashboard';
import { PnlChart } from './pnl-chart';
import './dashboard.css';


function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="console-stat" data-testid={`dashboard-stat-${testId}`}>
      <div className="console-stat__label">{label}</div>
      <div className={`console-stat__value${value < 0 ? ' loss' : ''}`}>{formatAmount(value)}</div>
    </div>
  );
}

function TopMarkets({ markets }: { markets: readonly ExposedMarket[] }) {
  if (markets.length === 0)
    return (
      <p className="muted" data-testid="dashboard-markets-empty">
        No open market carries a downline position.
      </p>
    );
  return (
    <TableScroll label="Open markets">
      <table className="table" data-testid="dashboard-markets">
        <thead>
          <tr>
            <th>Market</th>
            <th>Status</th>
            <th className="num">Exposure</th>
            <th className="num">Users</th>
          </tr>
        </thead>
        <tbody>
          {markets.map((m) => (
            <tr key={m.market_id} data-testid={`dashboard-market-row-${m.market_id}`}>
              <td>
                <Link
                  to={`/book?market=${m.market_id}`}
                  className="dashboard-market__name"
                  data-testid={`dashboard-market-${m.market_id}`}
                >
                  {m.market_name}
                </Link>
                <span className="muted dashboard-market__match">
                  {m.sport_name} · {m.match_name}
                </span>
              </td>
              <td>
                <Badge tone={m.status === 'OPEN' ? 'ok' : 'warn'}>
                  {m.status.replace('_', ' ').toLowerCase()}
                </Badge>
              </td>
              <td className="num">{formatAmount(m.exposure)}</td>
              <td className="num">{m.users}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PendingPayments({ pending }: { pending: Dashboard['pending_payments'] }) {
  return (
    <section
      className="console-card dashboard-pending"
      aria-labelledby="dashboard-pending-title"
      data-testid="dashboard-pending"
    >
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
      <Link
        to="/payments?status=PENDING"
        className="btn btn--small btn--secondary"
        data-testid="dashboard-payments-link"
      >
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
  const { data, error, isLoading, refetch } = useDashboard();

  return (
    <div className="dashboard-page" data-testid="dashboard-page">
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
            <div className="console-stat" data-testid="dashboard-stat-accounts">
              <div className="console-stat__label">Downline accounts</div>
              <div className="console-stat__value">
                <span data-testid="dashboard-stat-users">{data.downline.users}</span>{' '}
                <span className="dashboard-stat__unit">{data.downline.users === 1 ? 'user' : 'users'}</span>{' '}
                <span data-testid="dashboard-stat-agents">{data.downline.agents}</span>{' '}
                <span className="dashboard-stat__unit">
                  {data.downline.agents === 1 ? 'agent' : 'agents'}
                </span>
              </div>
            </div>
          </div>
          <p className="muted dashboard-legend">
            House P&amp;L: what the downline lost less what it won, after commission. My share: your part of
            it by your partnership, less the commission you bear to your bettors.{' '}
            <span className="profit">Green</span>: a win; <span className="loss">red</span>: a loss.
          </p>
          <div className="dashboard-charts">
            <PnlChart title="Today" pnl={data.today} testId="dashboard-pnl-today" />
            <PnlChart title="This week" pnl={data.week} testId="dashboard-pnl-week" />
          </div>
          <PendingPayments pending={data.pending_payments} />
          <section className="console-card" aria-labelledby="dashboard-markets-title">
            <h2 id="dashboard-markets-title">Most exposed markets</h2>
            <TopMarkets markets={data.top_markets} />
          </section>
        </>
      )}
    </div>
  );
}
