import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageFrame, Spinner } from '@/components';
import { useMatchDetail } from '@/lib/match-detail';
import { TradingLadder } from './trading-ladder';

/**
 * `ladder/:match_id/:market_id/:selection_id`: one exchange runner's trading ladder, opened from
 * the match page (ADR 55). Loaded on demand (features/ladder's index), so it stays out of the
 * bettor's first load. The match's detail (from the match page's cache when it came from there)
 * names the runner and streams the market.
 */
export function LadderPage() {
  const params = useParams();
  const matchId = Number(params.match_id);
  const marketId = Number(params.market_id);
  const selectionId = Number(params.selection_id);
  const { data: match, isPending, error } = useMatchDetail(matchId);
  // Opened from a page of the app (a match's, a race meeting's): back to it; opened directly: the match page.
  const cameFromApp = useLocation().key !== 'default';
  const navigate = useNavigate();
  if (isPending) return <Spinner />;
  const market = match?.markets.find((m) => m.market_id === marketId && m.kind === 'EXCHANGE');
  const runner = market?.runners.find((r) => r.selection_id === selectionId);
  return (
    <PageFrame
      title={runner ? `Ladder: ${runner.name}` : 'Ladder'}
      testId="ladder-page"
      actions={
        cameFromApp ? (
          <button type="button" className="btn btn--small" onClick={() => void navigate(-1)}>
            Back to the match
          </button>
        ) : (
          match && (
            <Link className="btn btn--small" to={`/game-details/${match.sport_id}/${match.match_id}`}>
              Back to the match
            </Link>
          )
        )
      }
    >
      {market && runner ? (
        // Another runner's ladder starts afresh (its own centre and selection).
        <TradingLadder key={`${marketId}-${selectionId}`} market={market} runner={runner} matchId={matchId} />
      ) : (
        <p className="ladder-page__missing" role="alert">
          {error ? error.message : 'This runner has no exchange ladder.'}
        </p>
      )}
    </PageFrame>
  );
}
