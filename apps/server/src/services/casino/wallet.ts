import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  WalletAnswer,
  WalletBalanceRequest,
  WalletCreditRequest,
  WalletDebitRequest,
  WalletRollbackRequest,
  WalletStatus,
} from '@exchange/contracts';
import { paiseToRupees, rupeesToPaise, type TransferRequest } from '@exchange/engine';
import type { Db, DbOrTx } from '../../db/client.ts';
import { casinoTransactions, ledgerAccounts, users, type CasinoTransactionKind } from '../../db/schema/index.ts';
import { availablePaise, postTransfers, systemAccount, transfer, type LedgerAccount } from '../money/index.ts';
import { planShares } from '../partnership/index.ts';
import { atRiskPaise, lossLimitBreach, lossLimitsOf, restrictionOf } from '../safer-gambling/index.ts';
import { CASINO_MAX_BET_PAISE, CASINO_MAX_ROUND_STAKE_PAISE } from './config.ts';
import { checkLaunchToken, touchLaunchToken } from './launch.ts';

export type CasinoTransaction = typeof casinoTransactions.$inferSelect;

/**
 * The seamless wallet of casino.md, one database transaction per call. Each call first locks the
 * user's ledger account, so every call about one user (and so a debit and the rollback racing
 * it) is serialised. A transactionId seen before gets its first answer back and moves nothing
 * (DUPLICATE_TRANSACTION when the body differs). Answers other than INVALID_TOKEN are stored with
 * the transactionId, refusals included, so a repeat is always answered the same way.
 */
export class CasinoWallet {
  private readonly committedListeners = new Set<(userId: number) => void>();

  constructor(
    private readonly db: Db,
    private readonly providerId: string,
  ) {}

