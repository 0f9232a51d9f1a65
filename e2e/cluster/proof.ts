/**
 * `npm run proof`: the long forms of the cluster proof, each on two server processes with the bank
 * workload and its checker, printing a table of figures; exit code 1 on any violation.
 *   crash x20   kill -9 of one process mid-load (the feed lease holder and the owner of the hot
 *               market by turn, ADR 65), restarted
 *   broker      a private nats-server killed mid-load and started again on its port
 *   postgres    the machine's PostgreSQL restarted mid-load (pg_ctlcluster): the processes
 *               reconnect; while it is down /api/ready says 503, the calls get errors and no
 *               refusal, and every 200 answered then is in the database (the checker's checks)
 * In every case live clients (3 a process) keep the run's markets from the pushes; after the
 * fault and after the load their books must equal getMatchDetail's.
 * PROOF_CASES=crash,broker,postgres picks cases; PROOF_CRASHES sets the number of crash runs (a fresh
 * cluster every 20: each run funds its agents from agent1's chips).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { PrivateNats } from '../../apps/server/src/test/private-nats.ts';
import { marketOwner } from '../support/cluster.ts';
import { bankRun, describeRun, hotMarket, leaseHolder, startBankCluster, type BankCluster, type BankRun } from './bank.ts';
import { sleep } from './workload.ts';

const cases = (process.env.PROOF_CASES ?? 'crash,broker,postgres').split(',');
const crashes = Number(process.env.PROOF_CRASHES ?? 20);
const LOAD_MS = 12_000;
const BETTORS = 24;
/** Live clients per process in every case. */
const LIVE_CLIENTS = 3;

interface Row {
  name: string;
  run: BankRun;
  fault: string;
}
const rows: Row[] = [];

function report(name: string, fault: string, run: BankRun, bank: BankCluster): void {
  rows.push({ name, fault, run });
  console.log(`\n${name}: ${fault}\n${describeRun(run)}`);
  // A failed check: what the processes logged of the broker, the database and the live push (the evidence).
  if (run.failed.length > 0)
    bank.cluster.urls.forEach((_, i) => {
      const lines = bank.cluster.output(i).split('\n');
      const notable = lines.filter((l) => /broker|live:|flush/i.test(l));
      const failures = count(lines.filter((l) => /database|"level":50/.test(l)).map((l) => /"message":"([^"\\]{0,90})/.exec(l)?.[1] ?? l.slice(0, 90)));
      console.log(`--- process ${i}: the broker and the live push (${notable.length} lines):\n${notable.slice(-30).map((l) => l.slice(0, 600)).join('\n')}\n--- process ${i}: database errors: ${fmt(failures)}`);
    });
}

async function withCluster(env: Record<string, string>, body: (bank: BankCluster) => Promise<void>): Promise<void> {
  const bank = await startBankCluster({ env });
  const before = rows.length;
  try {
    await body(bank);
  } finally {
    // A failed check keeps its database for the post-mortem.
    const keepDatabase = rows.slice(before).some((r) => r.run.failed.length > 0);
    if (keepDatabase) console.log(`database kept for inspection: ${bank.cluster.databaseUrl}`);
    await bank.stop({ keepDatabase });
  }
}

/** Crash runs per cluster: each run funds its agents from agent1, whose chips last about 40 runs. */
const CRASHES_PER_CLUSTER = 20;

async function crashCases(): Promise<void> {
  for (let first = 1; first <= crashes; first += CRASHES_PER_CLUSTER)
    await crashCluster(first, Math.min(crashes, first + CRASHES_PER_CLUSTER - 1));
}

