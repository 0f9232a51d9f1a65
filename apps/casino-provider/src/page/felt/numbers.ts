// The number games' felts (issue 26): roulette, sic bo, worli matka (and the lottery tables).
export { rouletteFelt } from './roulette.ts';
export { sicBoFelt } from './sic-bo.ts';
export { matkaFelt } from './matka.ts';
