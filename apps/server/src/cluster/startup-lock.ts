/**
 * Start-up in turns (ADR 37): processes of a cluster started together would all migrate and seed
 * a new database at once. On PostgreSQL each takes a session advisory lock on a connection of its
 * own first; a process that dies holding it loses its connection, and the lock with it.
 */
import pg from 'pg';
import type { DatabaseTarget } from '../db/client.ts';

/** An arbitrary constant: the key of the start-up lock among this database's advisory locks. */
const STARTUP_LOCK_KEY = 7_316_201;

export interface StartupLock {
  release(): Promise<void>;
}

export async function withStartupLock(target: DatabaseTarget): Promise<StartupLock> {
  if (target.kind !== 'postgres') return { release: async () => undefined };
  const client = new pg.Client({ connectionString: target.url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
