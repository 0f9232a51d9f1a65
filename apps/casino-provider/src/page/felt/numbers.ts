// Felts of the number games: roulette, sic bo, worli matka (and the lottery tables). STUB: to be drawn.
import type { TableView } from '../types.ts';
import { handSlot, spot, type Felt } from './contract.ts';

function plain(hand: string): Felt {
  return (view: TableView) => {
    const el = document.createElement('div');
    el.className = 'felt';
    el.append(handSlot(hand));
    for (const o of view.round.options) el.append(spot(o));
    return el;
  };
}
export const rouletteFelt: Felt = plain('Wheel');
export const sicBoFelt: Felt = plain('Dice');
export const matkaFelt: Felt = plain('Pana');
