import { describe, expect, it } from 'vitest';
import { cardLabel, DECKS } from '../../games/fair-core.ts';
import { worliMatka } from '../../games/worli-matka.ts';
import { matkaDigit, matkaReading } from './matka.ts';

describe('the matka draw', () => {
  it('reads A as 1 and 10 as 0', () => {
    expect(['AS', '2H', '9D', '10C'].map(matkaDigit)).toEqual([1, 2, 9, 0]);
  });

  it('reads every three-card draw as the engine: the pana (0 last) and the single', () => {
    const deck = DECKS.matka.outcomes;
    let n = 0;
    for (let i = 0; i < deck.length; i++)
      for (let j = i + 1; j < deck.length; j++)
        for (let k = j + 1; k < deck.length; k++) {
          const cards = [deck[k]!, deck[i]!, deck[j]!];
          const { pana, single } = matkaReading(cards.map(cardLabel));
          expect(`${pana}-${single}`).toBe(worliMatka.outcome({ cards }).winner);
          n++;
        }
    expect(n).toBe(9880);
  });
});
