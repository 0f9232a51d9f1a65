import { and, count, eq, gt, inArray, lt, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { casinoSports, cups, globalSettings, matches, races, series, sports, users } from '../db/schema/index.ts';
import { accountOfUser, transfer, worldAccount } from '../services/money/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { createUser, findUserByName, type NewUser } from '../services/users.ts';
import {
  CASINO_SPORTS,
  CUPS,
  FIXTURE_SPORT_IDS,
  FIXTURES_AHEAD_MS,
  GLOBAL_SETTINGS,
  SERIES,
  SPORTS,
  binarySeries,
  binarySessions,
  fixtureBatch,
  fixturesAfter,
  istDaysFrom,
  matchDurationMs,
  racingMeetings,
  racingSeries,
} from './catalog-data.ts';

export const DEMO_PASSWORD = 'Demo@1234';
/** Sign-ups are created under this agent. */
export const DEFAULT_AGENT = 'agent1';
export const DEMO_STARTING_BALANCE_PAISE = 10_000_000; // ₹1,00,000

interface DemoUser {
  userName: string;
  role: NewUser['role'];
  parent: string | null;
  isChangePassword?: boolean;
  isSignupUser?: boolean;
  /** Chips given by the parent through the ledger. */
  chipsPaise: number;
  note: string;
}
export const DEMO_USERS: DemoUser[] = [
  { userName: 'admin', role: 'root', parent: null, chipsPaise: 1_000_000_000, note: 'operator (root); the world account funds it' },
  { userName: 'agent1', role: 'agent', parent: 'admin', chipsPaise: 500_000_000, note: 'agent; parent of the demo bettors and of sign-ups' },
  { userName: 'demo1', role: 'user', parent: 'agent1', chipsPaise: DEMO_STARTING_BALANCE_PAISE, note: 'bettor' },
  { userName: 'demo2', role: 'user', parent: 'agent1', isChangePassword: true, chipsPaise: DEMO_STARTING_BALANCE_PAISE, note: 'bettor who must change the password first' },
  { userName: 'demo3', role: 'user', parent: 'agent1', isSignupUser: true, chipsPaise: DEMO_STARTING_BALANCE_PAISE, note: 'sign-up bettor (Deposit/Withdraw shown)' },
];

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Seeds the demo: settings, catalog, users and their starting balances. Idempotent: existing
 * rows are kept, transfers carry fixed idempotency keys, passwords are hashed only for new users.
 */
export async function seed(db: Db, now: Date): Promise<void> {
  await db.insert(globalSettings).values({ id: 1, ...GLOBAL_SETTINGS }).onConflictDoNothing();
  await seedCatalog(db);
  await seedUsers(db, now);
  await refreshFixtures(db, now);
}

/** Sports, series, cups, casino sections: those missing are added (a newer release's, on an older database). */
async function seedCatalog(db: DbOrTx): Promise<void> {
  await db.insert(sports).values(SPORTS).onConflictDoNothing();
  const seriesRows = [
    ...SERIES.map(({ seriesId, sportId, name }) => ({ seriesId, sportId, name })),
    ...racingSeries(),
    ...binarySeries(),
  ];
  await db.insert(series).values(seriesRows).onConflictDoNothing();
  await db.insert(cups).values(CUPS).onConflictDoNothing();
  await db.insert(casinoSports).values(CASINO_SPORTS).onConflictDoNothing();
}

async function seedUsers(db: Db, now: Date): Promise<void> {
  const missing: DemoUser[] = [];
  for (const u of DEMO_USERS) if (!(await findUserByName(db, u.userName))) missing.push(u);
  // Hash in parallel (libuv threads); users are created in order so parents exist first.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  for (const [i, u] of missing.entries()) {
    const parent = u.parent ? await findUserByName(db, u.parent) : undefined;
    await createUser(
      db,
      {
        userName: u.userName,
        passwordHash: hashes[i]!,
        role: u.role,
        parentId: parent?.id ?? null,
        isChangePassword: u.isChangePassword ?? false,
        isSignupUser: u.isSignupUser ?? false,
      },
      now,
    );
  }
  for (const u of DEMO_USERS) {
    const user = await findUserByName(db, u.userName);
    if (!user) throw new Error(`Seed user ${u.userName} missing`);
    const credit = await accountOfUser(db, user.id);
    const parent = u.parent ? await findUserByName(db, u.parent) : undefined;
    const debit = parent ? await accountOfUser(db, parent.id) : await worldAccount(db);
    await transfer(
      db,
      {
        idempotencyKey: `seed:opening:${u.userName}`,
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        amountPaise: u.chipsPaise,
        reason: parent ? 'CHIPS_IN' : 'DEPOSIT',
        remark: parent ? `Chips from ${parent.userName} to ${u.userName}` : `Opening deposit to ${u.userName}`,
      },
      now,
    );
  }
}

