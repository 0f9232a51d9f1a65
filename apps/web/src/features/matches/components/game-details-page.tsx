import type { MatchDetail } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { MatchStateBadge, PageFrame } from '@/components';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { BetSlipProvider, type BettingSlots } from '@/lib/bet-slip';
import { formatIst } from '@/lib/format';
import { useMatchDetail } from '@/lib/match-detail';
import { isRacingSport } from '../lib/match-list';
import { matchPath } from '../lib/match-paths';
import { ScoreOrSession } from './live-score';
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
        <MatchStateBadge match={match} />
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

/** The betting UI of the match page, composed by the app (ADR 29). */
export interface GameDetailsSlots extends BettingSlots {
  /** The match's markets (the ladders), in their usual order. */
  markets: (match: MatchDetail) => ReactNode;
}

/**
 * The match page. Desktop: header and markets on the left; live score, bet slip and my bets in
 * the right column. Under 993 px one column: the slip opens under the runner that was clicked.
 */
function MatchPage({ match, slots }: { match: MatchDetail; slots: GameDetailsSlots }) {
  const mobile = useIsMobile();
  return (
    <BetSlipProvider oneClick>
      <div className="game-details">
        <div className="game-details__main">
          <MatchHeader match={match} />
          {mobile && <ScoreOrSession match={match} />}
          {slots.markets(match)}
          {mobile && slots.myBets(match.match_id)}
        </div>
        {!mobile && (
          <aside className="game-details__side">
            <ScoreOrSession match={match} />
            {slots.slip}
            {slots.myBets(match.match_id)}
          </aside>
        )}
      </div>
    </BetSlipProvider>
  );
}

/** /game-details/:sport_id/:match_id: the match header, its markets, the bet slip and my bets. */
export function GameDetailsPage(slots: GameDetailsSlots) {
  const matchId = Number(useParams().match_id);
  const { data: match, isLoading, error, refetch } = useMatchDetail(matchId);

  // Search and the sidebar link races here too; they belong on the racing page.
  if (match && isRacingSport(match.sport_id)) return <Navigate to={matchPath(match)} replace />;

  return (
    <PageFrame title={match?.match_name ?? 'Match Details'} testId="game-details-page">
      {!Number.isInteger(matchId) ? (
        <p className="matches-error" role="alert" data-testid="load-error">
          Match not found
        </p>
      ) : !match ? (
        <QueryState isLoading={isLoading} error={error} onRetry={refetch} />
      ) : (
        <MatchPage key={match.match_id} match={match} slots={slots} />
      )}
    </PageFrame>
  );
}
