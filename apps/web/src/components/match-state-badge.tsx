import { matchStateLabel, type MatchResult, type MatchState } from '@exchange/contracts';
import './match-state-badge.css';

/** The green in-play marker of a match row or header. */
export function InPlayBadge() {
  return (
    <span className="in-play" data-testid="in-play">
      <span className="in-play__dot" aria-hidden="true" />
      In-Play
    </span>
  );
}

/**
 * The match's one state (ADR 27), named as every screen names it: the green In-Play marker,
 * 'Upcoming', or 'Finished · <winner> won'. Rows leave 'Upcoming' out (their start time says it).
 */
export function MatchStateBadge({
  match,
  quietWhenUpcoming = false,
}: {
  match: { state: MatchState; result: MatchResult | null };
  quietWhenUpcoming?: boolean;
}) {
  if (match.state === 'UPCOMING' && quietWhenUpcoming) return null;
  return (
    <span className="match-state" data-testid="match-state" data-state={match.state}>
      {match.state === 'IN_PLAY' ? (
        <InPlayBadge />
      ) : (
        <span className={`match-state__text match-state__text--${match.state.toLowerCase()}`}>
          {matchStateLabel(match)}
        </span>
      )}
    </span>
  );
}
