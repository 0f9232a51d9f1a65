import type { BettorSettings, UpdateBettorSettings } from '@exchange/contracts';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PageFrame, Spinner } from '@/components';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings';
import './settings.css';

/** One group of settings under its heading (the page lists them one under another). */
function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 className="settings-section__title" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A setting switched on or off, saved as soon as it changes; its description under the label. */
function SettingSwitch({
  label,
  description,
  checked,
  saving,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean;
  saving: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const descriptionId = useId();
  return (
    <div className="setting">
      <label className="setting__label">
        <input
          type="checkbox"
          checked={checked}
          disabled={saving}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={descriptionId}
          data-testid={testId}
        />
        {label}
      </label>
      <p className="setting__description" id={descriptionId}>
        {description}
      </p>
    </div>
  );
}

/** The cash-out confirmation (the Cash Out button's dialog, which can also turn it off). */
function CashOutSettings({
  settings,
  save,
  saving,
}: {
  settings: BettorSettings;
  save: (change: UpdateBettorSettings) => void;
  saving: boolean;
}) {
  return (
    <SettingsSection title="Cash out">
      <SettingSwitch
        label="Confirm before cash out"
        description="Show the value and the hedge bets, and ask before a cash out is placed."
        checked={settings.confirm_cash_out}
        saving={saving}
        onChange={(confirm_cash_out) => save({ confirm_cash_out })}
        testId="setting-confirm-cash-out"
      />
    </SettingsSection>
  );
}

/**
 * /setting/preferences: the bettor's own settings (user/getSettings), each saved as it changes
 * (user/updateSettings). One section per subject, each given the settings and `save`; other
 * features' sections come in `sections` (ADR 29: the notifications' kinds).
 */
export function SettingsPage({ sections }: { sections?: ReactNode }) {
  const { data: settings, error, isPending } = useUserSettings();
  const update = useUpdateUserSettings();
  const save = (change: UpdateBettorSettings) =>
    update.mutate(change, {
      onSuccess: () => toast.success('Settings saved'),
      onError: (err) => toast.error(err.message),
    });
  return (
    <PageFrame title="Settings" testId="settings-page">
      {isPending ? (
        <Spinner label="Loading your settings" />
      ) : error ? (
        <p className="settings__error">{error.message}</p>
      ) : (
        <>
          <CashOutSettings settings={settings} save={save} saving={update.isPending} />
          {sections}
        </>
      )}
    </PageFrame>
  );
}
