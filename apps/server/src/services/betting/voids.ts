/**
 * The operator voids a settled winning bet for a rules breach (ADR 35: VPN, robot use, multiple
 * entries, punching; winning bets only, losing bets stand). In one transaction: the win (the
 * bet's P&L as settled) goes back from the bettor to the house through the ledger, the
 * bet_reversals row records it once per bet, the bettor gets a notice and an activity row, and
 * the operator's audit log a row (ADR 36).
 */
import { and, eq, min, sql } from 'drizzle-orm';
import type { VoidBetRequest, VoidedBet } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { Db, DbOrTx } from '../../db/client.ts';
import { betReversals, markets, matches, orders, races, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import { recordAudit, rupeesText } from '../audit/index.ts';
import { accountOfUser, isUniqueViolation, postTransfers, takeBackVoidedWin } from '../money/index.ts';
import { addNotice } from '../notices.ts';
import type { AuthUser } from '../sessions.ts';
import { marketTitle } from '../market-names.ts';
import { planShares } from '../partnership/index.ts';
import { withBetMarket } from './bet-rows.ts';

type VoidReason = VoidBetRequest['reason'];

/** The statement's words for each reason: "Bet #123 voided (VPN use)". */
const REASON_LABEL: Record<VoidReason, string> = {
  VPN: 'VPN use',
  ROBOT: 'robot use',
  MULTIPLE_ENTRIES: 'multiple entries',
  PUNCHING: 'punching',
};

/** The notice's words for each reason, after the rules page. */
const REASON_TEXT: Record<VoidReason, string> = {
  VPN: 'bets placed through a VPN are not allowed',
  ROBOT: 'bets placed by robot use (automated software) are not allowed',
  MULTIPLE_ENTRIES: 'multiple entries from the same IP are not allowed',
  PUNCHING: 'bets placed after the event was known (punching) are not allowed',
};

const rupees = (paise: number) => rupeesText(paiseToRupees(paise));

/** Why a bet was voided, as the bettor reads it: "bets placed through a VPN are not allowed". */
export const voidReasonText = (reason: VoidReason): string => REASON_TEXT[reason];

export const voidRemark = (betId: number, reason: VoidReason) =>
  `Bet #${betId} voided (${REASON_LABEL[reason]})`;

const notVoidable = (message: string) => new AppError(409, 'BET_NOT_VOIDABLE', message);
const alreadyVoided = (betId: number) =>
  new AppError(409, 'BET_ALREADY_VOIDED', `Bet #${betId} was already voided`);

export interface VoidContext {
  db: Db;
  clock: Clock;
}

export async function voidBet(
  ctx: VoidContext,
  operator: AuthUser,
  body: VoidBetRequest,
  origin?: RequestOrigin,
): Promise<VoidedBet> {
  const at = ctx.clock();
  const betId = body.bet_id;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [placed] = await tx
        .select({ marketId: orders.marketId })
        .from(orders)
        .where(eq(orders.id, betId));
      if (!placed) throw new AppError(404, 'BET_NOT_FOUND', 'Bet not found');
      // The market row lock first, as a settlement, a rollback or a re-declaration takes it: none
      // can change the bet's result while it is voided, and concurrent voids of it queue here.
      await tx.select({ id: markets.id }).from(markets).where(eq(markets.id, placed.marketId)).for('update');
      const [done] = await tx
        .select({ id: betReversals.id })
        .from(betReversals)
        .where(eq(betReversals.orderId, betId));
      if (done) throw alreadyVoided(betId);

      const query = tx
        .select({
          userId: orders.userId,
          userName: users.userName,
          status: orders.status,
          outcome: orders.outcome,
          pnlPaise: orders.pnlPaise,
          marketName: markets.name,
          // Left-joined: a dynamic query keeps the types of its fields as given.
          raceName: sql<string | null>`${races.name}`,
          matchName: matches.matchName,
        })
        .from(orders)
        .$dynamic();
      const [bet] = await withBetMarket(query)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, betId));
      if (!bet) throw new AppError(404, 'BET_NOT_FOUND', 'Bet not found');
      if (bet.status === 'OPEN' || bet.status === 'MATCHED')
        throw notVoidable(`Bet #${betId} is not settled yet: only a settled winning bet can be voided`);
      if (bet.status === 'CANCELLED')
        throw notVoidable(`Bet #${betId} was cancelled: only a settled winning bet can be voided`);
      const win = bet.pnlPaise ?? 0;
      if (bet.status !== 'SETTLED' || bet.outcome !== 'WON' || win <= 0)
        throw notVoidable(`Bet #${betId} did not win: only winning bets are voided, losing bets stand`);

      const remark = voidRemark(betId, body.reason);
      const account = await accountOfUser(tx, bet.userId);
      const { transfer, created } = await takeBackVoidedWin(
        tx,
        { orderId: betId, userAccountId: account.id, amountPaise: win, remark },
        at,
      );
      if (!created) throw alreadyVoided(betId);
      await postVoidShares(
        tx,
        { betId, userId: bet.userId, marketId: placed.marketId, winPaise: win, remark },
        at,
      );
      await tx.insert(betReversals).values({
        orderId: betId,
        userId: bet.userId,
        amountPaise: win,
        reason: body.reason,
        remark: body.remark ?? '',
        transferId: transfer.id,
        createdBy: operator.userId,
        createdAt: at,
      });
      const market = bet.raceName ? `${bet.raceName} - ${bet.marketName}` : bet.marketName;
      await addNotice(
        tx,
        {
          userId: bet.userId,
          kind: 'BET_VOIDED',
          message: `Your bet #${betId} on ${market} (${bet.matchName}) was voided: ${REASON_TEXT[body.reason]}. ${rupees(win)} was taken back.`,
        },
        at,
      );
      await recordActivity(
        tx,
        {
          userId: bet.userId,
          kind: 'BET_VOIDED',
          origin,
          detail: `${remark}: ${rupees(win)} taken back`,
          actorId: operator.userId,
        },
        at,
      );
      await recordAudit(
        tx,
        { actorId: operator.userId, ip: origin?.ip ?? '', at },
        {
          action: 'bet.void',
          targetType: 'bet',
          targetId: betId,
          summary: `Voided bet #${betId} of ${bet.userName} (${REASON_LABEL[body.reason]}): ${rupees(win)} taken back — ${await marketTitle(tx, placed.marketId)}`,
          before: { status: bet.status, outcome: bet.outcome, pnl: paiseToRupees(win), voided: false },
          after: {
            status: bet.status,
            outcome: bet.outcome,
            pnl: paiseToRupees(win),
            voided: true,
            reason: body.reason,
            remark: body.remark ?? '',
            amount_taken_back: paiseToRupees(win),
            transfer_id: transfer.id,
          },
        },
      );
      return {
        bet_id: betId,
        user_id: bet.userId,
        reason: body.reason,
        amount: paiseToRupees(win),
        transfer_id: transfer.id,
        user_balance: paiseToRupees(transfer.debitBalanceAfterPaise),
        created_at: at.toISOString(),
      };
    });
  } catch (error) {
    // bet_reversals.order_id is unique: a void that got past the checks concurrently stops here.
    if (isUniqueViolation(error)) throw alreadyVoided(betId);
    throw error;
  }
}

/**
 * The win taken back, shared by the levels above the bettor as its market's result was (ADR 48):
 * the figures in force at the bettor's first bet on the market. The commission its agent paid on
 * the market stands: it was paid on the market as settled, and a void is a penalty, not a result.
 */
async function postVoidShares(
  tx: DbOrTx,
  v: { betId: number; userId: number; marketId: number; winPaise: number; remark: string },
  at: Date,
): Promise<void> {
  const [first] = await tx
    .select({ at: min(orders.placedAt) })
    .from(orders)
    .where(and(eq(orders.marketId, v.marketId), eq(orders.userId, v.userId)));
  const shares = await planShares(
    tx,
    { source: 'VOID', sourceId: v.betId, version: 0, keyStem: `void:${v.betId}` },
    [
      {
        userId: v.userId,
        pnlPaise: -v.winPaise,
        firstBetAt: first?.at ?? at,
        commissionBase: { kind: 'NONE' },
      },
    ],
    async () => {
      throw new Error('A void pays no commission');
    },
    v.remark,
  );
  await postTransfers(tx, shares.transfers, at);
  await shares.record(at);
}
