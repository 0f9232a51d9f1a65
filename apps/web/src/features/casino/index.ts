export { GameFramePage } from './components/game-frame-page';
export { useLaunchGame } from './api/launch-game';
export { LIVE_CARD_GAMES, type LiveCardGame } from './lib/live-card-games';
