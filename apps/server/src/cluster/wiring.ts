/**
 * The cluster plugin (ADR 37): tells the other processes of every commit made here, drops what
 * their commits make stale here, and answers `GET /api/health` and `GET /api/ready`.
 *
 * Balances: a commit drops the users' cached balances here before the call that made it
 * answers, and in the other processes when they hear it. Sessions: a revocation here is told to
 * the others, and so is every password guess counted (one login limit for all). Markets: another process's commit marks the market stale in memory (its next use
 * reloads it; a bet planned meanwhile still meets the version check). While the broker is down,
 * the balance and session caches read the database, and every market is reloaded before its
 * next use; once the broker is back, the same again (what was missed meanwhile).
 */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { mayDecideMatch } from '../services/match-state.ts';
import { MarketOwners } from './market-owners.ts';
import { ClusterMarketRouter } from './market-router.ts';

/** Which process matches which market, and the calls this process forwarded and served (ADR 65). */
export interface MarketRouting {
  owners: MarketOwners;
  counts: ClusterMarketRouter['counts'];
}

export interface ClusterPluginOptions {
  /** Leases this process holds (the health answer shows them). */
  leasesHeld?: () => string[];
  /**
   * Each market matched by one process (ADR 65): bettors' market calls that reach another are
   * forwarded to it. On by default in a cluster; false leaves every process matching every market.
   */
  routeMarkets?: boolean;
}

const READY_TIMEOUT_MS = 2_000;

export default fp<ClusterPluginOptions>(
  async (app, options) => {
    const { bus, betting, balances, sessions } = app;
    const stops: (() => void)[] = [];

    // Commits made here: caches first (before the call answers), then the others.
    stops.push(
      betting.onCommitted((event) => {
        balances.forget(event.userIds);
        bus.publish('market', { marketId: event.marketId, userIds: event.userIds, bets: event.bets, committedAt: event.committedAt });
        // A main market settled or rolled back decides its match's state (ADR 27): the other
        // processes' match pages hear it as a match change.
        const row = event.state?.row;
        if (row && row.matchId !== null && mayDecideMatch(row.marketType))
          if (row.settledAt !== null || event.bets.some((b) => b.change === 'rolled_back'))
            bus.publish('match', { matchId: row.matchId, committedAt: event.committedAt });
      }),
      betting.onMatchCommitted((event) => bus.publish('match', event)),
      app.casino.wallet.onCommitted((userId) => {
        balances.forget([userId]);
        bus.publish('balance', { userIds: [userId] });
      }),
      app.paymentEvents.on((event) => {
        balances.forget([event.userId, event.agentId]);
        bus.publish('balance', { userIds: [event.userId, event.agentId] });
        bus.publish('payment', { userId: event.userId });
      }),
      app.accountEvents.on((event) => {
        balances.forget(event.userIds);
        bus.publish('balance', { userIds: event.userIds });
      }),
      sessions.onForget((what) => bus.publish('session', what)),
      // A notification stored here reaches the user's sockets held by the others (ADR 51).
      app.notifications.onStored((stored) => bus.publish('notification', stored)),
      app.loginLimiter.onGuess((guess) => bus.publish('login', guess)),
    );

    // Commits made elsewhere.
    stops.push(
      bus.on('market', (event) => {
        betting.marketChangedElsewhere(event.marketId);
        balances.forget(event.userIds);
      }),
      bus.on('balance', (event) => balances.forget(event.userIds)),
      bus.on('session', (what) => sessions.dropCached(what)),
      bus.on('login', (guess) => app.loginLimiter.apply(guess)),
      // A process that (re)starts may have died between a commit and its messages: what they
      // would have dropped here is dropped now (the same as when the broker comes back).
      bus.on('joined', (peer) => {
        app.log.warn({ peer: peer.processId }, 'a process joined: caches dropped');
        balances.setTrusted(bus.broker.isUp());
        sessions.setTrusted(bus.broker.isUp());
        betting.distrustMemory();
      }),
      bus.broker.onStatus((up) => {
        app.log.warn({ broker: up ? 'up' : 'down' }, up ? 'broker back: caches dropped' : 'broker down: caches read the database');
        balances.setTrusted(up);
        sessions.setTrusted(up);
        betting.distrustMemory();
      }),
    );
    // One matching process per market (ADR 65): its owner among the processes alive now.
    let routing: MarketRouting | null = null;
    if (bus.clustered && options.routeMarkets !== false) {
      const owners = new MarketOwners(bus);
      const router = new ClusterMarketRouter(bus, owners, betting, { log: app.log });
      routing = { owners, counts: router.counts };
      stops.push(
        // A process gone (killed) may have committed after its last message: what those commits
        // made stale here is dropped (every market reloaded before its next use, the balance and
        // session caches emptied) and the sockets here are brought up to date, as when it comes
        // back (`joined`) or the broker does; it may not come back.
        owners.onGone((processId) => {
          app.log.warn({ peer: processId }, 'a process is gone: its markets are matched by the others');
          betting.distrustMemory();
          balances.setTrusted(bus.broker.isUp());
          sessions.setTrusted(bus.broker.isUp());
          app.live.resync();
        }),
        () => {
          betting.useMarketRouter(undefined);
          router.stop();
          owners.stop();
        },
      );
      betting.useMarketRouter(router);
      app.addHook('onReady', async () => owners.start());
    }
    app.decorate('marketRouting', routing);
    // A call that committed answers once its messages are at the broker (settle): a balance read
    // on another process right after a bet then finds its cache entry dropped.
    if (bus.clustered) app.addHook('onSend', async () => void (await bus.settle()));
    if (bus.clustered) app.addHook('onReady', async () => bus.publish('joined', { processId: bus.processId }));
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0)) stop();
    });

    const startedAt = Date.now();
    app.get('/api/health', async () => ({
      status: true,
      message: 'alive',
      data: {
        process: bus.processId,
        pid: process.pid,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        leases: options.leasesHeld?.() ?? [],
      },
    }));

    app.get('/api/ready', async (_request, reply) => {
      const [database, broker] = await Promise.all([
        withTimeout(app.db.execute(sql`select 1`).then(() => true), READY_TIMEOUT_MS),
        bus.clustered ? bus.broker.ping(READY_TIMEOUT_MS) : Promise.resolve(null),
      ]);
      const data = { database: database ? 'up' : 'down', broker: broker === null ? 'none' : broker ? 'up' : 'down' };
      if (database && broker !== false) return { status: true, message: 'ready', data };
      reply.code(503);
      return { status: false, code: 'NOT_READY', message: 'Not ready: the database or the broker does not answer', data };
    });
  },
  { name: 'cluster', dependencies: ['services', 'casino', 'notifications', 'live'] },
);

async function withTimeout(work: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work.catch(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
