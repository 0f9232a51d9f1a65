import { describe, expect, it } from 'vitest';
import { resultBadge } from './casino-results.ts';

describe('a winner in a last-results chip', () => {
  it("is a seat's letter, a leading number, or the words' first letters", () => {
    expect(resultBadge('Player A')).toBe('A');
    expect(resultBadge('player b')).toBe('B');
    expect(resultBadge('Dragon')).toBe('D');
    expect(resultBadge('17 Red')).toBe('17');
    expect(resultBadge('Amar Akbar Anthony')).toBe('AAA');
  });

  it("never mixes a letter and a word in one game: Lucky 7's Low, High and 7", () => {
    expect(['Low', 'High', '7'].map(resultBadge)).toEqual(['L', 'H', '7']);
  });
});
