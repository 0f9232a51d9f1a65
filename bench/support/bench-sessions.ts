/**
 * The load bench's users and their sessions, written in SQL straight into the bench's own fresh
 * database: 75,000 logins through the API would take minutes of argon2. The rows are the ones the
 * product writes: a user and its ledger account as createUser does (services/users.ts), and a
 * session as SessionStore.create does (the sha256 hex of the bearer token; services/sessions.ts).
 * The tokens are `${prefix}${i}`, i = 0..count-1, with a random prefix per run: the generator
 * rebuilds them without a list. Users are named `${NAME}${i}`, children of `parentId`, and start
 * with nothing: who needs money gets it through the API.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const NAME = 'load';

export interface BenchSessions {
  count: number;
  token(i: number): string;
  /** The user ids of sessions 0..n-1. */
  userIds(n: number): Promise<number[]>;
}

export async function createBenchSessions(
  databaseUrl: string,
  count: number,
  parentId: number,
): Promise<BenchSessions> {
  const prefix = `bench-${randomBytes(12).toString('hex')}-`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // No password can match '!' (not an argon2 hash): these users never log in.
    await client.query(
      `with created as (
         insert into users (user_name, password_hash, role, parent_id)
         select $1 || g, '!', 'user', $2 from generate_series(0, $3 - 1) g
         returning id, user_name
       ), accounts as (
         insert into ledger_accounts (kind, user_id) select 'user', id from created
       )
       insert into sessions (token_hash, user_id)
       select encode(sha256(convert_to($4 || substr(user_name, length($1) + 1), 'UTF8')), 'hex'), id from created`,
      [NAME, parentId, count, prefix],
    );
  } finally {
    await client.end();
  }
  return {
    count,
    token: (i) => `${prefix}${i}`,
    userIds: async (n) => {
      const reader = new pg.Client({ connectionString: databaseUrl });
      await reader.connect();
      try {
        const { rows } = await reader.query<{ id: number; user_name: string }>(
          `select id, user_name from users where user_name = any($1::text[])`,
          [Array.from({ length: n }, (_, i) => `${NAME}${i}`)],
        );
        const byName = new Map(rows.map((r) => [r.user_name, r.id]));
        return Array.from({ length: n }, (_, i) => byName.get(`${NAME}${i}`)!);
      } finally {
        await reader.end();
      }
    },
  };
}
