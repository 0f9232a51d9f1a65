/**
 * The postings of a settlement, their reversal, and an in-memory double-entry ledger that applies
 * transfers the way the database does (idempotent on the transfer id). The service writes the
 * same transfers to PostgreSQL; tests use this Ledger as the model to check invariants against.
 */
import { assertValidTransfer, canDebit, transferPostings, type AccountKind, type TransferReason, type TransferRequest } from './ledger.ts';
import type { Paise } from './money.ts';
import type { UserId } from './order-book.ts';
import type { Settlement } from './settlement.ts';

export type AccountId = number;

export interface SettlementAccounts {
  /** Takes commission and the rounding left in clearing; counterparty of bookmaker and fancy bets. */
  house: AccountId;
  /** Exchange markets: losers pay in, winners are paid out, and it nets back to zero. */
  clearing: AccountId;
  ofUser(userId: UserId): AccountId;
}

/**
 * The transfers that pay a settlement, with deterministic ids, so posting it twice pays once:
 *   settle:{marketId}:{version}:{userId}       the user's net P&L, against clearing (exchange) or house
 *   commission:{marketId}:{version}:{userId}   commission on a net win, to the house
 *   settle:{marketId}:{version}:rounding       exchange only: what rounding left in clearing, to the house
 * `version` counts the market's settlements (1, then 2 after a rollback and re-declaration).
 */
export function postingsForSettlement(marketId: string | number, version: number, settlement: Settlement, accounts: SettlementAccounts): TransferRequest[] {
  if (!Number.isSafeInteger(version) || version < 1) throw new RangeError(`Settlement version must be a positive integer: ${version}`);
  const counterparty = settlement.kind === 'EXCHANGE' ? accounts.clearing : accounts.house;
  const remark = `market ${marketId} settled (v${version})`;
  const transfers: TransferRequest[] = [];
  const post = (idempotencyKey: string, debitAccountId: AccountId, creditAccountId: AccountId, amountPaise: Paise, reason: TransferReason) => {
    if (amountPaise > 0) transfers.push({ idempotencyKey, debitAccountId, creditAccountId, amountPaise, reason, remark });
  };
  let clearingPaise = 0;
  for (const { userId, netPnlPaise, commissionPaise } of settlement.users) {
    const user = accounts.ofUser(userId);
    const id = `${marketId}:${version}:${userId}`;
    if (netPnlPaise < 0) post(`settle:${id}`, user, counterparty, -netPnlPaise, 'BET_SETTLEMENT');
    else post(`settle:${id}`, counterparty, user, netPnlPaise, 'BET_SETTLEMENT');
    post(`commission:${id}`, user, accounts.house, commissionPaise, 'COMMISSION');
    clearingPaise -= netPnlPaise;
  }
  if (settlement.kind === 'EXCHANGE') {
    // Users' nets are each rounded down from an exact zero sum, so clearing keeps 0..(users - 1) paise.
    if (clearingPaise < 0 || clearingPaise >= Math.max(1, settlement.users.length)) {
      throw new RangeError(`Exchange settlement leaves ${clearingPaise} paise in clearing`);
    }
    post(`settle:${marketId}:${version}:rounding`, accounts.clearing, accounts.house, clearingPaise, 'BET_SETTLEMENT');
  }
  transfers.forEach(assertValidTransfer);
  return transfers;
}

/** The exact reversal of posted transfers (a rolled-back settlement): each one back, new ids, nothing edited. */
export function postingsForRollback(posted: readonly TransferRequest[]): TransferRequest[] {
  return posted.map((t) => ({
    idempotencyKey: `rollback:${t.idempotencyKey}`,
    debitAccountId: t.creditAccountId,
    creditAccountId: t.debitAccountId,
    amountPaise: t.amountPaise,
    reason: 'SETTLEMENT_ROLLBACK',
    remark: `reverses ${t.idempotencyKey}`,
  }));
}

export type LedgerErrorCode = 'DUPLICATE' | 'INSUFFICIENT_FUNDS' | 'NO_ACCOUNT';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Debits the ledger makes even past a user's available balance: they settle what already
 * happened (the exposure reserved for the bets covers them; a rollback can leave a user owing).
 */
