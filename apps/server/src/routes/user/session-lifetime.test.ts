/**
 * Sessions end by themselves (ADR 42): unused for the idle time, or at their absolute lifetime.
 * Short limits and the suite's clock moved by hand; a real socket on /ws for the live side.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@exchange/contracts';
import { sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../services/sessions.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { LiveTestClient, type Received } from '../../test/live-client.ts';

const MINUTE = 60_000;
const IDLE_MS = 30 * MINUTE;
const MAX_AGE_MS = 3 * 60 * MINUTE;
const HEARTBEAT_MS = 100;
const EXPIRED = { status: false, code: 'SESSION_EXPIRED', message: 'Your session expired. Please log in again.' };

describeEachDatabase(
  'sessions end by themselves',
  (ctx) => {
    let origin: string;
    const open: LiveTestClient[] = [];
    const connect = async (token: string) => {
      const client = await LiveTestClient.connect(origin, token);
      open.push(client);
      return client;
    };
    const balance = async (token: string) => {
      const res = await ctx().call('getUserBalance', undefined, token);
      return { statusCode: res.statusCode, ...res.json };
    };
    const lastUsedAt = async (token: string) =>
      (await ctx().db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!.at.getTime();
    /** Waits for two heartbeats: the socket's session was checked at least once on the clock as it is now. */
    const twoBeats = async (client: LiveTestClient) => {
      const isBeat = (m: Received) => m.type === 'heartbeat';
      const first = await client.next(isBeat, { from: client.mark() });
      await client.next(isBeat, { from: client.messages.indexOf(first) + 1 });
    };

    beforeAll(async () => {
      origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await Promise.all(open.map((c) => c.close()));
    });

    it('ends a session unused for the idle time: 401 SESSION_EXPIRED on every call and on /ws', async () => {
      const token = await ctx().login('demo1');
      expect((await balance(token)).statusCode).toBe(200);
      ctx().advanceClock(IDLE_MS - MINUTE);
      expect((await balance(token)).statusCode).toBe(200);
      ctx().advanceClock(IDLE_MS);

      expect(await balance(token)).toEqual({ statusCode: 401, ...EXPIRED });
      const bets = await ctx().call('getCurrentBets', { bet_type: 'all' }, token);
      expect({ statusCode: bets.statusCode, ...bets.json }).toEqual({ statusCode: 401, ...EXPIRED });
      const buttons = await ctx().call('getButtonValue', undefined, token);
      expect(buttons.json.code).toBe('SESSION_EXPIRED');

      const socket = await LiveTestClient.open(origin, { token });
      open.push(socket);
      expect(await socket.closed).toEqual({ code: LIVE_CLOSE.UNAUTHORIZED, reason: EXPIRED.message });
      expect(socket.all('error')).toEqual([{ type: 'error', code: 'SESSION_EXPIRED', message: EXPIRED.message, receivedAt: expect.any(Number) }]);
      // A fresh login is a new session.
      expect((await balance(await ctx().login('demo1'))).statusCode).toBe(200);
    });

    it('keeps a bettor who keeps polling signed in past the idle time, writing the session row at most once a minute', async () => {
      const token = await ctx().login('demo3');
      const loggedInAt = await lastUsedAt(token);
      // The app's balance poll, every 5 s: nothing written within the minute.
      for (let s = 5; s <= 55; s += 5) {
        ctx().advanceClock(5_000);
        expect((await balance(token)).statusCode).toBe(200);
      }
      expect(await lastUsedAt(token)).toBe(loggedInAt);
      // Then a poll every 5 minutes for twice the idle time: the session lives on.
      for (let minutes = 0; minutes < (2 * IDLE_MS) / MINUTE; minutes += 5) {
        ctx().advanceClock(5 * MINUTE);
        expect((await balance(token)).statusCode).toBe(200);
      }
      expect(await lastUsedAt(token)).toBeGreaterThan(loggedInAt + IDLE_MS);
    });

    it("counts another process's use: idle here, used there, still valid", async () => {
      const token = await ctx().login('demo1');
      expect((await balance(token)).statusCode).toBe(200); // cached here
      // Used through another server process, which wrote last_used_at.
      await ctx().db.update(sessions).set({ lastUsedAt: new Date(ctx().now().getTime() + 20 * MINUTE) }).where(eq(sessions.tokenHash, hashToken(token)));
      ctx().advanceClock(IDLE_MS + 5 * MINUTE);
      expect((await balance(token)).statusCode).toBe(200);
    });

    it('ends a session at its absolute lifetime even while in use, though this process has it cached', async () => {
      const token = await ctx().login('demo3');
      for (let used = 0; used < MAX_AGE_MS - 10 * MINUTE; used += 10 * MINUTE) {
        ctx().advanceClock(10 * MINUTE);
        expect((await balance(token)).statusCode).toBe(200);
      }
      ctx().advanceClock(10 * MINUTE - 1_000);
      expect((await balance(token)).statusCode).toBe(200); // cached from here on
      ctx().advanceClock(2_000);
      expect(await balance(token)).toEqual({ statusCode: 401, ...EXPIRED });
    });

    it('keeps a session alive while its page holds the live socket open, and closes the socket when the session runs out', async () => {
      const token = await ctx().login('demo1');
      const socket = await connect(token);
      // Watching a match with no call for twice the idle time: the socket's checks are uses.
      for (let minutes = 0; minutes < (2 * IDLE_MS) / MINUTE; minutes += 10) {
        ctx().advanceClock(10 * MINUTE);
        await twoBeats(socket);
      }
      expect((await balance(token)).statusCode).toBe(200);
      // Past its absolute lifetime the next check closes it, saying why.
      ctx().advanceClock(MAX_AGE_MS);
      expect(await socket.closed).toEqual({ code: LIVE_CLOSE.UNAUTHORIZED, reason: EXPIRED.message });
      expect(socket.all('error').map((m) => m.code)).toEqual(['SESSION_EXPIRED']);
    });
  },
  { sessionLifetime: { idleMs: IDLE_MS, maxAgeMs: MAX_AGE_MS }, live: { heartbeatMs: HEARTBEAT_MS } },
);
