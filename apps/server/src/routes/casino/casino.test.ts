import { beforeAll, expect, it } from 'vitest';
import { CasinoResultPage } from '@exchange/contracts';
import { STUB_GAMES, STUB_SVG, useProviderStub, stubRound } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const provider = useProviderStub('casino-test-secret', 'test-provider', { providerTimeoutMs: 2000 });

describeEachDatabase(
  'casino launch, list, results and images',
  (ctx) => {
    let token: string;
    beforeAll(async () => {
      token = await ctx().login('demo1');
    });

    it('launches a game through the provider: a one-time URL, the casino buttons, a signed request', async () => {
      const res = await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: '3' }, token);
      expect(res.statusCode).toBe(200);
      expect(res.json.data.GameUrl).toMatch(new RegExp(`^${provider.stub.url}/game/imlive1001\\?lt=one-time-\\d+$`));
      const launched = provider.stub.launches.at(-1)!;
      expect(launched).toMatchObject({ userName: 'demo1', gameCode: 'imlive1001', type: 3 });
      expect(launched.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(launched.casinoButtons.map((b) => b.value)).toEqual([25, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 25_000]);
      // Each launch gets a fresh token.
      await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: 1 }, token);
      expect(provider.stub.launches.at(-1)!.token).not.toBe(launched.token);
    });

    it('refuses unknown games, bad types and anonymous callers with a readable message', async () => {
      const unknown = await ctx().call('launchNewGame', { GameCode: 'imlive4242', type: '1' }, token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json).toEqual({ status: false, message: 'Game not found', code: 'GAME_NOT_FOUND' });
      const closed = await ctx().call('launchNewGame', { GameCode: 'imlive1999', type: '1' }, token);
      expect(closed.statusCode).toBe(404);
      expect(closed.json).toMatchObject({ status: false, message: 'This table is closed' });
      const badType = await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: '2' }, token);
      expect(badType.statusCode).toBe(400);
      expect(badType.json.message).toBe('type must be 1 (desktop) or 3 (mobile)');
      expect((await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: '1' })).statusCode).toBe(401);
    });

    it("says 'Casino provider is unavailable' when the provider does not answer", async () => {
      // The game list is cached: the platform still knows the game, the launch call fails.
      await ctx().call('getCasinoGameList', undefined, token);
      provider.stub.mode = 'down';
      try {
        const res = await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, token);
        expect(res.statusCode).toBe(502);
        expect(res.json).toEqual({ status: false, message: 'Casino provider is unavailable', code: 'PROVIDER_UNAVAILABLE' });
      } finally {
        provider.stub.mode = 'up';
      }
    });

    it("refuses a game URL outside the provider's configured origin: the web app would frame it", async () => {
      for (const origin of ['https://phish.example', 'http://127.0.0.1:1', 'javascript:alert(1)//']) {
        provider.stub.launchOrigin = origin;
        try {
          const res = await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, token);
          expect({ origin, status: res.statusCode, json: res.json }).toEqual({ origin, status: 502, json: { status: false, message: 'Casino provider is unavailable', code: 'PROVIDER_UNAVAILABLE' } });
        } finally {
          provider.stub.launchOrigin = undefined;
        }
      }
      expect((await ctx().call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, token)).statusCode).toBe(200);
    });

    it("serves the provider's static list", async () => {
      const res = await ctx().call('getCasinoGameList', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toEqual(STUB_GAMES);
    });

    it('passes the round results through, paged and by IST day', async () => {
      provider.stub.rounds = [stubRound('12', '2026-11-21T20:00:00.000Z'), stubRound('11', '2026-11-21T10:00:00.000Z')];
      const res = await ctx().call('getCasinoResult', { game_code: 'imlive1001' }, token);
      expect(res.statusCode).toBe(200);
      const page = CasinoResultPage.parse(res.json.data);
      expect(page).toMatchObject({ game_code: 'imlive1001', gamename: 'TP T20', page: 1, limit: 20, total: 2 });
      expect(page.rounds.map((r) => r.roundId)).toEqual(['12', '11']);
      expect(page.rounds[0]).toMatchObject({ winner: 'Player A', cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'], proof: { serverSeed: 'aa', hash: 'cc' } });
      // 20:00 UTC on the 21st is the 22nd in India.
      const day = await ctx().call('getCasinoResult', { game_code: 'imlive1001', date: '2026-11-22', page: 1, limit: 10 }, token);
      expect(day.json.data.rounds.map((r: { roundId: string }) => r.roundId)).toEqual(['12']);
      expect(Object.fromEntries(provider.stub.resultQueries.at(-1)!)).toEqual({ page: '1', pageSize: '10', date: '2026-11-22' });
      const unknown = await ctx().call('getCasinoResult', { game_code: 'imlive4242' }, token);
      expect(unknown.statusCode).toBe(404);
      const bad = await ctx().call('getCasinoResult', { game_code: 'blackjack' }, token);
      expect(bad.statusCode).toBe(400);
    });

    it('proxies the artwork same-origin and cacheable, and nothing else', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/upload/image/imlive1001.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toBe(STUB_SVG);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/upload/image/missing.svg' })).statusCode).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/upload/image/..%2F..%2Fapi%2Fgames' })).statusCode).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/upload/image/x.html' })).statusCode).toBe(404);
    });
  },
  { casino: provider.casino },
);