const OBLIGATIONS: ReadonlySet<TransferReason> = new Set<TransferReason>(['BET_SETTLEMENT', 'COMMISSION', 'SETTLEMENT_ROLLBACK', 'CASINO_ROLLBACK']);

interface Account {
  kind: AccountKind;
  balancePaise: Paise;
  exposurePaise: Paise;
  exposureByMarket: Map<string, Paise>;
}

export interface TransferOutcome {
  /** false when the id was already used with the same body: nothing moved, the first transfer is returned. */
  created: boolean;
  transfer: TransferRequest;
}

export class Ledger {
  private readonly accounts = new Map<AccountId, Account>();
  private readonly byId = new Map<string, TransferRequest>();
  private readonly log: TransferRequest[] = [];

  openAccount(id: AccountId, kind: AccountKind): void {
    if (this.accounts.has(id)) throw new RangeError(`Account ${id} exists`);
    this.accounts.set(id, { kind, balancePaise: 0, exposurePaise: 0, exposureByMarket: new Map() });
  }

  /**
   * Applies a transfer once. The same id again: with the same body, the first result and nothing
   * moves; with a different body, DUPLICATE. A debit that would take a user's available balance
   * below zero is INSUFFICIENT_FUNDS, except for obligations (settlement, commission, rollbacks).
   */
  transfer(t: TransferRequest): TransferOutcome {
    assertValidTransfer(t);
    const first = this.byId.get(t.idempotencyKey);
    if (first) {
      if (!sameTransfer(first, t)) throw new LedgerError('DUPLICATE', `Transfer ${t.idempotencyKey} exists with a different body`);
      return { created: false, transfer: first };
    }
    const debit = this.account(t.debitAccountId);
    this.account(t.creditAccountId);
    if (!OBLIGATIONS.has(t.reason) && !canDebit(debit, t.amountPaise)) {
      throw new LedgerError('INSUFFICIENT_FUNDS', `Account ${t.debitAccountId} cannot pay ${t.amountPaise}`);
    }
    for (const p of transferPostings(t)) this.account(p.accountId).balancePaise += p.deltaPaise;
    const stored = { ...t };
    this.byId.set(t.idempotencyKey, stored);
    this.log.push(stored);
    return { created: true, transfer: stored };
  }

  /** Sets the account's reservation for one market (an exposure is a reservation, not a posting). */
  setExposure(id: AccountId, marketKey: string, exposurePaise: Paise): void {
    if (!Number.isSafeInteger(exposurePaise) || exposurePaise < 0) throw new RangeError(`Exposure must be a non-negative integer: ${exposurePaise}`);
    const account = this.account(id);
    account.exposurePaise += exposurePaise - (account.exposureByMarket.get(marketKey) ?? 0);
    if (exposurePaise === 0) account.exposureByMarket.delete(marketKey);
    else account.exposureByMarket.set(marketKey, exposurePaise);
  }

  balance(id: AccountId): Paise {
    return this.account(id).balancePaise;
  }

  exposure(id: AccountId, marketKey?: string): Paise {
    const account = this.account(id);
    return marketKey === undefined ? account.exposurePaise : (account.exposureByMarket.get(marketKey) ?? 0);
  }

  available(id: AccountId): Paise {
    const account = this.account(id);
    return account.balancePaise - account.exposurePaise;
  }

  accountIds(): AccountId[] {
    return [...this.accounts.keys()];
  }

  transfers(): readonly TransferRequest[] {
    return this.log;
  }

  /** Every balance recomputed from the transfer log: what an invariant checker compares the balances with. */
  balancesFromPostings(): Map<AccountId, Paise> {
    const balances = new Map<AccountId, Paise>(this.accountIds().map((id) => [id, 0]));
    for (const t of this.log) for (const p of transferPostings(t)) balances.set(p.accountId, balances.get(p.accountId)! + p.deltaPaise);
    return balances;
  }

  private account(id: AccountId): Account {
    const account = this.accounts.get(id);
    if (!account) throw new LedgerError('NO_ACCOUNT', `No account ${id}`);
    return account;
  }
}

function sameTransfer(a: TransferRequest, b: TransferRequest): boolean {
  return (
    a.debitAccountId === b.debitAccountId &&
    a.creditAccountId === b.creditAccountId &&
    a.amountPaise === b.amountPaise &&
    a.reason === b.reason &&
    a.remark === b.remark
  );
}