/** Crash runs `first` to `last` on one cluster, then the feed lease held once it settles. */
async function crashCluster(first: number, last: number): Promise<void> {
  await withCluster({ FEED_SIMULATOR: '1' }, async (bank) => {
    for (let i = first; i <= last; i++) {
      let fault = '';
      const run = await bankRun(bank, {
        durationMs: LOAD_MS,
        bettors: BETTORS,
        liveClients: LIVE_CLIENTS,
        midway: async (log) => {
          const holder = await leaseHolder(bank.cluster.urls, 'feed');
          const hot = hotMarket(log);
          const owner = hot === undefined ? undefined : await marketOwner(bank.cluster.urls, hot);
          // The feed lease holder every other time, the owner of the hot market (the one with the
          // most bets so far, ADR 65) otherwise; the other process when there is no such market.
          const victim = i % 2 === 1 ? (holder ?? 0) : (owner ?? (holder === undefined ? 1 : 1 - holder));
          const roles = [victim === holder && 'feed lease holder', victim === owner && `owner of the hot market ${hot}`].filter(Boolean);
          fault = `kill -9 process ${victim}${roles.length ? ` (${roles.join(', ')})` : ''}, restarted`;
          await bank.cluster.kill(victim);
          await sleep(1_000);
          await bank.cluster.restart(victim);
        },
      });
      report(`crash ${i}/${crashes}`, fault, run, bank);
    }
    // The lease moved or stayed, but one process holds it once the dust settles (takeover ~10 s).
    await sleep(12_000);
    const holder = await leaseHolder(bank.cluster.urls, 'feed');
    if (holder === undefined) console.log('VIOLATION: no process holds the feed lease after the crashes');
    if (holder === undefined) violations.push('feed lease not held after the crash runs');
  });
}

async function brokerCase(): Promise<void> {
  const nats = await PrivateNats.onFreePort();
  await nats.start();
  try {
    await withCluster({ BROKER_URL: nats.url }, async (bank) => {
      const readiness: string[] = [];
      const window: string[] = [];
      const run = await bankRun(bank, {
        durationMs: LOAD_MS,
        bettors: BETTORS,
        liveClients: LIVE_CLIENTS,
        midway: async () => {
          window.push(new Date().toISOString());
          await nats.stop();
          await sleep(2_000);
          readiness.push(...(await readyStates(bank)));
          await nats.start();
          window.push(new Date().toISOString());
          await sleep(3_000);
          readiness.push(...(await readyStates(bank)));
        },
      });
      report(
        'broker',
        `nats-server killed for 2 s (${window.join(' to ')}), started again; /api/ready down then up: ${readiness.join(' ')}`,
        run,
        bank,
      );
      if (!readiness.slice(0, 2).every((s) => s === '503') || !readiness.slice(2).every((s) => s === '200'))
        violations.push(`broker: /api/ready answered ${readiness.join(' ')} (want 503 503 while down, 200 200 after)`);
    });
  } finally {
    await nats.stop();
  }
}

async function readyStates(bank: BankCluster): Promise<string[]> {
  return Promise.all(bank.cluster.urls.map(async (u) => String(await fetch(`${u}/api/ready`).then((r) => r.status, () => 'none'))));
}

/** One look, during a fault, at the database (a connection of our own) and at each process's /api/ready. */
interface Probe {
  at: number;
  database: boolean;
  ready: string[];
}

