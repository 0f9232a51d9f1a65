/**
 * Setting an account's figures (ADR 48): the partnership an agent gives a child agent and the
 * commission rates, at creation and later. Each change is a new `account_terms` row in force
 * from now, so what is already bet keeps the figures it was bet under.
 *
 * The rules along one branch: a child holds at most what its parent holds (the root 100%, an
 * agent its figure in force, 0 without one), and at least the largest figure of its own agents.
 * Every change locks the caller's row, and a change of a child's figures the child's too, parent
 * first: two changes on one branch (a parent lowering an agent while that agent gives a child
 * more) run one after the other, and the second sees the first.
 */
import { and, eq } from 'drizzle-orm';
import { FULL_SHARE_BP } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { accountTerms, users, type UserRole } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import { directUser, type AgentCaller } from '../downline.ts';
import { bpToPercent, percentToBp, termsAt, termsHistory, termsView, type Terms } from './terms.ts';

/** The figures a call gives, in percent; a figure left out keeps its value (0 for a new account). */
export interface TermsFields {
  partnership?: number;
  match_commission?: number;
  session_commission?: number;
  casino_commission?: number;
}

/** What the calls here need of the app. */
export interface TermsServices {
  db: DbOrTx;
  clock: Clock;
}

const NONE: Terms = { partnershipBp: 0, rates: { matchBp: 0, sessionBp: 0, casinoBp: 0 } };

/** A bettor takes its agent's shares: a figure of its own would mean nothing. */
export function refuseBettorPartnership(role: UserRole, fields: TermsFields): void {
  if (role === 'user' && fields.partnership !== undefined)
    throw new AppError(400, 'VALIDATION_ERROR', "A bettor has no partnership: it takes its agent's shares");
}

/**
 * Locks these accounts' rows one by one in the order given (a parent before its child, as every
 * change takes them, so two changes never wait on each other in a circle); their roles. FOR NO
 * KEY UPDATE, not FOR UPDATE: creating a user takes a key-share lock on its parent's row (the
 * foreign key), and two creations under one parent that then asked FOR UPDATE of it would
 * deadlock (seen in the cluster's bank workload); NO KEY UPDATE excludes the other changes all the same.
 */
async function lockAccounts(tx: DbOrTx, userIds: readonly number[]): Promise<Map<number, UserRole>> {
  const roles = new Map<number, UserRole>();
  for (const id of userIds) {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('no key update');
    if (!row) throw new Error(`User ${id} missing`);
    roles.set(id, row.role);
  }
  return roles;
}

/**
 * The figures in force now of these accounts, read under the locks. "Now" is the clock, or the
 * latest change read when it is later (another process's clock a little ahead): a change
 * committed just before is never missed, and the one about to be written sorts after it.
 */
async function figuresNow(
  tx: DbOrTx,
  userIds: readonly number[],
  clock: Clock,
): Promise<{ at: Date; of(userId: number): Terms }> {
  const history = await termsHistory(tx, userIds);
  let atMs = clock().getTime();
  for (const rows of history.values())
    for (const row of rows) atMs = Math.max(atMs, row.effectiveAt.getTime());
  const at = new Date(atMs);
  return { at, of: (userId) => termsAt(history, userId, at) };
}

/** What an account holds of its downline's P&L: the root all of it, an agent its figure. */
const heldBp = (role: UserRole | undefined, terms: Terms) =>
  role === 'root' ? FULL_SHARE_BP : terms.partnershipBp;

/** The account's own agents (under its lock: none is being added). */
async function agentChildrenOf(tx: DbOrTx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentId, userId), eq(users.role, 'agent')));
  return rows.map((r) => r.id);
}

/** `before` with the given fields applied; a bettor's partnership stays null in the row. */
function applied(before: Terms, fields: TermsFields): Terms {
  const bp = (percent: number | undefined, was: number) =>
    percent === undefined ? was : percentToBp(percent);
  return {
    partnershipBp: bp(fields.partnership, before.partnershipBp),
    rates: {
      matchBp: bp(fields.match_commission, before.rates.matchBp),
      sessionBp: bp(fields.session_commission, before.rates.sessionBp),
      casinoBp: bp(fields.casino_commission, before.rates.casinoBp),
    },
  };
}

