import type { FastifyInstance } from 'fastify';
import { originOf } from '../../services/activity.ts';
import { activityLogPage } from '../../services/activity-log.ts';
import { buttonsOf, replaceButtons } from '../../services/buttons.ts';
import { balanceView } from '../../services/money/index.ts';
import { userProfile } from '../../services/profile.ts';
import { disableSecurityAuth, enableSecurityAuth, setupSecurityAuth } from '../../services/security-auth/index.ts';
import { markNoticesSeen, unseenNotices } from '../../services/notices.ts';
import {
  askReopen,
  confirmAskedLimit,
  limitNotice,
  realityCheckNotice,
  saferGambling,
  selfExclude,
  setLimit,
  setRealityCheck,
  takeBreak,
} from '../../services/safer-gambling/index.ts';
import { changePassword, checkOwnPassword, logIn, logOut, signUp } from '../../services/user-account.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';
import { rupeesToPaise } from '@exchange/engine';

const amountPaise = (amount: number | null) => (amount === null ? null : rupeesToPaise(amount));
import notificationRoutes from './notifications.ts';

export default function userRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  /**
   * A break or self-exclusion has just committed. The user's cached sessions are dropped first
   * (the bet path reads the restriction from the session), so no bet gets past the gate from
   * here on; then the unmatched bets are cancelled through the betting service's own cancel
   * (exposure freed, the live push told). A cancel that fails (a market closed meanwhile) leaves
   * the restriction standing: it is logged, not answered.
   */
  const cancelRestingBets = async (userId: number) => {
    app.sessions.forgetUser(userId);
    try {
      await app.betting.cancelAllBets(userId);
    } catch (err) {
      app.log.error({ err, userId }, 'unmatched bets not all cancelled at the start of a break or self-exclusion');
    }
  };

  registerEndpoints(app, registry, {
    login: async ({ body, request }) => ({
      data: await logIn(app, { userName: body.user_name, password: body.password, otp: body.otp }, originOf(request)),
      message: 'Login successful',
    }),

    signup: async ({ body, request }) => ({
      data: await signUp(
        app,
        { userName: body.user_name, password: body.password, mobile: body.mobile, dialCode: body.dial_code },
        originOf(request),
      ),
      message: 'Sign-up successful',
    }),

    changePassword: async ({ body, user, request }) => {
      await changePassword(app, user, body.master_password, body.new_password, originOf(request));
      return { data: undefined, message: 'Password changed successfully. Please log in again.' };
    },

    logout: async ({ user, request }) => {
      await logOut(app, user, originOf(request));
      return { data: undefined, message: 'Logged out successfully' };
    },

    getUserBalance: async ({ user }) => {
      // From memory when no commit has moved it since (ADR 37): the 5 s poll of every open page.
      return { data: balanceView(await app.balances.read(user.userId)) };
    },

    getButtonValue: async ({ user }) => ({ data: JSON.stringify(await buttonsOf(app.db, user.userId)) }),

    setButtonValue: async ({ body, user }) => {
      await replaceButtons(app.db, user.userId, body);
      return { data: undefined, message: 'Button values updated' };
    },

    securityAuthSetup: async ({ user }) => ({
      data: await setupSecurityAuth(app, user),
      message: 'Scan the QR code with your authenticator app, then enter the code it shows',
    }),

    securityAuthEnable: async ({ body, user, request }) => ({
      data: await enableSecurityAuth(app, user, body.code, originOf(request)),
      message: 'Security auth is on. Keep your backup codes somewhere safe: they are shown only once.',
    }),

    securityAuthDisable: async ({ body, user, request }) => ({
      data: await disableSecurityAuth(app, user, body.code, originOf(request)),
      message: 'Security auth is off',
    }),

    getProfile: async ({ user }) => ({ data: await userProfile(app.db, user.userId) }),

    getActivityLog: async ({ body, user }) => ({ data: await activityLogPage(app.db, user.userId, body) }),

    getNotices: async ({ user }) => ({ data: { notices: await unseenNotices(app.db, user.userId) } }),

    markNoticesSeen: async ({ body, user }) => {
      await markNoticesSeen(app.db, user.userId, body.ids, app.clock());
      return { data: undefined, message: 'Notices marked as seen' };
    },

    getSaferGambling: async ({ user }) => ({ data: await saferGambling(app.db, user.userId, app.clock()) }),

    setDepositLimit: async ({ body, user, request }) => {
      const at = app.clock();
      const data = await setLimit(app.db, user.userId, 'DEPOSIT', body.period, amountPaise(body.amount), at, originOf(request));
      app.notifications.tell([limitNotice(user.userId, data, at)]);
      return { data, message: data.pending ? 'Your higher limit waits 24 hours, then your confirmation' : 'Deposit limit set' };
    },

    setLossLimit: async ({ body, user, request }) => {
      const at = app.clock();
      const data = await setLimit(app.db, user.userId, 'LOSS', body.period, amountPaise(body.amount), at, originOf(request));
      app.notifications.tell([limitNotice(user.userId, data, at)]);
      return { data, message: data.pending ? 'Your higher limit waits 24 hours, then your confirmation' : 'Loss limit set' };
    },

    confirmLimit: async ({ body, user, request }) => {
      const at = app.clock();
      const data = await confirmAskedLimit(app.db, user.userId, body.kind, body.period, at, originOf(request));
      app.notifications.tell([limitNotice(user.userId, data, at, true)]);
      return { data, message: 'Limit confirmed' };
    },

    setRealityCheck: async ({ body, user, request }) => {
      const at = app.clock();
      const data = await setRealityCheck(app.db, user.userId, body.minutes, at, originOf(request));
      app.notifications.tell([realityCheckNotice(user.userId, body.minutes, at)]);
      return { data, message: body.minutes === null ? 'Reality check off' : `Reality check every ${body.minutes} minutes` };
    },

    takeBreak: async ({ body, user, request }) => {
      const data = await takeBreak(app.db, user.userId, body.days, app.clock(), originOf(request));
      await cancelRestingBets(user.userId);
      return { data, message: `Your break has started: it ends by itself on ${data.ends_at}` };
    },

    selfExclude: async ({ body, user, request }) => {
      const origin = originOf(request);
      await checkOwnPassword(app, user, body.password, origin);
      const data = await selfExclude(app.db, user.userId, body.months, app.clock(), origin);
      await cancelRestingBets(user.userId);
      return { data, message: `You are self-excluded until ${data.ends_at}: nobody can end it early` };
    },

    askReopen: async ({ user, request }) => {
      const data = await askReopen(app.db, user.userId, app.clock(), originOf(request));
      // The session's copy of the restriction now carries the ask: the account reopens on time.
      app.sessions.forgetUser(user.userId);
      return { data, message: `Your account reopens on ${data.reopens_at}` };
    },
  });
  notificationRoutes(app, registry);
}
