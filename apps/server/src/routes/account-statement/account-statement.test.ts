import { expect, it } from 'vitest';
import { AccountStatementPage, DAY_MS, istDate } from '@exchange/contracts';
import { accountOfUser, checkLedger, systemAccount, transfer } from '../../services/money/index.ts';
import { findUserByName } from '../../services/users.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('account statement', (ctx) => {
  const today = () => istDate(ctx().now());
  const statement = async (userName: string, body: Record<string, unknown> = {}) => {
    const token = await ctx().login(userName);
    const res = await ctx().call('getUserAccountStatementHistory', { from_date: today(), to_date: today(), page: 1, limit: 20, ...body }, token);
    return res;
  };
  const accountId = async (userName: string) => (await accountOfUser(ctx().db, (await findUserByName(ctx().db, userName))!.id)).id;

  it('shows a bettor its opening chips', async () => {
    const res = await statement('demo1');
    expect(res.statusCode).toBe(200);
    const page = AccountStatementPage.parse(res.json.data);
    expect(page).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(page.rows[0]).toMatchObject({ credit: 100_000, debit: 0, balance: 100_000, type: 'deposit', remark: 'Chips from agent1 to demo1' });
  });

  it('shows an agent its chips in and out, newest first, with the running balance, filtered and paged', async () => {
    const all = (await statement('agent1')).json.data as AccountStatementPage;
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => [r.type, r.credit, r.debit, r.balance])).toEqual([
      // demo3's seeded deposit, credited from agent1.
      ['withdraw', 0, 5_000, 4_695_000],
      ['withdraw', 0, 100_000, 4_700_000],
      ['withdraw', 0, 100_000, 4_800_000],
      ['withdraw', 0, 100_000, 4_900_000],
      ['deposit', 5_000_000, 0, 5_000_000],
    ]);
    expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));
    expect((await statement('agent1', { statement_type: 'deposit' })).json.data.total).toBe(1);
    expect((await statement('agent1', { statement_type: 'withdraw' })).json.data.rows).toHaveLength(4);
    expect(all.totals).toEqual({ credit: 5_000_000, debit: 305_000, opening_balance: 0, closing_balance: 4_695_000 });
    // Chips are no one's profit or loss: the day shows no P&L, only the balance at its end.
    expect(all.days).toEqual([{ day: today(), pnl: 0, balance: 4_695_000 }]);
    expect((await statement('agent1', { statement_type: 'casino' })).json.data).toEqual({
      rows: [],
      total: 0,
      page: 1,
      limit: 20,
      totals: { credit: 0, debit: 0, opening_balance: 0, closing_balance: 4_695_000 },
      days: [{ day: today(), pnl: 0, balance: 4_695_000 }],
    });
    const page2 = (await statement('agent1', { page: 2, limit: 3 })).json.data as AccountStatementPage;
    expect(page2).toMatchObject({ total: 5, page: 2, limit: 3 });
    expect(page2.rows.map((r) => r.balance)).toEqual([4_900_000, 5_000_000]);
    expect((await statement('agent1', { page: 3, limit: 3 })).json.data.rows).toEqual([]);
    // Totals cover every page, not just the one shown.
    expect(page2.totals).toEqual(all.totals);
  });

  it('includes only the days asked for (IST)', async () => {
    const yesterday = new Date(ctx().now().getTime() - DAY_MS);
    await transfer(
      ctx().db,
      { idempotencyKey: 'test:yesterday', debitAccountId: await accountId('agent1'), creditAccountId: await accountId('demo3'), amountPaise: 2_550, reason: 'CHIPS_IN', remark: 'Late chips' },
      yesterday,
    );
    const day = istDate(yesterday);
    const onlyYesterday = (await statement('demo3', { from_date: day, to_date: day })).json.data as AccountStatementPage;
    expect(onlyYesterday.rows).toEqual([expect.objectContaining({ credit: 25.5, balance: 100_025.5, remark: 'Late chips', type: 'deposit' })]);
    // Today: the opening chips, the seeded deposit and the seeded withdrawal's hold.
    expect((await statement('demo3')).json.data.total).toBe(3);
    const both = (await statement('demo3', { from_date: day })).json.data as AccountStatementPage;
    expect(both.total).toBe(4);
    expect(both.days.map((d) => d.day)).toEqual([day, today()]);
    expect(onlyYesterday.totals).toMatchObject({ credit: 25.5, debit: 0, opening_balance: 0 });
  });

  it('gives the betting and casino P&L per IST day and the balances around the period', async () => {
    const demo1 = await accountId('demo1');
    const house = (await systemAccount(ctx().db, 'house')).id;
    const casino = (await systemAccount(ctx().db, 'casino')).id;
    const twoDaysAgo = new Date(ctx().now().getTime() - 2 * DAY_MS);
    const move = (key: string, debit: number, credit: number, amountPaise: number, reason: 'BET_SETTLEMENT' | 'CASINO_DEBIT' | 'CASINO_CREDIT', at = ctx().now()) =>
      transfer(ctx().db, { idempotencyKey: `test:${key}`, debitAccountId: debit, creditAccountId: credit, amountPaise, reason, remark: key }, at);
    await move('old win', house, demo1, 10_000, 'BET_SETTLEMENT', twoDaysAgo);
    await move('loss', demo1, house, 25_000, 'BET_SETTLEMENT');
    await move('casino bet', demo1, casino, 5_000, 'CASINO_DEBIT');
    await move('casino win', casino, demo1, 12_000, 'CASINO_CREDIT');

    const all = (await statement('demo1', { from_date: istDate(twoDaysAgo) })).json.data as AccountStatementPage;
    expect(all.days).toEqual([
      { day: istDate(twoDaysAgo), pnl: 100, balance: 100_100 },
      { day: today(), pnl: -250 - 50 + 120, balance: 99_920 },
    ]);
    expect(all.totals).toEqual({ credit: 100_000 + 100 + 120, debit: 250 + 50, opening_balance: 0, closing_balance: 99_920 });
    expect(all.rows[0]).toMatchObject({ credit: 120, balance: 99_920, type: 'casino' });

    const sportsToday = (await statement('demo1', { statement_type: 'sports' })).json.data as AccountStatementPage;
    expect(sportsToday.days).toEqual([{ day: today(), pnl: -250, balance: 99_920 }]);
    expect(sportsToday.totals).toEqual({ credit: 0, debit: 250, opening_balance: 100_100, closing_balance: 99_920 });
  });

  it('refuses bad dates and limits', async () => {
    const expectRefusal = async (body: Record<string, unknown>, message: string) => {
      const res = await statement('demo1', body);
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({ status: false, message, code: 'VALIDATION_ERROR' });
    };
    await expectRefusal({ from_date: '22/11/2026' }, 'Date must be yyyy-MM-dd');
    await expectRefusal({ from_date: '2026-11-23', to_date: '2026-11-22' }, 'From date must not be after to date');
    await expectRefusal({ limit: 101 }, 'Limit must be at most 100');
    await expectRefusal({ page: 0 }, 'Page must be at least 1');
    await expectRefusal({ statement_type: 'bonus' }, 'Invalid option: expected one of "all"|"deposit"|"withdraw"|"sports"|"casino"');
  });

  it('keeps the ledger balanced', async () => {
    expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });
});
