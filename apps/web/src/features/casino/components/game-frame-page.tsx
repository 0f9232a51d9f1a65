import { Link, useSearchParams } from 'react-router';
import { SiteLogo } from '@/components';
import { getStoredUser } from '@/lib/storage';
import { launchedGameUrl } from '../lib/game-url';
import './casino.css';

/**
 * casino/mac88/game?url=...: the launched game full-page, with the logo, a way home and the user
 * name. Only a URL this tab's casino launch returned is framed; any other link is refused.
 */
export function GameFramePage() {
  const [params] = useSearchParams();
  const url = launchedGameUrl(params.get('url'), window.location.href);
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
        <div className="game-frame__missing" role="alert" data-testid="game-frame-refused">
          <p>
            <strong>This game link was not opened by the casino.</strong>
          </p>
          <p>
            For your safety, only a game you start from the casino is shown here. Go back to the casino and
            open the game again.
          </p>
          <Link to="/casino/mac88" className="game-frame__back">
            Back to the casino
          </Link>
        </div>
      )}
    </div>
  );
}
