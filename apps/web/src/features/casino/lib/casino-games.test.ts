import type { StaticCasinoGame } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { cardFace, cardName } from './cards';
import {
  categoryFromParam,
  filterGames,
  lobbyCategories,
  resultTone,
  worldCasinoGames,
} from './casino-games';
import { commitmentHolds, sha256Hex } from './fairness';

const game = (
  gamecode: string,
  gamename: string,
  category: StaticCasinoGame['category'],
  gametype: StaticCasinoGame['gametype'] = 'Live',
): StaticCasinoGame => ({
  gamecode,
  gamename,
  category,
  gametype,
  provider: 'MAC88',
  image: `api/upload/image/${gamecode}.svg`,
});
const GAMES = [
  game('imlive1001', 'TP T20', 'teenpatti', 'Others'),
  game('imlive1004', 'DT 1 DAY', 'Dragon Tiger', 'Others'),
  game('imlive1013', 'ANDAR BAHAR', 'andarbahar', 'Others'),
  game('imlive1020', 'Teen Patti 20-20', 'teenpatti'),
  game('imlive1037', 'Virtual Teen Patti', 'virtual', 'Virtual'),
];

describe('casino lobby', () => {
  it('lists the categories that have games, in the spec order', () => {
    expect(lobbyCategories(GAMES)).toEqual(['teenpatti', 'andarbahar', 'Dragon Tiger', 'virtual']);
  });
  it('filters by category and by name or code, case-insensitively', () => {
    expect(filterGames(GAMES, { category: 'teenpatti' }).map((g) => g.gamecode)).toEqual([
      'imlive1001',
      'imlive1020',
    ]);
    expect(filterGames(GAMES, { search: ' teen ' }).map((g) => g.gamecode)).toEqual([
      'imlive1020',
      'imlive1037',
    ]);
    expect(filterGames(GAMES, { category: 'teenpatti', search: 'tp' }).map((g) => g.gamecode)).toEqual([
      'imlive1001',
    ]);
    expect(filterGames(GAMES, { search: 'IMLIVE1013' }).map((g) => g.gamename)).toEqual(['ANDAR BAHAR']);
    expect(filterGames(GAMES, {})).toHaveLength(5);
  });
  it('reads casino/list/{series_id} as a section id or a category name', () => {
    expect(categoryFromParam('1')).toBe('teenpatti');
    expect(categoryFromParam('3')).toBe('Dragon Tiger');
    expect(categoryFromParam('dragon-tiger')).toBe('Dragon Tiger');
    expect(categoryFromParam('Dragon%20Tiger')).toBe('Dragon Tiger');
    expect(categoryFromParam('32cards')).toBe('32cards');
    expect(categoryFromParam('lucky-7')).toBe('lucky7');
    expect(categoryFromParam('42')).toBeNull();
    expect(categoryFromParam('blackjack')).toBeNull();
    expect(categoryFromParam(undefined)).toBeNull();
  });
  it('shows the virtual (slot-style) games in World Casino', () => {
    expect(worldCasinoGames(GAMES).map((g) => g.gamecode)).toEqual(['imlive1037']);
  });
  it('colours the same winner the same way, and A and B apart', () => {
    expect(resultTone('Player A')).toBe(resultTone('A'));
    expect(resultTone('Player A')).not.toBe(resultTone('Player B'));
    expect([0, 1, 2, 3]).toContain(resultTone('Tie'));
  });
});

describe('cards', () => {
  it('reads card codes with suit symbols and colours', () => {
    expect(cardFace('AS')).toEqual({ rank: 'A', suit: 'S', symbol: '♠', red: false });
    expect(cardFace('10h')).toEqual({ rank: '10', suit: 'H', symbol: '♥', red: true });
    expect(cardFace('KD')?.red).toBe(true);
    expect(cardFace('17')).toBeNull();
    expect(cardFace('1S')).toBeNull();
    expect(cardName('QC')).toBe('Queen of clubs');
    expect(cardName('5')).toBe('5');
  });
});

describe('fairness', () => {
  it('hashes like sha256sum and checks the commitment', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const serverSeed = 'f00d';
    const hash = await sha256Hex(serverSeed);
    expect(await commitmentHolds({ serverSeed, hash })).toBe(true);
    expect(await commitmentHolds({ serverSeed, hash: hash.toUpperCase() })).toBe(true);
    expect(await commitmentHolds({ serverSeed: 'f00e', hash })).toBe(false);
  });
});
