import { CasinoLaunchRequest, CasinoResultsQuery, istDate, type CasinoLaunchAnswer, type CasinoResultsAnswer } from '@exchange/contracts';
import { verifyCasinoSignature } from '@exchange/contracts/casino-signing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { imageByFile } from '../art/tiles.ts';
import { findGame, staticGameList } from '../games/index.ts';
import { loadPageScript } from '../page/script.ts';
import { PAGE_CSS, gamePageHtml } from '../page/html.ts';
import type { CancelBetsAnswer } from '../page/types.ts';
import type { ProviderServices } from '../services.ts';
import { tableStateView } from './views.ts';

const BetRequest = z.object({ session: z.string().min(1).max(200), roundId: z.string().min(1).max(30), option: z.string().min(1).max(60), stake: z.number().finite().positive() });
const CancelRequest = z.object({ session: z.string().min(1).max(200), betIds: z.array(z.string().min(1).max(100)).min(1).max(200) });
const SessionRequest = z.object({ lt: z.string().min(1).max(200), gameCode: z.string().max(30) });

/** An error answer; `walletCode` is the wallet's refusal code (INSUFFICIENT_FUNDS, INVALID_TOKEN...), for the page. */
const refuse = (reply: FastifyReply, code: number, message: string, walletCode?: string) =>
  reply.code(code).send({ status: 'ERROR', message, ...(walletCode ? { code: walletCode } : {}) });
const sessionOf = (services: ProviderServices, req: FastifyRequest) => services.sessions.get(String(req.headers['x-session'] ?? ''));

