import type { StaticCasinoGame } from '@exchange/contracts';
import { useState } from 'react';
import { Link } from 'react-router';

interface GameTileProps {
  game: StaticCasinoGame;
  onOpen: (game: StaticCasinoGame) => void;
  busy?: boolean;
  variant?: 'live' | 'slot';
}

/** A game's artwork (the provider's, through /api/upload/image/) and name; a corner link to its results. */
export function GameTile({ game, onOpen, busy = false, variant = 'live' }: GameTileProps) {
  const [broken, setBroken] = useState(false);
  return (
    <div className={`casino-tile casino-tile--${variant}`} data-testid={`casino-tile-${game.gamecode}`}>
      <button
        type="button"
        className="casino-tile__open"
        onClick={() => onOpen(game)}
        disabled={busy}
        aria-busy={busy}
        aria-label={`Play ${game.gamename}`}
        data-testid={`casino-play-${game.gamecode}`}
      >
        {broken ? (
          <span className="casino-tile__fallback" aria-hidden="true">
            {game.gamename}
          </span>
        ) : (
          <img
            className="casino-tile__img"
            src={game.image}
            alt=""
            loading="lazy"
            onError={() => setBroken(true)}
          />
        )}
        <span className="casino-tile__name">{game.gamename}</span>
      </button>
      <Link
        to={`/casino/match/${game.gamecode}`}
        className="casino-tile__info"
        title={`${game.gamename}: last results`}
        aria-label={`${game.gamename}: last results`}
      >
        i
      </Link>
    </div>
  );
}
