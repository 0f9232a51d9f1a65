import { describe, expect, it } from 'vitest';
import { allowedGameUrl, casinoConfigFromEnv, gameOrigins } from './config.ts';

describe('game origins', () => {
  it("are the provider's public origin when set, else the origin the platform calls", () => {
    expect(gameOrigins(casinoConfigFromEnv({ PROVIDER_URL: 'http://10.0.0.5:3001/' }))).toEqual(['http://10.0.0.5:3001']);
    expect(gameOrigins(casinoConfigFromEnv({ PROVIDER_URL: 'http://10.0.0.5:3001', PROVIDER_PUBLIC_URL: 'https://games.example.com/casino/' }))).toEqual([
      'https://games.example.com',
    ]);
    expect(gameOrigins(casinoConfigFromEnv({}))).toEqual(['http://127.0.0.1:3001']);
  });

  it('allow a game URL on the origin only: not a look-alike host, port, scheme or user-info trick', () => {
    const origins = ['https://games.example.com'];
    expect(allowedGameUrl('https://games.example.com/game/imlive1001?lt=abc', origins)).toBe('https://games.example.com/game/imlive1001?lt=abc');
    for (const url of [
      'https://games.example.com.evil.test/game/imlive1001',
      'https://games.example.com@evil.test/game/imlive1001',
      'https://evil.test/?https://games.example.com',
      'http://games.example.com/game/imlive1001',
      'https://games.example.com:8443/game/imlive1001',
      'javascript:alert(1)//https://games.example.com',
      'data:text/html,<p>games.example.com</p>',
      '/game/imlive1001',
      'not a url',
    ]) {
      expect({ url, allowed: allowedGameUrl(url, origins) }).toEqual({ url, allowed: undefined });
    }
  });
});
