/**
 * Migration 0010 (ADR 41) on a database made before it that already holds two accounts with one
 * mobile number: the migration does not fail (no unique index), the same-mobile report lists the
 * pair, and the number is refused to a new sign-up.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { queryRows, openDatabase, type Schema } from './client.ts';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate.ts';
import { refuseTakenMobile, sharedAccounts } from '../services/signups/index.ts';

const BEFORE = 10;
const folder = mkdtempSync(join(tmpdir(), 'exchange-migrations-before-0010-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrations folder as it was before migration `BEFORE`. */
function migrationsBefore(): string {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < BEFORE) }));
  return folder;
}

it('migrates a database holding two accounts with one mobile number; the report shows them and the number is taken', async () => {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: migrationsBefore() });
    const [root] = await queryRows<{ id: number }>(
      handle.db,
      sql`insert into users (user_name, password_hash, role) values ('root0', 'x', 'root') returning id`,
    );
    await handle.db.execute(
      sql`insert into users (user_name, password_hash, role, parent_id, mobile, dial_code)
          values ('twin_a', 'x', 'user', ${root!.id}, '9876543210', '+91'), ('twin_b', 'x', 'user', ${root!.id}, '09876543210', '+91')`,
    );

    await migrateDatabase(handle);

    const report = await sharedAccounts(handle.db, root!.id, { by: 'mobile', page: 1, limit: 20 }, new Date());
    expect(report.groups.map((g) => ({ key: g.key, users: g.users.map((u) => u.user_name).sort() }))).toEqual([
      { key: '9876543210', users: ['twin_a', 'twin_b'] },
    ]);
    await expect(handle.db.transaction((tx) => refuseTakenMobile(tx, '9876543210', '+91'))).rejects.toMatchObject({
      httpStatus: 409,
      code: 'MOBILE_EXISTS',
    });
  } finally {
    await handle.close();
  }
});
