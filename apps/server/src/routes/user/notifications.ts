import type { FastifyInstance } from 'fastify';
import {
  bettorSettings,
  markNotificationsRead,
  notificationsPage,
  updateBettorSettings,
} from '../../services/notifications/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/** The caller's notifications and its own settings (issue 23, ADR 51): each call reads or writes the caller's only. */
export default function notificationRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getNotifications: async ({ body, user }) => ({ data: await notificationsPage(app.db, user.userId, body) }),

    markNotificationsRead: async ({ body, user }) => {
      const data = await markNotificationsRead(app.db, user.userId, body.ids, app.clock());
      return { data, message: data.marked === 1 ? '1 notification marked read' : `${data.marked} notifications marked read` };
    },

    getSettings: async ({ user }) => ({ data: await bettorSettings(app.db, user.userId) }),

    updateSettings: async ({ body, user }) => ({
      data: await updateBettorSettings(app.db, user.userId, body, app.clock()),
      message: 'Settings saved',
    }),
  });
}
