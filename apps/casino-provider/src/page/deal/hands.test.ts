import { describe, expect, it } from 'vitest';
import { baccaratPoints, cards32Total, handOutcome, handValue } from './hands.ts';

describe('handOutcome: the winner text against the hands of the table', () => {
  const tp = ['Player A', 'Player B'];
  it('names the winning seat, dims the other', () => {
    expect(handOutcome('Player A', 'Player A', tp)).toBe('won');
    expect(handOutcome('Player B', 'Player A', tp)).toBe('lost');
  });
  it("reads baccarat's points after the hand's name", () => {
    expect(handOutcome('Banker', 'Banker 5', ['Player', 'Banker'])).toBe('won');
    expect(handOutcome('Player', 'Banker 5', ['Player', 'Banker'])).toBe('lost');
  });
  it("tells 32 Cards' Player 10 from Player 1x", () => {
    const seats = ['Player 8', 'Player 9', 'Player 10', 'Player 11'];
    expect(seats.map((s) => handOutcome(s, 'Player 10', seats))).toEqual(['lost', 'lost', 'won', 'lost']);
  });
  it("lights every seat that beat Teen Patti Test's dealer", () => {
    const seats = ['Tiger', 'Lion', 'Dragon', 'Dealer'];
    expect(seats.map((s) => handOutcome(s, 'Tiger Dragon', seats))).toEqual(['won', 'lost', 'won', 'lost']);
    expect(seats.map((s) => handOutcome(s, 'Dealer', seats))).toEqual(['lost', 'lost', 'lost', 'won']);
  });
  it('leaves the joker and the board alone, and dims no one on a tie', () => {
    expect(handOutcome('Joker', 'Andar', ['Joker', 'Andar', 'Bahar'])).toBeNull();
    expect(handOutcome('Bahar', 'Andar', ['Joker', 'Andar', 'Bahar'])).toBe('lost');
    expect(handOutcome('Board', 'Player B', ['Player A', 'Player B', 'Board'])).toBeNull();
    expect(handOutcome('Dragon', 'Tie', ['Dragon', 'Tiger'])).toBe('tie');
  });
  it('marks nothing when the winner is not a hand (a total, High, a film)', () => {
    expect(handOutcome('Card', 'High', ['Card'])).toBeNull();
    expect(handOutcome('Trio', '23 Over', ['Trio'])).toBeNull();
  });
});

describe('handValue: the value under a hand at the result', () => {
  it('counts baccarat points (10 and courts are 0, the last digit)', () => {
    expect(baccaratPoints(['KH', '7S'])).toBe(7);
    expect(baccaratPoints(['9H', '8D', 'AS'])).toBe(8);
    expect(handValue('baccarat', 'Player', [{ name: 'Player', cards: ['5H', '5S'] }])).toBe('0');
  });
  it("adds 32 Cards' start points to the cards", () => {
    expect(cards32Total('Player 9', ['KH', '6S'])).toBe(9 + 13 + 6);
    expect(handValue('cards32', 'Player 11', [{ name: 'Player 11', cards: ['QD'] }])).toBe('23');
  });
  it('totals Trio and Queen (A 1 .. K 13)', () => {
    expect(handValue('trio', 'Trio', [{ name: 'Trio', cards: ['AS', 'KH', '7D'] }])).toBe('Total 21');
  });
  it('names a Teen Patti hand and a poker hand with the board', () => {
    expect(handValue('teenpatti2020', 'Player A', [{ name: 'Player A', cards: ['KS', 'KH', '2D'] }])).toBe(
      'Pair of Kings',
    );
    const hands = [
      { name: 'Player A', cards: ['AS', 'AH'] },
      { name: 'Player B', cards: ['2C', '7D'] },
      { name: 'Board', cards: ['AD', 'KS', 'KH', '4C', '9S'] },
    ];
    expect(handValue('poker2020', 'Player A', hands)).toBe('Full House');
    expect(handValue('poker2020', 'Player B', hands)).toBe('Pair');
    expect(handValue('poker2020', 'Board', hands)).toBeNull();
  });
  it("gives Worli Matka's pana and single", () => {
    expect(handValue('worlimatka', 'Pana', [{ name: 'Pana', cards: ['10S', 'AH', '2D'] }])).toBe(
      'Pana 120 · Single 3',
    );
  });
  it('has no value for a game without one, or for a hand without cards', () => {
    expect(handValue('dragontiger', 'Dragon', [{ name: 'Dragon', cards: ['KS'] }])).toBeNull();
    expect(handValue('baccarat', 'Banker', [{ name: 'Player', cards: ['KS'] }])).toBeNull();
  });
});
