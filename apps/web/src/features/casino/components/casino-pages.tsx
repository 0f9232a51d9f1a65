import { Link, useParams } from 'react-router';
import { PageFrame, Spinner } from '@/components';
import { useCasinoGames } from '../api/casino-games';
import { useLaunchGame } from '../api/launch-game';
import { CATEGORY_LABELS, categoryFromParam, worldCasinoGames } from '../lib/casino-games';
import { CasinoLobby } from './casino-lobby';
import { LastResults } from './last-results';
import './casino.css';

/** casino/mac88: the INT Casino lobby (every game of the static list). */
export function CasinoLobbyPage() {
  return <CasinoLobby title="INT Casino" testId="int-casino-page" />;
}

/** casino/list/{series_id}: the lobby opened on one category (a casino section id or a category name). */
export function CasinoListPage() {
  const { series_id } = useParams();
  const category = categoryFromParam(series_id);
  return (
    <CasinoLobby
      key={series_id}
      title={category ? CATEGORY_LABELS[category] : 'Casino'}
      testId="casino-list-page"
      initialCategory={category}
    />
  );
}

/** world-casino: the slot-style list. */
export function WorldCasinoPage() {
  return (
    <CasinoLobby title="World Casino" testId="world-casino-page" select={worldCasinoGames} variant="slot" />
  );
}

/** casino/match/{match_id}: one game (match_id is its code): artwork, Play, and its last results. */
export function CasinoGamePage() {
  const { match_id = '' } = useParams();
  const { data, isLoading, error } = useCasinoGames();
  const { launch, launching } = useLaunchGame();
  const game = data?.find((g) => g.gamecode === match_id);
  if (isLoading) return <Spinner />;
  if (error || !game) {
    return (
      <PageFrame title="Casino" testId="casino-match-page">
        <p className="casino-error" role="alert">
          {error ? error.message : 'Game not found'} <Link to="/casino/mac88">Back to the casino</Link>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={game.gamename} testId="casino-match-page">
      <div className="casino-game">
        <img className="casino-game__img" src={game.image} alt="" />
        <div className="casino-game__info">
          <p>
            <span className="muted">Category: </span>
            <Link to={`/casino/list/${encodeURIComponent(game.category)}`}>
              {CATEGORY_LABELS[game.category]}
            </Link>
            <span className="muted">
              {' '}
              · {game.gametype} · {game.provider}
            </span>
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={launching === game.gamecode}
            onClick={() => void launch(game.gamecode)}
            data-testid="casino-game-play"
          >
            Play
          </button>
        </div>
      </div>
      <LastResults gameCode={game.gamecode} />
    </PageFrame>
  );
}
