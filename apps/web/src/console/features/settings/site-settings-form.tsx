import { SaveGlobalSettingsRequest, type GlobalSettings } from '@exchange/contracts';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField, Switch } from '@/console/components';
import { toastRefusal } from '@/console/lib/refusal';
import { useSaveSiteSettings } from './api/save-site-settings';
import { HeaderPreview } from './header-preview';
import { PictureField } from './picture-field';

type Colour =
  'bg_primary_color' | 'bg_secondry_color' | 'text_primary_color' | 'text_secondry_color' | 'other_color';

const COLOURS: [Colour, string][] = [
  ['bg_primary_color', 'Header background'],
  ['text_primary_color', 'Header text'],
  ['bg_secondry_color', 'Secondary background (tabs, buttons)'],
  ['text_secondry_color', 'Secondary text'],
  ['other_color', 'Links and accents'],
];

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The fields the form changed, as operator/saveGlobalSettings takes them (only those given change). */
function changedSettings(
  values: GlobalSettings,
  dirty: Partial<Record<keyof GlobalSettings, unknown>>,
): Partial<GlobalSettings> {
  const out: Partial<GlobalSettings> = {};
  for (const key of Object.keys(values) as (keyof GlobalSettings)[])
    if (dirty[key]) Object.assign(out, { [key]: values[key] });
  return out;
}

/**
 * The bettors' site: logo, favicon, title, message, the five colours with a live preview of the
 * bettors' header, the payment gateway and APK switches. Only what changed is sent, checked
 * against the contract first so that its messages show under the fields.
 */
export function SiteSettingsForm({ current }: { current: GlobalSettings }) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm<GlobalSettings>({ defaultValues: current });
  const values = watch();
  const saveSettings = useSaveSiteSettings();

  const submit = handleSubmit(async (all) => {
    const body = changedSettings(all, dirtyFields);
    if (Object.keys(body).length === 0) return;
    const checked = SaveGlobalSettingsRequest.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        setError(String(issue.path[0] ?? 'root') as Path<GlobalSettings>, { message: issue.message });
      return;
    }
    try {
      const saved = await saveSettings.mutateAsync(checked.data);
      reset(saved);
      toast.success('Site settings saved');
    } catch (err) {
      toastRefusal(err);
    }
  });

  const set = (name: keyof GlobalSettings, value: string) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: false });
  return (
    <form className="settings-form" onSubmit={submit} noValidate data-testid="settings-form">
      <div className="settings-form__fields">
        <PictureField
          label="Logo"
          value={values.logo}
          onChange={(v) => set('logo', v)}
          error={errors.logo?.message}
          testId="settings-logo"
        />
        <PictureField
          label="Favicon"
          value={values.favicon}
          onChange={(v) => set('favicon', v)}
          error={errors.favicon?.message}
          testId="settings-favicon"
        />
        <FormField label="Title" error={errors.site_title?.message}>
          <input
            className="input"
            {...register('site_title')}
            aria-invalid={Boolean(errors.site_title)}
            data-testid="settings-title"
          />
        </FormField>
        <FormField
          label="Site message (scrolls under the header; empty: none)"
          error={errors.site_message?.message}
        >
          <textarea
            className="input"
            rows={2}
            {...register('site_message')}
            aria-invalid={Boolean(errors.site_message)}
            data-testid="settings-message"
          />
        </FormField>
        <fieldset className="console-fieldset settings-colours">
          <legend>Colours</legend>
          {COLOURS.map(([name, label]) => (
            <div key={name} className="settings-colour">
              <input
                type="color"
                className="settings-colour__pick"
                value={HEX.test(values[name]) ? values[name].toLowerCase() : '#000000'}
                onChange={(e) => set(name, e.target.value)}
                aria-label={`${label}: pick`}
                data-testid={`settings-${name}-pick`}
              />
              <FormField label={label} error={errors[name]?.message}>
                <input
                  className="input settings-colour__hex"
                  {...register(name)}
                  spellCheck={false}
                  aria-invalid={Boolean(errors[name])}
                  data-testid={`settings-${name}`}
                />
              </FormField>
            </div>
          ))}
        </fieldset>
        <div className="settings-switches">
          <span className="settings-switch">
            <Switch
              checked={values.payment_gateway === '1'}
              onChange={(on) => set('payment_gateway', on ? '1' : '0')}
              label="Payment gateway"
              testId="settings-payment-gateway"
            />
            Payment gateway (online deposits and withdrawals)
          </span>
          <span className="settings-switch">
            <Switch
              checked={values.is_show_apk === '1'}
              onChange={(on) => set('is_show_apk', on ? '1' : '0')}
              label="Android app download"
              testId="settings-apk"
            />
            Offer the Android app (APK)
          </span>
        </div>
      </div>
      <div className="settings-form__preview">
        <h2>Bettors&apos; header</h2>
        <HeaderPreview look={values} />
        <div className="settings-form__save">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={isSubmitting || !isDirty}
            data-testid="settings-save"
          >
            {isSubmitting ? 'Saving…' : 'Save settings'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => reset()}
            disabled={isSubmitting || !isDirty}
            data-testid="settings-reset"
          >
            Undo changes
          </button>
          <span className="muted" aria-live="polite">
            {isDirty ? 'Not saved yet' : 'Saved'}
          </span>
        </div>
      </div>
    </form>
  );
}
