/**
 * Leases in PostgreSQL (ADR 37): work that must run once in a cluster (the feed simulator and its
 * upkeep) runs in the process holding its lease. The holder renews it every third of its time to
 * live; another process takes it once it has expired (its holder was killed, hangs, or lost the
 * database). A holder that could not renew in time stops the work itself before the lease can
 * pass to another process, so two holders never run at once while clocks agree.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type DatabaseTarget, type Db } from '../db/client.ts';

/** Takes or renews the lease; true when `holder` holds it now. */
export async function tryLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`INSERT INTO leases (name, holder, expires_at)
        VALUES (${name}, ${holder}, now() + ${ttlMs} * interval '1 millisecond')
        ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE leases.holder = excluded.holder OR leases.expires_at < now()
        RETURNING holder`,
  );
  return rows.length === 1;
}

/** Gives the lease up at once (a clean shutdown), so another process need not wait for it to expire. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`DELETE FROM leases WHERE name = ${name} AND holder = ${holder}`);
}

export interface LeaseWork {
  /** The lease was gained: start the work. */
  start(): Promise<void> | void;
  /** The lease was lost or given up: stop the work. */
  stop(): Promise<void> | void;
}

export interface LeaseOptions {
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

/** Holds one lease for as long as it can and runs `work` while it does. */
export class LeaseKeeper {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holding = false;
  /** When the lease held now runs out, as far as this process knows (its last renewal + ttl). */
  private validUntil = 0;
  private stopped = false;
  private readonly ttlMs: number;

  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly holder: string,
    private readonly work: LeaseWork,
    private readonly options: LeaseOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
  }

  get held(): boolean {
    return this.holding;
  }

  start(): void {
    this.stopped = false;
    void this.tick();
  }

  /** Stops the work and gives the lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.holding) {
      this.holding = false;
      await this.work.stop();
      await releaseLease(this.db, this.name, this.holder).catch(() => undefined);
    }
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const askedAt = Date.now();
    let ours = false;
    try {
      ours = await tryLease(this.db, this.name, this.holder, this.ttlMs);
    } catch (error) {
      this.options.onError?.(error);
      // No answer: held only until the last renewal runs out (less a margin for clock drift).
      ours = this.holding && Date.now() < this.validUntil - this.ttlMs / 3;
    }
    if (this.stopped) return;
    if (ours && Date.now() - askedAt < this.ttlMs / 3) this.validUntil = askedAt + this.ttlMs;
    try {
      if (ours && !this.holding) {
        this.holding = true;
        await this.work.start();
      } else if (!ours && this.holding) {
        this.holding = false;
        await this.work.stop();
      }
    } catch (error) {
      this.options.onError?.(error);
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.ttlMs / 3);
    this.timer.unref();
  }
}

/** Work run once in a cluster, as the process keeps it. */
export interface ClusterSingleton {
  /** This process holds the lease now (the health answer lists it); never for a process alone. */
  readonly held: boolean;
  /** Stops the work and gives the lease up (a clean shutdown). */
  stop(): Promise<void>;
}

/**
 * Runs `work` in one process of the cluster: on PostgreSQL in the holder of the lease `name`,
 * started when this process gains it and stopped when it loses it; a process alone on PGlite
 * simply runs it. `label` names the work in the log.
 */
export async function runOncePerCluster(
  db: Db,
  target: DatabaseTarget,
  name: string,
  holder: string,
  work: LeaseWork & { label: string },
  log: FastifyBaseLogger,
): Promise<ClusterSingleton> {
  if (target.kind !== 'postgres') {
    await work.start();
    return { held: false, stop: async () => void (await work.stop()) };
  }
  const keeper = new LeaseKeeper(
    db,
    name,
    holder,
    {
      start: () => work.start(),
      stop: async () => {
        await work.stop();
        log.warn(`${work.label} stopped: its lease is lost`);
      },
    },
    { onError: (err) => log.warn({ err }, `${name} lease: no answer from the database`) },
  );
  keeper.start();
  return {
    get held() {
      return keeper.held;
    },
    stop: () => keeper.stop(),
  };
}
