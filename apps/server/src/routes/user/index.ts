import type { FastifyInstance } from 'fastify';
import { buttonsOf, replaceButtons } from '../../services/buttons.ts';
import { accountOfUser, balanceView } from '../../services/money/index.ts';
import { markNoticesSeen, unseenNotices } from '../../services/notices.ts';
import { changePassword, logIn, signUp } from '../../services/user-account.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function userRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    login: async ({ body, request }) => ({
      data: await logIn(app, body.user_name, body.password, request.ip),
      message: 'Login successful',
    }),

    signup: async ({ body }) => ({
      data: await signUp(app, { userName: body.user_name, password: body.password, mobile: body.mobile, dialCode: body.dial_code }),
      message: 'Sign-up successful',
    }),

    changePassword: async ({ body, user, request }) => {
      await changePassword(app, user, body.master_password, body.new_password, request.ip);
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

    getNotices: async ({ user }) => ({ data: { notices: await unseenNotices(app.db, user.userId) } }),

    markNoticesSeen: async ({ body, user }) => {
      await markNoticesSeen(app.db, user.userId, body.ids, app.clock());
      return { data: undefined, message: 'Notices marked as seen' };
    },
  });
}
