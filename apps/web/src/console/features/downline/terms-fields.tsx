import type { UseFormRegisterReturn } from 'react-hook-form';
import { DecimalInput, FormField } from '@/console/components';
import { COMMISSIONS, formatPercent, percentText, shareSplit, type CommissionName } from './terms';

/**
 * An agent's partnership as the clones show it: Upline / Ours / Downline, from the caller's own
 * figure and the one typed (empty: 0). Without the caller's figure only the Downline is known, and
 * the server's refusal tells the bound.
 */
function ShareSplit({ own, given }: { own: number | null; given: number | undefined }) {
  const downline = given ?? 0;
  const valid = Number.isFinite(downline);
  if (own === null)
    return (
      <p className="muted console-hint" data-testid="share-split">
        Downline <strong data-testid="share-downline">{valid ? formatPercent(downline) : '–'}</strong>: what
        the agent and the agents it creates keep. You can give at most your own partnership.
      </p>
    );
  const split = valid ? shareSplit(own, downline) : null;
  const cell = (label: string, value: number | undefined, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value === undefined ? '–' : formatPercent(value)}</dd>
    </div>
  );
  return (
    <dl className="share-split" data-testid="share-split">
      {cell('Upline', split?.upline, 'share-upline')}
      {cell('Ours', split?.ours, 'share-ours')}
      {cell('Downline', split?.downline, 'share-downline')}
    </dl>
  );
}

/** The partnership field's rule, as the create and shares forms hold it. */
const PARTNERSHIP_TEXT = percentText('Partnership');

/** What the partnership field needs of its form: a field named partnership, typed as text. */
interface PartnershipForm {
  register: (name: 'partnership') => UseFormRegisterReturn;
  watch: (name: 'partnership') => string | undefined;
  formState: { errors: { partnership?: { message?: string } } };
}

/**
 * A sub-agent's partnership (ADR 48): the Downline figure as typed and, under it, the split it
 * makes with the caller's own figure, following what is typed.
 */
export function PartnershipField({
  form,
  own,
  testIdPrefix,
}: {
  form: PartnershipForm;
  own: number | null;
  testIdPrefix: string;
}) {
  const given = PARTNERSHIP_TEXT.safeParse(form.watch('partnership'));
  return (
    <>
      <FormField
        label="Partnership % (Downline)"
        error={form.formState.errors.partnership?.message}
        errorTestId={`${testIdPrefix}-partnership-error`}
      >
        <DecimalInput {...form.register('partnership')} data-testid={`${testIdPrefix}-partnership`} />
      </FormField>
      <ShareSplit own={own} given={given.success ? given.data : Number.NaN} />
    </>
  );
}

/** The three commission rates of an account (the bettor's rebate, ADR 48), in a row where there is room. */
export function CommissionFields({
  register,
  errors,
  testIdPrefix,
}: {
  register: (name: CommissionName) => UseFormRegisterReturn;
  errors: Partial<Record<CommissionName, { message?: string }>>;
  testIdPrefix: string;
}) {
  return (
    <fieldset className="console-fieldset">
      <legend>Commission % (the bettor&apos;s rebate)</legend>
      <div className="console-form__row">
        {COMMISSIONS.map((c) => (
          <FormField
            key={c.name}
            label={c.label}
            hint={c.hint}
            error={errors[c.name]?.message}
            errorTestId={`${testIdPrefix}-${c.name}-error`}
          >
            <DecimalInput {...register(c.name)} data-testid={`${testIdPrefix}-${c.name}`} />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
