/**
 * The user channel (ADR 22): every authenticated socket hears its own user's balance and bet
 * changes, with no subscription. It is coalesced per conflation window: one balance read for all
 * affected users who are connected, then each gets its `balance` and its `bets`. Users with no
 * socket here are not even remembered.
 */
import { inArray } from 'drizzle-orm';
import type { LiveBetChangeKind } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema/index.ts';
import { balanceView } from '../services/money/index.ts';
import type { MarketCommitted } from '../services/betting/index.ts';
import type { Connections } from './connections.ts';
import { WindowedFlush } from './windowed-flush.ts';

export interface UserChannelDeps {
  db: Db;
  connections: Connections;
  windowMs: number;
  retryMs: number;
  onError: (error: unknown) => void;
}

/** What the next flush tells a connected user. */
interface PendingUser {
  balance: boolean;
  bets: { market_id: number; bet_id: number | null; change: LiveBetChangeKind }[];
}

export class UserChannel {
  private pending = new Map<number, PendingUser>();
  private readonly flush: WindowedFlush;

  constructor(private readonly deps: UserChannelDeps) {
    this.flush = WindowedFlush.of(deps, () => this.send(), () => this.pending.size > 0);
  }

  /** A bet commit: its users' balances, and the bets it placed, matched, cancelled or settled. */
  committed(event: MarketCommitted): void {
    const { connections } = this.deps;
    for (const userId of event.userIds)
      if (connections.isConnected(userId)) this.touch(userId).balance = true;
    for (const bet of event.bets)
      if (connections.isConnected(bet.userId))
        this.touch(bet.userId).bets.push({
          market_id: event.marketId,
          bet_id: bet.betId,
          change: bet.change,
        });
    if (this.pending.size > 0) this.flush.schedule();
  }

  /** A balance moved outside betting (the casino wallet, a payment). */
  balanceMoved(userId: number): void {
    if (!this.deps.connections.isConnected(userId)) return;
    this.touch(userId).balance = true;
    this.flush.schedule();
  }

  /** Every connected user's balance is read again (the broker came back: changes may have been missed). */
  resync(): void {
    for (const userId of this.deps.connections.connectedUsers()) this.touch(userId).balance = true;
    if (this.pending.size > 0) this.flush.schedule();
  }

  stop(): void {
    this.flush.stop();
  }

  private touch(userId: number): PendingUser {
    let pending = this.pending.get(userId);
    if (!pending) this.pending.set(userId, (pending = { balance: false, bets: [] }));
    return pending;
  }

  private async send(): Promise<void> {
    const { connections, db } = this.deps;
    const pending = this.pending;
    this.pending = new Map();
    const wanted = [...pending]
      .filter(([userId, p]) => p.balance && connections.isConnected(userId))
      .map(([userId]) => userId);
    // One read for everyone affected in this window, after the commits that moved them.
    let rows: { userId: number | null; balance: number; exposure: number }[] = [];
    try {
      if (wanted.length > 0)
        rows = await db
          .select({
            userId: ledgerAccounts.userId,
            balance: ledgerAccounts.balancePaise,
            exposure: ledgerAccounts.exposurePaise,
          })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.userId, wanted));
    } catch (error) {
      // The database away: what was owed is owed still (the flush tries again after its backoff).
      for (const [userId, p] of pending) {
        const now = this.touch(userId);
        now.balance ||= p.balance;
        now.bets.unshift(...p.bets);
      }
      throw error;
    }
    const at = Date.now();
    for (const row of rows) {
      const sockets = row.userId === null ? undefined : connections.ofUser(row.userId);
      if (sockets)
        connections.broadcast(sockets, {
          type: 'balance',
          ...balanceView({ balancePaise: row.balance, exposurePaise: row.exposure }),
          at,
        });
    }
    for (const [userId, p] of pending) {
      const sockets = connections.ofUser(userId);
      if (sockets && p.bets.length > 0) connections.broadcast(sockets, { type: 'bets', changes: p.bets, at });
    }
  }
}
