/**
 * The bettor's notifications and its own settings (issue 23, ADR 51): the module's public
 * surface. `Notifications` turns the commits of this process into stored notifications and tells
 * its listeners of each (the live push, the bus); the reads and writes below serve the caller's
 * own calls (user/getNotifications, user/markNotificationsRead, user/getSettings,
 * user/updateSettings), each scoped to the caller.
 */
export { Notifications, type NotificationSources, type NotificationsDeps } from './service.ts';
export {
  bettorSettings,
  markNotificationsRead,
  muteNotifications,
  notificationsPage,
  updateBettorSettings,
  type NotificationDraft,
  type StoredNotification,
} from './store.ts';