const FIRST_FIXTURE_ID = 30_000_001;

/** The id the next generated fixture gets (racing and binary sessions have ids of their own, above). */
export async function nextFixtureId(db: DbOrTx): Promise<number> {
  const [last] = await db
    .select({ id: max(matches.matchId) })
    .from(matches)
    .where(lt(matches.matchId, 50_000_000));
  return (last?.id ?? FIRST_FIXTURE_ID - 1) + 1;
}

/**
 * Keeps the demo catalog alive: fixtures whose time is over stop being in play and listed;
 * racing meetings exist for today and the next 2 IST days; a fresh catalog gets a batch with
 * matches in play; and every active sport keeps fixtures published at least two days ahead
 * (a sport short of them gets its next round after its last one). Published start times are
 * never touched. Run at seed, at every start and by the feed's upkeep.
 */
export async function refreshFixtures(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCatalog(tx);
    for (const sport of SPORTS) {
      await tx
        .update(matches)
        .set({ inPlay: false, isActive: false })
        .where(
          and(
            eq(matches.sportId, sport.sportId),
            eq(matches.isActive, true),
            lt(matches.startTime, new Date(now.getTime() - matchDurationMs(sport.sportId))),
          ),
        );
    }

    for (const day of istDaysFrom(now, 3)) {
      const meetings = racingMeetings(day);
      await tx.insert(matches).values(meetings.map((m) => m.match)).onConflictDoNothing();
      await tx.insert(races).values(meetings.flatMap((m) => m.races)).onConflictDoNothing();
      const sessions = binarySessions(day);
      if (sessions.length > 0) await tx.insert(matches).values(sessions).onConflictDoNothing();
    }

    const [ahead] = await tx
      .select({ n: count() })
      .from(matches)
      .where(and(eq(matches.isActive, true), gt(matches.startTime, now), inArray(matches.sportId, FIXTURE_SPORT_IDS)));
    if ((ahead?.n ?? 0) === 0) await tx.insert(matches).values(fixtureBatch(now, await nextFixtureId(tx)));

    const active = await tx.select({ sportId: sports.sportId }).from(sports).where(eq(sports.isActive, true));
    const last = await tx
      .select({ sportId: matches.sportId, last: max(matches.startTime) })
      .from(matches)
      .where(and(eq(matches.isActive, true), inArray(matches.sportId, FIXTURE_SPORT_IDS)))
      .groupBy(matches.sportId);
    const lastBySport = new Map(last.map((r) => [r.sportId, r.last]));
    const horizon = now.getTime() + FIXTURES_AHEAD_MS;
    for (const { sportId } of active) {
      if (!FIXTURE_SPORT_IDS.includes(sportId)) continue;
      const latest = lastBySport.get(sportId) ?? null;
      if (latest && latest.getTime() > horizon) continue;
      const after = latest && latest.getTime() > now.getTime() ? latest : now;
      await tx.insert(matches).values(fixturesAfter(sportId, after, await nextFixtureId(tx)));
    }
  });
}
