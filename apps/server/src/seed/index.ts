import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { casinoSports, cups, globalSettings, matches, races, series, sports, users } from '../db/schema/index.ts';
import { accountOfUser, transfer, worldAccount } from '../services/ledger.ts';
import { hashPassword } from '../services/passwords.ts';
import { createUser, findUserByName, type NewUser } from '../services/users.ts';
import {
  CASINO_SPORTS,
  CUPS,
  GLOBAL_SETTINGS,
  SERIES,
  SPORT_ID,
  SPORTS,
  fixtureBatch,
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

async function seedCatalog(db: Db): Promise<void> {
  await db.insert(sports).values(SPORTS).onConflictDoNothing();
  const seriesRows = [...SERIES.map(({ seriesId, sportId, name }) => ({ seriesId, sportId, name })), ...racingSeries()];
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

const RACING_SPORT_IDS = [SPORT_ID.HORSE_RACING, SPORT_ID.GREYHOUND_RACING] as number[];
const FIRST_FIXTURE_ID = 30_000_001;

/**
 * Keeps the demo catalog alive without a feed: fixtures whose time is over stop being in play
 * and listed; racing meetings exist for today and the next 2 IST days; when no other fixture
 * lies ahead, a new batch is generated relative to the clock. Run at seed and at every start.
 */
export async function refreshFixtures(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
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
    }

    const [ahead] = await tx
      .select({ n: count() })
      .from(matches)
      .where(and(eq(matches.isActive, true), gt(matches.startTime, now), sql`${matches.sportId} not in (${sql.join(RACING_SPORT_IDS, sql`, `)})`));
    if ((ahead?.n ?? 0) > 0) return;
    const [last] = await tx
      .select({ id: max(matches.matchId) })
      .from(matches)
      .where(lt(matches.matchId, 50_000_000));
    await tx.insert(matches).values(fixtureBatch(now, (last?.id ?? FIRST_FIXTURE_ID - 1) + 1));
  });
}
