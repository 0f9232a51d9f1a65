import { useLaunchGame } from '../api/launch-game';
import { LIVE_CARD_GAMES } from '../lib/live-card-games';

/**
 * The live card games as the sidebar's 'Others' list (the sidebar's look): each button launches
 * its game. The app puts it in the layout's sidebar (ADR 29).
 */
export function LiveCardGamesMenu() {
  const { launch, launching } = useLaunchGame();
  return (
    <ul className="sidebar__list">
      {LIVE_CARD_GAMES.map((g) => (
        <li key={g.gamecode}>
          <button
            type="button"
            className="sidebar__item"
            disabled={launching === g.gamecode}
            onClick={() => void launch(g.gamecode)}
            data-testid={`live-game-${g.gamecode}`}
          >
            {g.gamename}
          </button>
        </li>
      ))}
    </ul>
  );
}
