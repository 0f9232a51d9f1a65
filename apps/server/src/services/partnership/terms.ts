/**
 * Each account's figures over time (ADR 48): partnership and commission rates as `account_terms`
 * keeps them, one row per change, and the chain of figures above a bettor at an instant.
 */
import { asc, inArray } from 'drizzle-orm';
import type { AccountTerms } from '@exchange/contracts';
import { FULL_SHARE_BP, type ChainLevel, type CommissionRates } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { accountTerms } from '../../db/schema/index.ts';
import { ancestorsIn, parentsUpFrom } from '../downline.ts';

export type TermsRow = typeof accountTerms.$inferSelect;

/** An account's figures in force: an agent without any row keeps 0% and a bettor is paid no commission. */
export interface Terms {
  partnershipBp: number;
  rates: CommissionRates;
}

const NO_TERMS: Terms = { partnershipBp: 0, rates: { matchBp: 0, sessionBp: 0, casinoBp: 0 } };

/** Every change of these accounts' figures, oldest first per account. */
export async function termsHistory(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, TermsRow[]>> {
  const out = new Map<number, TermsRow[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select()
    .from(accountTerms)
    .where(inArray(accountTerms.userId, [...new Set(userIds)]))
    .orderBy(asc(accountTerms.userId), asc(accountTerms.effectiveAt), asc(accountTerms.id));
  for (const row of rows) {
    const list = out.get(row.userId) ?? [];
    list.push(row);
    out.set(row.userId, list);
  }
  return out;
}

/** The figures in force at `at`: the last change at or before it. */
export function termsAt(history: ReadonlyMap<number, readonly TermsRow[]>, userId: number, at: Date): Terms {
  let found: TermsRow | undefined;
  for (const row of history.get(userId) ?? []) {
    if (row.effectiveAt.getTime() > at.getTime()) break;
    found = row;
  }
  if (!found) return NO_TERMS;
  return {
    partnershipBp: found.partnershipBp ?? 0,
    rates: {
      matchBp: found.matchCommissionBp,
      sessionBp: found.sessionCommissionBp,
      casinoBp: found.casinoCommissionBp,
    },
  };
}

/** What the split of bettors' results needs: the tree above them and their figures over time. */
export interface ShareBook {
  /** The bettor's chain at `at`, root first, down to its agent, with each level's figure then. */
  chainOf(bettorId: number, at: Date): ChainLevel[];
  /** The bettor's own commission rates at `at`. */
  ratesOf(bettorId: number, at: Date): CommissionRates;
}

/** Reads, once, the tree above these bettors and every figure of the accounts in it. */
export async function shareBookFor(db: DbOrTx, bettorIds: readonly number[]): Promise<ShareBook> {
  const parents = await parentsUpFrom(db, bettorIds);
  const history = await termsHistory(db, [...parents.keys()]);
  return {
    chainOf(bettorId, at) {
      const above = ancestorsIn(parents, bettorId).reverse();
      if (above.length === 0) throw new Error(`User ${bettorId} has no agent above it`);
      return above.map((userId, i) => ({
        userId,
        partnershipBp: i === 0 ? FULL_SHARE_BP : termsAt(history, userId, at).partnershipBp,
      }));
    },
    ratesOf: (bettorId, at) => termsAt(history, bettorId, at).rates,
  };
}

/** Basis points as the calls show them: a percentage with at most two decimals. */
export const bpToPercent = (bp: number) => bp / 100;
/** A percentage as the calls take it (at most two decimals) in basis points. */
export const percentToBp = (percent: number) => Math.round(percent * 100);

/** An account's figures as the downline shows them: a bettor has no partnership of its own. */
export function termsView(terms: Terms, role: 'root' | 'agent' | 'user'): AccountTerms {
  return {
    partnership: role === 'user' ? null : role === 'root' ? 100 : bpToPercent(terms.partnershipBp),
    match_commission: bpToPercent(terms.rates.matchBp),
    session_commission: bpToPercent(terms.rates.sessionBp),
    casino_commission: bpToPercent(terms.rates.casinoBp),
  };
}
