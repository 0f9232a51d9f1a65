import type { MarketStatus, OperatorMarket } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge, ConfirmDialog, MarketStatusTag, marketKindLabel } from '@/console/components';
import { formatIst, formatRupees } from '@/lib/format';
import { useLiveMarket } from '@/lib/live';
import { BookmakerDesk } from './bookmaker-desk';
import { FancyDesk } from './fancy-desk';
import { LiveBook } from './live-book';
import { MarketSettingsDialog } from './market-settings-dialog';
import type { MarketActions } from './api/market-actions';

type Settable = Exclude<MarketStatus, 'INACTIVE'>;

const STATUS_BUTTONS: { status: Settable; label: string; test: string }[] = [
  { status: 'OPEN', label: 'Open', test: 'open' },
  { status: 'SUSPENDED', label: 'Suspend', test: 'suspend' },
  { status: 'BALL_RUNNING', label: 'Ball running', test: 'ball-running' },
  { status: 'CLOSED', label: 'Close', test: 'close' },
];

/** A settled market's result in words. */
function resultText(m: OperatorMarket): string {
  const r = m.result;
  if (!r) return '';
  if (r.kind === 'VOID') return 'Void';
  if (r.kind === 'RUNS') return `Result: ${r.runs} runs`;
  const names = m.runners.filter((x) => r.winner_ids.includes(x.selection_id)).map((x) => x.name);
  return `Winner${names.length > 1 ? 's' : ''}: ${names.join(', ')}`;
}

/**
 * One market of the match: its status buttons, limits, the trading desk (bookmaker and fancy)
 * beside the live book. Closing asks first: it cancels every unmatched order.
 */
export function MarketCard({ market, actions }: { market: OperatorMarket; actions: MarketActions }) {
  const [settings, setSettings] = useState(false);
  const [closing, setClosing] = useState(false);
  const id = market.market_id;
  const settled = market.result !== null;
  // The feed and other desks move the market too: the card and its desk follow the stream.
  const live = useLiveMarket(settled ? null : id);
  useEffect(() => {
    if (live) actions.live(live);
  }, [live, actions]);
  const setStatus = (status: Settable) =>
    status === 'CLOSED' ? setClosing(true) : void actions.setStatus(id, status);

  return (
    <article className="console-card market-card" data-testid={`market-card-${id}`}>
      <header className="market-card__head">
        <div className="market-card__title">
          <h2>{market.name}</h2>
          <span className="muted">
            {marketKindLabel(market.kind, market.market_type)} · #{id}
          </span>
          <MarketStatusTag status={market.status} settled={settled} testId={`market-${id}-status`} />
          {market.in_play && <Badge tone="ok">In play</Badge>}
        </div>
        {!settled && (
          <div className="market-card__actions" role="group" aria-label="Market status">
            {STATUS_BUTTONS.filter((b) => b.status !== 'BALL_RUNNING' || market.kind !== 'EXCHANGE').map(
              (b) => (
                <button
                  key={b.status}
                  type="button"
                  className={`btn btn--small${market.status === b.status ? ' btn--current' : ''}`}
                  aria-pressed={market.status === b.status}
                  onClick={() => setStatus(b.status)}
                  disabled={market.status === b.status}
                  data-testid={`market-${id}-${b.test}`}
                >
                  {b.label}
                </button>
              ),
            )}
            {/* setMarketStatus carries the status with it: an inactive market has none to keep yet. */}
            <label
              className="market-card__toggle"
              title={market.status === 'INACTIVE' ? 'Open or suspend the market first' : undefined}
            >
              <input
                type="checkbox"
                checked={market.in_play}
                disabled={market.status === 'INACTIVE'}
                onChange={(e) =>
                  market.status !== 'INACTIVE' && void actions.setStatus(id, market.status, e.target.checked)
                }
                data-testid={`market-${id}-in-play`}
              />
              In play
            </label>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => setSettings(true)}
              data-testid={`market-${id}-settings`}
            >
              Limits…
            </button>
          </div>
        )}
      </header>
      <p className="market-card__limits muted">
        Stake {formatRupees(market.min_stake)}–{formatRupees(market.max_stake)} · max profit{' '}
        {formatRupees(market.max_profit)} · delay {market.bet_delay_ms} ms · commission{' '}
        {market.commission_percent}% · {market.open_orders} unmatched
        {market.session_hours &&
          ` · hours ${market.session_hours.open}–${market.session_hours.close}${market.session_hours.weekdays_only ? ' Mon–Fri' : ''}`}
      </p>
      {settled ? (
        <p data-testid={`market-${id}-result`}>
          {resultText(market)} · settled {formatIst(market.result?.settled_at)} ·{' '}
          <Link to={`/results?match=${market.match_id}`}>Results</Link>
        </p>
      ) : (
        <div
          className={`market-card__body${market.kind === 'EXCHANGE' ? ' market-card__body--book-only' : ''}`}
        >
          {market.kind === 'FANCY' && <FancyDesk market={market} actions={actions} />}
          {market.kind === 'BOOKMAKER' && <BookmakerDesk market={market} actions={actions} />}
          <LiveBook market={market} live={live} />
        </div>
      )}
      {settings && (
        <MarketSettingsDialog market={market} actions={actions} onClose={() => setSettings(false)} />
      )}
      {closing && (
        <ConfirmDialog
          title={`Close ${market.name}?`}
          confirmLabel="Close market"
          danger
          testId={`market-${id}-close-dialog`}
          onClose={() => setClosing(false)}
          onConfirm={async () => {
            if (!(await actions.setStatus(id, 'CLOSED'))) throw new Error('refused');
          }}
        >
          <p>
            No more bets are taken.{' '}
            {market.open_orders > 0
              ? `${market.open_orders} unmatched orders are cancelled and their stakes released.`
              : 'There are no unmatched orders.'}
          </p>
          <p className="muted">Its result is declared on the Results screen.</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
