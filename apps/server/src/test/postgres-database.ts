import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl` (the API suites, the cluster
 * tests), its URL, and how to drop it (forcing out any connection still open).
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
