import type { MatchDetail } from '@exchange/contracts';
import { InPlayBadge } from './in-play-badge';

/**
 * Where the original site showed its TV: the match's live score (the feed's score line). A
 * match not yet in play, or without a score, says so.
 */
export function LiveScore({ match }: { match: MatchDetail }) {
  return (
    <section className="side-box live-score" aria-label="Live score" data-testid="live-score">
      <h2 className="side-box__title live-score__title">Live Score {match.in_play && <InPlayBadge />}</h2>
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
          {match.in_play ? 'Score not available yet' : 'The match has not started'}
        </p>
      )}
    </section>
  );
}