  /** Calls `listener` with the user after a debit, credit or rollback committed (the live balance push). */
  onCommitted(listener: (userId: number) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  async balance(body: WalletBalanceRequest, now: Date): Promise<WalletAnswer> {
    const userId = parseUserId(body.userId);
    if (userId === null) return { status: 'INVALID_TOKEN' };
    return this.db.transaction(async (tx) => {
      const check = await checkLaunchToken(tx, body.token, userId, body.gameCode, now);
      if (check.status !== 'OK') return { status: check.status };
      await touchLaunchToken(tx, check.token, now);
      const account = await userAccount(tx, userId, false);
      return { status: 'OK', balance: paiseToRupees(availablePaise(account!)) };
    });
  }

  async debit(body: WalletDebitRequest, now: Date): Promise<WalletAnswer> {
    return this.call('debit', body, now, async (tx, userId, account, record) => {
      const amountPaise = rupeesToPaise(body.amount);
      // A rollback came first (the debit's answer was taken as lost): the debit may never move money.
      if (await this.rollbackOf(tx, body.transactionId)) return record({ status: 'TRANSACTION_ROLLED_BACK' });
      const check = await checkLaunchToken(tx, body.token, userId, body.gameCode, now);
      if (check.status === 'INVALID_TOKEN') return { status: 'INVALID_TOKEN' };
      if (check.status === 'TOKEN_EXPIRED') return record({ status: 'TOKEN_EXPIRED' });
      await touchLaunchToken(tx, check.token, now);
      const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
      if (user?.status !== 'active') return record({ status: 'USER_BLOCKED' });
      // A break or self-exclusion that began after the launch (ADR 58): the protocol's refusal for
      // a player who may not stake, stored like any other so a retry gets the same answer.
      if (await restrictionOf(tx, userId, now)) return record({ status: 'USER_BLOCKED' });
      if (await this.roundSettledFor(tx, userId, body.gameCode, body.roundId)) return record({ status: 'BET_ALREADY_SETTLED' });
      const openOnRound = await this.openStakeOnRound(tx, userId, body.gameCode, body.roundId);
      if (amountPaise > CASINO_MAX_BET_PAISE || openOnRound + amountPaise > CASINO_MAX_ROUND_STAKE_PAISE) {
        return record({ status: 'LIMIT_EXCEEDED' });
      }
      if (availablePaise(account) < amountPaise) return record({ status: 'INSUFFICIENT_FUNDS' });
      const lossLimit = await casinoLossLimitRefusal(tx, userId, account, amountPaise, now);
      if (lossLimit) return record({ status: 'LIMIT_EXCEEDED', refusal: lossLimit });
      const ledgerTransferId = await this.moveWithCasino(tx, body.transactionId, now, {
        from: 'user',
        accountId: account.id,
        amountPaise,
        reason: 'CASINO_DEBIT',
        remark: `${gameName(body.gameCode, body.bet.gamename)} round ${body.roundId}: ${body.bet.optionName} @ ${body.bet.odds}`,
      });
      return record({
        status: 'OK',
        ledgerTransferId,
        betState: 'open',
        maxPayoutPaise: rupeesToPaise(body.maxPayout),
        balanceAfterPaise: availablePaise(account) - amountPaise,
      });
    });
  }

  async credit(body: WalletCreditRequest, now: Date): Promise<WalletAnswer> {
    return this.call('credit', body, now, async (tx, userId, account, record) => {
      // Credits ignore token expiry (casino.md): a round must settle even after the player left.
      const check = await checkLaunchToken(tx, body.token, userId, body.gameCode, now);
      if (check.status === 'INVALID_TOKEN') return { status: 'INVALID_TOKEN' };
      const debit = await this.debitOf(tx, body.referenceTransactionId);
      if (!debit || debit.userId !== userId || debit.status !== 'OK' || debit.roundId !== body.roundId || debit.gameCode !== body.gameCode) {
        return record({ status: 'TRANSACTION_NOT_FOUND' });
      }
      if (debit.betState === 'rolled_back') return record({ status: 'TRANSACTION_ROLLED_BACK' });
      if (debit.betState === 'settled') return record({ status: 'BET_ALREADY_SETTLED' });
      const amountPaise = rupeesToPaise(body.amount);
      // More than the bet could ever win is a provider fault, not a payout: refused, stored (a retry
      // gets the same answer), and the bet stays open for a credit within its bound.
      if (debit.maxPayoutPaise !== null && amountPaise > debit.maxPayoutPaise) return record({ status: 'PAYOUT_EXCEEDED' });
      let ledgerTransferId: number | undefined;
      if (amountPaise > 0) {
        ledgerTransferId = await this.moveWithCasino(tx, body.transactionId, now, {
          from: 'casino',
          accountId: account.id,
          amountPaise,
          reason: 'CASINO_CREDIT',
          remark: `${gameName(body.gameCode, body.bet.gamename)} round ${body.roundId}: ${body.bet.optionName} ${body.result.outcome} (${body.result.winner})`,
        });
      }
      await tx
        .update(casinoTransactions)
        .set({ betState: 'settled', returnedPaise: amountPaise, settledAt: now })
        .where(eq(casinoTransactions.id, debit.id));
      // The bet's result shared by the levels above the player, and its casino commission (ADR 48).
      const pnlPaise = amountPaise - debit.amountPaise;
      const shares = await planShares(
        tx,
        { source: 'CASINO', sourceId: debit.id, version: 0, keyStem: `casino:${debit.id}` },
        [{ userId, pnlPaise, firstBetAt: debit.createdAt, commissionBase: { kind: 'CASINO', netPnlPaise: pnlPaise } }],
        async () => account.id,
        `${gameName(body.gameCode, body.bet.gamename)} round ${body.roundId}`,
      );
      await postTransfers(tx, shares.transfers, now);
      await shares.record(now);
      const rebatePaise = shares.commissionOf.get(userId) ?? 0;
      return record({ status: 'OK', ledgerTransferId, balanceAfterPaise: availablePaise(account) + amountPaise + rebatePaise });
    });
  }

  async rollback(body: WalletRollbackRequest, now: Date): Promise<WalletAnswer> {
    return this.call('rollback', body, now, async (tx, userId, account, record) => {
      const check = await checkLaunchToken(tx, body.token, userId, body.gameCode, now);
      if (check.status === 'INVALID_TOKEN') return { status: 'INVALID_TOKEN' };
      const debit = await this.debitOf(tx, body.referenceTransactionId);
      // The debit never arrived (or is still on its way): a marker that refuses it later.
      if (!debit) return record({ status: 'OK', marker: true });
      if (debit.userId !== userId) return record({ status: 'TRANSACTION_NOT_FOUND' });
      if (debit.betState === 'settled') return record({ status: 'BET_ALREADY_SETTLED' });
      // A refused debit moved nothing, and a rolled back one was already refunded.
      if (debit.status !== 'OK' || debit.betState === 'rolled_back') return record({ status: 'OK' });
      const ledgerTransferId = await this.moveWithCasino(tx, body.transactionId, now, {
        from: 'casino',
        accountId: account.id,
        amountPaise: debit.amountPaise,
        reason: 'CASINO_ROLLBACK',
        remark: `${gameName(debit.gameCode, body.bet?.gamename)} round ${debit.roundId}: stake returned${body.reason ? ` (${body.reason})` : ''}`,
      });
      await tx
        .update(casinoTransactions)
        .set({ betState: 'rolled_back', returnedPaise: debit.amountPaise, settledAt: now })
        .where(eq(casinoTransactions.id, debit.id));
      return record({ status: 'OK', ledgerTransferId, balanceAfterPaise: availablePaise(account) + debit.amountPaise });
    });
  }

  /**
   * The frame of every money call: lock the user's account, replay a known transactionId, else
   * run the operation; `record` stores its answer under the transactionId.
   */
  private async call<B extends WalletDebitRequest | WalletCreditRequest | WalletRollbackRequest>(
    kind: CasinoTransactionKind,
    body: B,
    now: Date,
    operation: (tx: DbOrTx, userId: number, account: LedgerAccount, record: (outcome: Outcome) => Promise<WalletAnswer>) => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const userId = parseUserId(body.userId);
    if (userId === null) return { status: 'INVALID_TOKEN', transactionId: body.transactionId };
    const requestHash = hashRequest(kind, body);
    const answer = await this.db.transaction(async (tx) => {
      const account = await userAccount(tx, userId, true);
      if (!account) return { status: 'INVALID_TOKEN' } satisfies WalletAnswer;
      const existing = await this.transactionById(tx, body.transactionId);
      if (existing) return replay(existing, requestHash, account);
      const record = async (outcome: Outcome): Promise<WalletAnswer> => {
        const balanceAfterPaise = outcome.balanceAfterPaise ?? (outcome.status === 'TOKEN_EXPIRED' ? null : availablePaise(account));
        const [row] = await tx
          .insert(casinoTransactions)
          .values({
            providerId: this.providerId,
            transactionId: body.transactionId,
            kind,
            userId,
            gameCode: body.gameCode,
            roundId: body.roundId,
            betId: body.bet?.betId ?? null,
            amountPaise: rupeesToPaise(body.amount),
            referenceTransactionId: 'referenceTransactionId' in body ? body.referenceTransactionId : null,
            status: outcome.status,
            balanceAfterPaise,
            requestHash,
            ledgerTransferId: outcome.ledgerTransferId ?? null,
            betState: outcome.betState ?? null,
            maxPayoutPaise: outcome.maxPayoutPaise ?? null,
            marker: outcome.marker ?? false,
            details: { ...detailsOf(body), ...(outcome.refusal ? { refusal: outcome.refusal } : {}) },
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        // Unreachable while the account lock is held, unless the same id came for another user.
        if (!row) throw new Error(`Casino transaction ${body.transactionId} was recorded concurrently`);
        return answerOf(row);
      };
      return operation(tx, userId, account, record);
    });
    if (answer.status === 'OK') for (const listener of this.committedListeners) listener(userId);
    return { ...answer, transactionId: body.transactionId };
  }

  /** A wallet call's money: one ledger transfer between the player and the single casino account. */
  private async moveWithCasino(
    tx: DbOrTx,
    transactionId: string,
    now: Date,
    move: { from: 'user' | 'casino'; accountId: number; amountPaise: number; reason: TransferRequest['reason']; remark: string },
  ): Promise<number> {
    const casino = await systemAccount(tx, 'casino');
    const moved = await transfer(
      tx,
      {
        idempotencyKey: this.ledgerKey(transactionId),
        debitAccountId: move.from === 'user' ? move.accountId : casino.id,
        creditAccountId: move.from === 'user' ? casino.id : move.accountId,
        amountPaise: move.amountPaise,
        reason: move.reason,
        remark: move.remark,
      },
      now,
    );
    return moved.transfer.id;
  }

  private ledgerKey(transactionId: string): string {
    return `casino:${this.providerId}:${transactionId}`;
  }

  private async transactionById(tx: DbOrTx, transactionId: string): Promise<CasinoTransaction | undefined> {
    const [row] = await tx
      .select()
      .from(casinoTransactions)
      .where(and(eq(casinoTransactions.providerId, this.providerId), eq(casinoTransactions.transactionId, transactionId)));
    return row;
  }

  private async debitOf(tx: DbOrTx, transactionId: string): Promise<CasinoTransaction | undefined> {
    const row = await this.transactionById(tx, transactionId);
    return row?.kind === 'debit' ? row : undefined;
  }

  private async rollbackOf(tx: DbOrTx, debitTransactionId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: casinoTransactions.id })
      .from(casinoTransactions)
      .where(
        and(
          eq(casinoTransactions.providerId, this.providerId),
          eq(casinoTransactions.referenceTransactionId, debitTransactionId),
          eq(casinoTransactions.kind, 'rollback'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The round already has a settled bet of this user: it is closed to new debits. */
  private async roundSettledFor(tx: DbOrTx, userId: number, gameCode: string, roundId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: casinoTransactions.id })
      .from(casinoTransactions)
      .where(
        and(
          ...userOnRound(userId, gameCode, roundId),
          eq(casinoTransactions.kind, 'credit'),
          eq(casinoTransactions.status, 'OK'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  private async openStakeOnRound(tx: DbOrTx, userId: number, gameCode: string, roundId: string): Promise<number> {
    const [row] = await tx
      .select({ sum: sql<string | number | null>`sum(${casinoTransactions.amountPaise})` })
      .from(casinoTransactions)
      .where(and(...userOnRound(userId, gameCode, roundId), eq(casinoTransactions.betState, 'open')));
    return Number(row?.sum ?? 0);
  }
}

const LOSS_PERIOD_WORDS = { DAY: '24 hours', WEEK: '7 days', MONTH: '30 days' } as const;

/**
 * The player's loss limit (ADR 58): a stake that would take the period's net loss, with what is
 * at risk already, past a loss limit in force is refused, and nothing moves. Read under the
 * account's lock, so two debits at once are judged one after the other. Undefined: allowed.
 */
async function casinoLossLimitRefusal(
  tx: DbOrTx,
  userId: number,
  account: LedgerAccount,
  amountPaise: number,
  now: Date,
): Promise<string | undefined> {
  const limits = await lossLimitsOf(tx, userId);
  if (limits.length === 0) return undefined;
  const breach = await lossLimitBreach(tx, userId, limits, await atRiskPaise(tx, userId, account.exposurePaise), amountPaise, now);
  if (!breach) return undefined;
  return `The player's loss limit of ${paiseToRupees(breach.amountPaise)} per ${LOSS_PERIOD_WORDS[breach.period]} leaves ${paiseToRupees(breach.leftPaise)} to stake now`;
}

/** The wallet calls of one user on one round of one game. */
const userOnRound = (userId: number, gameCode: string, roundId: string) => [
  eq(casinoTransactions.gameCode, gameCode),
  eq(casinoTransactions.roundId, roundId),
  eq(casinoTransactions.userId, userId),
];

interface Outcome {
  status: WalletStatus;
  ledgerTransferId?: number;
  betState?: 'open';
  /** Debits answered OK: the bet's stated maximum payout. */
  maxPayoutPaise?: number;
  marker?: boolean;
  balanceAfterPaise?: number;
  /** Why a refusal was made when its status alone does not say (the same on every replay). */
  refusal?: string;
}

/** Platform user ids are integers; the wire allows strings of digits too. */
function parseUserId(raw: number | string): number | null {
  const id = typeof raw === 'number' ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The user's ledger account, locked for the rest of the transaction when asked. */
async function userAccount(tx: DbOrTx, userId: number, lock: boolean): Promise<LedgerAccount | undefined> {
  const query = tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const [account] = lock ? await query.for('update') : await query;
  return account;
}

/** What the player can stake: balance less the exposure reserved by open sports bets. */

function gameName(gameCode: string, gamename: string | undefined): string {
  return gamename ? `${gamename} (${gameCode})` : gameCode;
}

/** Why a stored refusal was made, for the provider's operator (the same on every replay). */
const REFUSAL_MESSAGES: Partial<Record<WalletStatus, string>> = {
  PAYOUT_EXCEEDED: "The credit is above the maximum payout stated at the bet's debit",
};

function answerOf(row: CasinoTransaction): WalletAnswer {
  const answer: WalletAnswer = { status: row.status as WalletStatus, transactionId: row.transactionId };
  if (row.balanceAfterPaise !== null) answer.balance = paiseToRupees(row.balanceAfterPaise);
  const refusal = (row.details as { refusal?: unknown } | null)?.refusal;
  const message = REFUSAL_MESSAGES[answer.status] ?? (typeof refusal === 'string' ? refusal : undefined);
  if (message) answer.message = message;
  return answer;
}

function replay(existing: CasinoTransaction, requestHash: string, account: LedgerAccount): WalletAnswer {
  if (existing.requestHash !== requestHash) {
    return { status: 'DUPLICATE_TRANSACTION', balance: paiseToRupees(availablePaise(account)), message: 'This transactionId was used for another request' };
  }
  return answerOf(existing);
}

/** What the reports need from the body: the bet, the result and the rollback reason. */
function detailsOf(body: WalletDebitRequest | WalletCreditRequest | WalletRollbackRequest): Record<string, unknown> {
  return {
    ...(body.bet ? { bet: body.bet } : {}),
    ...('result' in body ? { result: body.result } : {}),
    ...('reason' in body && body.reason ? { reason: body.reason } : {}),
  };
}

/** sha256 of the kind and the body without its token, keys sorted: retries carry the same. */
function hashRequest(kind: CasinoTransactionKind, body: object): string {
  const { token: _token, ...rest } = body as Record<string, unknown>;
  return createHash('sha256').update(`${kind}\n${canonicalJson(rest)}`).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
