import { ALWAYS_SENT_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind } from '@exchange/contracts';
import { useState } from 'react';
import { Spinner } from '@/components';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings';
import { KIND_LABELS } from '../lib/kinds';
import { BrowserNotificationsSwitch } from './browser-notifications-controls';
import './notifications.css';

/**
 * The bettor's choice of notifications: one switch per kind, saved on each change (a kind
 * switched off is neither listed nor pushed; switched back on, later events are, ADR 51), and
 * the browser's own notifications in this browser. A section for the Settings page; the bell's
 * list shows it under "Settings" meanwhile.
 */
export function NotificationKindsSettings() {
  const { data: settings, isLoading, isError, refetch } = useUserSettings();
  const update = useUpdateUserSettings();
  const [status, setStatus] = useState('');

  if (isLoading) return <Spinner label="Loading the notification settings" />;
  if (isError || !settings)
    return (
      <div className="notif-settings" role="alert">
        <p>The notification settings could not be loaded.</p>
        <button type="button" className="btn btn--small" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );

  const toggle = (kind: NotificationKind, on: boolean) => {
    // The whole list, in the contracts' order, from what is shown (earlier changes included).
    const kinds = NOTIFICATION_KINDS.filter((k) =>
      k === kind ? on : settings.notification_kinds.includes(k),
    );
    setStatus('Saving…');
    update.mutate(
      { notification_kinds: kinds },
      {
        onSuccess: () => setStatus('Saved.'),
        onError: (error) => setStatus(`Not saved: ${error.message}`),
      },
    );
  };

  return (
    <div className="notif-settings" data-testid="notification-kinds-settings">
      <fieldset className="notif-settings__kinds">
        <legend className="notif-settings__legend">Notify me of</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="notif-settings__option">
            <input
              type="checkbox"
              checked={settings.notification_kinds.includes(kind)}
              // Changes to limits and exclusions go out whatever the settings (safer-gambling.md).
              disabled={ALWAYS_SENT_NOTIFICATION_KINDS.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
              data-testid={`notification-kind-${kind}`}
            />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      <BrowserNotificationsSwitch />
      <p className="notif-settings__status" role="status" data-testid="notification-settings-status">
        {status}
      </p>
    </div>
  );
}
