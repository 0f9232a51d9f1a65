import { zodResolver } from '@hookform/resolvers/zod';
import type { AccountTerms, DownlineRow } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog } from '@/console/components';
import { useOwnAccount } from '@/console/lib/own-account';
import { ApiError } from '@/lib/api';
import { formatIst } from '@/lib/format';
import { useSetAccountTerms } from './api/set-account-terms';
import { ownPartnership, partnershipProblem, percentText } from './terms';
import { CommissionFields, PartnershipField } from './terms-fields';

const TermsForm = z.object({
  partnership: percentText('Partnership'),
  match_commission: percentText('Match commission'),
  session_commission: percentText('Session commission'),
  casino_commission: percentText('Casino commission'),
});
type FormIn = z.input<typeof TermsForm>;
type FormOut = z.output<typeof TermsForm>;
type Field = keyof FormOut;

const text = (v: number | null) => (v === null ? '' : String(v));

/** The figures that differ from those in force: only they are sent (an empty field changes nothing). */
function changedTerms(now: AccountTerms, typed: FormOut): Partial<Record<Field, number>> {
  const out: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(typed) as Field[]) {
    const v = typed[field];
    if (v !== undefined && v !== now[field]) out[field] = v;
  }
  return out;
}

/**
 * Change a direct account's partnership (an agent's) and commission rates (agent/setAccountTerms).
 * They apply to markets first bet on after the change: what is already bet keeps its split (ADR 48).
 * A partnership above the caller's own is refused here when that figure is known; one below what
 * the agent has given its own agents, by the server, whose words show under the field.
 */
export function SharesDialog({ user, onClose }: { user: DownlineRow; onClose: () => void }) {
  const own = ownPartnership(useOwnAccount());
  const setAccountTerms = useSetAccountTerms();
  const agent = user.role === 'agent';
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(TermsForm),
    defaultValues: {
      partnership: text(user.terms.partnership),
      match_commission: text(user.terms.match_commission),
      session_commission: text(user.terms.session_commission),
      casino_commission: text(user.terms.casino_commission),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    const changes = changedTerms(user.terms, agent ? values : { ...values, partnership: undefined });
    if (Object.keys(changes).length === 0) {
      setError('root', { message: 'Change a partnership or a commission first' });
      return;
    }
    const problem = partnershipProblem(changes.partnership, own);
    if (problem) {
      setError('partnership', { message: problem });
      return;
    }
    try {
      const answer = await setAccountTerms.mutateAsync({ user_id: user.user_id, ...changes });
      toast.success(`${user.user_name}: new figures from ${formatIst(answer.effective_at)} IST`);
      onClose();
    } catch (err) {
      // A partnership refused (above the caller's, below the agent's own agents') says its bound.
      if (err instanceof ApiError && err.code?.startsWith('PARTNERSHIP_'))
        setError('partnership', { message: err.message });
      else toast.error(err instanceof Error ? err.message : 'The figures could not be saved');
    }
  });

  return (
    <FormDialog
      title={`Shares of ${user.user_name}`}
      onClose={onClose}
      testId="shares-dialog"
      onSubmit={submit}
      submitLabel="Save"
      busy={isSubmitting}
      busyLabel="Saving…"
      formTestId="shares-form"
    >
      <p className="muted console-hint">
        From now on: markets first bet on after the change. What is already bet keeps its split.
      </p>
      {agent && <PartnershipField form={form} own={own} testIdPrefix="shares" />}
      <CommissionFields register={register} errors={errors} testIdPrefix="shares" />
      {errors.root?.message && (
        <p className="field__error" role="alert" data-testid="shares-error">
          {errors.root.message}
        </p>
      )}
    </FormDialog>
  );
}
