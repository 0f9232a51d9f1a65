import { describe, expect, it } from 'vitest';
import { beadRoad, bigRoad, initials, label, pairs } from './model.ts';

const side = (s: string) => (s === 'T' ? null : s);
/** The big road of a string of results ('PPBT...'), as "col,row:side(+ties)" per cell. */
const big = (results: string, rows = 6) =>
  bigRoad([...results], side, rows).map(
    (c) => `${c.col},${c.row}:${c.item}${c.ties.length ? `+${c.ties.length}` : ''}`,
  );

describe('beadRoad', () => {
  it('fills each column of six from the top, columns left to right', () => {
    const cells = beadRoad([...'abcdefgh']);
    expect(cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
      [1, 1],
    ]);
  });
});

describe('bigRoad', () => {
  it('opens a column for each streak', () => {
    expect(big('PPBPP')).toEqual(['0,0:P', '0,1:P', '1,0:B', '2,0:P', '2,1:P']);
  });
  it('puts ties on the last cell (leading ties on the first)', () => {
    expect(big('TPTTB')).toEqual(['0,0:P+3', '1,0:B']);
  });
  it('turns a long streak right along the bottom row (the dragon tail)', () => {
    expect(big('PPPPPPPP')).toEqual(['0,0:P', '0,1:P', '0,2:P', '0,3:P', '0,4:P', '0,5:P', '1,5:P', '2,5:P']);
  });
  it('turns the next streak right when it meets that tail', () => {
    expect(big('PPPPPPPPBBBBBB').slice(8)).toEqual(['1,0:B', '1,1:B', '1,2:B', '1,3:B', '1,4:B', '2,4:B']);
  });
});

describe('pairs', () => {
  it('reads the first two cards of each baccarat hand', () => {
    expect(
      pairs({
        hands: [
          { name: 'Player', cards: ['10H', '10S', '3D'] },
          { name: 'Banker', cards: ['KH', 'QS'] },
        ],
      }),
    ).toEqual({ player: true, banker: false });
    expect(
      pairs({
        hands: [
          { name: 'Player', cards: ['2H', '5S', '2D'] },
          { name: 'Banker', cards: ['9C', '9D'] },
        ],
      }),
    ).toEqual({ player: false, banker: true });
  });
});

describe('label: the mark of each game', () => {
  const mark = (engine: string, winner: string) => label(engine, { winner }).text;
  it('writes the winning side', () => {
    expect(['Player 7', 'Banker 6', 'Tie'].map((w) => label('baccarat', { winner: w }).tone)).toEqual([
      'player',
      'banker',
      'tie',
    ]);
    expect(['Dragon', 'Tiger', 'Tie'].map((w) => mark('dragontiger', w))).toEqual(['D', 'T', 'Tie']);
    expect(['Andar', 'Bahar'].map((w) => mark('andarbahar', w))).toEqual(['A', 'B']);
    expect(['Player A', 'Player B', 'Tie'].map((w) => mark('teenpatti2020', w))).toEqual(['A', 'B', 'T']);
    expect(mark('cards32', 'Player 10')).toBe('10');
    expect(['Amar', 'Akbar', 'Anthony'].map((w) => mark('amarakbaranthony', w))).toEqual(['A', 'K', 'N']);
    expect(['Low', 'High', '7'].map((w) => mark('lucky7', w))).toEqual(['L', 'H', '7']);
    expect(['Higher', 'Lower', 'Same'].map((w) => mark('hilow', w))).toEqual(['H', 'L', 'S']);
  });
  it('writes numbers in their colours and totals', () => {
    expect(['0', '1', '2'].map((w) => label('roulette', { winner: w }).tone)).toEqual([
      'green',
      'red',
      'black',
    ]);
    expect(label('sicbo', { winner: '14 Big' })).toMatchObject({ text: '14', tone: 'big' });
    expect(label('sicbo', { winner: '9 Triple' }).tone).toBe('triple');
    expect(mark('trio', '23 Over')).toBe('23');
    expect(label('worlimatka', { winner: '120-3' })).toMatchObject({ text: '3', side: '120' });
  });
  it("writes a film's initials, small words left out", () => {
    expect(initials('Sahib Bibi aur Ghulam')).toBe('SBG');
    expect(mark('bollywood', 'Kis Kisko Pyaar Karoon')).toBe('KKPK');
    expect(mark('bollywood', 'Don')).toBe('D');
  });
});
