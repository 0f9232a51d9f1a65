export { HorseRacingPage, type HorseRacingSlots } from './components/horse-racing-page';
