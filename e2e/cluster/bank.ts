import { randomBytes } from 'node:crypto';
import { startProviderStub, type ProviderStub } from '../../apps/server/src/test/casino-provider-stub.ts';
import { startCluster, type Cluster, type ClusterOptions } from '../support/cluster.ts';
import { checkBank, type Check } from './checker.ts';
import type { Provider } from './client.ts';
import { LiveWatch, type LiveFigures } from './live-watch.ts';
import { newLog, runWorkload, type Load, type OpKind, type Tally, type WorkloadLog, type WorkloadOptions } from './workload.ts';

/** A cluster with the casino provider stub the platform launches games at (the workload plays the provider). */
export interface BankCluster {
  cluster: Cluster;
  stub: ProviderStub;
  provider: Provider;
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

export async function startBankCluster(options: ClusterOptions = {}): Promise<BankCluster> {
  const provider: Provider = { secret: randomBytes(32).toString('hex'), providerId: 'casino-provider' };
  const stub = await startProviderStub(provider.secret, provider.providerId);
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      ...options,
      env: { WALLET_SECRET: provider.secret, PROVIDER_ID: provider.providerId, PROVIDER_URL: stub.url, ...options.env },
    });
  } catch (err) {
    await stub.close();
    throw err;
  }
  return {
    cluster,
    stub,
    provider,
    stop: async (options) => {
      await cluster.stop(options);
      await stub.close();
    },
  };
}

export interface BankRun {
  log: WorkloadLog;
  checks: Check[];
  failed: Check[];
  ms: number;
  /** The live clients' figures, when the run had some. */
  live?: LiveFigures;
}

export interface BankRunOptions extends Pick<WorkloadOptions, 'durationMs' | 'bettors' | 'seed'> {
  /** The fault, halfway through the load (told the log so far); the live books are verified after it (the load paused). */
  midway?: (log: WorkloadLog) => Promise<void>;
  /** Live clients per process, subscribed to the run's markets throughout (none by default). */
  liveClients?: number;
}

let runs = 0;

/**
 * One workload on the cluster, then the checker. With live clients: their books are compared with
 * the server's after the fault (the load paused for it) and after the load, as one more check.
 */
export async function bankRun(bank: BankCluster, options: BankRunOptions): Promise<BankRun> {
  const started = Date.now();
  const log = newLog();
  let watch: LiveWatch | undefined;
  const verified: { label: string; mismatches: string[] }[] = [];
  const verify = async (label: string) => {
    if (watch) verified.push(await watch.verify(label, log.bettors[0]!.token));
  };
  try {
    const { midway: _fault, liveClients: _clients, ...workload } = options;
    await runWorkload(
      {
        ...workload,
        urls: bank.cluster.urls,
        databaseUrl: bank.cluster.databaseUrl,
        provider: bank.provider,
        stub: bank.stub,
        runId: `${(Date.now() % 1e6).toString(36)}${++runs}`,
        ...(options.midway || options.liveClients
          ? {
              midway: async (load: Load) => {
                await options.midway?.(log);
                await load.quiet(() => verify(options.midway ? 'after the fault' : 'halfway'));
              },
            }
          : {}),
        observer: {
          bettors: (bettors) => {
            const clients = (options.liveClients ?? 0) * bank.cluster.urls.length;
            if (clients > 0) watch = new LiveWatch(bank.cluster.urls, () => log.matchId, bettors.slice(0, clients).map((b) => b.token));
          },
          market: (id) => watch?.watch(id),
        },
      },
      log,
    );
    await verify('after the load');
  } finally {
    watch?.close();
  }
  const checks = await checkBank(bank.cluster.databaseUrl, log, bank.cluster.urls);
  if (watch) {
    const bad = verified.filter((v) => v.mismatches.length > 0);
    const f = watch.figures;
    checks.push({
      name: "every live client's book equals the server's after the fault and after the load",
      ok: bad.length === 0,
      detail:
        bad.length === 0
          ? `${f.clients} clients x ${f.markets} markets, ${verified.length} verifications, ${f.images} images, ${f.deltas} deltas, ${f.reconnects} reconnects, ${f.gaps} gaps`
          : `${f.mismatches} mismatches: ${JSON.stringify(bad.flatMap((v) => v.mismatches.slice(0, 3).map((m) => `${v.label}: ${m}`)))}`,
    });
  }
  return { log, checks, failed: checks.filter((c) => !c.ok), ms: Date.now() - started, ...(watch ? { live: watch.figures } : {}) };
}

/** The figures of a run: operations by kind (attempted / acknowledged / refused / unknown), checks passed. */
export function describeRun(run: BankRun): string {
  const rows = [...run.log.tallies].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce((t, [, x]) => ({ attempted: t.attempted + x.attempted, acknowledged: t.acknowledged + x.acknowledged, refused: t.refused + x.refused, unknown: t.unknown + x.unknown, retried: t.retried + x.retried }), { attempted: 0, acknowledged: 0, refused: 0, unknown: 0, retried: 0 });
  const line = (kind: string, t: Tally) => `  ${kind.padEnd(16)} ${[t.attempted, t.acknowledged, t.refused, t.unknown, t.retried].map((v) => String(v).padStart(9)).join('')}`;
  return [
    `  ${'operation'.padEnd(16)} ${['attempted', 'acked', 'refused', 'unknown', 'retried'].map((h) => h.padStart(9)).join('')}`,
    ...rows.map(([k, t]) => line(k as OpKind, t)),
    line('total', total),
    `  checks passed: ${run.checks.length - run.failed.length}/${run.checks.length}; server errors or no answer: ${run.log.serverErrors.length}; ${(run.ms / 1000).toFixed(1)} s`,
    `  agents: ${run.log.agents.map((a) => `${a.userName} (depth ${a.depth}, ${a.partnershipBp / 100}%)`).join(', ')}; changed midway: ${run.log.figureChanges.join('; ') || 'none'}`,
    ...run.checks.filter((c) => c.ok && /below zero|live client|shares|split|cash out/.test(c.name)).map((c) => `  ${c.name}: ${c.detail}`),
    `  refusals: ${[...run.log.refusals].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
    ...run.failed.map((c) => `  FAILED ${c.name}: ${c.detail}`),
  ].join('\n');
}

/** The market with the most bets asked for so far (the run's hot market), if any. */
export function hotMarket(log: WorkloadLog): number | undefined {
  const counts = new Map<number, number>();
  for (const bet of log.bets.values()) counts.set(bet.marketId, (counts.get(bet.marketId) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
}

/** Which process holds a lease now (GET /api/health of each), if any answers holding it. */
export async function leaseHolder(urls: string[], lease: string): Promise<number | undefined> {
  for (const [i, url] of urls.entries()) {
    try {
      const health = (await (await fetch(`${url}/api/health`)).json()) as { data?: { leases?: string[] } };
      if (health.data?.leases?.includes(lease)) return i;
    } catch {
      // that process is down
    }
  }
  return undefined;
}
