import type { MatchDetail } from '@exchange/contracts';
import { Navigate, useParams } from 'react-router';
import { PageFrame } from '@/components';
import { formatIst } from '@/lib/format';
import { useMatchDetail } from '../api/get-match-detail';
import { isRacingSport } from '../lib/match-list';
import { matchPath } from '../lib/match-paths';
import { InPlayBadge } from './in-play-badge';
import { QueryState } from './query-state';
import './matches.css';

function MatchHeader({ match }: { match: MatchDetail }) {
  const [home, away] = match.teams;
  return (
    <div className="match-head" data-testid="match-header">
      <div className="match-head__main">
        {home && away ? (
          <div className="match-head__teams" data-testid="match-teams">
            <span>{home}</span>
            <span className="match-head__vs">v</span>
            <span>{away}</span>
          </div>
        ) : (
          <div className="match-head__teams">{match.match_name}</div>
        )}
        {match.in_play ? <InPlayBadge /> : <span className="match-head__upcoming">Upcoming</span>}
      </div>
      {match.score && (
        <div className="match-head__score" data-testid="match-score">
          {match.score}
        </div>
      )}
      <dl className="match-head__facts">
        <div>
          <dt>Series</dt>
          <dd data-testid="match-series">{match.series_name}</dd>
        </div>
        <div>
          <dt>Start (IST)</dt>
          <dd data-testid="match-start">{formatIst(match.match_Date)}</dd>
        </div>
        {match.venue && (
          <div>
            <dt>Venue</dt>
            <dd data-testid="match-venue">{match.venue}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** /game-details/:sport_id/:match_id: the match header, then its markets. */
export function GameDetailsPage() {
  const matchId = Number(useParams().match_id);
  const { data: match, isLoading, error } = useMatchDetail(matchId);

  // Search and the sidebar link races here too; they belong on the racing page.
  if (match && isRacingSport(match.sport_id)) return <Navigate to={matchPath(match)} replace />;

  return (
    <PageFrame title={match?.match_name ?? 'Match Details'} testId="game-details-page">
      {!Number.isInteger(matchId) ? (
        <p className="matches-error" role="alert" data-testid="load-error">
          Match not found
        </p>
      ) : !match ? (
        <QueryState isLoading={isLoading} error={error} />
      ) : (
        <>
          <MatchHeader match={match} />
          <section className="markets" aria-labelledby="markets-title">
            <h2 id="markets-title" className="markets__title">
              Markets
            </h2>
            {match.markets.length === 0 && (
              <div className="empty-box" data-testid="markets-empty">
                No markets open for this match yet
              </div>
            )}
          </section>
        </>
      )}
    </PageFrame>
  );
}
