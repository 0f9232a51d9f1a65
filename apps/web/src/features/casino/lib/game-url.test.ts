import { describe, expect, it } from 'vitest';
import { LIVE_CARD_GAMES } from './live-card-games';
import { gameFramePath, launchedGameUrl, rememberLaunchedGame, safeGameUrl } from './game-url';

describe('game frame url', () => {
  it('keeps http(s) urls and resolves relative ones', () => {
    expect(safeGameUrl('https://games.example/play?t=1', 'http://site/')).toBe(
      'https://games.example/play?t=1',
    );
    expect(safeGameUrl('/provider/game/1', 'http://site/')).toBe('http://site/provider/game/1');
  });
  it('refuses script and data urls and missing values', () => {
    expect(safeGameUrl('javascript:alert(1)', 'http://site/')).toBeNull();
    expect(safeGameUrl('data:text/html,x', 'http://site/')).toBeNull();
    expect(safeGameUrl(null, 'http://site/')).toBeNull();
  });
  it('round-trips through the route', () => {
    const path = gameFramePath('https://g.example/a?b=1&c=2');
    expect(new URLSearchParams(path.split('?')[1]).get('url')).toBe('https://g.example/a?b=1&c=2');
  });
});

/** sessionStorage as far as the frame uses it (the web tests run in node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('the frame shows only what this tab launched', () => {
  const base = 'http://site/#/casino/mac88/game';
  it('frames a launched URL, and nothing else of the same or another origin', () => {
    const storage = memoryStorage();
    const launched = 'http://games.site:3001/game/imlive1001?lt=one-time';
    expect(launchedGameUrl(launched, base, storage)).toBeNull();
    rememberLaunchedGame(launched, base, storage);
    expect(launchedGameUrl(launched, base, storage)).toBe(launched);
    expect(launchedGameUrl('http://games.site:3001/game/imlive1001?lt=forged', base, storage)).toBeNull();
    expect(launchedGameUrl('https://example.com/x', base, storage)).toBeNull();
    expect(launchedGameUrl(null, base, storage)).toBeNull();
  });
  it('keeps the last 10 launches', () => {
    const storage = memoryStorage();
    const url = (i: number) => `https://g.example/game/imlive1001?lt=${i}`;
    for (let i = 1; i <= 12; i++) rememberLaunchedGame(url(i), base, storage);
    expect(launchedGameUrl(url(1), base, storage)).toBeNull();
    expect(launchedGameUrl(url(2), base, storage)).toBeNull();
    expect(launchedGameUrl(url(3), base, storage)).toBe(url(3));
    expect(launchedGameUrl(url(12), base, storage)).toBe(url(12));
  });
  it('ignores a stored value that is not a list', () => {
    const storage = memoryStorage();
    storage.setItem('launchedGames', '"https://example.com/x"');
    expect(launchedGameUrl('https://example.com/x', base, storage)).toBeNull();
    rememberLaunchedGame('https://g.example/game/imlive1001?lt=1', base, storage);
    expect(launchedGameUrl('https://g.example/game/imlive1001?lt=1', base, storage)).toBe(
      'https://g.example/game/imlive1001?lt=1',
    );
  });
});

describe('live card games', () => {
  it('lists the 16 games in the sidebar order with imlive codes', () => {
    expect(LIVE_CARD_GAMES).toHaveLength(16);
    expect(LIVE_CARD_GAMES[0]?.gamename).toBe('TP T20');
    expect(LIVE_CARD_GAMES[15]?.gamename).toBe('WORLI MATAKA');
    expect(LIVE_CARD_GAMES.every((g) => /^imlive\d+$/.test(g.gamecode))).toBe(true);
    expect(new Set(LIVE_CARD_GAMES.map((g) => g.gamecode)).size).toBe(16);
  });
});