/** Every route of the provider. */
export function registerRoutes(app: FastifyInstance, services: ProviderServices): void {
  const pageScript = loadPageScript();
  // --- for the platform ---------------------------------------------------------------------
  app.get('/api/games', async () => ({ status: 'OK', data: staticGameList() }));

  app.get<{ Params: { file: string } }>('/api/upload/image/:file', async (req, reply) => {
    const image = imageByFile(req.params.file);
    if (!image) return refuse(reply, 404, 'No such image');
    return reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=86400').send(image.body);
  });

  app.post('/api/launch', async (req, reply) => {
    const sig = verifyCasinoSignature(
      req.headers,
      { method: 'POST', path: '/api/launch', rawBody: req.rawBody ?? '' },
      { providerId: services.options.providerId, secret: services.options.secret, nowMs: services.clock.now() },
    );
    if (!sig.ok) return reply.code(401).send({ status: 'INVALID_SIGNATURE', message: `Signature refused: ${sig.reason}` } satisfies CasinoLaunchAnswer);
    const parsed = CasinoLaunchRequest.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ status: 'BAD_REQUEST', message: parsed.error.issues[0]?.message ?? 'Bad request' } satisfies CasinoLaunchAnswer);
    if (!services.tables.has(parsed.data.gameCode)) return reply.code(404).send({ status: 'GAME_NOT_FOUND', message: 'This game is not available' } satisfies CasinoLaunchAnswer);
    const lt = services.sessions.grant(parsed.data);
    const origin = services.options.publicUrl ?? `${req.protocol}://${req.headers.host}`;
    return { status: 'OK', url: `${origin.replace(/\/$/, '')}/game/${parsed.data.gameCode}?lt=${encodeURIComponent(lt)}` } satisfies CasinoLaunchAnswer;
  });

  // ?page=1&pageSize=20&date=yyyy-MM-dd (IST day of settlement); newest first.
  app.get<{ Params: { code: string }; Querystring: { page?: string; pageSize?: string; date?: string } }>('/api/results/:code', async (req, reply) => {
    const table = services.tables.get(req.params.code);
    if (!table) return refuse(reply, 404, 'No such game');
    const query = CasinoResultsQuery.safeParse(req.query);
    if (!query.success) return refuse(reply, 400, query.error.issues[0]?.message ?? 'Bad query');
    const { page, pageSize, date } = query.data;
    const all = date ? table.history.filter((r) => istDate(Date.parse(r.settledAt)) === date) : table.history;
    const rounds = all.slice((page - 1) * pageSize, page * pageSize);
    return { status: 'OK', data: { gameCode: table.code, gamename: table.game.gamename, page, pageSize, total: all.length, rounds } } satisfies CasinoResultsAnswer;
  });

  // --- for the game page --------------------------------------------------------------------
  app.get<{ Params: { code: string } }>('/game/:code', async (req, reply) => {
    const game = findGame(req.params.code);
    if (!game || !services.tables.has(game.gamecode)) return reply.code(404).type('text/html').send('<!doctype html><title>Not found</title><p>This game is not available.</p>');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(gamePageHtml(game));
  });
  app.get('/game/assets/game.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(pageScript));
  app.get('/game/assets/game.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_CSS));

  app.post('/api/session', async (req, reply) => {
    const parsed = SessionRequest.safeParse(req.body);
    if (!parsed.success) return refuse(reply, 400, 'Bad request');
    const s = services.sessions.exchange(parsed.data.lt, parsed.data.gameCode);
    if ('error' in s) return refuse(reply, 401, s.error);
    return { status: 'OK', session: s.id, userName: s.userName, buttons: s.buttons };
  });

  app.get<{ Params: { code: string } }>('/api/table/:code/state', async (req, reply) => {
    const table = services.tables.get(req.params.code);
    if (!table) return refuse(reply, 404, 'No such game');
    return reply.header('cache-control', 'no-store').send(tableStateView(services, table, sessionOf(services, req)));
  });

  // The live table (issue 26): the whole table at once, then a frame at each change; with the
  // player's session (an EventSource cannot send a header), their bets and balance too.
  app.get<{ Params: { code: string }; Querystring: { session?: string } }>('/api/table/:code/stream', (req, reply) => {
    const table = services.tables.get(req.params.code);
    if (!table) return void refuse(reply, 404, 'No such game');
    if (!services.push.canOpen()) return void refuse(reply.header('retry-after', '5'), 503, 'The table is busy: the page tries again in a moment');
    const session = services.sessions.get(typeof req.query.session === 'string' ? req.query.session : undefined);
    // The stream outlives this handler: Fastify leaves the response to the push.
    reply.hijack();
    services.push.open(reply.raw, table, session?.gameCode === table.code ? session : undefined);
  });

  // A finished round in full (the road opens older rounds with it).
  app.get<{ Params: { code: string; roundId: string } }>('/api/table/:code/round/:roundId', async (req, reply) => {
    const table = services.tables.get(req.params.code);
    if (!table) return refuse(reply, 404, 'No such game');
    const round = table.history.find((r) => r.roundId === req.params.roundId);
    if (!round) return refuse(reply, 404, 'No such round on this table');
    return { status: 'OK', round };
  });

  app.post('/api/bet', async (req, reply) => {
    const parsed = BetRequest.safeParse(req.body);
    if (!parsed.success) return refuse(reply, 400, 'Choose a stake and a bet');
    const session = services.sessions.get(parsed.data.session);
    if (!session) return refuse(reply, 401, 'Your game session has ended. Open the game again from the casino.');
    const table = services.tables.get(session.gameCode);
    if (!table) return refuse(reply, 404, 'No such game');
    const result = await services.bets.place(session, table, parsed.data);
    if (!result.ok) return refuse(reply, 409, result.message, result.status);
    return { status: 'OK', betId: result.bet.betId, balance: result.balance };
  });

  // Undo / clear: some of the player's bets on the round being bet taken back, all or none.
  app.post('/api/bet/cancel', async (req, reply) => {
    const parsed = CancelRequest.safeParse(req.body);
    if (!parsed.success) return refuse(reply, 400, 'Choose the bets to take back');
    const session = services.sessions.get(parsed.data.session);
    if (!session) return refuse(reply, 401, 'Your game session has ended. Open the game again from the casino.');
    const table = services.tables.get(session.gameCode);
    if (!table) return refuse(reply, 404, 'No such game');
    const result = services.bets.cancel(session, table, parsed.data.betIds);
    if (!result.ok) return refuse(reply, 409, result.message);
    // The balance comes on the `mine` stream once the platform has refunded the stakes.
    return { status: 'OK', cancelled: result.cancelled.map((b) => b.betId) } satisfies CancelBetsAnswer;
  });

  app.get('/api/balance', async (req, reply) => {
    const session = sessionOf(services, req);
    if (!session) return refuse(reply, 401, 'No session');
    const r = await services.wallet.call('balance', { token: session.token, userId: session.userId, gameCode: session.gameCode });
    if (r.kind === 'lost' || r.answer.status !== 'OK') return refuse(reply, 502, 'Balance unavailable');
    if (typeof r.answer.balance === 'number') services.push.balanceLearnt(session.userId, r.answer.balance);
    return { status: 'OK', balance: r.answer.balance };
  });

  app.get('/health', async () => ({ status: 'OK' }));
}
