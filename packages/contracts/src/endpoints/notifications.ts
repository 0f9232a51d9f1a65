/** The bettor's notifications and its own settings (issue 23). */
import {
  BettorSettings,
  MarkNotificationsReadRequest,
  NotificationsPage,
  NotificationsRead,
  NotificationsRequest,
  UpdateBettorSettings,
} from '../notifications.ts';
import { def, None } from './endpoint.ts';

export const notificationEndpoints = {
  getNotifications: def({
    method: 'POST',
    path: 'user/getNotifications',
    poll: true,
    auth: 'user',
    summary: "The caller's notifications, newest first, with the unread count",
    body: NotificationsRequest,
    data: NotificationsPage,
  }),
  markNotificationsRead: def({
    method: 'POST',
    path: 'user/markNotificationsRead',
    auth: 'user',
    summary: "Mark the caller's notifications read: those given, or (no ids) all of them",
    body: MarkNotificationsReadRequest,
    data: NotificationsRead,
  }),
  getSettings: def({
    method: 'GET',
    path: 'user/getSettings',
    auth: 'user',
    summary: "The caller's own settings: the cash-out confirmation and the kinds of notification received",
    body: None,
    data: BettorSettings,
  }),
  updateSettings: def({
    method: 'POST',
    path: 'user/updateSettings',
    auth: 'user',
    summary: "Change the caller's own settings (the fields given); answers them all",
    body: UpdateBettorSettings,
    data: BettorSettings,
  }),
} as const;
