import { Link, useSearchParams } from 'react-router';
import { SiteLogo } from '@/components';
import { getStoredUser } from '@/lib/storage';
import { safeGameUrl } from '../lib/game-url';
import './casino.css';

/** casino/mac88/game?url=...: the launched game full-page, with the logo, a way home and the user name. */
export function GameFramePage() {
  const [params] = useSearchParams();
  const url = safeGameUrl(params.get('url'), window.location.href);
  const user = getStoredUser();
  return (
    <div className="game-frame" data-testid="game-frame-page">
      <header className="game-frame__bar">
        <Link to="/home" className="game-frame__logo" aria-label="Home">
          <SiteLogo />
        </Link>
        <Link to="/casino/mac88" className="game-frame__home" data-testid="game-frame-home">
          ⌂ Casino Home
        </Link>
        <span className="game-frame__user" data-testid="game-frame-user">
          {user?.user_name}
        </span>
      </header>
      {url ? (
        <iframe
          className="game-frame__iframe"
          src={url}
          title="Casino game"
          allow="autoplay; fullscreen"
          data-testid="game-frame"
        />
      ) : (
        <p className="game-frame__missing">
          This game link is not valid. Go back to the casino and open the game again.
        </p>
      )}
    </div>
  );
}
