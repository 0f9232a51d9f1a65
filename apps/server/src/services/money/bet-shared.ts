/**
 * What the one-bet transaction (bet-writer.ts) and a cash out's legs (bet-legs.ts) write alike:
 * the lock of the bet's accounts with the check of the taker's funds, and a maker's order met.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { canAfford } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, orders } from '../../db/schema/index.ts';
import type { MakerWrite } from './bet-writer.ts';

export type BetFunds = { kind: 'ok'; balancePaise: number; exposurePaise: number } | { kind: 'funds' };

/**
 * Locks the ledger accounts of a bet's users, each once and in id order (so concurrent bets
 * cannot deadlock), and checks that the taker can afford moving this market's reservation from
 * `beforePaise` to `afterPaise`: 'funds' if not, else the taker's balance and his reservation
 * after the bet.
 */
export async function lockBetAccounts(
  tx: DbOrTx,
  accountIds: Iterable<number>,
  taker: { accountId: number; beforePaise: number; afterPaise: number },
): Promise<BetFunds> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const accounts = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const takerAccount = accounts.find((a) => a.id === taker.accountId);
  if (!takerAccount) throw new Error(`Ledger account ${taker.accountId} missing`);
  // The one affordability rule; the account reserves this market's `before` among the rest.
  const otherMarketsPaise = takerAccount.exposurePaise - taker.beforePaise;
  if (!canAfford(takerAccount.balancePaise, otherMarketsPaise, taker.afterPaise, taker.beforePaise))
    return { kind: 'funds' };
  return {
    kind: 'ok',
    balancePaise: takerAccount.balancePaise,
    exposurePaise: otherMarketsPaise + taker.afterPaise,
  };
}

/** A maker's order met by a bet: its matched stake and value grow by the fills', MATCHED when filled out. */
export async function updateMakerOrder(tx: DbOrTx, m: MakerWrite): Promise<void> {
  await tx
    .update(orders)
    .set({
      matchedPaise: sql`${orders.matchedPaise} + ${m.matchedDeltaPaise}`,
      matchedValue: sql`${orders.matchedValue} + ${m.valueDelta}`,
      ...(m.filledOut ? { status: 'MATCHED' as const } : {}),
    })
    .where(eq(orders.id, m.orderId));
}
