/**
 * The one agent scope (ADR 46) on PGlite and PostgreSQL: its two forms, the check for one user
 * (a walk up) and the condition for lists (a walk down), answer the same for every caller and
 * user of a tree three agents deep; so do the two forms of the payment requests a caller decides.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { paymentRequests, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { decidesRequest, downlineUser, inDownlineOf, isInDownline, requestsDecidedBy } from './downline.ts';
import { createUser, type User } from './users.ts';

describeEachDatabase('the agent scope', (ctx) => {
  let everyone: User[];

  beforeAll(async () => {
    const { db } = ctx();
    const byName = async (name: string) =>
      (await db.select().from(users).where(eq(users.userName, name)))[0]!;
    // Beside the seeded admin > agent1 > demo1..3: a sub-agent with a bettor, and a second agent with one.
    const add = async (userName: string, role: 'agent' | 'user', parent: string) =>
      createUser(db, { userName, passwordHash: 'x', role, parentId: (await byName(parent)).id }, ctx().now());
    await add('tree_sub', 'agent', 'agent1');
    await add('tree_deep', 'user', 'tree_sub');
    await add('tree_agent2', 'agent', 'admin');
    await add('tree_other', 'user', 'tree_agent2');
    everyone = await db.select().from(users);
  });

  it('is the tree of one root: the only account without a parent, so its downline is everyone else', async () => {
    expect(everyone.filter((u) => u.parentId === null).map((u) => u.role)).toEqual(['root']);
  });

  it('answers "is this user in my downline" as the list of my downline does, for every pair', async () => {
    const { db } = ctx();
    for (const caller of everyone) {
      const listed = await db.select({ id: users.id }).from(users).where(inDownlineOf(users.id, caller.id));
      const listedIds = new Set(listed.map((r) => r.id));
      for (const user of everyone) {
        expect({
          caller: caller.userName,
          user: user.userName,
          checked: await isInDownline(db, caller.id, user.id),
        }).toEqual({
          caller: caller.userName,
          user: user.userName,
          checked: listedIds.has(user.id),
        });
      }
      if (caller.role === 'root') expect(listedIds.size).toBe(everyone.length - 1);
    }
    const names = (
      await db
        .select({ name: users.userName })
        .from(users)
        .where(inDownlineOf(users.id, everyone.find((u) => u.userName === 'agent1')!.id))
    ).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['demo1', 'tree_sub', 'tree_deep']));
    expect(names).not.toContain('tree_other');
  });

  it('gives a downline user, and answers the caller itself, its upline and a stranger like a missing id', async () => {
    const { db } = ctx();
    const of = (name: string) => everyone.find((u) => u.userName === name)!;
    const agent1 = { userId: of('agent1').id, role: 'agent' as const };
    const outcome = (userId: number, allowSelf?: boolean) =>
      downlineUser(db, agent1, userId, allowSelf).then(
        (u) => u.userName,
        (e: { httpStatus: number; message: string }) => `${e.httpStatus} ${e.message}`,
      );
    expect(await outcome(of('tree_deep').id)).toBe('tree_deep');
    expect(await outcome(of('agent1').id, true)).toBe('agent1');
    for (const id of [of('agent1').id, of('admin').id, of('tree_other').id, 2_000_000_000])
      expect(await outcome(id)).toBe('404 User not found');
  });

  it('answers "do I decide this request" as the list of requests I decide, for every caller', async () => {
    const { db } = ctx();
    const requests = await db
      .select({ id: paymentRequests.id, agentId: paymentRequests.agentId })
      .from(paymentRequests);
    expect(requests.length).toBeGreaterThan(0);
    for (const u of everyone.filter((x) => x.role !== 'user')) {
      const caller = { userId: u.id, role: u.role };
      const listed = await db
        .select({ id: paymentRequests.id })
        .from(paymentRequests)
        .where(requestsDecidedBy(paymentRequests.agentId, caller) ?? sql`true`);
      const listedIds = new Set(listed.map((r) => r.id));
      for (const r of requests)
        expect({ caller: u.userName, request: r.id, decides: decidesRequest(caller, r.agentId) }).toEqual({
          caller: u.userName,
          request: r.id,
          decides: listedIds.has(r.id),
        });
    }
  });
});
