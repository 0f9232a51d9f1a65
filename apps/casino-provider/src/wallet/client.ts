import { WalletAnswer, type WalletDebitRequest, type WalletCreditRequest, type WalletRollbackRequest, type WalletBalanceRequest, type WalletOperation } from '@exchange/contracts';
import type { Clock } from '../lib/clock.ts';
import { casinoSignedHeaders } from '@exchange/contracts/casino-signing';

export interface WalletClientOptions {
  /** Platform origin, e.g. http://127.0.0.1:3000. */
  platformUrl: string;
  providerId: string;
  secret: string;
  clock: Clock;
  /** Per call; a call with no answer by then counts as lost. */
  timeoutMs?: number;
}

/** An answer, or a call whose answer never came (timeout, refused or dropped connection, a non-JSON or 5xx reply). */
export type WalletResult = { kind: 'answer'; answer: WalletAnswer } | { kind: 'lost'; error: string };

interface Bodies {
  balance: WalletBalanceRequest;
  debit: WalletDebitRequest;
  credit: WalletCreditRequest;
  rollback: WalletRollbackRequest;
}

/** Calls the platform's seamless wallet over HTTP, signed. One attempt per call; retries are the caller's. */
export class WalletClient {
  constructor(private readonly opts: WalletClientOptions) {}

  async call<Op extends WalletOperation>(op: Op, body: Bodies[Op]): Promise<WalletResult> {
    const raw = JSON.stringify(body);
    const path = `/api/wallet/${op}`;
    const url = `${this.opts.platformUrl.replace(/\/$/, '')}${path}`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...casinoSignedHeaders({ secret: this.opts.secret, providerId: this.opts.providerId, method: 'POST', path, rawBody: raw, nowMs: this.opts.clock.now() }),
        },
        body: raw,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { kind: 'lost', error: `HTTP ${res.status}: not JSON` };
      }
      // The platform may wrap answers in its {status, message, data} envelope; accept both.
      const parsed = WalletAnswer.safeParse(json);
      if (parsed.success) return { kind: 'answer', answer: parsed.data };
      const inner = WalletAnswer.safeParse((json as { data?: unknown })?.data);
      if (inner.success) return { kind: 'answer', answer: inner.data };
      return { kind: 'lost', error: `HTTP ${res.status}: unexpected answer ${text.slice(0, 200)}` };
    } catch (error) {
      return { kind: 'lost', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
}

/** Whether a result is worth another try: no answer, or INTERNAL_ERROR. */
export const isRetryable = (r: WalletResult): boolean => r.kind === 'lost' || r.answer.status === 'INTERNAL_ERROR';
