import { defineConfig } from 'drizzle-kit';

// Run from the repository root: `npm run db:generate`. The generated SQL is committed and applied
// at start-up, the same files on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
});
