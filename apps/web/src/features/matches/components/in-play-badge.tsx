import './matches.css';

/** The green in-play marker of a match row or header. */
export function InPlayBadge() {
  return (
    <span className="in-play" data-testid="in-play">
      <span className="in-play__dot" aria-hidden="true" />
      In-Play
    </span>
  );
}
