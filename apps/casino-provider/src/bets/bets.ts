import { randomUUID } from 'node:crypto';
import type { CasinoBetDetails, CasinoSettlementDetails, WalletAnswer, WalletDebitRequest, WalletStatus } from '@exchange/contracts';
import { paiseToRupees, roundToPaise } from '@exchange/engine';
import { maxPayoutFactor, payoutPaise } from '../games/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { Persisted } from '../lib/json-file.ts';
import type { LiveRound, Table } from '../rounds/table.ts';
import type { PlayerSession } from '../sessions/sessions.ts';
import type { WalletClient } from '../wallet/client.ts';
import type { Outbox, OutboxEntry } from '../wallet/outbox.ts';

/** cancelled: taken back by the player while betting was open (undo, clear); its stake is rolled back. */
export type BetState = 'pending' | 'accepted' | 'settled' | 'refused' | 'cancelled';

export interface Bet {
  betId: string;
  debitTransactionId: string;
  userId: number | string;
  token: string;
  gameCode: string;
  gamename: string;
  roundId: string;
  option: string;
  optionName: string;
  kind: 'back' | 'lay';
  odds: number;
  stake_paise: number;
  placedAt: number;
  state: BetState;
  payout_paise?: number;
  /** Credit confirmed by the platform. */
  credited?: boolean;
}

export const STAKE_LIMITS = { min_paise: 100, max_paise: 10_000_000 };

/** Player-facing text of a wallet refusal. */
const REFUSAL: Partial<Record<WalletStatus, string>> = {
  INSUFFICIENT_FUNDS: 'Insufficient balance',
  INVALID_TOKEN: 'Your session has ended. Open the game again from the casino.',
  TOKEN_EXPIRED: 'Your session has ended. Open the game again from the casino.',
  USER_BLOCKED: 'Your account is blocked',
  LIMIT_EXCEEDED: 'This bet is over your limit',
  // The platform found the call malformed: a fault of ours, final, so nothing was taken.
  INVALID_AMOUNT: 'The bet could not be placed: its amount was refused',
  BAD_REQUEST: 'The bet could not be placed, please try again later',
  TRANSACTION_ROLLED_BACK: 'The bet could not be placed, please try again',
  // The platform refused the provider's own call (wrong secret, or a clock too far off): nothing the player can fix.
  INVALID_SIGNATURE: 'Betting is unavailable right now: the casino cannot reach your wallet. Please try again later.',
};

export type PlaceBetResult = { ok: true; bet: Bet; balance?: number } | { ok: false; message: string; status?: string };
export type CancelBetsResult = { ok: true; cancelled: Bet[] } | { ok: false; message: string };

/** What the live push needs to know: a player's bets on a table changed, or their balance was learnt. */
export interface BetEvents {
  /** The player's bets on the table changed (placed, refused, cancelled, settled, credit confirmed). */
  betsChanged?(userId: number | string, gameCode: string): void;
  /** The wallet answered with the player's balance (rupees). */
  balanceLearnt?(userId: number | string, balance: number): void;
}

export interface BetServiceOptions {
  wallet: WalletClient;
  outbox: Outbox;
  clock: Clock;
  /** Accepted bets of rounds not yet settled: a restart rolls them back (the round is void). */
  store: Persisted<{ open: Bet[] }>;
  /** Debit attempts on INTERNAL_ERROR (same transactionId), within the betting window. */
  debitAttempts?: number;
  debitRetryMs?: number;
  log?: (msg: string, data?: object) => void;
  events?: BetEvents;
}

const rupees = (paise: number) => paiseToRupees(Math.round(paise));

/** Bets: debit through the wallet, settle from the round's result, credit through the outbox. */
export class BetService {
  private open = new Map<string, Bet>();
  /** Recent bets by round id (the page shows a player's bets and P&L on a round). */
  private byRound = new Map<string, Bet[]>();
  private roundOrder: string[] = [];

  constructor(private readonly opts: BetServiceOptions) {}

  /** At start: every bet left open by the last run belongs to a round that will never settle: roll it back. */
  recover(): number {
    const left = this.opts.store.read()?.open ?? [];
    for (const bet of left) this.enqueueRollback(bet, 'provider restarted before the round settled');
    this.opts.store.write({ open: [] });
    return left.length;
  }

