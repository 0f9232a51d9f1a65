import type { WalletAnswer, WalletCreditRequest, WalletRollbackRequest } from '@exchange/contracts';
import type { Clock } from '../lib/clock.ts';
import type { Persisted } from '../lib/json-file.ts';
import { isRetryable, type WalletClient } from './client.ts';

export type OutboxOp = { op: 'credit'; body: WalletCreditRequest } | { op: 'rollback'; body: WalletRollbackRequest };

export type OutboxEntry = OutboxOp & {
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  lastError?: string;
};

export interface OutboxDocument {
  pending: OutboxEntry[];
  /** Entries the platform answered with a final refusal (kept for an operator; never retried). */
  failed: (OutboxEntry & { status: string })[];
}

export interface OutboxOptions {
  wallet: WalletClient;
  clock: Clock;
  store: Persisted<OutboxDocument>;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told about every entry that reached a final answer (OK or a refusal). */
  onFinal?: (entry: OutboxEntry, answer: WalletAnswer) => void;
  log?: (msg: string, data?: object) => void;
}

/**
 * Credits and rollbacks that must reach the platform: written to the store (a JSON file in the
 * data dir) before the first attempt, retried with exponential back-off on INTERNAL_ERROR or a lost
 * answer, never on any other status, until a final answer. Same transactionId on every attempt, so
 * a retry of something that did arrive moves no money twice.
 */
export class Outbox {
  private doc: OutboxDocument;
  private timer: unknown = null;
  private running = false;
  private busy: Promise<void> | null = null;

  constructor(private readonly opts: OutboxOptions) {
    this.doc = opts.store.read() ?? { pending: [], failed: [] };
  }

  /** Queues a credit or rollback (durably) and tries it at once when started. */
  enqueue(item: OutboxOp): void {
    if (this.doc.pending.some((e) => e.body.transactionId === item.body.transactionId)) return;
    const now = this.opts.clock.now();
    this.doc.pending.push({ ...item, attempts: 0, nextAttemptAt: now, createdAt: now } as OutboxEntry);
    this.save();
    this.kick();
  }

  pending(): readonly OutboxEntry[] {
    return this.doc.pending;
  }
  failed(): OutboxDocument['failed'] {
    return this.doc.failed;
  }

  start(): void {
    this.running = true;
    this.kick();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.opts.clock.clearTimer(this.timer);
    this.timer = null;
  }

  /** Attempts every entry that is due now; resolves when that pass is done. */
  async drain(): Promise<void> {
    while (this.busy) await this.busy;
    this.busy = this.pass();
    try {
      await this.busy;
    } finally {
      this.busy = null;
    }
    this.arm();
  }

  private kick(): void {
    if (!this.running) return;
    void this.drain();
  }

  private arm(): void {
    if (!this.running) return;
    if (this.timer !== null) this.opts.clock.clearTimer(this.timer);
    this.timer = null;
    if (this.doc.pending.length === 0) return;
    const next = Math.min(...this.doc.pending.map((e) => e.nextAttemptAt));
    this.timer = this.opts.clock.setTimer(() => {
      this.timer = null;
      void this.drain();
    }, next - this.opts.clock.now());
  }

  private async pass(): Promise<void> {
    const due = this.doc.pending.filter((e) => e.nextAttemptAt <= this.opts.clock.now());
    for (const entry of due) {
      const result = entry.op === 'credit' ? await this.opts.wallet.call('credit', entry.body) : await this.opts.wallet.call('rollback', entry.body);
      entry.attempts++;
      if (isRetryable(result)) {
        const base = this.opts.baseDelayMs ?? 1000;
        const delay = Math.min(this.opts.maxDelayMs ?? 60_000, base * 2 ** Math.min(entry.attempts - 1, 20));
        entry.nextAttemptAt = this.opts.clock.now() + delay;
        entry.lastError = result.kind === 'lost' ? result.error : 'INTERNAL_ERROR';
        this.opts.log?.('wallet retry scheduled', { op: entry.op, transactionId: entry.body.transactionId, attempts: entry.attempts, delay, error: entry.lastError });
        this.save();
        continue;
      }
      const answer = (result as { answer: WalletAnswer }).answer;
      this.doc.pending = this.doc.pending.filter((e) => e !== entry);
      if (answer.status !== 'OK') {
        // Final (PAYOUT_EXCEEDED, BAD_REQUEST, ...): retrying the same body would get the same answer.
        // Kept for an operator, with the platform's reason.
        this.doc.failed.push({ ...entry, status: answer.status, ...(answer.message ? { lastError: answer.message } : {}) });
        this.opts.log?.('wallet refused', { op: entry.op, transactionId: entry.body.transactionId, status: answer.status, message: answer.message });
      }
      this.save();
      this.opts.onFinal?.(entry, answer);
    }
  }

  private save(): void {
    this.opts.store.write(this.doc);
  }
}
