import { lazyPage } from '@/components';

// The casino pages load on first visit: they stay out of the bettor's first load (docs/performance.md).
const pages = () => import('./components/casino-pages');
export const GameFramePage = lazyPage(
  () => import('./components/game-frame-page'),
  (m) => m.GameFramePage,
);
export const CasinoGamePage = lazyPage(pages, (m) => m.CasinoGamePage);
export const CasinoListPage = lazyPage(pages, (m) => m.CasinoListPage);
export const CasinoLobbyPage = lazyPage(pages, (m) => m.CasinoLobbyPage);
export const WorldCasinoPage = lazyPage(pages, (m) => m.WorldCasinoPage);
export const CasinoResultPage = lazyPage(
  () => import('./components/casino-result-page'),
  (m) => m.CasinoResultPage,
);
export const LiveCasinoBetsPage = lazyPage(
  () => import('./components/live-casino-bets-page'),
  (m) => m.LiveCasinoBetsPage,
);
export { LiveCardGamesMenu } from './components/live-card-games-menu';
