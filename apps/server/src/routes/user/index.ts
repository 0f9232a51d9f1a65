import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { buttonsOf, replaceButtons } from '../../services/buttons.ts';
import { accountOfUser, balanceView } from '../../services/money/index.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../services/passwords.ts';
import { createUser, findUserById, findUserByName, userDetails } from '../../services/users.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

const INVALID_CREDENTIALS = () => new AppError(400, 'INVALID_CREDENTIALS', 'Invalid username or password');

export default function userRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    login: async ({ body, request }) => {
      const attempt = app.loginLimiter.reserve(body.user_name, request.ip);
      if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many failed login attempts. Try again later.');
      const user = await findUserByName(app.db, body.user_name);
      // An unknown name costs one hash too, so timing does not reveal which names exist.
      const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : (await verifyAgainstDummy(body.password), false);
      if (!user || !passwordOk) throw INVALID_CREDENTIALS();
      attempt.succeeded();
      if (user.status !== 'active') throw new AppError(403, 'ACCOUNT_LOCKED', 'Your account is locked. Please contact your agent.');
      const token = await app.sessions.create(app.db, user.id);
      return { data: await userDetails(app.db, user, token), message: 'Login successful' };
    },

    signup: async ({ body }) => {
      if (await findUserByName(app.db, body.user_name)) throw new AppError(409, 'USER_EXISTS', 'User name already exists');
      const agent = await findUserByName(app.db, app.defaultAgent);
      if (!agent) throw new Error(`Default agent ${app.defaultAgent} does not exist`);
      const passwordHash = await hashPassword(body.password);
      const user = await createUser(
        app.db,
        {
          userName: body.user_name,
          passwordHash,
          role: 'user',
          parentId: agent.id,
          isSignupUser: true,
          mobile: body.mobile,
          dialCode: body.dial_code,
        },
        app.clock(),
      );
      const token = await app.sessions.create(app.db, user.id);
      return { data: await userDetails(app.db, user, token), message: 'Sign-up successful' };
    },

    changePassword: async ({ body, user, request }) => {
      // A token holder guessing the current password shares the name's budget with login.
      const attempt = app.loginLimiter.reserve(user.userName, request.ip);
      if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many failed password attempts. Try again later.');
      const current = await findUserById(app.db, user.userId);
      if (!current || !(await verifyPassword(current.passwordHash, body.master_password))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'Old password is incorrect');
      }
      attempt.succeeded();
      const passwordHash = await hashPassword(body.new_password);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, isChangePassword: false }).where(eq(users.id, user.userId));
        await app.sessions.revokeAllOf(tx, user.userId);
      });
      app.sessions.forgetUser(user.userId);
      return { data: undefined, message: 'Password changed successfully. Please log in again.' };
    },

    logout: async ({ user }) => {
      await app.sessions.revoke(user.tokenHash);
      return { data: undefined, message: 'Logged out successfully' };
    },

    getUserBalance: async ({ user }) => {
      const account = await accountOfUser(app.db, user.userId);
      return { data: balanceView(account) };
    },

    getButtonValue: async ({ user }) => ({ data: JSON.stringify(await buttonsOf(app.db, user.userId)) }),

    setButtonValue: async ({ body, user }) => {
      await replaceButtons(app.db, user.userId, body);
      return { data: undefined, message: 'Button values updated' };
    },
  });
}
