/**
 * Reservations: what each user's open bets on a market may lose (`market_positions`) and its sum
 * on the user's account (`ledger_accounts.exposure_paise`). Every change of either goes through
 * here or through the bet writes (bet-writer.ts, bet-statement.ts, bet-setwise.ts), so the two
 * stay in step. This stores exposures; the engine computes them (marketExposure in
 * packages/engine/src/pnl.ts, for a user's bets as services/betting/positions.ts keeps them).
 * Callers are inside the market's transaction (its row locked); accounts are locked in id order.
 */
import { eq, sql } from 'drizzle-orm';
import type { Balance } from '@exchange/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, marketPositions } from '../../db/schema/index.ts';
import type { ExposureWrite } from './bet-writer.ts';
import { balanceView } from './ledger.ts';
import { lockAccounts } from './postings.ts';

/**
 * Stores new exposures of users on one market: their positions, and each account's reservation
 * moved by the difference. Returns each user's balance after.
 */
export async function storeExposures(
  tx: DbOrTx,
  marketId: number,
  changes: readonly ExposureWrite[],
): Promise<Map<number, Balance>> {
  const accounts = await lockAccounts(
    tx,
    changes.map((c) => c.accountId),
  );
  const balance = new Map<number, Balance>();
  for (const c of changes) {
    await upsertPosition(tx, marketId, c.userId, c.afterPaise);
    const account = accounts.get(c.accountId)!;
    const delta = c.afterPaise - c.beforePaise;
    if (delta !== 0) {
      account.exposurePaise += delta;
      await setExposure(tx, c.accountId, account.exposurePaise);
    }
    balance.set(c.userId, balanceView(account));
  }
  return balance;
}

/**
 * Settlement: releases every reservation of the market (positions to zero, accounts down by
 * them). `alsoLock` are the other accounts the settlement posts to, locked in the same id order.
 */
export async function releaseMarketExposures(
  tx: DbOrTx,
  marketId: number,
  accountIdOf: (userId: number) => Promise<number>,
  alsoLock: readonly number[],
): Promise<void> {
  const positions = await tx.select().from(marketPositions).where(eq(marketPositions.marketId, marketId));
  const accountOf = new Map<number, number>();
  for (const p of positions) accountOf.set(p.userId, await accountIdOf(p.userId));
  const locked = await lockAccounts(tx, [...accountOf.values(), ...alsoLock]);
  for (const p of positions) {
    if (p.exposurePaise === 0) continue;
    const accountId = accountOf.get(p.userId)!;
    const account = locked.get(accountId)!;
    account.exposurePaise -= p.exposurePaise;
    await setExposure(tx, accountId, account.exposurePaise);
  }
  await tx.update(marketPositions).set({ exposurePaise: 0 }).where(eq(marketPositions.marketId, marketId));
}

/**
 * Rollback: the market's bets are open again and reserve these exposures (from zero, as the
 * settlement left them). `alsoLock` as above.
 */
export async function reserveMarketExposures(
  tx: DbOrTx,
  marketId: number,
  exposures: readonly { userId: number; accountId: number; exposure: number }[],
  alsoLock: readonly number[],
): Promise<void> {
  const locked = await lockAccounts(tx, [...exposures.map((e) => e.accountId), ...alsoLock]);
  for (const e of exposures) {
    await upsertPosition(tx, marketId, e.userId, e.exposure);
    if (e.exposure === 0) continue;
    const account = locked.get(e.accountId)!;
    account.exposurePaise += e.exposure;
    await setExposure(tx, e.accountId, account.exposurePaise);
  }
}

/**
 * Stores one user's new exposures on many markets at once (the market maker's first quotes on
 * every new market, their rows locked by the caller): the positions in one statement, the
 * account's reservation moved by the sum of the differences.
 */
export async function storeUserExposures(
  tx: DbOrTx,
  userId: number,
  accountId: number,
  changes: readonly { marketId: number; beforePaise: number; afterPaise: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  const account = (await lockAccounts(tx, [accountId])).get(accountId)!;
  await tx
    .insert(marketPositions)
    .values(changes.map((c) => ({ marketId: c.marketId, userId, exposurePaise: c.afterPaise })))
    .onConflictDoUpdate({
      target: [marketPositions.marketId, marketPositions.userId],
      set: { exposurePaise: sql`excluded.exposure_paise` },
    });
  const delta = changes.reduce((sum, c) => sum + c.afterPaise - c.beforePaise, 0);
  if (delta !== 0) await setExposure(tx, accountId, account.exposurePaise + delta);
}

async function upsertPosition(tx: DbOrTx, marketId: number, userId: number, exposurePaise: number) {
  await tx
    .insert(marketPositions)
    .values({ marketId, userId, exposurePaise })
    .onConflictDoUpdate({
      target: [marketPositions.marketId, marketPositions.userId],
      set: { exposurePaise },
    });
}

async function setExposure(tx: DbOrTx, accountId: number, exposurePaise: number) {
  await tx.update(ledgerAccounts).set({ exposurePaise }).where(eq(ledgerAccounts.id, accountId));
}
