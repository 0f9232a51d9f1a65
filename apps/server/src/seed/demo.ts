/**
 * The demo's first start: site settings, the catalog, the demo users and their starting balances
 * (the markets and the market maker come from feed/markets.ts, the fixtures from feed/fixtures.ts).
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountTerms, globalSettings, users } from '../db/schema/index.ts';
import { ensureCatalog, refreshFixtures } from '../feed/index.ts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';
import { accountOfUser, transfer, worldAccount } from '../services/money/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { createUser, findUserByName, type NewUser } from '../services/users.ts';
import { seedPayments } from './payments.ts';

export const DEMO_STARTING_BALANCE_PAISE = 10_000_000; // ₹1,00,000

interface DemoUser {
  userName: string;
  role: NewUser['role'];
  parent: string | null;
  isChangePassword?: boolean;
  isSignupUser?: boolean;
  /** Chips given by the parent through the ledger. */
  chipsPaise: number;
  /** An agent's partnership in basis points (ADR 48), in force from its creation; none: 0%. */
  partnershipBp?: number;
  note: string;
}
export const DEMO_USERS: DemoUser[] = [
  {
    userName: 'admin',
    role: 'root',
    parent: null,
    chipsPaise: 1_000_000_000,
    note: 'operator (root); the world account funds it',
  },
  {
    userName: 'agent1',
    role: 'agent',
    parent: 'admin',
    chipsPaise: 500_000_000,
    // agent1 keeps 80% of its bettors' results and the operator 20%, as a real network runs.
    partnershipBp: 8_000,
    note: 'agent (80% partnership); parent of the demo bettors and of sign-ups',
  },
  {
    userName: 'demo1',
    role: 'user',
    parent: 'agent1',
    chipsPaise: DEMO_STARTING_BALANCE_PAISE,
    note: 'bettor',
  },
  {
    userName: 'demo2',
    role: 'user',
    parent: 'agent1',
    isChangePassword: true,
    chipsPaise: DEMO_STARTING_BALANCE_PAISE,
    note: 'bettor who must change the password first',
  },
  {
    userName: 'demo3',
    role: 'user',
    parent: 'agent1',
    isSignupUser: true,
    chipsPaise: DEMO_STARTING_BALANCE_PAISE,
    note: 'sign-up bettor (Deposit/Withdraw shown; one approved deposit, one pending withdrawal)',
  },
];

/**
 * The site's look and switches at first start. Each text colour reads at 4.5:1 on its background
 * (the tabs' yellow on the secondary blue, links on the page): the site would otherwise adjust it.
 */
const GLOBAL_SETTINGS = {
  logo: '/logo.svg',
  siteMessage:
    'Welcome to Exchange. Beware of phishing websites: enable Security Auth to secure your ID. Bet responsibly.',
  siteTitle: 'Exchange',
  favicon: '/favicon.svg',
  paymentGateway: '1',
  isShowApk: '0',
  bgPrimaryColor: '#0b3d5c',
  bgSecondryColor: '#225a76',
  textPrimaryColor: '#ffffff',
  textSecondryColor: '#f5c518',
  otherColor: '#1a7a43',
} as const;

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Seeds the demo: settings, catalog, users and their starting balances, agent1's payment details
 * and demo3's payment requests. Idempotent: existing
 * rows are kept, transfers carry fixed idempotency keys, passwords are hashed only for new users.
 */
export async function seed(db: Db, now: Date): Promise<void> {
  await db
    .insert(globalSettings)
    .values({ id: 1, ...GLOBAL_SETTINGS })
    .onConflictDoNothing();
  await ensureCatalog(db);
  await seedUsers(db, now);
  await seedPayments(db, now);
  await refreshFixtures(db, now);
}

async function seedUsers(db: Db, now: Date): Promise<void> {
  const missing: DemoUser[] = [];
  for (const u of DEMO_USERS) if (!(await findUserByName(db, u.userName))) missing.push(u);
  // Hash in parallel (libuv threads); users are created in order so parents exist first.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  for (const [i, u] of missing.entries()) {
    const parent = u.parent ? await findUserByName(db, u.parent) : undefined;
    const created = await createUser(
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
    if (u.partnershipBp !== undefined)
      await db.insert(accountTerms).values({
        userId: created.id,
        partnershipBp: u.partnershipBp,
        effectiveAt: now,
        setBy: parent?.id ?? null,
      });
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
        remark: parent
          ? `Chips from ${parent.userName} to ${u.userName}`
          : `Opening deposit to ${u.userName}`,
      },
      now,
    );
  }
}
