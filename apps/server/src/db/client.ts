import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the database in memory (tests); template starts from a dumped data dir. */
  | { kind: 'pglite'; dataDir?: string; template?: Blob };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

const betPools = new WeakMap<object, pg.Pool>();
/** The pool reserved for the bet statement on PostgreSQL (generic plans), if `db` has one. */
export const betPoolOf = (db: object): pg.Pool | undefined => betPools.get(db);

/**
 * The data folder: DATA_DIR, else defaultDataDir, relative to the working directory (the
 * repository root under `npm start`). PGlite's files live there, and so do the files the server
 * keeps whatever the database (deposit receipts), PostgreSQL or not.
 */
export const dataDirFromEnv = (env: NodeJS.ProcessEnv, defaultDataDir: string): string => resolve(env.DATA_DIR || defaultDataDir);

/** DATABASE_URL (postgres://...) selects PostgreSQL; otherwise PGlite in dataDir. */
export function targetFromEnv(env: NodeJS.ProcessEnv, defaultDataDir: string): DatabaseTarget {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: dataDirFromEnv(env, defaultDataDir) };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection can be cut by the server (restart, admin command); without a listener
    // node-postgres would throw it as an uncaught error and end the process. The pool replaces it.
    pool.on('error', (err) => console.warn(`database: idle connection closed: ${err.message}`));
    // A connection checked out between two queries (in a transaction, or held by the bet statement)
    // is no longer the pool's to watch: its cut (57P01 at a PostgreSQL restart) is emitted on the
    // client and, unheard, ends the process. Heard, the next query on it fails and the pool drops it.
    pool.on('connect', (client) => client.on('error', (err) => console.warn(`database: connection closed in use: ${err.message}`)));
    // Fail fast on a wrong URL instead of at the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // The bet statement's own connections (services/money/bet-statement.ts): planned once as a generic plan,
    // a setting that must not change the plans of the other queries on the main pool.
    const betPool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    betPool.on('error', (err) => console.warn(`database: idle bet connection closed: ${err.message}`));
    betPool.on('connect', (client) => client.on('error', (err) => console.warn(`database: bet connection closed in use: ${err.message}`)));
    betPools.set(db, betPool);
    return { db, kind: 'postgres', close: async () => void (await Promise.all([pool.end(), betPool.end()])) };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.template });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer with `{ rows }`; numbers that do not
 * fit a JS number (bigint, numeric) may come back as strings, so callers convert with Number().
 */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute<T>(query)) as unknown as { rows: T[] };
  return result.rows;
}
