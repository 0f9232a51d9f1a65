/**
 * Notices (ADR 35) on PGlite and PostgreSQL: a user reads only its own unseen notices, oldest
 * first; marking them seen hides them for good, and marking someone else's ids changes nothing.
 * (The voided bet's notice itself is written by operator/voidBet: routes/operator/void-bet.test.ts.)
 */
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { addNotice } from '../../services/notices.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('notices', (ctx) => {
  let demo1: string;
  let demo3: string;
  const idOf: Record<string, number> = {};
  const notices = async (token: string) => {
    const res = await ctx().call('getNotices', undefined, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data.notices as { id: number; kind: string; message: string; created_at: string }[];
  };
  const markSeen = (ids: unknown, token: string) => ctx().call('markNoticesSeen', { ids }, token);

  beforeAll(async () => {
    demo1 = await ctx().login('demo1');
    demo3 = await ctx().login('demo3');
    for (const u of await ctx().db.select().from(users)) idOf[u.userName] = u.id;
    const at = ctx().now();
    await addNotice(ctx().db, { userId: idOf.demo1!, kind: 'BET_VOIDED', message: 'first for demo1' }, at);
    await addNotice(ctx().db, { userId: idOf.demo3!, kind: 'BET_VOIDED', message: 'for demo3' }, at);
    await addNotice(ctx().db, { userId: idOf.demo1!, kind: 'BET_VOIDED', message: 'second for demo1' }, at);
  });

  it("answers only the caller's unseen notices, oldest first", async () => {
    expect((await notices(demo1)).map((n) => n.message)).toEqual(['first for demo1', 'second for demo1']);
    expect(await notices(demo3)).toMatchObject([{ kind: 'BET_VOIDED', message: 'for demo3' }]);
    expect(await notices(await ctx().login('agent1'))).toEqual([]);
  });

  it("marking another user's notices changes nothing; marking one's own hides them for good", async () => {
    const mine = await notices(demo1);
    const theirs = await notices(demo3);
    const foreign = await markSeen([theirs[0]!.id], demo1);
    expect(foreign.statusCode).toBe(200);
    expect(await notices(demo3)).toEqual(theirs);

    // Own and foreign ids together: only the own ones are marked.
    expect((await markSeen([mine[0]!.id, theirs[0]!.id], demo1)).statusCode).toBe(200);
    expect(await notices(demo1)).toEqual([mine[1]]);
    expect(await notices(demo3)).toEqual(theirs);
    // Again, and with a missing id: nothing more changes.
    expect((await markSeen([mine[0]!.id, 999_999], demo1)).statusCode).toBe(200);
    expect(await notices(demo1)).toEqual([mine[1]]);
    await markSeen([mine[1]!.id], demo1);
    expect(await notices(demo1)).toEqual([]);
  });

  it('refuses a bad list of ids with 400', async () => {
    for (const ids of [[], ['x'], [-1.5], 'all']) {
      const res = await markSeen(ids, demo3);
      expect({ ids, status: res.statusCode, code: res.json.code }).toEqual({
        ids,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
