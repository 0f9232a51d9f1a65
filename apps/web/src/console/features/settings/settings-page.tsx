import { Spinner } from '@/components';
import { refusalText } from '@/console/lib/refusal';
import { useGlobalSettings } from '@/lib/global-settings';
import { CasinoGames } from './casino-games';
import { SiteSettingsForm } from './site-settings-form';
import './settings.css';

/** Site settings (route settings): the bettors' site look and switches, and the casino games on or off. */
export function SettingsPage() {
  const settings = useGlobalSettings();
  return (
    <div data-testid="settings-page">
      <div className="console-page__head">
        <h1>Site settings</h1>
      </div>
      <section className="console-card">
        {settings.data ? (
          // A fresh form when the saved settings are read again (another operator's save).
          <SiteSettingsForm key={settings.dataUpdatedAt} current={settings.data} />
        ) : settings.isError ? (
          <p className="notice notice--error">{refusalText(settings.error)}</p>
        ) : (
          <Spinner label="Loading the settings" />
        )}
      </section>
      <CasinoGames />
    </div>
  );
}
