/**
 * Signing in to the console (ADR 36): the bettor login's path (password, login limit, locks,
 * security auth, activity log) through a door that lets in agents and the root only. A bettor
 * whose password checks out is refused before any session is opened.
 */
import type { ConsoleLogin, ConsoleUser } from '@exchange/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RequestOrigin } from '../activity.ts';
import { accountOfUser } from '../money/index.ts';
import { termsAt, termsHistory, termsView } from '../partnership/index.ts';
import { openSession, type AccountServices, type LoginDoor, type LoginInput } from '../user-account.ts';
import { findUserById, flag, type User } from '../users.ts';
import { moneyOf } from './figures.ts';

const CONSOLE: LoginDoor = {
  admit: (user) =>
    user.role === 'user'
      ? new AppError(403, 'CONSOLE_FOR_AGENTS', 'This console is for agents and the operator. Bettors log in on the main site.')
      : null,
  detail: 'console',
};

/** Who is signed in, with its figures in force `now` (the most it can give an agent it creates). */
async function consoleUser(db: DbOrTx, user: User, now: Date): Promise<ConsoleUser> {
  if (user.role === 'user') throw new Error(`User ${user.id} is a bettor, not a console user`);
  const account = await accountOfUser(db, user.id);
  const history = await termsHistory(db, [user.id]);
  return {
    user_id: user.id,
    user_name: user.userName,
    role: user.role,
    parent_id: user.parentId ?? -1,
    ...moneyOf(account.balancePaise, account.exposurePaise),
    is_change_password: flag(user.isChangePassword),
    security_auth_enabled: flag(user.securityAuthEnabled),
    terms: termsView(termsAt(history, user.id, now), user.role),
  };
}

export async function consoleLogIn(app: AccountServices, input: LoginInput, origin: RequestOrigin): Promise<ConsoleLogin> {
  const { user, token } = await openSession(app, input, origin, CONSOLE);
  return { ...(await consoleUser(app.db, user, app.clock())), usertoken: token };
}

/** console/getMe: the signed-in agent or root, read afresh (the role was checked with the token). */
export async function consoleMe(db: DbOrTx, userId: number, now: Date): Promise<ConsoleUser> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  return consoleUser(db, user, now);
}
