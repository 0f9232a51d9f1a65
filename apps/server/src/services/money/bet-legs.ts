/**
 * Several bets of one taker on one market written together, all or none (a cash out's hedge
 * legs, ADR 49), inside the caller's transaction, which holds the market row and bumps its
 * version. Each bet was matched in memory after the one before it, so each plan's exposures
 * start where the previous one's end; the taker's affordability is checked once, on the whole:
 * a leg may reserve more for a moment than the bets together do (a back before the lays that
 * pay for it), and a hedge as a whole never adds to what the market can lose.
 */
import { asc, inArray } from 'drizzle-orm';
import { canAfford } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { insertBetPlan, type BetPlan } from './bet-writer.ts';

export type LegsResult = { kind: 'ok'; balancePaise: number; exposurePaise: number } | { kind: 'funds' };

export async function writeBetLegs(tx: DbOrTx, plans: readonly BetPlan[], seq: number): Promise<LegsResult> {
  const first = plans[0]?.exposures[0];
  const last = plans.at(-1)?.exposures[0];
  if (!first || !last) throw new Error('writeBetLegs takes at least one bet');
  if (plans.some((p) => p.exposures[0]!.userId !== first.userId))
    throw new Error('writeBetLegs takes one taker');
  const accountIds = [...new Set(plans.flatMap((p) => p.exposures.map((e) => e.accountId)))].sort(
    (a, b) => a - b,
  );
  const accounts = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const takerAccount = accounts.find((a) => a.id === first.accountId);
  if (!takerAccount) throw new Error(`Ledger account ${first.accountId} missing`);
  const otherMarketsPaise = takerAccount.exposurePaise - first.beforePaise;
  if (!canAfford(takerAccount.balancePaise, otherMarketsPaise, last.afterPaise, first.beforePaise))
    return { kind: 'funds' };
  for (const plan of plans) await insertBetPlan(tx, plan, seq);
  return {
    kind: 'ok',
    balancePaise: takerAccount.balancePaise,
    exposurePaise: otherMarketsPaise + last.afterPaise,
  };
}
