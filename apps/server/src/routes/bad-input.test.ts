/**
 * Bad input is refused with a 4xx and the envelope, never a 500 (issue 9, items 16-19, 21, 22):
 * ids outside the database's integer range, control characters in text, impossible calendar
 * dates, concurrent saves of the stake buttons, framework refusals (431, 413, 415, bad JSON,
 * unknown paths) and the "every sport" filters of the original client.
 */
import { beforeAll, expect, it } from 'vitest';
import { ErrorEnvelope, type EndpointName } from '@exchange/contracts';
import { createMatchOdds, firstMatchOf } from '../test/betting.ts';
import { describeEachDatabase, type CallResult } from '../test/databases.ts';

const INT4_MAX = 2_147_483_647;
/** Ids the database's integer columns cannot hold, as numbers and as numeric strings. */
const OUT_OF_RANGE_IDS: unknown[] = ['100000000000000000000', 2_147_483_648, -1e23, '-2147483649', 2 ** 53, '9223372036854775808'];

function expectRefusal(res: CallResult, httpStatus = 400, code = 'VALIDATION_ERROR') {
  expect(res.statusCode, JSON.stringify(res.json)).toBe(httpStatus);
  expect(ErrorEnvelope.parse(res.json)).toMatchObject({ status: false, code });
}

