export { HorseRacingPage } from './components/horse-racing-page';
