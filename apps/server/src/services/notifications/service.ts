/**
 * The notifications of one server process (ADR 51): it hears the commits made here (bets,
 * settlements, cash outs, payments, chips, voids), and after each, off the path of the call that
 * made it, reads what to tell, stores it (once per user and event key, the kinds each user
 * receives) and tells its listeners what it stored: the live push of this process and, through
 * the bus, the other processes'. Everything heard while a round runs goes in the next round, so a
 * burst of commits is a few reads and one insert. A round that fails is logged and dropped: a
 * notification is never worth failing, or retrying, a call that committed.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/time.ts';
import type { AccountsChanged } from '../agents.ts';
import { CommitFeed, type AutoCashOutEvent, type MarketCommitted } from '../betting/index.ts';
import {
  accountDrafts,
  autoCashOutDrafts,
  marketDrafts,
  paymentDrafts,
  toldChange,
  type MarketNotices,
} from './events.ts';
import { storeNotifications, type NotificationDraft, type StoredNotification } from './store.ts';

/** Where the notifications hear of commits: each takes a listener and returns the unsubscribe. */
type Source<E> = (listener: (event: E) => void) => () => void;
export interface NotificationSources {
  /** Every committed change of a market (BettingService.onCommitted). */
  markets: Source<MarketCommitted>;
  /** Automatic cash outs fired or failed here (BettingService.onAutoCashOut). */
  autoCashOuts: Source<AutoCashOutEvent>;
  /** Payment requests made or decided (their ids). */
  payments: Source<number>;
  /** Chips moved, bets voided (the agents' and the operator's account changes). */
  accounts: Source<AccountsChanged>;
}

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  /** A round that failed (the server logs it). */
  onError: (error: unknown) => void;
}

export class Notifications {
  private readonly stored = new CommitFeed<StoredNotification>();
  private readonly stops: (() => void)[] = [];
  private markets: MarketNotices[] = [];
  private jobs: (() => Promise<NotificationDraft[]>)[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly deps: NotificationsDeps) {}

  start(sources: NotificationSources): void {
    this.stops.push(
      sources.markets((event) => {
        const bets = event.bets.filter(toldChange);
        if (bets.length === 0) return;
        this.markets.push({ marketId: event.marketId, bets });
        this.schedule();
      }),
      sources.autoCashOuts((event) => this.enqueue(() => autoCashOutDrafts(this.deps.db, event))),
      sources.payments((requestId) => this.enqueue(() => paymentDrafts(this.deps.db, requestId))),
      sources.accounts((event) => {
        const change = event.change;
        if (change) this.enqueue(() => accountDrafts(this.deps.db, change));
      }),
    );
  }

  /** Calls `listener` with each notification stored by this process, after it is stored. */
  onStored(listener: (stored: StoredNotification) => void): () => void {
    return this.stored.on(listener);
  }

  /** Resolves once everything heard so far is stored (or given up). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops hearing commits; resolves once what was heard is stored. */
  async stop(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop();
    await this.idle();
  }

  /** Notifications a call made besides the commits heard (safer gambling's changes), stored in the next round. */
  tell(drafts: readonly NotificationDraft[]): void {
    this.enqueue(async () => [...drafts]);
  }

  private enqueue(job: () => Promise<NotificationDraft[]>): void {
    this.jobs.push(job);
    this.schedule();
  }

  private schedule(): void {
    if (!this.running) this.running = this.drain();
  }

  private async drain(): Promise<void> {
    for (;;) {
      // After the call that committed has gone on its way; what comes meanwhile joins the round.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const markets = this.markets.splice(0);
      const jobs = this.jobs.splice(0);
      if (markets.length === 0 && jobs.length === 0) {
        this.running = null;
        return;
      }
      const drafts: NotificationDraft[] = [];
      const works = [...(markets.length > 0 ? [() => marketDrafts(this.deps.db, markets)] : []), ...jobs];
      for (const work of works) {
        try {
          drafts.push(...(await work()));
        } catch (error) {
          this.deps.onError(error);
        }
      }
      try {
        const stored = await storeNotifications(this.deps.db, drafts, this.deps.clock());
        for (const s of stored) this.stored.emit(s);
      } catch (error) {
        this.deps.onError(error);
      }
    }
  }
}