describeEachDatabase('bad input is refused, never answered with a 500', (ctx) => {
  let demo1: string;
  let admin: string;
  let marketId: number;
  beforeAll(async () => {
    demo1 = await ctx().login('demo1');
    admin = await ctx().login('admin');
    const cricket = await firstMatchOf(ctx().db, 4, false);
    marketId = await createMatchOdds(ctx(), admin, cricket.matchId);
  });

  it('refuses ids outside the integer range on every call that takes one', async () => {
    const bettorCalls: [EndpointName, (id: unknown) => Record<string, unknown>][] = [
      ['getSports', (id) => ({ sport_id: id })],
      ['getSeries', (id) => ({ sport_id: id })],
      ['getMatches', (id) => ({ sport_id: id })],
      ['getMatches', (id) => ({ series_id: id })],
      ['getMatchDetail', (id) => ({ match_id: id })],
      ['getMatchVenueListByCountryCodeSportId', (id) => ({ sport_id: id })],
      ['placeMarketBet', (id) => ({ market_id: id, selection_id: 1, is_back: 1, odds: 2, stake: 100 })],
      ['placeMarketBet', (id) => ({ market_id: marketId, selection_id: id, is_back: 1, odds: 2, stake: 100 })],
      ['placeFancyBet', (id) => ({ fancy_id: id, is_back: 1, run: 50, rate: 100, stake: 100 })],
      ['cancelBet', (id) => ({ bet_id: id })],
      ['getCurrentBets', (id) => ({ match_id: id })],
      ['getCurrentBets', (id) => ({ sport_id: id })],
    ];
    const operatorCalls: [EndpointName, (id: unknown) => Record<string, unknown>][] = [
      ['operatorGetMarkets', (id) => ({ match_id: id })],
      ['operatorVoidMarket', (id) => ({ market_id: id })],
      ['operatorSetMarketStatus', (id) => ({ market_id: id, status: 'OPEN' })],
      ['operatorRemoveRunner', (id) => ({ market_id: marketId, selection_id: id, reduction_factor: 10 })],
      ['operatorDeclareResult', (id) => ({ market_id: marketId, winner_ids: [id] })],
      ['operatorSetFancyLine', (id) => ({ market_id: marketId, no_line: id, no_rate: 100, yes_line: 50, yes_rate: 100 })],
    ];
    for (const [calls, token] of [[bettorCalls, demo1], [operatorCalls, admin]] as const) {
      for (const [name, body] of calls) {
        // Bet ids are bigint: 2147483648 is an id like any other there.
        for (const id of OUT_OF_RANGE_IDS.filter((v) => name !== 'cancelBet' || v !== 2_147_483_648)) {
          const res = await ctx().call(name, body(id), token);
          expect(res.statusCode, `${name} ${JSON.stringify(body(id))}: ${JSON.stringify(res.json)}`).toBe(400);
          expectRefusal(res);
        }
      }
    }
    // The edge of the range is an id like any other: not found, not refused as malformed.
    expectRefusal(await ctx().call('getMatchDetail', { match_id: INT4_MAX }, demo1), 404, 'NOT_FOUND');
    expectRefusal(await ctx().call('cancelBet', { bet_id: String(Number.MAX_SAFE_INTEGER) }, demo1), 404, 'BET_NOT_FOUND');
    expect((await ctx().call('getSports', { sport_id: -2_147_483_648 }, demo1)).json.data).toEqual([]);
  });

  it("refuses an operator's market limits the markets table cannot hold", async () => {
    const matchId = (await firstMatchOf(ctx().db, 4, false)).matchId;
    const market = (extra: Record<string, unknown>) =>
      ctx().call('operatorCreateMarket', { match_id: matchId, kind: 'EXCHANGE', market_type: 'MATCH_ODDS', name: 'Limits', runners: [{ name: 'A' }], ...extra }, admin);
    for (const extra of [{ min_stake: 0 }, { min_stake: -1 }, { max_profit: 0 }, { min_stake: 1e308 }, { commission_percent: 0.001 }, { max_stake: 50, min_stake: 100 }, { max_stake: 0.01 }]) {
      const res = await market(extra);
      expect(res.statusCode, `${JSON.stringify(extra)}: ${JSON.stringify(res.json)}`).toBe(400);
      expectRefusal(res);
    }
    expectRefusal(await ctx().call('operatorRemoveRunner', { market_id: marketId, selection_id: 2, reduction_factor: 0.001 }, admin));
  });

  it('refuses a body of JSON null instead of reading it as {} (a logout with it logged the bettor out)', async () => {
    const token = await ctx().login('demo1');
    for (const [url, as] of [['/api/user/logout', token], ['/api/sport/getSports', token], ['/api/operator/getMarkets', admin]] as const) {
      const res = await ctx().app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' }, payload: 'null' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(ErrorEnvelope.parse(res.json())).toMatchObject({ status: false, code: 'VALIDATION_ERROR' });
    }
    expect((await ctx().call('getUserBalance', undefined, token)).statusCode).toBe(200);
    // No body at all is still an empty one.
    expect((await ctx().app.inject({ method: 'POST', url: '/api/sport/getSports', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('refuses control characters in every text field, the NUL character included', async () => {
    expectRefusal(await ctx().call('searchByMatchNameHeader', { search: 'India\u0000' }, demo1));
    expectRefusal(await ctx().call('searchByMatchNameHeader', { search: 'Ind\u0007ia' }, demo1));
    const before = (await ctx().call('getButtonValue', undefined, demo1)).json.data;
    expectRefusal(await ctx().call('setButtonValue', [{ button_name: '1k\u0000', button_value: 1000, type: 'Game' }], demo1));
    expect((await ctx().call('getButtonValue', undefined, demo1)).json.data).toBe(before);
    expectRefusal(await ctx().call('login', { user_name: 'demo1\u0000', password: 'Demo@1234' }));
    expectRefusal(await ctx().call('launchNewGame', { GameCode: 'imlive1001\u001b', type: 1 }, demo1));
    expectRefusal(
      await ctx().call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100, client_ref: 'r\u0000' }, demo1),
    );
    // Ordinary text, spaces and letters of any script, is still accepted.
    expect((await ctx().call('searchByMatchNameHeader', { search: 'Mumbai Indians – मुंबई' }, demo1)).statusCode).toBe(200);
  });

  it('saves the stake buttons of concurrent calls one after the other', async () => {
    const sets = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 10 }, (_, j) => ({ button_name: `b${i}-${j}`, button_value: 100 * (i + 1) + j, type: 'Game' as const })),
    );
    const answers = await Promise.all(sets.map((set) => ctx().call('setButtonValue', set, demo1)));
    for (const res of answers) expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const saved = JSON.parse((await ctx().call('getButtonValue', undefined, demo1)).json.data) as { button_name: string; type: string }[];
    const game = saved.filter((b) => b.type === 'Game');
    // One of the sets, whole: never a mix of two.
    expect(sets.map((set) => set.map((b) => b.button_name))).toContainEqual(game.map((b) => b.button_name));
  });

  it('refuses dates that match yyyy-mm-dd but are not on the calendar', async () => {
    const impossible = ['2026-13-45', '2026-02-30', '2025-02-29', '2026-00-10', '2026-04-31', '0000-01-01'];
    for (const day of impossible) {
      expectRefusal(await ctx().call('getUserAccountStatementHistory', { from_date: day, to_date: '2026-12-31' }, demo1));
      expectRefusal(await ctx().call('getUserAccountStatementHistory', { from_date: '2020-01-01', to_date: day }, demo1));
      expectRefusal(await ctx().call('getProfitLoss', { from_date: '2020-01-01', to_date: day }, demo1));
      expectRefusal(await ctx().call('getLiveCasinoBets', { from_date: '2020-01-01', to_date: day }, demo1));
      expectRefusal(await ctx().call('getMatchVenueListByCountryCodeSportId', { sport_id: 7, date: day }, demo1));
    }
    // A leap day is a day.
    const leap = await ctx().call('getProfitLoss', { from_date: '2024-02-29', to_date: '2024-02-29' }, demo1);
    expect(leap.statusCode, JSON.stringify(leap.json)).toBe(200);
  });

  it('reads sport_id 0, "" and absent as every sport on getSports, getSeries and getMatches', async () => {
    const data = async (name: EndpointName, body: unknown) => {
      const res = await ctx().call(name, body, demo1);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      return res.json.data as unknown[];
    };
    for (const name of ['getSports', 'getSeries', 'getMatches'] as const) {
      const all = await data(name, { is_active: 1 });
      expect(all.length).toBeGreaterThan(1);
      for (const sport_id of [0, '', '0']) expect(await data(name, { sport_id, is_active: 1 })).toEqual(all);
    }
    const matches = await data('getMatches', {});
    expect(await data('getMatches', { sport_id: 0, series_id: '' })).toEqual(matches);
    expect(await data('getMatches', { series_id: 0 })).toEqual(matches);
  });

  it('answers framework refusals with the envelope: 431, 413, 415, bad JSON, unknown paths and methods', async () => {
    const app = ctx().app;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (path: string, body: string, contentType = 'application/json') =>
      fetch(`${address}${path}`, { method: 'POST', headers: { 'content-type': contentType, authorization: `Bearer ${demo1}` }, body });
    const cases: [string, () => Promise<Response>, number][] = [
      ['20 kB URL', () => fetch(`${address}/api/sport/getSports?q=${'x'.repeat(20_000)}`), 431],
      ['20 kB header', () => fetch(`${address}/api/user/getUserBalance`, { headers: { 'x-long': 'y'.repeat(20_000) } }), 431],
      ['bad JSON', () => post('/api/sport/getSports', '{"sport_id":'), 400],
      ['empty JSON body', () => post('/api/sport/getSports', ''), 400],
      ['XML', () => post('/api/sport/getSports', '<sport_id>4</sport_id>', 'application/xml'), 415],
      ['2 MB body', () => post('/api/sport/getSports', JSON.stringify({ s: 'x'.repeat(2_000_000) })), 413],
      ['unknown path', () => fetch(`${address}/api/nothing/here`), 404],
      ['wrong method', () => fetch(`${address}/api/sport/getSports`, { method: 'DELETE' }), 404],
    ];
    for (const [label, send, status] of cases) {
      const res = await send();
      const text = await res.text();
      expect(res.status, `${label}: ${text}`).toBe(status);
      expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
      expect(ErrorEnvelope.safeParse(JSON.parse(text || 'null')).success, `${label}: ${text}`).toBe(true);
    }
  });
});
