#!/usr/bin/env node
// `npm run start:cluster`: the product as several server processes on one PostgreSQL, for trying
// the cluster out on one machine (ADR 37; docs/deployment.md for production). Builds as
// `npm start` does, then runs CLUSTER_WORKERS server processes (default 2) sharing PORT through
// Node's cluster module (the primary hands connections round-robin; it serves nothing itself),
// against DATABASE_URL (default postgres://postgres@127.0.0.1:5432/exchange, created if missing)
// and BROKER_URL (default nats://127.0.0.1:4222), with the casino provider beside them. A worker
// that dies is started again; SIGINT / SIGTERM stop everything.
import cluster from 'node:cluster';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildProvider, buildServer, buildWeb } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workers = Number(process.env.CLUSTER_WORKERS || 2);
if (!Number.isInteger(workers) || workers < 1) {
  console.error('start:cluster: CLUSTER_WORKERS must be a whole number of at least 1');
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/exchange';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('start:cluster: DATABASE_URL must be postgres://... (processes cannot share the embedded database)');
  process.exit(1);
}

try {
  buildWeb({ ifStale: true });
  await Promise.all([buildServer(), buildProvider()]);
  await createDatabaseIfMissing(databaseUrl);
} catch (error) {
  console.error(`start:cluster: ${error.message}`);
  process.exit(1);
}

const port = process.env.PORT || '3000';
const env = {
  ...process.env,
  PORT: port,
  DATABASE_URL: databaseUrl,
  BROKER_URL: process.env.BROKER_URL || 'nats://127.0.0.1:4222',
  WALLET_SECRET: process.env.WALLET_SECRET || randomBytes(32).toString('hex'),
  PLATFORM_URL: process.env.PLATFORM_URL || `http://127.0.0.1:${port}`,
  PROVIDER_URL: process.env.PROVIDER_URL || `http://127.0.0.1:${process.env.PROVIDER_PORT || 3001}`,
};

let stopping = false;
const provider = spawn(process.execPath, ['--enable-source-maps', 'apps/casino-provider/dist/server.js'], { cwd: root, stdio: 'inherit', env });
provider.on('exit', (code) => {
  if (!stopping) console.error(`start:cluster: the casino provider ended (code ${code})`);
});

cluster.setupPrimary({ exec: join(root, 'apps/server/dist/server.js'), execArgv: ['--enable-source-maps'] });
const fork = (index) => {
  const worker = cluster.fork({ ...env, PROCESS_NAME: `worker-${index}`, CLUSTER_WORKER_INDEX: String(index) });
  worker.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start:cluster: worker-${index} ended (${signal ?? `code ${code}`}); starting it again`);
    setTimeout(() => fork(index), 1_000);
  });
};
for (let i = 0; i < workers; i++) fork(i);
console.log(`start:cluster: ${workers} server processes on port ${port}, database ${redact(databaseUrl)}, broker ${env.BROKER_URL}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    provider.kill(signal);
    const done = () => Object.keys(cluster.workers ?? {}).length === 0 && (provider.exitCode !== null || provider.signalCode !== null);
    const timer = setInterval(() => done() && process.exit(0), 200);
    setTimeout(() => (clearInterval(timer), process.exit(1)), 15_000).unref();
  });
}

async function createDatabaseIfMissing(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