  async place(session: PlayerSession, table: Table, req: { roundId: string; option: string; stake: number }): Promise<PlaceBetResult> {
    const round = table.current;
    if (session.gameCode !== table.code) return { ok: false, message: 'This session is for another game' };
    if (req.roundId !== round.roundId || round.phase !== 'betting' || this.opts.clock.now() >= round.closesAt) return { ok: false, message: 'Betting is closed for this round' };
    const option = round.options.find((o) => o.key === req.option);
    if (!option) return { ok: false, message: 'This bet is not on offer' };
    const stake_paise = roundToPaise(req.stake);
    if (!Number.isFinite(stake_paise) || stake_paise < STAKE_LIMITS.min_paise || stake_paise > STAKE_LIMITS.max_paise)
      return { ok: false, message: `Stake must be between ${rupees(STAKE_LIMITS.min_paise)} and ${rupees(STAKE_LIMITS.max_paise)}` };

    const betId = randomUUID();
    const bet: Bet = {
      betId,
      debitTransactionId: `${betId}-d`,
      userId: session.userId,
      token: session.token,
      gameCode: table.code,
      gamename: table.game.gamename,
      roundId: round.roundId,
      option: option.key,
      optionName: option.name,
      kind: option.kind,
      odds: option.odds,
      stake_paise,
      placedAt: this.opts.clock.now(),
      state: 'pending',
    };
    // Durable before the money moves: a crash during the debit rolls it back at the next start.
    this.open.set(betId, bet);
    this.saveOpen();

    const body: WalletDebitRequest = {
      transactionId: bet.debitTransactionId,
      roundId: bet.roundId,
      gameCode: bet.gameCode,
      token: bet.token,
      userId: bet.userId,
      amount: rupees(stake_paise),
      // The bound the platform holds the credit to: the same rounding as the payout itself.
      maxPayout: rupees(payoutPaise(stake_paise, maxPayoutFactor(option))),
      bet: this.details(bet),
    };
    const attempts = this.opts.debitAttempts ?? 3;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const result = await this.opts.wallet.call('debit', body);
      if (result.kind === 'lost') {
        // The debit may or may not have happened: undo it, whatever it did.
        this.opts.log?.('debit answer lost, rolling back', { transactionId: body.transactionId, error: result.error });
        return this.refuseWithRollback(bet, 'The bet could not be confirmed and was cancelled; any amount taken is returned');
      }
      const answer = result.answer;
      if (answer.status === 'OK') {
        if (table.current.roundId !== bet.roundId || table.current.phase !== 'betting') return this.refuseWithRollback(bet, 'Betting closed before the bet was confirmed; the stake is returned');
        bet.state = 'accepted';
        this.remember(bet);
        this.saveOpen();
        this.told(bet, answer.balance);
        return { ok: true, bet, balance: answer.balance };
      }
      if (answer.status === 'INTERNAL_ERROR' && attempt < attempts && table.current.phase === 'betting') {
        await new Promise((r) => this.opts.clock.setTimer(() => r(null), this.opts.debitRetryMs ?? 150));
        continue;
      }
      if (answer.status === 'INTERNAL_ERROR') return this.refuseWithRollback(bet, 'The bet could not be placed, please try again');
      // A final refusal: nothing was taken.
      if (answer.status === 'INVALID_SIGNATURE') this.opts.log?.('wallet refused our signature: check WALLET_SECRET and the clock', { transactionId: body.transactionId, message: answer.message });
      bet.state = 'refused';
      this.open.delete(betId);
      this.saveOpen();
      this.told(bet, answer.balance);
      return { ok: false, status: answer.status, message: REFUSAL[answer.status] ?? `The bet was refused (${answer.status})` };
    }
    return this.refuseWithRollback(bet, 'The bet could not be placed, please try again');
  }

  /** Settles every accepted bet of a finished round: a credit each (0 for a lost bet), through the outbox. */
  settleRound(round: LiveRound, table: Table): void {
    const result = round.result;
    if (!result) return;
    const players = new Set<number | string>();
    for (const bet of this.byRound.get(round.roundId) ?? []) {
      if (bet.state !== 'accepted') continue;
      players.add(bet.userId);
      const factor = table.game.engine.settle(bet.option, round.deal.result);
      const payout_paise = payoutPaise(bet.stake_paise, factor);
      bet.state = 'settled';
      bet.payout_paise = payout_paise;
      const settlement: CasinoSettlementDetails = {
        winner: result.winner,
        outcome: payout_paise === 0 ? 'lost' : payout_paise > bet.stake_paise ? 'won' : payout_paise === bet.stake_paise ? 'push' : 'partial',
        payout: rupees(payout_paise),
        cards: result.cards,
      };
      this.opts.outbox.enqueue({
        op: 'credit',
        body: { transactionId: `${bet.betId}-c`, roundId: bet.roundId, gameCode: bet.gameCode, token: bet.token, userId: bet.userId, amount: rupees(payout_paise), referenceTransactionId: bet.debitTransactionId, bet: this.details(bet), result: settlement },
      });
      this.open.delete(bet.betId);
    }
    this.saveOpen();
    for (const userId of players) this.opts.events?.betsChanged?.(userId, table.code);
  }

  /**
   * Undo / clear: takes back some of the player's accepted bets on the round being bet, all or
   * none, while betting is open. Each one's stake goes back through a rollback in the outbox (the
   * platform refunds a debit it took); a cancelled bet is never settled.
   */
  cancel(session: PlayerSession, table: Table, betIds: readonly string[]): CancelBetsResult {
    const round = table.current;
    if (session.gameCode !== table.code) return { ok: false, message: 'This session is for another game' };
    if (round.phase !== 'betting' || this.opts.clock.now() >= round.closesAt) return { ok: false, message: 'Betting is closed for this round: its bets can no longer be taken back' };
    const mine = new Map(this.betsOf(session.userId, round.roundId).map((b) => [b.betId, b]));
    const chosen: Bet[] = [];
    for (const id of new Set(betIds)) {
      const bet = mine.get(id);
      if (!bet) return { ok: false, message: 'No such bet of yours on this round' };
      if (bet.state === 'cancelled') return { ok: false, message: 'This bet was already taken back' };
      if (bet.state !== 'accepted') return { ok: false, message: 'This bet can no longer be taken back' };
      chosen.push(bet);
    }
    if (chosen.length === 0) return { ok: false, message: 'No bet to take back' };
    for (const bet of chosen) {
      bet.state = 'cancelled';
      this.enqueueRollback(bet, 'cancelled by the player');
      this.open.delete(bet.betId);
    }
    this.saveOpen();
    this.opts.events?.betsChanged?.(session.userId, table.code);
    return { ok: true, cancelled: chosen };
  }

  /** The outbox reports a final answer: mark the bet's credit confirmed; learn the balance it carries. */
  onOutboxFinal(entry: OutboxEntry, answer: WalletAnswer): void {
    if (answer.status !== 'OK') return;
    if (typeof answer.balance === 'number') this.opts.events?.balanceLearnt?.(entry.body.userId, answer.balance);
    if (entry.op !== 'credit') return;
    const bet = (this.byRound.get(entry.body.roundId) ?? []).find((b) => b.betId === entry.body.bet.betId);
    if (!bet) return;
    bet.credited = true;
    this.opts.events?.betsChanged?.(bet.userId, bet.gameCode);
  }

  /** A player's bets on a round. */
  betsOf(userId: number | string, roundId: string): Bet[] {
    return (this.byRound.get(roundId) ?? []).filter((b) => String(b.userId) === String(userId));
  }

  private refuseWithRollback(bet: Bet, message: string): PlaceBetResult {
    bet.state = 'refused';
    this.enqueueRollback(bet, 'debit not confirmed');
    this.open.delete(bet.betId);
    this.saveOpen();
    this.told(bet);
    return { ok: false, message };
  }

  /** Tells the live push of a bet's new state, and of the balance the wallet answered with. */
  private told(bet: Bet, balance?: number): void {
    if (typeof balance === 'number') this.opts.events?.balanceLearnt?.(bet.userId, balance);
    this.opts.events?.betsChanged?.(bet.userId, bet.gameCode);
  }

  private enqueueRollback(bet: Bet, reason: string): void {
    this.opts.outbox.enqueue({
      op: 'rollback',
      body: { transactionId: `${bet.betId}-r`, roundId: bet.roundId, gameCode: bet.gameCode, token: bet.token, userId: bet.userId, amount: rupees(bet.stake_paise), referenceTransactionId: bet.debitTransactionId, bet: this.details(bet), reason },
    });
  }

  private details(bet: Bet): CasinoBetDetails {
    return { betId: bet.betId, option: bet.option, optionName: bet.optionName, odds: bet.odds, stake: rupees(bet.stake_paise), gamename: bet.gamename };
  }

  private remember(bet: Bet): void {
    let list = this.byRound.get(bet.roundId);
    if (!list) {
      this.byRound.set(bet.roundId, (list = []));
      this.roundOrder.push(bet.roundId);
      // keep the bets of the last 1,000 rounds (every table together) for the pages
      while (this.roundOrder.length > 1000) this.byRound.delete(this.roundOrder.shift()!);
    }
    list.push(bet);
  }

  private saveOpen(): void {
    this.opts.store.write({ open: [...this.open.values()] });
  }
}
