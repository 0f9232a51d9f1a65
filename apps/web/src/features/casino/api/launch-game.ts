import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isMobileWidth } from '@/hooks/use-is-mobile';
import { callApi } from '@/lib/api';
import { GAME_LAUNCH_TYPE } from '@/lib/constants';
import { gameFramePath, rememberLaunchedGame } from '../lib/game-url';

/**
 * Launches a provider game: POST mac88/launchNewGame {GameCode, type} (type 1 desktop, 3 mobile
 * below 993 px), then opens data.GameUrl in the full-page frame (remembered as launched: the
 * frame refuses any other URL). A refusal shows the server's message as a toast.
 */
export function useLaunchGame() {
  const navigate = useNavigate();
  const [launching, setLaunching] = useState<string | null>(null);
  const launch = useCallback(
    async (gameCode: string) => {
      setLaunching(gameCode);
      try {
        const type = isMobileWidth() ? GAME_LAUNCH_TYPE.mobile : GAME_LAUNCH_TYPE.desktop;
        const res = await callApi('launchNewGame', { GameCode: gameCode, type });
        if (!res.status || !res.data?.GameUrl) {
          toast.error(res.message || 'The game could not be opened');
          return;
        }
        // The frame shows only what this tab launched: remember it before going there.
        rememberLaunchedGame(res.data.GameUrl, window.location.href);
        navigate(gameFramePath(res.data.GameUrl));
      } catch (err) {
        toast.error(err instanceof Error ? err.message : 'The game could not be opened');
      } finally {
        setLaunching(null);
      }
    },
    [navigate],
  );
  return { launch, launching };
}
