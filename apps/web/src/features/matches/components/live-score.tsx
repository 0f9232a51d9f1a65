import type { MarketView, MatchDetail, MatchState } from '@exchange/contracts';
import { MatchStateBadge } from '@/components';
import { sessionSummary } from '../lib/match-list';

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

/**
 * A binary session has no score (and no TV): where a match shows its live score, the session's
 * page shows its trading hours and where it stands.
 */
export function SessionBox({ market }: { market: MarketView }) {
  const { line, state } = sessionSummary(market);
  const hours = market.session_hours;
  return (
    <section className="side-box live-score" aria-label="Session" data-testid="session-box">
      <h2 className="side-box__title live-score__title">Session</h2>
      <div className="live-score__body">
        <div className="live-score__line" data-testid="session-box-line">
          {line}
        </div>
        {/* Before the open the hours below say it all. */}
        {(market.in_play || market.status !== 'OPEN') && <div data-testid="session-box-state">{state}</div>}
        {hours && (
          <div className="live-score__hours" data-testid="session-box-hours">
            Trading hours {hours.weekdays_only ? 'Monday to Friday ' : ''}
            <span className="nowrap">
              {hours.open}-{hours.close} IST
            </span>
          </div>
        )}
      </div>
    </section>
  );
}

/** The match page's score panel: the live score, or a binary session's hours and state. */
export function ScoreOrSession({ match }: { match: MatchDetail }) {
  const session = match.markets.find((m) => m.market_type === 'BINARY');
  return session && !match.score ? <SessionBox market={session} /> : <LiveScore match={match} />;
}
