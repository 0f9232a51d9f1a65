/**
 * The metrics of one app (ADR 61): its own registry, so the many apps a test process builds (or
 * two apps in one process) never count into each other's figures, and nothing lands in
 * prom-client's global registry. Names start with `exchange_`; labels take few values (a route
 * pattern, a market kind, a refusal code), never a user, a market id or a raw URL.
 */
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { betPoolOf, type Db } from '../db/client.ts';
import type { BetWriteDone, PlacementDone } from '../services/betting/index.ts';
import type { BusinessFigures } from './business-figures.ts';

/** What a scrape reads at the time it runs. */
export interface ScrapeSources {
  db: Db;
  /** Sockets open at /ws and markets watched over them. */
  liveSockets: () => number;
  liveSubscriptions: () => number;
  /** Null: one process alone, no broker to report. */
  broker: { connected: () => boolean; messageCounts: () => { sent: number; received: number } } | null;
  leasesHeld: () => string[];
  /** Markets read from the database into memory (first loads and reloads after another's commit). */
  marketLoads: () => number;
  /** Market calls forwarded to their matching process, answered for others, and refused in a handover (ADR 65); null alone. */
  marketCalls: () => { forwarded: number; served: number; handovers: number } | null;
  /** Polls answered at this moment, and those refused 503 SERVER_BUSY beyond POLL_BUDGET (ADR 64). */
  polls: () => { inFlight: number; shed: number };
  figures: () => Promise<BusinessFigures>;
  /** The app's clock (epoch ms): the age of the oldest pending payment request is taken from it. */
  now: () => number;
  /** Where a figures read that failed is reported (the scrape still answers, with the last figures). */
  warn: (error: unknown) => void;
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class ExchangeMetrics {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'exchange_http_request_duration_seconds',
    help: 'HTTP requests answered, by route pattern (unmatched: no route), method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly betsPlaced = new Counter({
    name: 'exchange_bets_placed_total',
    help: "Bets placed (the bettors' and the market maker's), by market kind (EXCHANGE, BOOKMAKER, FANCY)",
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly betsRefused = new Counter({
    name: 'exchange_bets_refused_total',
    help: "Bets refused (the bettors' and the market maker's), by refusal code",
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly betsMatched = new Counter({
    name: 'exchange_bets_matched_total',
    help: 'Fills: resting bets matched by a bet placed here (a placement, a cash out, an edit)',
    registers: [this.registry],
  });
  private readonly commitBatchSize = new Histogram({
    name: 'exchange_commit_batch_size',
    help: 'Bets written by one commit of placements (a group commit, or 1 for a bet written alone)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    registers: [this.registry],
  });
  private readonly commitDuration = new Histogram({
    name: 'exchange_commit_duration_seconds',
    help: 'Time of each write of placements to the database, written, lost to a race or failed',
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly commitsFailed = new Counter({
    name: 'exchange_commits_failed_total',
    help: 'Writes of placements that threw (nothing written; a group commit then places its bets alone)',
    registers: [this.registry],
  });
  private readonly pushLag = new Histogram({
    name: 'exchange_push_lag_seconds',
    help: "From a market's newest commit to its delta written to the subscribers' sockets",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2.5, 5, 15],
    registers: [this.registry],
  });
  private readonly casinoWalletRefused = new Counter({
    name: 'exchange_casino_wallet_refused_total',
    help: "The casino provider's wallet calls answered with anything but OK, by status",
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  constructor(sources: ScrapeSources) {
    const { registry } = this;
    collectDefaultMetrics({ register: registry });
    new Gauge({
      name: 'exchange_live_sockets',
      help: 'Sockets open at /ws on this process',
      registers: [registry],
      collect() {
        this.set(sources.liveSockets());
      },
    });
    new Gauge({
      name: 'exchange_live_subscriptions',
      help: 'Markets watched over the sockets of this process (a market watched by two sockets counts twice)',
      registers: [registry],
      collect() {
        this.set(sources.liveSubscriptions());
      },
    });
    new Counter({
      name: 'exchange_polls_shed_total',
      help: 'Polls refused at once with 503 SERVER_BUSY because POLL_BUDGET polls were being answered (bets are never refused so)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(sources.polls().shed);
      },
    });
    new Gauge({
      name: 'exchange_polls_in_flight',
      help: 'Polls (the reads pages repeat on a timer) being answered now; counted only while POLL_BUDGET is set',
      registers: [registry],
      collect() {
        this.set(sources.polls().inFlight);
      },
    });
    new Counter({
      name: 'exchange_market_loads_total',
      help: 'Markets read from the database into memory: first loads, and reloads after a change made by another process',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(sources.marketLoads());
      },
    });
    new Counter({
      name: 'exchange_market_calls_total',
      help: 'Bettors\' market calls sent to the process that matches the market (forwarded), answered for another (served), refused while the market changed hands (handover)',
      labelNames: ['way'] as const,
      registers: [registry],
      collect() {
        const counts = sources.marketCalls();
        this.reset();
        if (!counts) return;
        this.inc({ way: 'forwarded' }, counts.forwarded);
        this.inc({ way: 'served' }, counts.served);
        this.inc({ way: 'handover' }, counts.handovers);
      },
    });
    const seenLeases = new Set<string>();
    new Gauge({
      name: 'exchange_lease_held',
      help: 'Leases (work that runs once per cluster) this process holds: 1 held, 0 held before and lost',
      labelNames: ['lease'] as const,
      registers: [registry],
      collect() {
        const held = new Set(sources.leasesHeld());
        for (const name of held) seenLeases.add(name);
        for (const name of seenLeases) this.set({ lease: name }, held.has(name) ? 1 : 0);
      },
    });
    const { broker } = sources;
    if (broker) {
      new Gauge({
        name: 'exchange_broker_connected',
        help: 'Whether this process is connected to the broker (1) or not (0)',
        registers: [registry],
        collect() {
          this.set(broker.connected() ? 1 : 0);
        },
      });
      new Counter({
        name: 'exchange_broker_messages_total',
        help: "Messages this process's broker connection sent and received since it connected",
        labelNames: ['direction'] as const,
        registers: [registry],
        collect() {
          // The client keeps the counts: copied at each scrape.
          const { sent, received } = broker.messageCounts();
          this.reset();
          this.inc({ direction: 'sent' }, sent);
          this.inc({ direction: 'received' }, received);
        },
      });
    }
    this.databasePools(sources.db);
    this.businessFigures(sources);
  }

  /** An HTTP request answered; `route` is Fastify's pattern, undefined when no route matched. */
  httpAnswered(route: string | undefined, method: string, status: number, seconds: number): void {
    this.httpDuration.observe({ route: route ?? 'unmatched', method, status: String(status) }, seconds);
  }

  placement(done: PlacementDone): void {
    if (done.refused !== undefined) this.betsRefused.inc({ code: done.refused });
    else this.betsPlaced.inc({ kind: done.kind });
  }

  betsFilled(fills: number): void {
    if (fills > 0) this.betsMatched.inc(fills);
  }

  betWrite(write: BetWriteDone): void {
    this.commitDuration.observe(write.durationMs / 1000);
    if (write.bets > 0) this.commitBatchSize.observe(write.bets);
    if (write.failed) this.commitsFailed.inc();
  }

  marketDeltaSent(lagMs: number): void {
    this.pushLag.observe(Math.max(0, lagMs) / 1000);
  }

  walletRefused(status: string): void {
    this.casinoWalletRefused.inc({ code: status });
  }

  /** Prometheus's text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * node-postgres pools: connections open and idle, and callers waiting for one. PGlite runs in
   * this process on one connection, queries one at a time: no pool, nothing to report.
   */
  private databasePools(db: Db): void {
    const client = (db as unknown as { $client?: unknown }).$client;
    const pools: [string, pg.Pool][] = [];
    if (client instanceof pg.Pool) pools.push(['main', client]);
    const betPool = betPoolOf(db);
    if (betPool) pools.push(['bet', betPool]);
    if (pools.length === 0) return;
    new Gauge({
      name: 'exchange_db_pool_connections',
      help: 'Database connections of each pool (main; bet: the bet statement), open (total) and idle',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        for (const [name, pool] of pools) {
          this.set({ pool: name, state: 'total' }, pool.totalCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
        }
      },
    });
    new Gauge({
      name: 'exchange_db_pool_waiting',
      help: 'Queries waiting for a connection of each pool',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        for (const [name, pool] of pools) this.set({ pool: name }, pool.waitingCount);
      },
    });
  }

  /** The business's gauges, from one cached read per scrape (business-figures.ts). */
  private businessFigures(sources: ScrapeSources): void {
    const { registry } = this;
    let last: BusinessFigures | null = null;
    // Every gauge asks; the read is shared (and kept 5 s). A failed read keeps the last figures.
    const figures = async (): Promise<BusinessFigures | null> => {
      try {
        last = await sources.figures();
      } catch (error) {
        sources.warn(error);
      }
      return last;
    };
    const gauge = (name: string, help: string, read: (f: BusinessFigures) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const f = await figures();
          if (f) this.set(read(f));
        },
      });
    gauge(
      'exchange_money_at_risk_rupees',
      "Bettors' open exposure on unsettled markets, in rupees",
      (f) => f.exposurePaise / 100,
    );
    gauge('exchange_markets_in_play', 'Unsettled markets in play (not closed)', (f) => f.marketsInPlay);
    gauge(
      'exchange_markets_awaiting_settlement',
      'Markets closed and not settled: results owed',
      (f) => f.marketsAwaitingSettlement,
    );
    new Gauge({
      name: 'exchange_payment_requests_pending',
      help: 'Deposit and withdrawal requests waiting for their agent',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const f = await figures();
        if (!f) return;
        this.set({ kind: 'DEPOSIT' }, f.pendingPayments.DEPOSIT);
        this.set({ kind: 'WITHDRAW' }, f.pendingPayments.WITHDRAW);
      },
    });
    // An agent who leaves a request waiting is what an operator is paged for (an hour, in
    // deploy/prometheus/alerts.yml): a count alone cannot tell a busy queue from a stuck one.
    new Gauge({
      name: 'exchange_payment_request_oldest_pending_seconds',
      help: 'Age of the oldest deposit and withdrawal request waiting for its agent (0 when none waits)',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const f = await figures();
        if (!f) return;
        for (const kind of ['DEPOSIT', 'WITHDRAW'] as const) {
          const at = f.oldestPendingPaymentAt[kind];
          this.set({ kind }, at === null ? 0 : Math.max(0, (sources.now() - at) / 1000));
        }
      },
    });
  }
}
