/**
 * Taking back the win of a bet the operator voided for a rules breach (ADR 35): one ledger
 * transfer from the bettor to the house, once per bet (key void:<order id>). It is taken even
 * when the bettor has spent the win: the account is left with a debt (a negative available
 * balance), which refuses bets and withdrawals until it is paid.
 */
import type { Paise } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { systemAccount, transfer, type TransferResult } from './ledger.ts';

export interface WinTakeBack {
  orderId: number;
  userAccountId: number;
  amountPaise: Paise;
  /** The statement row's text, e.g. "Bet #123 voided (VPN use)". */
  remark: string;
}

export const voidKeyOf = (orderId: number) => `void:${orderId}`;

export async function takeBackVoidedWin(db: DbOrTx, w: WinTakeBack, at: Date): Promise<TransferResult> {
  const house = await systemAccount(db, 'house');
  return transfer(
    db,
    {
      idempotencyKey: voidKeyOf(w.orderId),
      debitAccountId: w.userAccountId,
      creditAccountId: house.id,
      amountPaise: w.amountPaise,
      reason: 'BET_VOID_REVERSAL',
      remark: w.remark,
    },
    at,
    { overdraw: true },
  );
}
