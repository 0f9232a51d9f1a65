export { AllSportsPage } from './components/all-sports-page';
export { GameDetailsPage } from './components/game-details-page';
export { HomePage } from './components/home-page';
export { MatchRedirect } from './components/match-redirect';
export { useMatchDetail } from './api/get-match-detail';
export { useSports } from './api/get-sports';
export { MatchStateBadge } from './components/in-play-badge';
