import { zodResolver } from '@hookform/resolvers/zod';
import { SetCreditReferenceRequest, type DownlineRow } from '@exchange/contracts';
import { paiseToRupees, roundToPaise } from '@exchange/engine';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog, DecimalInput, FormDialog, FormField, SignedAmount } from '@/console/components';
import { refusalText } from '@/console/lib/refusal';
import { formatAmount } from '@/lib/format';
import { useSetCreditReference } from './api/set-credit-reference';

/** The figure as typed, checked by the contract's own rule once a number. */
const CreditReferenceForm = z.object({
  credit_reference: z
    .string()
    .trim()
    .min(1, 'Enter the credit reference')
    .transform(Number)
    .pipe(z.number({ error: 'Credit reference must be a number' }))
    .pipe(SetCreditReferenceRequest.shape.credit_reference),
});
type FormIn = z.input<typeof CreditReferenceForm>;

/** Client P/L is the balance less the credit reference (ADR 48), worked in paise. */
const clientPl = (balance: number, creditReference: number) =>
  paiseToRupees(roundToPaise(balance) - roundToPaise(creditReference));

/**
 * Set a direct account's credit reference (agent/setCreditReference): the new figure, then a
 * confirmation with the old and the new and the Client P/L after (the balance does not move).
 */
export function CreditReferenceDialog({ user, onClose }: { user: DownlineRow; onClose: () => void }) {
  const setCreditReference = useSetCreditReference();
  const [next, setNext] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, z.output<typeof CreditReferenceForm>>({
    resolver: zodResolver(CreditReferenceForm),
    defaultValues: { credit_reference: String(user.credit_reference) },
  });

  const title = `Credit reference of ${user.user_name}`;
  if (next !== null) {
    const row = (label: string, before: number, after: number, testId: string, signed = false) => (
      <tr>
        <th scope="row">{label}</th>
        <td className="num" data-testid={`${testId}-before`}>
          {signed ? <SignedAmount value={before} /> : formatAmount(before)}
        </td>
        <td className="num" data-testid={`${testId}-after`}>
          <strong>{signed ? <SignedAmount value={after} /> : formatAmount(after)}</strong>
        </td>
      </tr>
    );
    return (
      <ConfirmDialog
        title={title}
        testId="credit-reference-confirm"
        confirmLabel={`Set ${formatAmount(next)}`}
        onClose={onClose}
        onConfirm={async () => {
          try {
            const answer = await setCreditReference.mutateAsync({
              user_id: user.user_id,
              credit_reference: next,
            });
            toast.success(
              `${user.user_name}: credit reference ${formatAmount(answer.credit_reference)}, Client P/L ${formatAmount(answer.client_pl)}`,
            );
          } catch (err) {
            toast.error(refusalText(err, 'The credit reference could not be set'));
            throw err;
          }
        }}
      >
        <p>No chips move: only what {user.user_name}&apos;s P/L is counted from changes.</p>
        <table className="table transfer-table">
          <thead>
            <tr>
              <th />
              <th className="num">Now</th>
              <th className="num">After</th>
            </tr>
          </thead>
          <tbody>
            {row('Credit reference', user.credit_reference, next, 'credit-reference')}
            {row('Balance', user.balance, user.balance, 'credit-reference-balance')}
            {row('Client P/L', user.client_pl, clientPl(user.balance, next), 'credit-reference-pl', true)}
          </tbody>
        </table>
      </ConfirmDialog>
    );
  }

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      size="sm"
      testId="credit-reference-dialog"
      onSubmit={handleSubmit((values) => setNext(values.credit_reference))}
      submitLabel="Continue"
      busy={false}
      formTestId="credit-reference-form"
    >
      <p className="muted console-hint">
        What {user.user_name} was given on credit. Client P/L is the balance less it.
      </p>
      <FormField
        label="Credit reference"
        error={errors.credit_reference?.message}
        errorTestId="credit-reference-error"
      >
        <DecimalInput {...register('credit_reference')} data-testid="credit-reference-amount" />
      </FormField>
    </FormDialog>
  );
}
