import { Navigate, useParams } from 'react-router';
import { PageFrame } from '@/components';
import { useMatchDetail } from '@/lib/match-detail';
import { matchPath } from '../lib/match-paths';
import { QueryState } from './query-state';

/** /match/matchdetail/:match_id and /CM/MD/:match_id: look the match up, then show it where it lives. */
export function MatchRedirect() {
  const matchId = Number(useParams().match_id);
  const { data: match, isLoading, error, refetch } = useMatchDetail(matchId);
  if (match) return <Navigate to={matchPath(match)} replace />;
  return (
    <PageFrame title="Match Details" testId="match-redirect">
      {Number.isInteger(matchId) ? (
        <QueryState isLoading={isLoading} error={error} onRetry={refetch} />
      ) : (
        <p className="matches-error" role="alert" data-testid="load-error">
          Match not found
        </p>
      )}
    </PageFrame>
  );
}
