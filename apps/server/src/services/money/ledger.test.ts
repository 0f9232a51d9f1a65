import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountOfUser, checkLedger, transfer, worldAccount } from './ledger.ts';
import { findUserByName } from '../users.ts';

describeEachDatabase('ledger', (ctx) => {
  const account = async (userName: string) => accountOfUser(ctx().db, (await findUserByName(ctx().db, userName))!.id);
  const chips = async (from: string, to: string, amountPaise: number, idempotencyKey: string) =>
    transfer(
      ctx().db,
      { idempotencyKey, debitAccountId: (await account(from)).id, creditAccountId: (await account(to)).id, amountPaise, reason: 'CHIPS_IN', remark: `${from} to ${to}` },
      ctx().now(),
    );

  it('seeds balanced books: world funds admin, chips flow down the tree', async () => {
    expect((await worldAccount(ctx().db)).balancePaise).toBe(-1_000_000_000);
    expect((await account('admin')).balancePaise).toBe(500_000_000);
    // 50 lakh to agent1, 1 lakh to each of its three bettors, and demo3's seeded ₹5,000 deposit.
    expect((await account('agent1')).balancePaise).toBe(469_500_000);
    expect((await account('demo1')).balancePaise).toBe(10_000_000);
    expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });

  it('moves money once per idempotency key', async () => {
    const first = await chips('agent1', 'demo1', 12_345, 'test:once');
    expect(first.created).toBe(true);
    expect(first.transfer).toMatchObject({ amountPaise: 12_345, debitBalanceAfterPaise: 469_487_655, creditBalanceAfterPaise: 10_012_345 });
    const again = await chips('agent1', 'demo1', 12_345, 'test:once');
    expect(again).toEqual({ transfer: first.transfer, created: false });
    expect((await account('demo1')).balancePaise).toBe(10_012_345);
    expect(await ctx().db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, 'test:once'))).toHaveLength(1);
  });

  it('refuses a debit beyond the available balance and moves nothing', async () => {
    const before = await account('demo3');
    await expect(chips('demo3', 'agent1', before.balancePaise + 1, 'test:overdraw')).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', httpStatus: 400 });
    expect((await account('demo3')).balancePaise).toBe(before.balancePaise);
    expect(await ctx().db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, 'test:overdraw'))).toHaveLength(0);
  });

  it('never overdraws under concurrent debits, and a raced key moves money once', async () => {
    const start = (await account('demo2')).balancePaise; // ₹1,00,000
    const share = start / 4;
    // Six debits of a quarter each: exactly four can succeed.
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => chips('demo2', 'agent1', share, `test:race:${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect((await account('demo2')).balancePaise).toBe(0);

    const same = await Promise.all(Array.from({ length: 4 }, () => chips('agent1', 'demo2', 1_000, 'test:same-key')));
    expect(same.filter((r) => r.created)).toHaveLength(1);
    expect((await account('demo2')).balancePaise).toBe(1_000);
    expect(await checkLedger(ctx().db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  });
});
