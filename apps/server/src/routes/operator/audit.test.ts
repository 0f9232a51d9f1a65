/**
 * The operator's audit log (ADR 36) on PGlite and PostgreSQL: every operator call that changes
 * something writes exactly one row (who, from where, what, a sentence, the fields before and
 * after), a refused call or a repeat that changes nothing writes none; the log reads newest
 * first by action, text, actor and IST days. An agent and a bettor get 403 on every operator
 * call and leave no row.
 */
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { endpoints, SPORT, type AuditRow, type EndpointName, istDate } from '@exchange/contracts';
import { auditLog } from '../../db/schema/index.ts';
import { createMarket, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { useProviderStub } from '../../test/casino-provider-stub.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const provider = useProviderStub('audit-test-secret', 'audit-provider', { providerTimeoutMs: 2000 });
const OPERATOR_CALLS = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
  endpoints[name].path.startsWith('operator/'),
);

describeEachDatabase(
  'operator audit log',
  (ctx) => {
    let admin: string;
    let demo1: string;
    let demo3: string;
    let cricket: { matchId: number; matchName: string };
    const title = (market: string) => `Cricket / ${cricket.matchName} / ${market}`;

    const { call, ok } = callsAs(ctx, () => admin);
    const rowCount = async () => Number((await ctx().db.select({ n: count() }).from(auditLog))[0]!.n);

    /** Runs a successful operator call and checks that it wrote one row, the newest, as expected. */
    async function audited(name: EndpointName, body: unknown, expected: Partial<AuditRow>) {
      const before = await rowCount();
      const data = await ok(name, body);
      expect(await rowCount(), `${name} writes one row`).toBe(before + 1);
      const [row] = (await ok('operatorGetAuditLog', { limit: 1 })).rows as AuditRow[];
      expect(row).toMatchObject({ actor_name: 'admin', ip: '127.0.0.1', ...expected });
      return data;
    }
    /** Runs a call that changes nothing or is refused, and checks that it wrote no row. */
    async function notAudited(name: EndpointName, body: unknown, status: number, token = admin) {
      const before = await rowCount();
      const res = await call(name, body, token);
      expect({ name, status: res.statusCode }, JSON.stringify(res.json)).toEqual({ name, status });
      expect(await rowCount(), `${name} writes no row`).toBe(before);
    }

    beforeAll(async () => {
      admin = await ctx().login('admin');
      demo1 = await ctx().login('demo1');
      demo3 = await ctx().login('demo3');
      cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    });

    it('an agent and a bettor get 403 on every operator call, and leave no row', async () => {
      const agent1 = await ctx().login('agent1');
      expect(OPERATOR_CALLS.length).toBeGreaterThan(20);
      for (const token of [agent1, demo1])
        for (const name of OPERATOR_CALLS) {
          const before = await rowCount();
          const res = await call(
            name,
            { market_id: 1, sport_id: 4, name: 'x', is_active: true, order: 1 },
            token,
          );
          expect({ name, status: res.statusCode, code: res.json.code }).toEqual({
            name,
            status: 403,
            code: 'FORBIDDEN',
          });
          expect(await rowCount()).toBe(before);
        }
    });

    it('one row per market action, with the market before and after; none for a repeat or a refusal', async () => {
      const create = {
        match_id: cricket.matchId,
        kind: 'EXCHANGE',
        market_type: 'MATCH_ODDS',
        name: 'Match Odds (audit)',
        runners: [{ name: 'Home' }, { name: 'Away' }],
        in_play: false,
        external_key: 'audit:match-odds',
      };
      const odds = await audited('operatorCreateMarket', create, {
        action: 'market.create',
        target_type: 'market',
        summary: `Created an exchange market — ${title('Match Odds (audit)')}`,
        before: null,
        after: expect.objectContaining({
          kind: 'EXCHANGE',
          market_type: 'MATCH_ODDS',
          status: 'OPEN',
          name: 'Match Odds (audit)',
          external_key: 'audit:match-odds',
        }),
      });
      const marketId = odds.market_id as number;
      expect((await ok('operatorGetAuditLog', { limit: 1 })).rows[0].target_id).toBe(String(marketId));
      // Created once: the same key again answers the first market and writes nothing.
      await notAudited('operatorCreateMarket', create, 200);

      await audited(
        'operatorUpdateMarket',
        { market_id: marketId, max_stake: 1000, bet_delay_ms: 500 },
        {
          action: 'market.update',
          summary: `Changed max stake ₹5,00,000.00 → ₹1,000.00, bet delay (ms) 0 → 500 — ${title('Match Odds (audit)')}`,
          before: { max_stake: 500_000, bet_delay_ms: 0 },
          after: { max_stake: 1000, bet_delay_ms: 500 },
        },
      );
      await audited(
        'operatorSetMarketStatus',
        { market_id: marketId, status: 'SUSPENDED' },
        {
          action: 'market.status',
          summary: `Suspended the market — ${title('Match Odds (audit)')}`,
          before: { status: 'OPEN', in_play: false },
          after: { status: 'SUSPENDED', in_play: false, lapsed_bets: 0 },
        },
      );
      await audited(
        'operatorSetMarketStatus',
        { market_id: marketId, status: 'OPEN' },
        { summary: `Opened the market — ${title('Match Odds (audit)')}` },
      );

      const bookmaker = await createMarket(ctx(), admin, {
        match_id: cricket.matchId,
        kind: 'BOOKMAKER',
        market_type: 'BOOKMAKER',
        name: 'Bookmaker (audit)',
        runners: [{ name: 'Home' }, { name: 'Away' }],
      });
      await audited(
        'operatorSetBookmakerRates',
        { market_id: bookmaker, rates: [{ selection_id: 1, back_rate: 90, lay_rate: 95 }] },
        {
          action: 'market.bookmaker_rates',
          summary: `Set bookmaker rates Home 90/95 — ${title('Bookmaker (audit)')}`,
          before: {
            rates: [
              { selection_id: 1, name: 'Home', back_rate: null, lay_rate: null },
              { selection_id: 2, name: 'Away', back_rate: null, lay_rate: null },
            ],
          },
          after: {
            rates: [
              { selection_id: 1, name: 'Home', back_rate: 90, lay_rate: 95 },
              { selection_id: 2, name: 'Away', back_rate: null, lay_rate: null },
            ],
          },
        },
      );
      const fancy = await createMarket(ctx(), admin, {
        match_id: cricket.matchId,
        kind: 'FANCY',
        market_type: 'FANCY',
        name: '6 over runs',
        fancy: { no_line: 40, no_rate: 100, yes_line: 41, yes_rate: 100 },
      });
      await audited(
        'operatorSetFancyLine',
        { market_id: fancy, no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
        {
          action: 'market.fancy_line',
          summary: `Set fancy line 45/46 — ${title('6 over runs')}`,
          before: { no_line: 40, yes_line: 41, no_rate: 100, yes_rate: 100, status: 'OPEN' },
          after: { no_line: 45, yes_line: 46, no_rate: 100, yes_rate: 100, status: 'OPEN' },
        },
      );
      const race = await createMarket(ctx(), admin, {
        match_id: cricket.matchId,
        kind: 'EXCHANGE',
        market_type: 'MATCH_ODDS',
        name: 'Top Batter (audit)',
        runners: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }],
      });
      await audited(
        'operatorRemoveRunner',
        { market_id: race, selection_id: 3, reduction_factor: 12.5 },
        {
          action: 'market.remove_runner',
          summary: `Removed Three (non-runner, reduction factor 12.5%) — ${title('Top Batter (audit)')}`,
          before: { selection_id: 3, name: 'Three', status: 'ACTIVE' },
          after: {
            selection_id: 3,
            name: 'Three',
            status: 'REMOVED',
            reduction_factor: 12.5,
            cancelled_bets: 0,
          },
        },
      );

      await ok(
        'placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 },
        demo1,
      );
      await ok(
        'placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back: 0, odds: 2, stake: 100 },
        demo3,
      );
      await audited(
        'operatorDeclareResult',
        { market_id: marketId, winner_ids: [1] },
        {
          action: 'market.declare',
          summary: `Declared Home the winner — ${title('Match Odds (audit)')}`,
          before: { status: 'OPEN', in_play: false, result: null },
          after: {
            status: 'CLOSED',
            in_play: false,
            result: { kind: 'WINNERS', winners: [{ selection_id: 1, name: 'Home' }], runs: null },
            settlement: expect.objectContaining({
              market_id: marketId,
              result: 'WINNERS',
              users: 2,
              commission: 2,
            }),
          },
        },
      );
      await audited(
        'operatorRollbackResult',
        { market_id: marketId },
        {
          action: 'market.rollback',
          summary: `Rolled back the result (Home the winner) — ${title('Match Odds (audit)')}`,
          before: {
            status: 'CLOSED',
            result: { kind: 'WINNERS', winners: [{ selection_id: 1, name: 'Home' }], runs: null },
          },
          after: {
            status: 'SUSPENDED',
            result: null,
            settlement: expect.objectContaining({ result: 'ROLLED_BACK', users: 2 }),
          },
        },
      );
      await audited(
        'operatorVoidMarket',
        { market_id: marketId },
        {
          action: 'market.void',
          summary: `Voided the market — ${title('Match Odds (audit)')}`,
          after: expect.objectContaining({
            status: 'CLOSED',
            result: { kind: 'VOID', winners: [], runs: null },
          }),
        },
      );
      await audited(
        'operatorDeclareResult',
        { market_id: fancy, runs: 50 },
        { action: 'market.declare', summary: `Declared 50 runs — ${title('6 over runs')}` },
      );
      await audited(
        'operatorDeclareResult',
        { market_id: race, winner_ids: [1, 2], places: 1 },
        {
          summary: `Declared a dead heat: One and Two — ${title('Top Batter (audit)')}`,
          after: expect.objectContaining({
            result: {
              kind: 'WINNERS',
              winners: [
                { selection_id: 1, name: 'One', dead_heat: { places: 1, runners: 2 } },
                { selection_id: 2, name: 'Two', dead_heat: { places: 1, runners: 2 } },
              ],
              runs: null,
            },
          }),
        },
      );

      const won = await ok(
        'placeMarketBet',
        { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 90, stake: 100 },
        demo1,
      );
      await audited(
        'operatorDeclareResult',
        { market_id: bookmaker, winner_ids: [1] },
        { summary: `Declared Home the winner — ${title('Bookmaker (audit)')}` },
      );
      await audited(
        'operatorVoidBet',
        { bet_id: won.bet_id, reason: 'VPN', remark: 'same IP as demo3' },
        {
          action: 'bet.void',
          target_type: 'bet',
          target_id: String(won.bet_id),
          summary: `Voided bet #${won.bet_id} of demo1 (VPN use): ₹90.00 taken back — ${title('Bookmaker (audit)')}`,
          before: { status: 'SETTLED', outcome: 'WON', pnl: 90, voided: false },
          after: expect.objectContaining({
            voided: true,
            reason: 'VPN',
            remark: 'same IP as demo3',
            amount_taken_back: 90,
          }),
        },
      );

      // Refused: nothing done, nothing written.
      const open = await createMarket(ctx(), admin, {
        match_id: cricket.matchId,
        kind: 'EXCHANGE',
        market_type: 'MATCH_ODDS',
        name: 'Open (audit)',
        runners: [{ name: 'Home' }, { name: 'Away' }],
      });
      const refused: [EndpointName, unknown, number][] = [
        ['operatorCreateMarket', { ...create, match_id: 987_654, external_key: 'audit:nowhere' }, 404],
        ['operatorCreateMarket', { ...create, name: '', external_key: 'audit:bad' }, 400],
        ['operatorUpdateMarket', { market_id: marketId, name: 'Settled already' }, 400],
        ['operatorUpdateMarket', { market_id: open, min_stake: 900_000 }, 400],
        ['operatorSetMarketStatus', { market_id: 987_654, status: 'OPEN' }, 404],
        ['operatorSetMarketStatus', { market_id: marketId, status: 'OPEN' }, 400],
        [
          'operatorSetBookmakerRates',
          { market_id: fancy, rates: [{ selection_id: 1, back_rate: 1, lay_rate: 2 }] },
          400,
        ],
        [
          'operatorSetFancyLine',
          { market_id: open, no_line: 50, no_rate: 100, yes_line: 40, yes_rate: 100 },
          400,
        ],
        ['operatorRemoveRunner', { market_id: open, selection_id: 9, reduction_factor: 0 }, 400],
        ['operatorDeclareResult', { market_id: marketId, winner_ids: [1] }, 400],
        ['operatorDeclareResult', { market_id: open, winner_ids: [7] }, 400],
        ['operatorVoidMarket', { market_id: fancy }, 400],
        ['operatorRollbackResult', { market_id: open }, 400],
        ['operatorRollbackResult', { market_id: bookmaker }, 409],
        ['operatorVoidBet', { bet_id: won.bet_id, reason: 'VPN' }, 409],
        ['operatorVoidBet', { bet_id: 987_654_321, reason: 'VPN' }, 404],
        ['operatorPreviewSettlement', { action: 'declare', market_id: open, winner_ids: [1] }, 200],
        ['operatorGetMarketBets', { market_id: open }, 200],
        ['operatorGetMarkets', { match_id: cricket.matchId }, 200],
      ];
      for (const [name, body, status] of refused) await notAudited(name, body, status);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('one row per catalog and site action, none for a save that changes nothing or is refused', async () => {
      await audited(
        'operatorSaveSport',
        { sport_id: 556, create: true, name: 'Squash', is_active: true, order: 30 },
        {
          action: 'sport.save',
          target_type: 'sport',
          target_id: '556',
          summary: 'Created the sport Squash (id 556)',
          before: null,
          after: { name: 'Squash', is_active: true, order: 30 },
        },
      );
      await audited(
        'operatorSaveSport',
        { sport_id: 556, name: 'Squash', is_active: false, order: 31 },
        {
          summary: 'Edited the sport Squash: hidden, order 30 → 31',
          before: { is_active: true, order: 30 },
          after: { is_active: false, order: 31 },
        },
      );
      await notAudited(
        'operatorSaveSport',
        { sport_id: 556, name: 'Squash', is_active: false, order: 31 },
        200,
      );
      const series = await audited(
        'operatorSaveSeries',
        { sport_id: 556, name: 'PSA World Tour', is_active: true },
        {
          action: 'series.save',
          target_type: 'series',
          summary: 'Created the series PSA World Tour',
          before: null,
        },
      );
      const match = await audited(
        'operatorSaveMatch',
        {
          series_id: series.series_id,
          match_name: 'Ali Farag v Paul Coll',
          start_time: '2031-05-01T10:00:00Z',
          is_active: true,
        },
        {
          action: 'match.save',
          target_type: 'match',
          summary: 'Created the match Ali Farag v Paul Coll in PSA World Tour',
          before: null,
          after: expect.objectContaining({
            match_name: 'Ali Farag v Paul Coll',
            start_time: '2031-05-01T10:00:00.000Z',
            is_active: true,
            in_play: false,
            venue: null,
          }),
        },
      );
      await audited(
        'operatorSaveMatch',
        {
          match_id: match.match_id,
          series_id: series.series_id,
          match_name: 'Ali Farag v Paul Coll',
          start_time: '2031-05-01T11:30:00+05:30',
          is_active: true,
          in_play: true,
        },
        {
          summary:
            'Edited the match Ali Farag v Paul Coll: start 2031-05-01T10:00:00.000Z → 2031-05-01T06:00:00.000Z, in play',
          before: { start_time: '2031-05-01T10:00:00.000Z', in_play: false },
          after: { start_time: '2031-05-01T06:00:00.000Z', in_play: true },
        },
      );
      const [uk] = await ok('operatorGetSeries', { sport_id: SPORT.HORSE_RACING });
      const meeting = await ok('operatorSaveMatch', {
        series_id: uk.series_id,
        match_name: 'Audit Park',
        start_time: '2031-05-01T12:00:00Z',
        is_active: true,
      });
      await audited(
        'operatorSaveRace',
        { match_id: meeting.match_id, name: 'R1 Audit Stakes', start_time: '2031-05-01T12:00:00Z' },
        {
          action: 'race.save',
          target_type: 'race',
          summary: 'Created the race R1 Audit Stakes at Audit Park',
        },
      );

      const logo = `data:image/png;base64,${'B'.repeat(1000)}`;
      await audited(
        'operatorSaveGlobalSettings',
        { site_message: 'Audited message', logo },
        {
          action: 'settings.save',
          target_type: 'settings',
          target_id: 'global',
          summary: "Changed the site's logo, site message",
          before: { logo: '/logo.svg', site_message: expect.any(String) },
          // A picture is kept by its length, not its bytes.
          after: {
            logo: `${logo.slice(0, 40)}... (${logo.length} characters)`,
            site_message: 'Audited message',
          },
        },
      );
      await notAudited('operatorSaveGlobalSettings', { site_message: 'Audited message' }, 200);
      await audited(
        'operatorSetCasinoGame',
        { game_code: 'imlive1013', enabled: false },
        {
          action: 'casino_game.set',
          target_type: 'casino_game',
          target_id: 'imlive1013',
          summary: 'Turned off the casino game ANDAR BAHAR (imlive1013)',
          before: { enabled: true },
          after: { enabled: false },
        },
      );
      await notAudited('operatorSetCasinoGame', { game_code: 'imlive1013', enabled: false }, 200);
      await audited(
        'operatorSetCasinoGame',
        { game_code: 'imlive1013', enabled: true },
        { summary: 'Turned on the casino game ANDAR BAHAR (imlive1013)' },
      );

      const refused: [EndpointName, unknown, number][] = [
        [
          'operatorSaveSport',
          { sport_id: 556, create: true, name: 'Squash', is_active: true, order: 1 },
          409,
        ],
        ['operatorSaveSport', { sport_id: 557, name: 'Nothing', is_active: true, order: 1 }, 404],
        ['operatorSaveSeries', { sport_id: 557, name: 'Orphan', is_active: true }, 409],
        [
          'operatorSaveMatch',
          {
            match_id: 987_654,
            series_id: series.series_id,
            match_name: 'A v B',
            start_time: '2031-01-01T00:00:00Z',
            is_active: true,
          },
          404,
        ],
        [
          'operatorSaveRace',
          { match_id: match.match_id, name: 'R1', start_time: '2031-01-01T00:00:00Z' },
          409,
        ],
        ['operatorSaveGlobalSettings', { other_color: 'green' }, 400],
        ['operatorSetCasinoGame', { game_code: 'imlive4242', enabled: false }, 404],
        ['operatorGetSports', undefined, 200],
        ['operatorGetCasinoGames', undefined, 200],
      ];
      for (const [name, body, status] of refused) await notAudited(name, body, status);
    });

    it('keeps the address of the request', async () => {
      const before = await rowCount();
      const res = await ctx().call(
        'operatorSaveSport',
        { sport_id: 558, create: true, name: 'Padel', is_active: true, order: 40 },
        admin,
        '203.0.113.9',
      );
      expect(res.statusCode).toBe(200);
      expect(await rowCount()).toBe(before + 1);
      expect((await ok('operatorGetAuditLog', { limit: 1 })).rows[0]).toMatchObject({
        summary: 'Created the sport Padel (id 558)',
        ip: '203.0.113.9',
      });
    });

    it('reads the log newest first, by action, text, actor and IST days, in pages', async () => {
      const all = await ok('operatorGetAuditLog', { limit: 100 });
      expect(all.total).toBe(await rowCount());
      const ids = all.rows.map((r: AuditRow) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.rows.every((r: AuditRow) => r.actor_name === 'admin' && r.at.length > 0)).toBe(true);

      const declares = await ok('operatorGetAuditLog', { action: 'market.declare' });
      expect(declares.total).toBe(4);
      expect(declares.rows.every((r: AuditRow) => r.action === 'market.declare')).toBe(true);
      const sixOvers = await ok('operatorGetAuditLog', { search: '6 OVER' });
      expect(sixOvers.rows.map((r: AuditRow) => r.action)).toEqual([
        'market.declare',
        'market.fancy_line',
        'market.create',
      ]);
      expect((await ok('operatorGetAuditLog', { search: 'adm' })).total).toBe(all.total);
      expect(
        (await ok('operatorGetAuditLog', { search: 'imlive1013', action: 'casino_game.set' })).total,
      ).toBe(2);
      // Taken literally: a wildcard would find every row.
      expect((await ok('operatorGetAuditLog', { search: '%%' })).total).toBe(0);

      const today = istDate(ctx().now());
      expect((await ok('operatorGetAuditLog', { from_date: today, to_date: today })).total).toBe(all.total);
      expect((await ok('operatorGetAuditLog', { from_date: '2099-01-01' })).total).toBe(0);
      expect((await ok('operatorGetAuditLog', { to_date: '2020-01-01' })).total).toBe(0);

      const second = await ok('operatorGetAuditLog', { limit: 3, page: 2 });
      expect(second).toMatchObject({ total: all.total, page: 2, limit: 3 });
      expect(second.rows.map((r: AuditRow) => r.id)).toEqual(ids.slice(3, 6));

      for (const body of [
        { action: 'market.explode' },
        { from_date: '2026-02-30' },
        { limit: 101 },
        { search: 'x'.repeat(51) },
      ]) {
        expect((await call('operatorGetAuditLog', body)).statusCode).toBe(400);
      }
    });
  },
  { casino: provider.casino },
);