/** Refuses a partnership above what the caller holds, naming the most it may give. */
function checkWithinCaller(partnershipBp: number, callerBp: number): void {
  if (partnershipBp > callerBp)
    throw new AppError(
      400,
      'PARTNERSHIP_TOO_HIGH',
      `Partnership can be at most ${bpToPercent(callerBp)}%: you cannot give more than you hold`,
    );
}

async function insertTerms(
  tx: DbOrTx,
  userId: number,
  role: UserRole,
  terms: Terms,
  at: Date,
  setBy: number,
) {
  await tx.insert(accountTerms).values({
    userId,
    partnershipBp: role === 'user' ? null : terms.partnershipBp,
    matchCommissionBp: terms.rates.matchBp,
    sessionCommissionBp: terms.rates.sessionBp,
    casinoCommissionBp: terms.rates.casinoBp,
    effectiveAt: at,
    setBy,
  });
}

/**
 * The first figures of an account the caller has just created, in the creation's transaction:
 * always one row (0 for what is left out), so an account's history starts with its creation.
 */
export async function writeNewAccountTerms(
  tx: DbOrTx,
  caller: AgentCaller,
  account: { id: number; role: UserRole },
  fields: TermsFields,
  clock: Clock,
): Promise<void> {
  refuseBettorPartnership(account.role, fields);
  const roles = await lockAccounts(tx, [caller.userId]);
  const now = await figuresNow(tx, [caller.userId], clock);
  const terms = applied(NONE, fields);
  if (account.role === 'agent')
    checkWithinCaller(terms.partnershipBp, heldBp(roles.get(caller.userId), now.of(caller.userId)));
  await insertTerms(tx, account.id, account.role, terms, now.at, caller.userId);
}

/** "partnership 90% → 80%, match commission 0% → 2%": the figures that differ. */
function changesText(before: Terms, after: Terms, role: UserRole): string {
  const figures: [string, number, number][] = [
    ['match commission', before.rates.matchBp, after.rates.matchBp],
    ['session commission', before.rates.sessionBp, after.rates.sessionBp],
    ['casino commission', before.rates.casinoBp, after.rates.casinoBp],
  ];
  if (role !== 'user') figures.unshift(['partnership', before.partnershipBp, after.partnershipBp]);
  const changed = figures.filter(([, was, now]) => was !== now);
  return changed.length === 0
    ? 'unchanged'
    : changed.map(([name, was, now]) => `${name} ${bpToPercent(was)}% → ${bpToPercent(now)}%`).join(', ');
}

/**
 * Changes a direct account's figures from now: the ones given, the others kept. A partnership
 * only for an agent, at most the caller's own and at least the largest of the account's own
 * agents. In the account's activity log, with the caller as the actor.
 */
export async function setAccountTerms(
  app: TermsServices,
  caller: AgentCaller,
  body: TermsFields & { user_id: number },
  origin?: RequestOrigin,
) {
  const account = await directUser(
    app.db,
    caller,
    body.user_id,
    "Only the account's own agent can set its figures",
  );
  refuseBettorPartnership(account.role, body);
  const { after, at } = await app.db.transaction(async (tx) => {
    const roles = await lockAccounts(tx, [caller.userId, account.id]);
    const children = await agentChildrenOf(tx, account.id);
    const now = await figuresNow(tx, [caller.userId, account.id, ...children], app.clock);
    const before = now.of(account.id);
    const after = applied(before, body);
    if (body.partnership !== undefined) {
      checkWithinCaller(after.partnershipBp, heldBp(roles.get(caller.userId), now.of(caller.userId)));
      const floorBp = Math.max(0, ...children.map((id) => now.of(id).partnershipBp));
      if (after.partnershipBp < floorBp)
        throw new AppError(
          400,
          'PARTNERSHIP_BELOW_DOWNLINE',
          `Partnership can be no less than ${bpToPercent(floorBp)}%: the largest figure this account has given its own agents`,
        );
    }
    await insertTerms(tx, account.id, account.role, after, now.at, caller.userId);
    await recordActivity(
      tx,
      {
        userId: account.id,
        kind: 'TERMS_CHANGED',
        origin,
        detail: changesText(before, after, account.role),
        actorId: caller.userId,
      },
      now.at,
    );
    return { after, at: now.at };
  });
  return { user_id: account.id, ...termsView(after, account.role), effective_at: at.toISOString() };
}
