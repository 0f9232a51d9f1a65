/**
 * The accounts a bet's writers lock and the taker's funds they check, shared by the one-bet
 * transaction (bet-writer.ts) and a cash out's legs (bet-legs.ts).
 */
import { asc, inArray } from 'drizzle-orm';
import { canAfford } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';

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
