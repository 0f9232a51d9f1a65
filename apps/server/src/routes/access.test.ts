/**
 * Who may call what, before anything reads the body (ADR 25): every call of the contracts table
 * that needs a token answers an anonymous caller 401 and a caller of the wrong role 403, whatever
 * the body; a session that must change its password may only do that, log out and read what the
 * change-password page shows, over HTTP and over /ws.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints, LIVE_CLOSE, SPORT, type Endpoint, type EndpointName } from '@exchange/contracts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';
import { createMatchOdds, firstMatchOf } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { LiveTestClient } from '../test/live-client.ts';

const table = Object.entries(endpoints) as [EndpointName, Endpoint][];
const withToken = table.filter(([, e]) => e.auth === 'user');
const operatorOnly = table.filter(([, e]) => e.role === 'root');

/** Bodies no schema of the table accepts as they are, down to ones the JSON parser refuses. */
const BAD_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{}', contentType: 'application/json' },
  { payload: '{"match_id":"abc","market_id":-1,"stake":"x"}', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '{"broken":', contentType: 'application/json' },
  { payload: 'not json', contentType: 'text/plain' },
];

const ROLE_REFUSALS = { root: 'Only the operator can do this', agent: 'Only an agent can do this' } as const;

const PASSWORD_CHANGE_REQUIRED = {
  status: false,
  message: 'Please change your password before you continue.',
  code: 'PASSWORD_CHANGE_REQUIRED',
};

describeEachDatabase('access before validation', (ctx) => {
  const send = (endpoint: Endpoint, token: string | undefined, body: (typeof BAD_BODIES)[number]) =>
    ctx().app.inject({
      method: endpoint.method,
      url: `/api/${endpoint.path}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': body.contentType },
      ...(endpoint.method === 'POST' ? { payload: body.payload } : {}),
    });

  it('marks the operator calls as root only in the contracts table', () => {
    expect(operatorOnly.map(([name]) => name).sort()).toEqual(table.filter(([, e]) => e.path.startsWith('operator/')).map(([name]) => name).sort());
    expect(operatorOnly.length).toBeGreaterThan(0);
  });

  it('answers 401 to an anonymous caller of every call that needs a token, whatever the body', async () => {
    for (const [name, endpoint] of withToken) {
      for (const body of BAD_BODIES) {
        const res = await send(endpoint, undefined, body);
        expect({ name, body: body.payload, status: res.statusCode, json: res.json() }).toMatchObject({
          name,
          status: 401,
          json: { status: false, code: 'UNAUTHORIZED' },
        });
      }
    }
  });

  it('answers 403 to a bettor on every operator call, whatever the body; the operator gets the validation', async () => {
    const bettor = await ctx().login('demo1');
    for (const [name, endpoint] of operatorOnly) {
      for (const body of BAD_BODIES) {
        const res = await send(endpoint, bettor, body);
        expect({ name, body: body.payload, status: res.statusCode, json: res.json() }).toEqual({
          name,
          body: body.payload,
          status: 403,
          json: { status: false, message: 'Only the operator can do this', code: 'FORBIDDEN' },
        });
      }
    }
    const admin = await ctx().login('admin');
    // A GET call reads no body (operator/getSports, operator/getCasinoGames): nothing to refuse.
    for (const [name, endpoint] of operatorOnly.filter(([, e]) => e.method === 'POST')) {
      const res = await send(endpoint, admin, BAD_BODIES[3]!);
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describeEachDatabase('a session that must change its password (demo2)', (ctx) => {
  let origin: string;
  let marketId: number;
  const sockets: LiveTestClient[] = [];
  const bet = (token: string) => ctx().call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 200 }, token);

  beforeAll(async () => {
    origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    marketId = await createMatchOdds(ctx(), await ctx().login('admin'), cricket.matchId);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('may only change the password, log out and read what the change-password page shows', async () => {
    const token = await ctx().login('demo2');
    const allowed = withToken.filter(([, e]) => e.beforePasswordChange).map(([name]) => name);
    expect(allowed.sort()).toEqual(
      ['changePassword', 'logout', 'getUserBalance', 'getExposureDetail', 'getSports', 'getSeriesHeader', 'getCupsForMenu', 'searchByMatchNameHeader', 'consoleGetMe'].sort(),
    );
    // console/getMe is open before the change to an agent (console-login.test.ts); a bettor is refused it for the role.
    const bettorAllowed = allowed.filter((name) => !endpoints[name].role);
    for (const [name, endpoint] of withToken) {
      if (bettorAllowed.includes(name)) continue;
      const res = await send(endpoint, token);
      // An operator or agent call is refused for the role before the password is considered.
      const refusal = endpoint.role ? { status: false, message: ROLE_REFUSALS[endpoint.role], code: 'FORBIDDEN' } : PASSWORD_CHANGE_REQUIRED;
      expect({ name, status: res.statusCode, json: res.json() }).toEqual({ name, status: 403, json: refusal });
    }
    for (const name of bettorAllowed.filter((n) => n !== 'logout' && n !== 'changePassword')) {
      const res = await ctx().call(name, name === 'searchByMatchNameHeader' ? { search: 'India' } : {}, token);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
    }
  });

  it('on /ws too, answers an anonymous socket unauthorized whatever it sends', async () => {
    for (const junk of ['{"op":"subscribe","market_ids":"all"}', 'not json', '{"op":"auth","token":""}']) {
      const socket = await LiveTestClient.open(origin);
      sockets.push(socket);
      socket.socket.send(junk);
      const error = await socket.next((m) => m.type === 'error');
      expect({ junk, error }).toMatchObject({ junk, error: { code: 'UNAUTHORIZED' } });
      expect((await socket.closed).code).toBe(LIVE_CLOSE.UNAUTHORIZED);
    }
  });

  it('gets its balance over /ws but no market', async () => {
    const socket = await LiveTestClient.connect(origin, await ctx().login('demo2'));
    sockets.push(socket);
    socket.send({ op: 'subscribe', market_ids: [marketId] });
    const error = await socket.next((m) => m.type === 'error');
    expect(error).toMatchObject({ type: 'error', code: 'PASSWORD_CHANGE_REQUIRED', market_ids: [marketId] });
    expect(socket.all('market_image')).toEqual([]);
  });

  it('cannot bet until the password is changed, then can, and gets markets over /ws', async () => {
    const token = await ctx().login('demo2');
    const refused = await bet(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toEqual(PASSWORD_CHANGE_REQUIRED);

    const changed = await ctx().call('changePassword', { master_password: DEMO_PASSWORD, new_password: 'Fresh@1234', confirm_password: 'Fresh@1234' }, token);
    expect(changed.statusCode).toBe(200);
    const fresh = await ctx().login('demo2', 'Fresh@1234');
    const placed = await bet(fresh);
    expect(placed.statusCode).toBe(200);
    expect(placed.json.status).toBe(true);

    const socket = await LiveTestClient.connect(origin, fresh);
    sockets.push(socket);
    socket.send({ op: 'subscribe', market_ids: [marketId] });
    expect(await socket.next((m) => m.type === 'market_image' || m.type === 'error')).toMatchObject({ type: 'market_image', market_id: marketId });
  });

  const send = (endpoint: Endpoint, token: string) =>
    ctx().app.inject({
      method: endpoint.method,
      url: `/api/${endpoint.path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(endpoint.method === 'POST' ? { payload: {} } : {}),
    });
});
