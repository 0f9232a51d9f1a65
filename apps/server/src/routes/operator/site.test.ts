/**
 * The operator's site calls (ADR 36) on PGlite and PostgreSQL: global settings saved in part and
 * read at once by the bettor app and the payments switch; casino games turned off leave the lobby
 * at once (whatever the game list's cache) and cannot be launched, and come back when turned on.
 */
import { beforeAll, expect, it } from 'vitest';
import { STUB_GAMES, useProviderStub } from '../../test/casino-provider-stub.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const provider = useProviderStub('site-test-secret', 'site-provider', { providerTimeoutMs: 2000 });

describeEachDatabase(
  'operator site: global settings and casino games',
  (ctx) => {
    let admin: string;
    let demo1: string;
    const { call, ok, refusal } = callsAs(ctx, () => admin);

    beforeAll(async () => {
      admin = await ctx().login('admin');
      demo1 = await ctx().login('demo1');
    });

    it('saves the settings given and keeps the others; the bettor app and the payments switch read them at once', async () => {
      const before = await ok('getGlobalSetting', undefined, demo1);
      const logo = `data:image/png;base64,${'A'.repeat(400)}`;
      const saved = await ok('operatorSaveGlobalSettings', {
        site_title: 'Console Exchange',
        bg_primary_color: '#112233',
        logo,
      });
      expect(saved).toEqual({ ...before, site_title: 'Console Exchange', bg_primary_color: '#112233', logo });
      expect(await ok('getGlobalSetting', undefined, demo1)).toEqual(saved);

      expect((await call('paymentGetMethods', undefined, demo1)).statusCode).toBe(200);
      await ok('operatorSaveGlobalSettings', { payment_gateway: '0' });
      expect(await refusal('paymentGetMethods', undefined, demo1)).toEqual({
        status: 403,
        code: 'PAYMENTS_DISABLED',
        message: 'Deposits and withdrawals are turned off',
      });
      await ok('operatorSaveGlobalSettings', {
        payment_gateway: '1',
        site_title: before.site_title,
        bg_primary_color: before.bg_primary_color,
        logo: before.logo,
      });
      expect((await call('paymentGetMethods', undefined, demo1)).statusCode).toBe(200);
      expect(await ok('getGlobalSetting', undefined, demo1)).toEqual(before);
    });

    it('refuses settings that are not settings', async () => {
      expect(await refusal('operatorSaveGlobalSettings', {})).toMatchObject({
        status: 400,
        message: 'Give at least one setting to change',
      });
      expect(await refusal('operatorSaveGlobalSettings', { bg_primary_color: 'red' })).toMatchObject({
        status: 400,
        message: 'Colour must be #rrggbb',
      });
      expect(await refusal('operatorSaveGlobalSettings', { logo: 'javascript:alert(1)' })).toMatchObject({
        status: 400,
        message: 'Give an image URL or a data:image URL',
      });
      expect(await refusal('operatorSaveGlobalSettings', { site_title: '' })).toMatchObject({ status: 400 });
      expect(await refusal('operatorSaveGlobalSettings', { payment_gateway: 'yes' })).toMatchObject({
        status: 400,
      });
    });

    it('lists the provider games each on or off; a game turned off leaves the lobby at once and its launch is refused', async () => {
      expect(await ok('operatorGetCasinoGames')).toEqual(
        STUB_GAMES.map((g) => ({
          game_code: g.gamecode,
          name: g.gamename,
          provider: g.provider,
          category: g.category,
          enabled: true,
        })),
      );
      // The lobby's list is cached now: the switch must not wait for it.
      expect(
        (await ok('getCasinoGameList', undefined, demo1)).map((g: { gamecode: string }) => g.gamecode),
      ).toEqual(STUB_GAMES.map((g) => g.gamecode));
      expect(await ok('operatorSetCasinoGame', { game_code: 'imlive1013', enabled: false })).toEqual({
        game_code: 'imlive1013',
        name: 'ANDAR BAHAR',
        provider: 'stub',
        category: 'andarbahar',
        enabled: false,
      });
      expect(
        (await ok('getCasinoGameList', undefined, demo1)).map((g: { gamecode: string }) => g.gamecode),
      ).toEqual(['imlive1001', 'imlive1999']);
      expect(await refusal('launchNewGame', { GameCode: 'imlive1013', type: '1' }, demo1)).toEqual({
        status: 409,
        code: 'GAME_DISABLED',
        message: 'This game is not available right now',
      });
      expect(
        (await ok('operatorGetCasinoGames')).find((g: { game_code: string }) => g.game_code === 'imlive1013')
          .enabled,
      ).toBe(false);
      // The other games still launch.
      expect((await call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, demo1)).statusCode).toBe(
        200,
      );

      await ok('operatorSetCasinoGame', { game_code: 'imlive1013', enabled: true });
      expect(
        (await ok('getCasinoGameList', undefined, demo1)).map((g: { gamecode: string }) => g.gamecode),
      ).toEqual(STUB_GAMES.map((g) => g.gamecode));
      expect((await call('launchNewGame', { GameCode: 'imlive1013', type: '1' }, demo1)).statusCode).toBe(
        200,
      );
    });

    it('refuses an unknown game and a bad switch', async () => {
      expect(await refusal('operatorSetCasinoGame', { game_code: 'imlive4242', enabled: false })).toEqual({
        status: 404,
        code: 'GAME_NOT_FOUND',
        message: 'Game not found',
      });
      expect(await refusal('operatorSetCasinoGame', { game_code: '', enabled: false })).toMatchObject({
        status: 400,
        message: 'Game code is required',
      });
      expect(
        await refusal('operatorSetCasinoGame', { game_code: 'imlive1001', enabled: 'off' }),
      ).toMatchObject({ status: 400, message: 'enabled must be true or false' });
    });
  },
  { casino: provider.casino },
);
