export { NotificationBell } from './components/notification-bell';
export { NotificationKindsSettings } from './components/notification-kinds-settings';
