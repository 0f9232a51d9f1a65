import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/console/components';
import { useOperatorMatch } from '@/console/lib/operator-match';
import { refusalText } from '@/console/lib/refusal';
import { Spinner } from '@/components';
import { formatIst } from '@/lib/format';
import { useMarketActions } from './api/market-actions';
import { useMatchBook } from './api/match-book';
import { useMatchMarkets } from './api/match-markets';
import { CreateMarketDialog } from './create-market-dialog';
import { MarketCard } from './market-card';
import './markets.css';

/** A match's markets (route catalog/match/:matchId): create, run and trade them. */
export function MarketsPage() {
  const matchId = Number(useParams().matchId);
  const match = useOperatorMatch(Number.isInteger(matchId) ? matchId : null);
  const markets = useMatchMarkets(matchId);
  // Asked now, beside the markets, not once their cards are drawn: one round trip, not two.
  useMatchBook(matchId);
  const actions = useMarketActions(matchId);
  const [creating, setCreating] = useState(false);
  const m = match.data;
  const open = markets.data?.filter((x) => x.result === null) ?? [];
  const settled = markets.data?.filter((x) => x.result !== null) ?? [];

  return (
    <div className="markets-page" data-testid="markets-page">
      <div className="console-page__head">
        <Link to="/catalog?tab=matches" className="markets-page__back">
          ← Catalog
        </Link>
        <h1 data-testid="markets-match-name">
          {m ? m.match_name : match.isPending ? 'Match…' : `Match ${matchId}`}
        </h1>
        {m && (
          <span className="muted">
            {m.sport_name} · {m.series_name} · {formatIst(m.start_time)} IST{!m.is_active && ' · hidden'}
          </span>
        )}
        {m?.in_play && <Badge tone="ok">In play</Badge>}
        <div className="console-page__actions">
          <Link to={`/results?match=${matchId}`} className="btn btn--small">
            Results
          </Link>
          <button
            type="button"
            className="btn btn--small btn--primary"
            onClick={() => setCreating(true)}
            disabled={!m}
            data-testid="create-market"
          >
            New market
          </button>
        </div>
      </div>
      {match.isError && (
        <p className="notice notice--error">The match could not be read: {refusalText(match.error)}</p>
      )}
      {markets.isPending ? (
        <Spinner label="Loading the markets" />
      ) : markets.isError ? (
        <div className="console-card">
          <p className="notice--error">{refusalText(markets.error)}</p>
          <button type="button" className="btn btn--small" onClick={() => void markets.refetch()}>
            Try again
          </button>
        </div>
      ) : open.length === 0 && settled.length === 0 ? (
        <p className="console-card muted" data-testid="markets-empty">
          No markets on this match yet. Create one with “New market”.
        </p>
      ) : (
        <>
          {open.length === 0 && <p className="console-card muted">Every market of this match is settled.</p>}
          {open.map((market) => (
            <MarketCard key={market.market_id} market={market} actions={actions} />
          ))}
          {settled.length > 0 && (
            <details className="markets-page__settled" data-testid="markets-settled">
              <summary>Settled markets ({settled.length})</summary>
              {settled.map((market) => (
                <MarketCard key={market.market_id} market={market} actions={actions} />
              ))}
            </details>
          )}
        </>
      )}
      {creating && m && <CreateMarketDialog match={m} onClose={() => setCreating(false)} />}
    </div>
  );
}
