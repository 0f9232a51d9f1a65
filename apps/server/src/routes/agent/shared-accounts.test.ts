/**
 * agent/getSharedAccounts (ADR 41) on PGlite and PostgreSQL: the accounts of the caller's downline
 * that share a mobile number or a client address (a sign-up's or a login's). agent1 sees its
 * sign-ups grouped and none of agent2's users; agent2 sees nothing of agent1's; the operator sees
 * every account; a bettor is refused.
 */
import { beforeAll, expect, it } from 'vitest';
import type { SharedAccountsPage } from '@exchange/contracts';
import { describeEachDatabase } from '../../test/databases.ts';

const PASSWORD = 'Secret123';
const SHARED_IP = '10.6.0.1';
const SHARED_MOBILE = '9844444444';

describeEachDatabase('agent/getSharedAccounts', (ctx) => {
  let admin: string;
  let agent1: string;
  let agent2: string;

  const report = async (token: string, by: 'mobile' | 'address'): Promise<SharedAccountsPage> => {
    const res = await ctx().call('agentGetSharedAccounts', { by, page: 1, limit: 50 }, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const group = (page: SharedAccountsPage, key: string) => page.groups.find((g) => g.key === key);
  const names = (page: SharedAccountsPage, key: string) => group(page, key)?.users.map((u) => u.user_name).sort();
  const signUp = async (userName: string, mobile: string, ip: string) => {
    const res = await ctx().call(
      'signup',
      { user_name: userName, password: PASSWORD, confirm_password: PASSWORD, mobile, dial_code: '+91' },
      undefined,
      ip,
    );
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  };
  const create = async (token: string, body: object) => {
    const res = await ctx().call('agentCreateUser', { password: 'Start@1234', ...body }, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  };
  const loginFrom = async (userName: string, password: string, ip: string) => {
    const res = await ctx().call('login', { user_name: userName, password }, undefined, ip);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data.usertoken as string;
  };

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    await create(admin, { user_name: 'shareagent2', password: 'Agent@1234', role: 'agent' });
    const first = await loginFrom('shareagent2', 'Agent@1234', '10.6.9.9');
    const changed = await ctx().call(
      'changePassword',
      { master_password: 'Agent@1234', new_password: 'Agent@5678', confirm_password: 'Agent@5678' },
      first,
    );
    expect(changed.statusCode).toBe(200);
    agent2 = await loginFrom('shareagent2', 'Agent@5678', '10.6.9.9');

    // agent1's downline: two sign-ups from one address (sign-ups go under agent1), and an account
    // agent1 made with the first one's number, typed with a trunk zero.
    await signUp('share_s1', SHARED_MOBILE, SHARED_IP);
    await signUp('share_s2', '9855555555', SHARED_IP);
    await create(agent1, { user_name: 'share_a1', role: 'user', mobile: `0${SHARED_MOBILE}` });
    // agent2's one user: the same number, and two logins from the same address.
    await create(agent2, { user_name: 'share_x1', role: 'user', mobile: SHARED_MOBILE });
    await loginFrom('share_x1', 'Start@1234', SHARED_IP);
    await loginFrom('share_x1', 'Start@1234', SHARED_IP);
  });

  it("groups an agent's own accounts by the mobile number they share, and by the address they signed up from", async () => {
    const byMobile = await report(agent1, 'mobile');
    expect(names(byMobile, SHARED_MOBILE)).toEqual(['share_a1', 'share_s1']);
    expect(group(byMobile, SHARED_MOBILE)!.user_count).toBe(2);
    expect(group(byMobile, SHARED_MOBILE)!.users.find((u) => u.user_name === 'share_s1')).toMatchObject({
      role: 'user',
      parent_name: 'agent1',
      mobile: `+91 ${SHARED_MOBILE}`,
    });

    const byAddress = await report(agent1, 'address');
    expect(byAddress.days).toBe(30);
    expect(names(byAddress, SHARED_IP)).toEqual(['share_s1', 'share_s2']);
    expect(group(byAddress, SHARED_IP)!.users.every((u) => u.signed_up_here && u.logins === 0)).toBe(true);
  });

  it("shows another agent nothing of agent1's accounts, and agent1 nothing of the other's", async () => {
    // agent2 has one account: it shares nothing with itself.
    expect((await report(agent2, 'mobile')).groups).toEqual([]);
    expect((await report(agent2, 'address')).groups).toEqual([]);
    const agent1Seen = [...(await report(agent1, 'mobile')).groups, ...(await report(agent1, 'address')).groups];
    expect(agent1Seen.flatMap((g) => g.users.map((u) => u.user_name))).not.toContain('share_x1');
  });

  it('shows the operator every account, with the logins that put one at an address', async () => {
    expect(names(await report(admin, 'mobile'), SHARED_MOBILE)).toEqual(['share_a1', 'share_s1', 'share_x1']);
    const byAddress = await report(admin, 'address');
    expect(names(byAddress, SHARED_IP)).toEqual(['share_s1', 'share_s2', 'share_x1']);
    expect(group(byAddress, SHARED_IP)!.users.find((u) => u.user_name === 'share_x1')).toMatchObject({
      parent_name: 'shareagent2',
      signed_up_here: false,
      logins: 2,
    });
  });

  it('is refused to a bettor', async () => {
    const res = await ctx().call('agentGetSharedAccounts', { by: 'address' }, await ctx().login('demo1'));
    expect(res.statusCode).toBe(403);
  });
});
