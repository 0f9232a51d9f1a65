/**
 * The agent's side of payments (ADR 33) on PGlite and PostgreSQL: agent1 lists the requests
 * addressed to it and decides each exactly once (repeats, the other decision, 20 concurrent
 * calls); approval pays a withdrawal to the agent or credits a deposit from it, rejection releases
 * a withdrawal; a deposit the agent cannot fund stays pending; another agent gets 404 on every
 * call for agent1's requests; the root decides any, against the request's agent's account.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { activityLog, ledgerTransfers } from '../../db/schema/index.ts';
import { balanceOf, expectInvariants } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { depositMultipart, nextUtr, onlineBettor, PNG_1X1 } from '../../test/payments.ts';

const REQUEST_NOT_FOUND = { status: false, message: 'Payment request not found', code: 'NOT_FOUND' };

describeEachDatabase('agents deciding payment requests', (ctx) => {
  let admin: string;
  let agent1: string;
  let agent2: string;
  let agent1Id: number;
  let agent2Id: number;
  let bettor: { id: number; token: string };

  const call = (name: Parameters<ReturnType<typeof ctx>['call']>[0], body: unknown, token: string) => ctx().call(name, body, token);
  const decide = (token: string, requestId: number, approve: boolean, remark?: string) =>
    call('agentDecidePaymentRequest', { request_id: requestId, approve, ...(remark ? { remark } : {}) }, token);
  const total = async (token: string) => (await balanceOf(ctx(), token)).total_balance;
  const deposit = async (token: string, amount: number, ref: string) => {
    const res = await call('paymentDeposit', { amount, method: 'UPI', utr: nextUtr(), client_ref: ref }, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const withdraw = async (token: string, amount: number, ref: string) => {
    const res = await call('paymentWithdraw', { amount, method: 'BANK', account_name: 'Bet Tor', account_number: '987654321012', ifsc: 'ICIC0004321', client_ref: ref }, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const decisionPostings = async (requestId: number) =>
    ctx().db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, `payment:${requestId}:%`));

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    agent1Id = (await call('agentGetDownline', { page: 1, limit: 1 }, agent1)).json.data.parent_id;
    bettor = await onlineBettor(ctx(), agent1, 'bettor1', 5000);
    // A second agent, made by the root, with its own bettor and no chips of its own.
    const made = await call('agentCreateUser', { user_name: 'agent2', password: 'First@1234', role: 'agent' }, admin);
    agent2Id = made.json.data.user_id;
    const first = await ctx().login('agent2', 'First@1234');
    await call('changePassword', { master_password: 'First@1234', new_password: 'Agent@5678', confirm_password: 'Agent@5678' }, first);
    agent2 = await ctx().login('agent2', 'Agent@5678');
  });

  afterEach(async () => {
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it('lists the requests addressed to agent1, newest first, with the user and its available balance, filtered', async () => {
    const w = await withdraw(bettor.token, 300, 'list-w');
    const d = await deposit(bettor.token, 200, 'list-d');
    const res = await call('agentGetPaymentRequests', { status: 'PENDING', limit: 100 }, agent1);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const mine = res.json.data.rows.filter((r: { user_id: number }) => r.user_id === bettor.id);
    expect(mine).toMatchObject([
      { request_id: d.request_id, kind: 'DEPOSIT', amount: 200, user_name: 'bettor1', user_available_balance: 4700 },
      { request_id: w.request_id, kind: 'WITHDRAW', amount: 300, account_number: '987654321012', ifsc: 'ICIC0004321', user_available_balance: 4700 },
    ]);
    // The seeded demo3 withdrawal is there too; filters narrow by kind and status.
    expect(res.json.data.rows.some((r: { user_name: string }) => r.user_name === 'demo3')).toBe(true);
    const deposits = await call('agentGetPaymentRequests', { kind: 'DEPOSIT', status: 'PENDING' }, agent1);
    expect(deposits.json.data.rows.every((r: { kind: string; status: string }) => r.kind === 'DEPOSIT' && r.status === 'PENDING')).toBe(true);
    const approved = await call('agentGetPaymentRequests', { status: 'APPROVED' }, agent1);
    expect(approved.json.data.rows).toMatchObject([{ user_name: 'demo3', kind: 'DEPOSIT', amount: 5000, remark: 'Received, thank you' }]);
    const paged = await call('agentGetPaymentRequests', { page: 2, limit: 1 }, agent1);
    expect({ total: paged.json.data.total, rows: paged.json.data.rows.length }).toEqual({ total: res.json.data.total + 1, rows: 1 });
  });

  it('approving a withdrawal pays the held amount to the agent; rejecting one releases it to the user', async () => {
    const [userBefore, agentBefore] = [await total(bettor.token), await total(agent1)];
    const paid = await withdraw(bettor.token, 400, 'pay-w');
    const released = await withdraw(bettor.token, 250.5, 'release-w');
    expect(await total(bettor.token)).toBe(userBefore - 650.5);

    const approve = await decide(agent1, paid.request_id, true, 'Sent by IMPS');
    expect(approve.statusCode, JSON.stringify(approve.json)).toBe(200);
    expect(approve.json).toMatchObject({ message: 'Request approved', data: { request_id: paid.request_id, status: 'APPROVED', remark: 'Sent by IMPS' } });
    expect(approve.json.data.decided_at).not.toBeNull();
    expect(await total(agent1)).toBe(agentBefore + 400);

    const reject = await decide(agent1, released.request_id, false, 'Account name does not match');
    expect(reject.json).toMatchObject({ message: 'Request rejected', data: { status: 'REJECTED' } });
    expect(await total(bettor.token)).toBe(userBefore - 400);
    expect(await total(agent1)).toBe(agentBefore + 400);

    // The bettor's statement tells the story; the activity log names agent1 as the actor.
    const statement = (await call('getUserAccountStatementHistory', { from_date: '2020-01-01', to_date: '2099-12-31', limit: 3 }, bettor.token)).json.data.rows;
    expect(statement.map((r: { credit: number; debit: number; remark: string }) => [r.credit, r.debit, r.remark])).toEqual([
      [250.5, 0, `Withdrawal #${released.request_id} rejected: amount released`],
      [0, 250.5, `Withdrawal #${released.request_id} held (BANK 987654321012 (ICIC0004321))`],
      [0, 400, `Withdrawal #${paid.request_id} held (BANK 987654321012 (ICIC0004321))`],
    ]);
    const log = await ctx().db.select().from(activityLog).where(and(eq(activityLog.userId, bettor.id), eq(activityLog.actorId, agent1Id)));
    expect(log.map((a) => [a.kind, a.detail]).sort()).toEqual(
      [
        ['PAYMENT_APPROVED', `Withdrawal #${paid.request_id} of ₹400.00: Sent by IMPS`],
        ['PAYMENT_REJECTED', `Withdrawal #${released.request_id} of ₹250.50: Account name does not match`],
      ].sort(),
    );
  });

  it('approving a deposit credits the user from the agent, once: a repeat answers the decided request, the other decision is 409', async () => {
    const [userBefore, agentBefore] = [await total(bettor.token), await total(agent1)];
    const d = await deposit(bettor.token, 1200, 'credit-d');
    const first = await decide(agent1, d.request_id, true);
    expect(first.json.data).toMatchObject({ status: 'APPROVED', amount: 1200 });
    const again = await decide(agent1, d.request_id, true, 'again');
    expect({ status: again.statusCode, data: again.json.data }).toEqual({ status: 200, data: first.json.data });
    const other = await decide(agent1, d.request_id, false);
    expect({ status: other.statusCode, json: other.json }).toEqual({
      status: 409,
      json: { status: false, message: 'This request was already approved', code: 'REQUEST_ALREADY_DECIDED' },
    });
    expect(await total(bettor.token)).toBe(userBefore + 1200);
    expect(await total(agent1)).toBe(agentBefore - 1200);
    expect((await decisionPostings(d.request_id)).map((t) => t.reason)).toEqual(['PAYMENT_DEPOSIT']);
    // A rejected deposit moves nothing and cannot be approved afterwards.
    const r = await deposit(bettor.token, 100, 'reject-d');
    expect((await decide(agent1, r.request_id, false)).json.data.status).toBe('REJECTED');
    expect((await decide(agent1, r.request_id, true)).json).toMatchObject({ code: 'REQUEST_ALREADY_DECIDED', message: 'This request was already rejected' });
    expect(await decisionPostings(r.request_id)).toEqual([]);
  });

  it('20 concurrent approvals post once; 10 approvals against 10 rejections: one decision wins', async () => {
    const agentBefore = await total(agent1);
    const w = await withdraw(bettor.token, 500, 'burst-w');
    const answers = await Promise.all(Array.from({ length: 20 }, () => decide(agent1, w.request_id, true)));
    for (const res of answers) expect({ status: res.statusCode, data: res.json.data }).toEqual({ status: 200, data: answers[0]!.json.data });
    expect((await decisionPostings(w.request_id)).map((t) => t.reason).sort()).toEqual(['WITHDRAW_HOLD', 'WITHDRAW_PAID']);
    expect(await total(agent1)).toBe(agentBefore + 500);

    const d = await deposit(bettor.token, 700, 'race-d');
    const userBefore = await total(bettor.token);
    const raced = await Promise.all(Array.from({ length: 20 }, (_, i) => decide(agent1, d.request_id, i % 2 === 0)));
    const won = raced.filter((r) => r.statusCode === 200);
    const lost = raced.filter((r) => r.statusCode !== 200);
    const status = won[0]!.json.data.status as string;
    expect(won.every((r) => r.json.data.status === status)).toBe(true);
    expect(won).toHaveLength(10);
    for (const r of lost) expect({ status: r.statusCode, code: r.json.code }).toEqual({ status: 409, code: 'REQUEST_ALREADY_DECIDED' });
    expect((await decisionPostings(d.request_id)).length).toBe(status === 'APPROVED' ? 1 : 0);
    expect(await total(bettor.token)).toBe(userBefore + (status === 'APPROVED' ? 700 : 0));
  });

  it('refuses to credit a deposit the agent cannot fund: 400 and still pending; approved once the agent has chips', async () => {
    const a2bettor = await onlineBettor(ctx(), agent2, 'a2bettor', 0);
    const details = await call('agentSetPaymentDetails', { method: 'UPI', account_name: 'Agent Two', upi_id: 'agent2@ybl' }, agent2);
    expect(details.json.data).toMatchObject({ method: 'UPI', upi_id: 'agent2@ybl', account_number: null });
    const methods = await call('paymentGetMethods', {}, a2bettor.token);
    expect(methods.json.data.methods).toMatchObject([{ method: 'UPI', upi_id: 'agent2@ybl' }]);
    // agent2 has no bank account: a bank deposit has nowhere to go.
    const bank = await call('paymentDeposit', { amount: 100, method: 'BANK', utr: nextUtr(), client_ref: 'a2-bank' }, a2bettor.token);
    expect({ status: bank.statusCode, json: bank.json }).toEqual({
      status: 400,
      json: { status: false, message: 'Your agent has no bank account to pay to', code: 'NO_PAYMENT_METHOD' },
    });

    const d = await deposit(a2bettor.token, 1000, 'a2-dep');
    const refused = await decide(agent2, d.request_id, true);
    expect({ status: refused.statusCode, json: refused.json }).toEqual({
      status: 400,
      json: { status: false, message: "The agent's available balance is less than this deposit", code: 'INSUFFICIENT_FUNDS' },
    });
    const pending = await call('agentGetPaymentRequests', { status: 'PENDING' }, agent2);
    expect(pending.json.data.rows).toMatchObject([{ request_id: d.request_id, status: 'PENDING', decided_at: null, remark: '' }]);
    const chips = await call('agentTransferChips', { user_id: agent2Id, amount: 1000, direction: 'deposit', client_ref: 'fund-agent2' }, admin);
    expect(chips.statusCode, JSON.stringify(chips.json)).toBe(200);
    expect((await decide(agent2, d.request_id, true)).json.data.status).toBe('APPROVED');
    expect(await balanceOf(ctx(), a2bettor.token)).toMatchObject({ total_balance: 1000, available_balance: 1000 });
    expect(await total(agent2)).toBe(0);
    // A new UPI id replaces the old one.
    await call('agentSetPaymentDetails', { method: 'UPI', account_name: 'Agent Two', upi_id: 'agent2.new@ybl' }, agent2);
    expect((await call('paymentGetMethods', {}, a2bettor.token)).json.data.methods).toMatchObject([{ upi_id: 'agent2.new@ybl' }]);
  });

  it("answers another agent on every agent payment call for agent1's requests exactly like a missing one", async () => {
    const w = await withdraw(bettor.token, 100, 'foreign-w');
    const withReceipt = await depositMultipart(ctx(), bettor.token, { amount: 100, method: 'UPI', utr: nextUtr(), client_ref: 'foreign-d' }, [
      { filename: 'r.png', type: 'image/png', data: PNG_1X1 },
    ]);
    const d = withReceipt.json.data;
    for (const id of [999_999, w.request_id, d.request_id]) {
      const answers = [
        await decide(agent2, id, true),
        await decide(agent2, id, false),
        await call('agentGetPaymentReceipt', { request_id: id }, agent2),
      ];
      for (const res of answers) expect({ id, status: res.statusCode, json: res.json }).toEqual({ id, status: 404, json: REQUEST_NOT_FOUND });
    }
    const listed = await call('agentGetPaymentRequests', { limit: 100 }, agent2);
    expect(listed.json.data.rows.map((r: { user_name: string }) => r.user_name).filter((n: string) => n !== 'a2bettor')).toEqual([]);
    // Nothing of agent1's moved; agent1 still decides them, and a request without a receipt has none to show.
    expect((await call('agentGetPaymentRequests', { status: 'PENDING', limit: 100 }, agent1)).json.data.rows.map((r: { request_id: number }) => r.request_id)).toEqual(
      expect.arrayContaining([w.request_id, d.request_id]),
    );
    const noReceipt = await call('agentGetPaymentReceipt', { request_id: w.request_id }, agent1);
    expect({ status: noReceipt.statusCode, json: noReceipt.json }).toEqual({
      status: 404,
      json: { status: false, message: 'This request has no receipt', code: 'NOT_FOUND' },
    });
    expect((await decide(agent1, w.request_id, false)).json.data.status).toBe('REJECTED');
  });

  it("lets the root list and decide any request, moving the money against the request's agent", async () => {
    const agentBefore = await total(agent1);
    const d = await deposit(bettor.token, 300, 'root-d');
    const all = await call('agentGetPaymentRequests', { status: 'PENDING', limit: 100 }, admin);
    expect(all.json.data.rows.map((r: { request_id: number }) => r.request_id)).toContain(d.request_id);
    const receipt = await call('agentGetPaymentReceipt', { request_id: d.request_id }, admin);
    expect(receipt.statusCode).toBe(404);
    expect((await decide(admin, d.request_id, true)).json.data.status).toBe('APPROVED');
    expect(await total(agent1)).toBe(agentBefore - 300);
  });
});