async function probe(bank: BankCluster): Promise<Probe> {
  const at = Date.now();
  const [database, ready] = await Promise.all([
    (async () => {
      const client = new pg.Client({ connectionString: bank.cluster.databaseUrl, connectionTimeoutMillis: 1_000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    })(),
    readyStates(bank),
  ]);
  return { at, database, ready };
}

async function postgresCase(): Promise<void> {
  await withCluster({}, async (bank) => {
    const probes: Probe[] = [];
    let restarted = 0;
    const run = await bankRun(bank, {
      durationMs: LOAD_MS + 6_000,
      bettors: BETTORS,
      liveClients: LIVE_CLIENTS,
      midway: async () => {
        const from = Date.now();
        // Not spawnSync: the bettors must keep calling while the database is down.
        const restart = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'restart'], { stdio: 'inherit' });
        let done = 0;
        const exited = new Promise<number | null>((r) => restart.once('exit', r)).then((code) => ((done = Date.now()), code));
        // Probe until 3 s after pg_ctlcluster returned.
        while (!done || Date.now() - done < 3_000) {
          probes.push(await probe(bank));
          await sleep(100);
        }
        if ((await exited) !== 0) violations.push('postgres: pg_ctlcluster restart failed');
        restarted = done - from;
        // Both processes ready again before the live books are compared.
        for (let i = 0; i < 100 && !(await readyStates(bank)).every((s) => s === '200'); i++) await sleep(200);
      },
    });
    const down = probes.filter((p) => !p.database);
    const window = down.length > 0 ? { from: down[0]!.at, to: probes.find((p) => p.at > down.at(-1)!.at)?.at ?? Date.now() } : undefined;
    // While the database refused us, each process's /api/ready.
    const readyWhileDown = count(down.flatMap((p) => p.ready));
    // The calls in flight while it was down: answered 200 (each is checked by the checker), refused, or unknown.
    const overlapping = window ? run.log.calls.filter((c) => c.from < window.to && c.to > window.from) : [];
    const outcomes = count(overlapping.map((c) => (c.outcome === 'ok' ? '200' : `${c.outcome} ${c.status ?? ''} ${c.code ?? ''}`.replace(/ +/g, ' ').trim())));
    const fault = window
      ? `PostgreSQL restarted (pg_ctlcluster ${restarted} ms; refused our connections for ${window.to - window.from} ms, from ${new Date(window.from).toISOString()}): /api/ready while down: ${fmt(readyWhileDown)}; calls in flight then: ${fmt(outcomes)}`
      : `PostgreSQL restarted (pg_ctlcluster ${restarted} ms), but never seen down by the probe`;
    report('postgres', fault, run, bank);
    if (!window) violations.push('postgres: the database was never seen down (no outage to check)');
    if (readyWhileDown.get('200')) violations.push(`postgres: /api/ready answered 200 while the database refused connections (${fmt(readyWhileDown)})`);
    // A refusal given then is an answer too: the checker holds that no refused bet exists and no refused casino call moved money.
    // Resumed: both processes ready again.
    const ready = await readyStates(bank);
    if (!ready.every((s) => s === '200')) {
      violations.push(`postgres: /api/ready after the restart: ${ready.join(' ')}`);
      ready.forEach((s, i) => s !== '200' && console.log(`--- process ${i}'s last output:\n${bank.cluster.output(i).slice(-4_000)}`));
    }
  });
}

function count(xs: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const x of xs) out.set(x, (out.get(x) ?? 0) + 1);
  return out;
}
const fmt = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} x${v}`).join(', ') || 'none';

const violations: string[] = [];
const started = Date.now();
if (cases.includes('crash')) await crashCases();
if (cases.includes('broker')) await brokerCase();
if (cases.includes('postgres')) await postgresCase();

for (const row of rows) if (row.run.failed.length > 0) violations.push(`${row.name}: ${row.run.failed.map((c) => c.name).join('; ')}`);
const sum = (row: Row, f: 'attempted' | 'acknowledged' | 'refused' | 'unknown') => [...row.run.log.tallies.values()].reduce((s, t) => s + t[f], 0);
console.log(`\nproof: ${rows.length} runs in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const live = (row: Row) => row.run.live ?? { clients: 0, markets: 0, deltas: 0, reconnects: 0, mismatches: 0 };
const columns = ['attempted', 'acked', 'refused', 'unknown', 'errors', 'checks', 'live', 'markets', 'deltas', 'reconn', 'mismatch'];
console.log(['case'.padEnd(12), ...columns.map((h) => h.padStart(10)), '  fault'].join(''));
for (const row of rows) {
  const l = live(row);
  const cells = [...(['attempted', 'acknowledged', 'refused', 'unknown'] as const).map((f) => sum(row, f)), row.run.log.serverErrors.length, `${row.run.checks.length - row.run.failed.length}/${row.run.checks.length}`, l.clients, l.markets, l.deltas, l.reconnects, l.mismatches];
  console.log([row.name.padEnd(12), ...cells.map((c) => String(c).padStart(10)), `  ${row.fault}`].join(''));
}
const total = rows.reduce((s, r) => s + sum(r, 'acknowledged'), 0);
console.log(`acknowledged operations checked: ${total}; violations: ${violations.length}`);
for (const v of violations) console.log(`VIOLATION ${v}`);
process.exit(violations.length > 0 ? 1 : 0);
