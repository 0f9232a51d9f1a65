export { AllSportsPage } from './components/all-sports-page';
export { GameDetailsPage, type GameDetailsSlots } from './components/game-details-page';
export { HomePage } from './components/home-page';
export { MatchRedirect } from './components/match-redirect';
