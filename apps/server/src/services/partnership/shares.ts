/**
 * The split of settled results over the levels above their bettors (ADR 48), as postings and
 * rows: each level's share of the network's result and of the commissions moves between the
 * `shares` account and the level's `pnl` account, one transfer per level and result; each
 * bettor's commission is paid to its chips from `shares`; `partnership_results` keeps a row per
 * bettor and level, which the reports read.
 */
import {
  commissionOf,
  splitResult,
  type CommissionBase,
  type ResultSplit,
  type TransferRequest,
} from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { partnershipResults, type ResultSource } from '../../db/schema/index.ts';
import { pnlAccountOf, systemAccount } from '../money/index.ts';
import { shareBookFor } from './terms.ts';

/** One bettor's settled result. */
export interface SettledResult {
  userId: number;
  /** The bettor's P&L as posted to its chips (after the house's commission on a net win). */
  pnlPaise: number;
  /** When the bettor first bet on it: the figures then in force split it. */
  firstBetAt: Date;
  /** What the bettor's commission is charged on. */
  commissionBase: CommissionBase;
}

/** Which result: a market's settlement (and its version) or a casino bet (version 0). */
export interface ResultKey {
  source: ResultSource;
  sourceId: number;
  version: number;
  /** The idempotency keys' stem: `<stem>:<level or user>`. */
  keyStem: string;
}

export interface SharePlan {
  /** The transfers, to post with the settlement's (rebates to bettors' user accounts included). */
  transfers: TransferRequest[];
  /**
   * Every ledger account the transfers touch besides the bettors' own (the shares account and the
   * levels' pnl accounts): posting locks them, after the chips accounts (`lockAccounts`' order).
   */
  accountIds: number[];
  /** Writes the rows of the split; call in the settlement's transaction. */
  record(at: Date): Promise<void>;
  /** Each bettor's commission (rebate) in paise, for the settlement's own records. */
  commissionOf: Map<number, number>;
}

const REMARKS = { share: 'partnership share', commission: 'commission borne', rebate: 'commission' } as const;

/**
 * Plans the split of these results: reads the tree and the figures once, splits each result, and
 * folds the levels' parts into one transfer each. `userAccountOf` gives a bettor's chips account.
 * Call it once the transaction holds the chips and system accounts it posts to: it may open the
 * levels' pnl accounts (see below), and posting locks them after those.
 */
export async function planShares(
  db: DbOrTx,
  key: ResultKey,
  results: readonly SettledResult[],
  userAccountOf: (userId: number) => Promise<number>,
  /** What the statements name the result by: a market's title, a casino round. */
  title: string,
): Promise<SharePlan> {
  const remark = (what: keyof typeof REMARKS) => `${title} — ${REMARKS[what]}`;
  const book = await shareBookFor(
    db,
    results.map((r) => r.userId),
  );
  const splits: { result: SettledResult; split: ResultSplit[]; commission: number }[] = [];
  const byLevel = new Map<number, { pnl: number; commission: number }>();
  for (const result of results) {
    const commission = commissionOf(result.commissionBase, book.ratesOf(result.userId, result.firstBetAt));
    const split = splitResult(result.pnlPaise, commission, book.chainOf(result.userId, result.firstBetAt));
    splits.push({ result, split, commission });
    for (const level of split) {
      const sum = byLevel.get(level.userId) ?? { pnl: 0, commission: 0 };
      sum.pnl += level.pnlSharePaise;
      sum.commission += level.commissionSharePaise;
      byLevel.set(level.userId, sum);
    }
  }
  // Opening a level's pnl account waits for another transaction opening it: every path opens
  // them after its chips accounts are locked and in one order (the shares account, then the
  // levels by id), so two of them never wait for each other.
  const shares = await systemAccount(db, 'shares');
  const transfers: TransferRequest[] = [];
  const accountIds = [shares.id];
  for (const levelId of [...byLevel.keys()].sort((a, b) => a - b)) {
    const sum = byLevel.get(levelId)!;
    const pnl = await pnlAccountOf(db, levelId);
    accountIds.push(pnl.id);
    if (sum.pnl !== 0)
      transfers.push({
        idempotencyKey: `share:${key.keyStem}:${levelId}`,
        debitAccountId: sum.pnl > 0 ? shares.id : pnl.id,
        creditAccountId: sum.pnl > 0 ? pnl.id : shares.id,
        amountPaise: Math.abs(sum.pnl),
        reason: 'PARTNERSHIP_SHARE',
        remark: remark('share'),
      });
    if (sum.commission > 0)
      transfers.push({
        idempotencyKey: `rebateshare:${key.keyStem}:${levelId}`,
        debitAccountId: pnl.id,
        creditAccountId: shares.id,
        amountPaise: sum.commission,
        reason: 'COMMISSION_SHARE',
        remark: remark('commission'),
      });
  }
  const commissions = new Map<number, number>();
  for (const { result, commission } of splits) {
    commissions.set(result.userId, commission);
    if (commission === 0) continue;
    transfers.push({
      idempotencyKey: `rebate:${key.keyStem}:${result.userId}`,
      debitAccountId: shares.id,
      creditAccountId: await userAccountOf(result.userId),
      amountPaise: commission,
      // A casino round's rebate is casino on the bettor's statement, a market's is sports.
      reason: key.source === 'CASINO' ? 'CASINO_COMMISSION' : 'AGENT_COMMISSION',
      remark: remark('rebate'),
    });
  }
  return {
    transfers,
    accountIds,
    commissionOf: commissions,
    async record(at) {
      const rows = splits.flatMap(({ result, split }) =>
        split.map((level) => ({
          source: key.source,
          sourceId: key.sourceId,
          version: key.version,
          userId: result.userId,
          levelUserId: level.userId,
          depth: level.depth,
          shareBp: level.shareBp,
          pnlSharePaise: level.pnlSharePaise,
          commissionSharePaise: level.commissionSharePaise,
          settledAt: at,
        })),
      );
      for (let i = 0; i < rows.length; i += 1000)
        await db.insert(partnershipResults).values(rows.slice(i, i + 1000));
    },
  };
}

/** The idempotency-key prefixes of a result's postings, for a rollback to find and reverse them. */
export const SHARE_KEY_PREFIXES = ['share:', 'rebateshare:', 'rebate:'] as const;
