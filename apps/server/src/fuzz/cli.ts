/**
 * `npm run fuzz`: the long form of the contracts fuzz (docs/reliability.md). FUZZ_RUNS malformed
 * requests (1,000 by default) to every call of the OpenAPI document, per caller, on a fresh
 * seeded PGlite in memory, or on a fresh database of FUZZ_DATABASE_URL's PostgreSQL server.
 * Prints the figures; exits 1 on any 5xx, answer outside the envelope or changed state.
 */
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seed } from '../seed/index.ts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';
import { startProviderStub } from '../test/casino-provider-stub.ts';
import { freshPostgresDatabase } from '../test/databases.ts';
import { fuzzContracts } from './fuzz.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const seedValue = Number(process.env.FUZZ_SEED ?? 20_261_123);
const postgresUrl = process.env.FUZZ_DATABASE_URL;

const database: { handle: DatabaseHandle; drop(): Promise<void> } = postgresUrl
  ? await freshPostgresDatabase(postgresUrl)
  : { handle: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
const provider = await startProviderStub('fuzz-secret', 'fuzz-provider');
try {
  await migrateDatabase(database.handle);
  await seed(database.handle.db, new Date());
  const app = buildApp({ db: database.handle.db, casino: { providerUrl: provider.url, providerId: 'fuzz-provider', walletSecret: 'fuzz-secret' } });
  await app.ready();
  const login = async (user_name: string) =>
    (await app.inject({ method: 'POST', url: '/api/user/login', payload: { user_name, password: DEMO_PASSWORD } })).json().data.usertoken as string;
  const callers = { bettor: await login('demo1'), operator: await login('admin') };
  // A market to aim at, as in the suite: ids in the generated bodies then name real rows.
  const matches = await app.inject({ method: 'POST', url: '/api/match/getMatches', headers: { authorization: `Bearer ${callers.bettor}` }, payload: { sport_id: 4 } });
  const matchId = (matches.json().data as { match_id: number; in_play: boolean }[]).find((m) => !m.in_play)?.match_id;
  await app.inject({
    method: 'POST',
    url: '/api/operator/createMarket',
    headers: { authorization: `Bearer ${callers.operator}` },
    payload: { match_id: matchId, kind: 'EXCHANGE', market_type: 'MATCH_ODDS', name: 'Match Odds', runners: [{ name: 'Home' }, { name: 'Away' }] },
  });

  const report = await fuzzContracts({ app, db: database.handle.db, callers, runs, seed: seedValue });
  await app.close();
  const sorted = (o: Record<string, number>) => Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
  console.log(`engine: ${database.handle.kind}; node ${process.version}; seed ${seedValue}; ${runs} malformed requests per call and caller`);
  console.log(`calls: ${report.calls}`);
  console.log(`requests sent: ${report.requests} (malformed: ${report.malformed}; accepted bodies sent to read-only calls: ${report.acceptedReads})`);
  console.log(`generated bodies the contract accepts, not sent to calls that write: ${report.acceptedNotSent}`);
  console.log(`HTTP statuses: ${sorted(report.statuses).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  console.log(`codes: ${sorted(report.codes).map(([c, n]) => `${c}: ${n}`).join(', ')}`);
  console.log(`5xx: ${report.serverErrors}; answers outside the envelope or wrong: ${report.failures.length}; tables changed: ${report.stateChanged.join(', ') || 'none'}`);
  console.log(`duration: ${(report.durationMs / 1000).toFixed(1)} s`);
  for (const f of report.failures.slice(0, 10)) console.log(JSON.stringify(f));
  process.exitCode = report.serverErrors > 0 || report.failures.length > 0 || report.stateChanged.length > 0 ? 1 : 0;
} finally {
  await provider.close();
  await database.handle.close();
  await database.drop();
}
