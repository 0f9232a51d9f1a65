import { CasinoGameListAnswer, CasinoLaunchAnswer, CasinoResultsAnswer, istDate } from '@exchange/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProviderApp } from './app.ts';
import { FakeClock } from './lib/clock.ts';
import type { TableStateView } from './page/types.ts';
import { FakePlatform } from './testing/fake-platform.ts';
import { casinoSignedHeaders } from '@exchange/contracts/casino-signing';

const PROVIDER = 'prov';
const SECRET = 'shared-secret';
let platform: FakePlatform;
let clock: FakeClock;
let app: ReturnType<typeof buildProviderApp>;

beforeEach(async () => {
  platform = new FakePlatform(PROVIDER, SECRET);
  platform.addUser('7', 'tok-7', 100_000);
  await platform.start();
  clock = new FakeClock(Date.now());
  app = buildProviderApp({ platformUrl: platform.url, providerId: PROVIDER, secret: SECRET, clock, gameCodes: ['imlive1001', 'imlive1015', 'imlive1037'], timings: { bettingMs: 20_000, revealMs: 3000, maxDealMs: 24_000, resultMs: 5000 }, chainLength: 100 });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await platform.stop();
});

/** The platform's signature of a launch: POST /api/launch (or another path, to replay it elsewhere). */
const signedHeaders = (providerId: string, secret: string, rawBody: string, nowMs: number, path = '/api/launch') =>
  casinoSignedHeaders({ secret, providerId, method: 'POST', path, rawBody, nowMs });

function launchBody(gameCode = 'imlive1001') {
  return JSON.stringify({ token: 'tok-7', userId: 7, userName: 'demo1', gameCode, type: 1, casinoButtons: [{ label: '1k', value: 1000 }] });
}
async function launch(gameCode = 'imlive1001') {
  const body = launchBody(gameCode);
  const res = await app.inject({ method: 'POST', url: '/api/launch', headers: { 'content-type': 'application/json', host: 'casino.test:3001', ...signedHeaders(PROVIDER, SECRET, body, clock.now()) }, payload: body });
  return { res, answer: CasinoLaunchAnswer.parse(res.json()) };
}
async function session(gameCode = 'imlive1001') {
  const { answer } = await launch(gameCode);
  const lt = new URL((answer as { url: string }).url).searchParams.get('lt')!;
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { lt, gameCode } });
  return { lt, res, id: res.json().session as string };
}
const state = async (sid?: string) => (await app.inject({ url: '/api/table/imlive1001/state', headers: sid ? { 'x-session': sid } : {} })).json() as TableStateView;

