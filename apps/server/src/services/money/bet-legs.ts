/**
 * Several bets of one taker on one market written together, all or none (a cash out's hedge
 * legs, ADR 49), inside the caller's transaction, which holds the market row and bumps its
 * version. Each bet was matched in memory after the one before it, so each plan's exposures
 * start where the previous one's end; the taker's affordability is checked once, on the whole:
 * a leg may reserve more for a moment than the bets together do (a back before the lays that
 * pay for it), and a hedge as a whole never adds to what the market can lose.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fills, ledgerAccounts, marketPositions, orders } from '../../db/schema/index.ts';
import { lockBetAccounts, updateMakerOrder, type BetFunds } from './bet-shared.ts';
import type { BetPlan, MakerWrite } from './bet-writer.ts';

export type LegsResult = BetFunds;

export async function writeBetLegs(tx: DbOrTx, plans: readonly BetPlan[], seq: number): Promise<LegsResult> {
  const first = plans[0]?.exposures[0];
  const last = plans.at(-1)?.exposures[0];
  if (!first || !last) throw new Error('writeBetLegs takes at least one bet');
  if (plans.some((p) => p.exposures[0]!.userId !== first.userId))
    throw new Error('writeBetLegs takes one taker');
  const funds = await lockBetAccounts(
    tx,
    plans.flatMap((p) => p.exposures.map((e) => e.accountId)),
    { accountId: first.accountId, beforePaise: first.beforePaise, afterPaise: last.afterPaise },
  );
  if (funds.kind === 'funds') return funds;
  await insertBetPlans(tx, plans, seq);
  return funds;
}

/**
 * The rows of the bets, written together: one insert of the orders, one of the fills, one update
 * per maker order met (its fills summed), and one upsert and one reservation change per user
 * (the first plan's `before` to the last one's `after`): a handful of statements whatever the
 * number of legs, where writing them one by one would take some per leg.
 */
async function insertBetPlans(tx: DbOrTx, plans: readonly BetPlan[], seq: number): Promise<void> {
  const marketId = plans[0]!.marketId;
  await tx.insert(orders).values(plans.map((p) => p.order));
  const fillRows = plans.flatMap((p) =>
    p.fills.map((f) => ({ ...f, marketId, takerOrderId: p.order.id, seq, createdAt: p.at })),
  );
  if (fillRows.length > 0) await tx.insert(fills).values(fillRows);
  const makers = new Map<number, MakerWrite>();
  for (const m of plans.flatMap((p) => p.makers)) {
    const sum = makers.get(m.orderId);
    if (!sum) makers.set(m.orderId, { ...m });
    else {
      sum.matchedDeltaPaise += m.matchedDeltaPaise;
      sum.valueDelta += m.valueDelta;
      sum.filledOut ||= m.filledOut;
    }
  }
  for (const m of makers.values()) await updateMakerOrder(tx, m);
  // Each user's exposure: from where the first plan found it to where the last one left it.
  const users = new Map<number, { accountId: number; before: number; after: number }>();
  for (const e of plans.flatMap((p) => p.exposures)) {
    const known = users.get(e.userId);
    users.set(e.userId, { accountId: e.accountId, before: known?.before ?? e.beforePaise, after: e.afterPaise });
  }
  await tx
    .insert(marketPositions)
    .values([...users].map(([userId, u]) => ({ marketId, userId, exposurePaise: u.after })))
    .onConflictDoUpdate({
      target: [marketPositions.marketId, marketPositions.userId],
      set: { exposurePaise: sql`excluded.exposure_paise` },
    });
  for (const u of users.values()) {
    const delta = u.after - u.before;
    if (delta !== 0)
      await tx
        .update(ledgerAccounts)
        .set({ exposurePaise: sql`${ledgerAccounts.exposurePaise} + ${delta}` })
        .where(eq(ledgerAccounts.id, u.accountId));
  }
}
