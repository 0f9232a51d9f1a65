import type { MatchDetail, MatchState } from '@exchange/contracts';
import { MatchStateBadge } from './in-play-badge';

const NO_SCORE_TEXT: Record<MatchState, string> = {
  UPCOMING: 'The match has not started',
  IN_PLAY: 'Score not available yet',
  FINISHED: 'The match is over',
};

/**
 * Where the original site showed its TV: the match's live score (the feed's score line). A
 * match not yet in play, or without a score, says so.
 */
export function LiveScore({ match }: { match: MatchDetail }) {
  return (
    <section className="side-box live-score" aria-label="Live score" data-testid="live-score">
      <h2 className="side-box__title live-score__title">
        Live Score <MatchStateBadge match={match} quietWhenUpcoming />
      </h2>
      {match.score ? (
        <div className="live-score__body">
          {match.teams.length === 2 && (
            <div className="live-score__teams">
              {match.teams[0]} <span className="muted">v</span> {match.teams[1]}
            </div>
          )}
          <div className="live-score__line" data-testid="live-score-line">
            {match.score}
          </div>
        </div>
      ) : (
        <p className="side-box__empty">
          {NO_SCORE_TEXT[match.state]}
        </p>
      )}
    </section>
  );
}