describe('provider routes', () => {
  it('lists about 50 static games, the sidebar codes first', async () => {
    const res = await app.inject('/api/games');
    const { data } = CasinoGameListAnswer.parse(res.json());
    expect(data.length).toBe(50);
    expect(data.slice(0, 16).map((g) => `${g.gamecode} ${g.gamename}`)).toContain('imlive1001 TP T20');
    expect(data.find((g) => g.gamecode === 'imlive1016')!.gamename).toBe('WORLI MATAKA');
    expect(new Set(data.map((g) => g.gametype))).toEqual(new Set(['Others', 'Live', 'Virtual']));
    expect(data.find((g) => g.gametype === 'Virtual')!.image).toMatch(/^api\/upload\/image\/imlive\d+\.avif$/);
  });

  it('serves tile artwork by file name', async () => {
    const svg = await app.inject('/api/upload/image/imlive1001.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('TP T20');
    expect((await app.inject('/api/upload/image/imlive1037.avif')).statusCode).toBe(200);
    expect((await app.inject('/api/upload/image/imlive1001.avif')).statusCode).toBe(404);
    expect((await app.inject('/api/upload/image/../../etc/passwd')).statusCode).toBe(404);
  });

  it('launch: a signed request gets a one-time URL; a bad signature or an old timestamp is refused', async () => {
    const { res, answer } = await launch();
    expect(res.statusCode).toBe(200);
    expect(answer.status).toBe('OK');
    expect((answer as { url: string }).url).toMatch(/^http:\/\/casino\.test:3001\/game\/imlive1001\?lt=[\w-]+$/);
    const body = launchBody();
    const bad = await app.inject({ method: 'POST', url: '/api/launch', headers: { 'content-type': 'application/json', ...signedHeaders(PROVIDER, 'wrong', body, clock.now()) }, payload: body });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().status).toBe('INVALID_SIGNATURE');
    const old = await app.inject({ method: 'POST', url: '/api/launch', headers: { 'content-type': 'application/json', ...signedHeaders(PROVIDER, SECRET, body, clock.now() - 301_000) }, payload: body });
    expect(old.json().status).toBe('INVALID_SIGNATURE');
    // Signed for another path (a wallet call's): the signature binds the operation.
    const elsewhere = await app.inject({ method: 'POST', url: '/api/launch', headers: { 'content-type': 'application/json', ...signedHeaders(PROVIDER, SECRET, body, clock.now(), '/api/wallet/balance') }, payload: body });
    expect(elsewhere.statusCode).toBe(401);
    const unknown = launchBody('imlive9999');
    const nf = await app.inject({ method: 'POST', url: '/api/launch', headers: { 'content-type': 'application/json', ...signedHeaders(PROVIDER, SECRET, unknown, clock.now()) }, payload: unknown });
    expect(nf.json().status).toBe('GAME_NOT_FOUND');
  });

  it('exchanges a launch token once for a session with the casino buttons', async () => {
    const { lt, res } = await session();
    expect(res.json()).toMatchObject({ status: 'OK', userName: 'demo1', buttons: [{ label: '1k', value: 1000 }] });
    const again = await app.inject({ method: 'POST', url: '/api/session', payload: { lt, gameCode: 'imlive1001' } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/already used/);
  });

  it('serves the game page and its script', async () => {
    const page = await app.inject('/game/imlive1001?lt=x');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-code="imlive1001"');
    expect(page.body).toContain('House edge');
    const js = await app.inject('/game/assets/game.js');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('crypto.subtle');
    expect((await app.inject('/game/imlive4242')).statusCode).toBe(404);
  });

  it('lets only the platform frame the game page, and sends nosniff and the referrer policy on every answer (ADR 42)', async () => {
    const port = new URL(platform.url).port;
    const page = await app.inject('/game/imlive1001?lt=x');
    expect(page.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        // The platform at a loopback address is reached by either name.
        `frame-ancestors http://127.0.0.1:${port} http://localhost:${port}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ].join('; '),
    );
    expect((await app.inject('/game/imlive4242')).headers['content-security-policy']).toContain('frame-ancestors');
    for (const url of ['/game/imlive1001?lt=x', '/game/assets/game.js', '/game/assets/game.css', '/api/games']) {
      const answer = await app.inject(url);
      expect({ url, nosniff: answer.headers['x-content-type-options'], referrer: answer.headers['referrer-policy'] }).toEqual({ url, nosniff: 'nosniff', referrer: 'same-origin' });
    }
    for (const url of ['/game/assets/game.js', '/api/games']) expect((await app.inject(url)).headers['content-security-policy']).toBeUndefined();
  });

  it('table state shows no card before betting closes and never the server seed of the open round', async () => {
    const s = await state();
    expect(s.round.phase).toBe('betting');
    expect(s.round.cards).toEqual([]);
    expect(JSON.stringify(s)).not.toContain(app.services.tables.get('imlive1001')!.current.serverSeed);
    // Betting closes: the six cards lie face down, none turned; then one turns every 3 s.
    clock.advance(20_000);
    const closed = await state();
    expect(closed.round.cards).toEqual([]);
    expect(closed.round.faceDown.map((c) => c.to)).toEqual(['Player A', 'Player B', 'Player A', 'Player B', 'Player A', 'Player B']);
    clock.advance(3000);
    expect((await state()).round.cards.length).toBe(1);
    expect((await state()).round.faceDown.length).toBe(5);
    clock.advance(3000);
    expect((await state()).round.cards.length).toBe(2);
  });

  it('takes a bet through the wallet, settles it and shows the P&L; results and proof afterwards', async () => {
    const { id } = await session();
    const before = await state(id);
    const bet = await app.inject({ method: 'POST', url: '/api/bet', payload: { session: id, roundId: before.round.roundId, option: 'playerA', stake: 100 } });
    expect(bet.json()).toMatchObject({ status: 'OK', balance: 900 });
    expect((await state(id)).myBets).toMatchObject([{ optionName: 'Player A', stake: 100, state: 'accepted' }]);
    clock.advance(20_000 + 6 * 3000 + 1500);
    const after = await state(id);
    expect(after.round.phase).toBe('result');
    expect(after.round.result!.proof.serverSeed).toBe(app.services.tables.get('imlive1001')!.current.serverSeed);
    const mine = after.myBets[0]!;
    expect(mine.state).toBe('settled');
    expect(mine.pnl).toBe(mine.payout! - 100);
    await until(() => app.services.outbox.pending().length === 0);
    expect(platform.balances.get('7')).toBe(100_000 - 10_000 + Math.round(mine.payout! * 100));
    // Once the platform has confirmed the payout the page is told, and asks for the balance again.
    expect((await state(id)).myBets[0]).toMatchObject({ state: 'settled', credited: true });
    const results = CasinoResultsAnswer.parse((await app.inject('/api/results/imlive1001?page=1')).json());
    expect(results.data.total).toBe(1);
    expect(results.data.rounds[0]!.roundId).toBe(before.round.roundId);
    expect(results.data.rounds[0]!.cards.length).toBe(6);
    const istToday = istDate(clock.now());
    clock.advance(45_000 * 3);
    const paged = CasinoResultsAnswer.parse((await app.inject(`/api/results/imlive1001?page=2&pageSize=2&date=${istToday}`)).json()).data;
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.total).toBeGreaterThanOrEqual(3);
    expect(paged.rounds.length).toBeGreaterThanOrEqual(1);
    expect(CasinoResultsAnswer.parse((await app.inject('/api/results/imlive1001?date=2001-01-01')).json()).data.total).toBe(0);
    expect((await app.inject('/api/results/imlive1001?pageSize=500')).statusCode).toBe(400);
  });

  it('refuses a bet after betting closed, without a session, or over the balance', async () => {
    const { id } = await session();
    const s = await state(id);
    expect((await app.inject({ method: 'POST', url: '/api/bet', payload: { session: 'nope', roundId: s.round.roundId, option: 'playerA', stake: 100 } })).statusCode).toBe(401);
    const broke = await app.inject({ method: 'POST', url: '/api/bet', payload: { session: id, roundId: s.round.roundId, option: 'playerA', stake: 5000 } });
    expect(broke.json()).toEqual({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' });
    clock.advance(20_000);
    const late = await app.inject({ method: 'POST', url: '/api/bet', payload: { session: id, roundId: s.round.roundId, option: 'playerA', stake: 100 } });
    expect(late.json().message).toBe('Betting is closed for this round');
    expect(platform.calls.filter((c) => c.op === 'debit').length).toBe(1);
  });
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
