/**
 * Runs an API suite on every database engine we support: PGlite (in memory, fresh per suite)
 * always, and PostgreSQL (a fresh database on TEST_DATABASE_URL's server, dropped afterwards)
 * when TEST_DATABASE_URL is set. CI must set it: there a missing URL fails instead of skipping.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { endpoints, type BodyOf, type EndpointName, DAY_MS } from '@exchange/contracts';
import { buildApp, type AppOptions } from '../app.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../db/client.ts';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { seed } from '../seed/index.ts';
import { createPostgresDatabase } from './postgres-database.ts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';

export interface TestContext {
  kind: DatabaseHandle['kind'];
  app: FastifyInstance;
  db: Db;
  /** The app's clock; moves only when a test advances it. */
  now(): Date;
  advanceClock(ms: number): void;
  /** Calls an endpoint of the contracts table the way the web client does. */
  call<N extends EndpointName>(name: N, body?: BodyOf<N> | unknown, token?: string, remoteAddress?: string): Promise<CallResult>;
  /** Logs a user in (demo password by default) and returns the token. */
  login(userName: string, password?: string): Promise<string>;
  /** The suite's own folder for deposit receipts (removed after the suite). */
  receiptsDir: string;
}

export interface CallResult {
  statusCode: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the JSON freely
  json: any;
  response: LightMyRequestResponse;
}

type Engine = { kind: DatabaseHandle['kind']; open(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> };

function engines(): Engine[] {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.CI && !url) throw new Error('CI must set TEST_DATABASE_URL: the PostgreSQL suites may not be skipped');
  const list: Engine[] = [
    {
      kind: 'pglite',
      open: async () => ({ handle: await openDatabase({ kind: 'pglite', template: await pgliteTemplate() }), drop: async () => {} }),
    },
  ];
  if (url) list.push({ kind: 'postgres', open: () => freshPostgresDatabase(url) });
  return list;
}

/**
 * A migrated, empty PGlite data dir, dumped once and reused by every suite: starting PGlite from
 * a dump takes about half a second, running initdb and the migrations several. The dump lives in
 * the OS temp folder, keyed by the PGlite version and the migrations, so any change rebuilds it.
 */
export async function pgliteTemplate(): Promise<Blob> {
  // Its package.json is not exported: read it beside the resolved entry point (dist/..).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const key = createHash('sha256').update(readFileSync(join(dirname(entry), '..', 'package.json')));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (statSync(path).isFile()) key.update(file).update(readFileSync(path));
  }
  const file = join(tmpdir(), `exchange-pglite-template-${key.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(handle);
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await handle.close();
    // Write then rename: suites racing to build it never read half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

export async function freshPostgresDatabase(serverUrl: string) {
  const { url, drop } = await createPostgresDatabase(serverUrl);
  // The URL too: a second process's connection to the same database (the cluster suite).
  return { handle: await openDatabase({ kind: 'postgres', url, poolSize: 4 }), url, drop };
}

/** A fresh PostgreSQL database, migrated and seeded with the demo (the suites of several processes). */
export async function seededPostgresDatabase(serverUrl: string) {
  const fresh = await freshPostgresDatabase(serverUrl);
  await migrateDatabase(fresh.handle);
  await seed(fresh.handle.db, new Date());
  return fresh;
}

/**
 * Suites move their clock by hours and days with tokens taken at their start: their sessions do
 * not end by themselves. The lifetimes are tested with the product's rules in
 * routes/user/session-lifetime.test.ts (ADR 42).
 */
const SUITE_SESSION_LIFETIME = { idleMs: 365 * DAY_MS, maxAgeMs: 365 * DAY_MS };

export function describeEachDatabase(
  title: string,
  suite: (ctx: () => TestContext) => void,
  appOptions: Omit<Partial<AppOptions>, 'db'> = {},
): void {
  for (const engine of engines()) {
    describe(`${title} [${engine.kind}]`, () => {
      let ctx: TestContext | undefined;
      let cleanup: (() => Promise<void>) | undefined;

      beforeAll(async () => {
        const { handle, drop } = await engine.open();
        cleanup = async () => {
          await handle.close();
          await drop();
        };
        await migrateDatabase(handle);
        let offsetMs = 0;
        const now = () => new Date(Date.now() + offsetMs);
        await seed(handle.db, now());
        const receiptsDir = mkdtempSync(join(tmpdir(), 'exchange-test-receipts-'));
        const app = buildApp({ db: handle.db, clock: now, checkResponses: true, receiptsDir, sessionLifetime: SUITE_SESSION_LIFETIME, ...appOptions });
        await app.ready();
        cleanup = async () => {
          await app.close();
          await handle.close();
          await drop();
          rmSync(receiptsDir, { recursive: true, force: true });
        };
        ctx = testContextOf(app, handle, { now, advanceClock: (ms) => void (offsetMs += ms) }, receiptsDir);
      });

      afterAll(async () => {
        await cleanup?.();
      });

      suite(() => {
        if (!ctx) throw new Error('Test context used before beforeAll finished');
        return ctx;
      });
    });
  }
}

/** The context of a suite around a built app: calls through `inject()` as the web client makes them. */
export function testContextOf(
  app: FastifyInstance,
  handle: DatabaseHandle,
  clock: Pick<TestContext, 'now' | 'advanceClock'>,
  receiptsDir: string,
): TestContext {
  const call: TestContext['call'] = async (name, body, token, remoteAddress) => {
    const e = endpoints[name];
    const response = await app.inject({
      method: e.method,
      url: `/api/${e.path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(e.method === 'POST' ? { payload: (body ?? {}) as object } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return { statusCode: response.statusCode, json: response.json(), response };
  };
  return {
    kind: handle.kind,
    app,
    db: handle.db,
    ...clock,
    receiptsDir,
    call,
    login: async (userName, password = DEMO_PASSWORD) => {
      const res = await call('login', { user_name: userName, password });
      if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${JSON.stringify(res.json)}`);
      return res.json.data.usertoken as string;
    },
  };
}
