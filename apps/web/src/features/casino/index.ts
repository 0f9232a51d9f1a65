export { GameFramePage } from './components/game-frame-page';
export { CasinoGamePage, CasinoListPage, CasinoLobbyPage, WorldCasinoPage } from './components/casino-pages';
export { CasinoResultPage } from './components/casino-result-page';
export { LiveCasinoBetsPage } from './components/live-casino-bets-page';
export { useLaunchGame } from './api/launch-game';
export { LIVE_CARD_GAMES, type LiveCardGame } from './lib/live-card-games';
