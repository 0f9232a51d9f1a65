import { describe, expect, it } from 'vitest';
import { LIVE_CARD_GAMES } from './live-card-games';
import { gameFramePath, safeGameUrl } from './game-url';

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

describe('live card games', () => {
  it('lists the 16 games in the sidebar order with imlive codes', () => {
    expect(LIVE_CARD_GAMES).toHaveLength(16);
    expect(LIVE_CARD_GAMES[0]?.gamename).toBe('TP T20');
    expect(LIVE_CARD_GAMES[15]?.gamename).toBe('WORLI MATAKA');
    expect(LIVE_CARD_GAMES.every((g) => /^imlive\d+$/.test(g.gamecode))).toBe(true);
    expect(new Set(LIVE_CARD_GAMES.map((g) => g.gamecode)).size).toBe(16);
  });
});
