import { zodResolver } from '@hookform/resolvers/zod';
import { RecordSettlementRequest, type RecordedSettlement } from '@exchange/contracts';
import { paiseToRupees, roundToPaise } from '@exchange/engine';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { owedInWords } from '@/console/lib/owed';
import { refusalText } from '@/console/lib/refusal';
import { useSettlementLedger } from '@/console/lib/settlement-ledger';
import { ApiError } from '@/lib/api';
import { newClientRef } from '@/lib/client-ref';
import { formatAmount } from '@/lib/format';
import { useRecordSettlement } from './api/record-settlement';
import { amountText } from './cash-form';
import { AmountRemarkFields, FormStep, StepDialog } from './cash-steps';

const SettlementForm = z.object({
  direction: RecordSettlementRequest.shape.direction,
  amount: amountText(RecordSettlementRequest.shape.amount),
  remark: RecordSettlementRequest.shape.remark,
});
type FormIn = z.input<typeof SettlementForm>;
type FormOut = z.output<typeof SettlementForm>;
type Step =
  | { kind: 'form' }
  | { kind: 'confirm'; values: FormOut }
  | { kind: 'done'; answer: z.output<typeof RecordedSettlement> };

/** The account whose cash it is: a direct account of the caller. */
export interface SettlementAccount {
  user_id: number;
  user_name: string;
}

/**
 * What the account owes the caller after the cash (ADR 48): cash received from it pays down what
 * it owes, cash paid to it adds to it. In paise.
 */
export const owedAfter = (owed: number, { direction, amount }: Pick<FormOut, 'direction' | 'amount'>) =>
  paiseToRupees(roundToPaise(owed) + (direction === 'PAID' ? 1 : -1) * roundToPaise(amount));

/**
 * Record cash taken from or paid to a direct account outside the site (agent/recordSettlement):
 * direction, amount and remark, then a confirmation with what the two owe each other before and
 * after, then the server's figure. No chips move. One client_ref per dialog, so a second click or
 * a lost answer sent again records the cash once; renewed only after the server refused it outright.
 */
export function SettlementDialog({ account, onClose }: { account: SettlementAccount; onClose: () => void }) {
  const ledger = useSettlementLedger(account.user_id);
  const recordSettlement = useRecordSettlement();
  const clientRef = useRef(newClientRef());
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const name = account.user_name;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(SettlementForm),
    defaultValues: { direction: 'RECEIVED', amount: '', remark: '' },
  });
  const owedNow = ledger.data?.owed_by_user;
  const title = `Settlement with ${name}`;

  const send = async (values: FormOut) => {
    setBusy(true);
    try {
      const answer = await recordSettlement.mutateAsync({
        user_id: account.user_id,
        direction: values.direction,
        amount: values.amount,
        remark: values.remark || undefined,
        client_ref: clientRef.current,
      });
      setStep({ kind: 'done', answer });
    } catch (err) {
      // A refusal recorded nothing: the next try is a new settlement. Without an answer it may
      // have been recorded, so the same client_ref goes again.
      if (!(err instanceof ApiError) || !err.retryable) clientRef.current = newClientRef();
      toast.error(refusalText(err, 'The settlement could not be recorded'));
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'done') {
    const { answer } = step;
    return (
      <StepDialog title={title} testIdPrefix="settlement" onClose={onClose}>
        <div role="status" data-testid="settlement-done">
          <p>
            {answer.repeated ? 'Already recorded' : 'Recorded'}:{' '}
            {answer.direction === 'RECEIVED' ? 'received from' : 'paid to'} {name}{' '}
            <strong>{formatAmount(answer.amount)}</strong>.
          </p>
          <p data-testid="settlement-done-owed">
            <strong>{owedInWords(answer.owed_by_user, name, 'you')}</strong>
          </p>
        </div>
      </StepDialog>
    );
  }

  if (step.kind === 'confirm') {
    const { values } = step;
    const verb = values.direction === 'RECEIVED' ? `Received from ${name}` : `Paid to ${name}`;
    return (
      <StepDialog
        title={title}
        testIdPrefix="settlement"
        onClose={onClose}
        confirm={{
          label: `Record ${formatAmount(values.amount)}`,
          busy,
          onBack: () => setStep({ kind: 'form' }),
          onConfirm: () => void send(values),
        }}
      >
        <div data-testid="settlement-preview">
          <p>
            {verb} in cash:{' '}
            <strong data-testid="settlement-preview-amount">{formatAmount(values.amount)}</strong>. No chips
            move.
          </p>
          {owedNow !== undefined && (
            <dl className="transfer-done">
              <dt>Now</dt>
              <dd data-testid="settlement-owed-before">{owedInWords(owedNow, name, 'you')}</dd>
              <dt>After</dt>
              <dd data-testid="settlement-owed-after">
                {owedInWords(owedAfter(owedNow, values), name, 'you')}
              </dd>
            </dl>
          )}
          {values.remark && <p className="muted">Remark: {values.remark}</p>}
        </div>
      </StepDialog>
    );
  }

  return (
    <FormStep
      title={title}
      testIdPrefix="settlement"
      onClose={onClose}
      onSubmit={handleSubmit((values) => setStep({ kind: 'confirm', values }))}
    >
      <p className="muted console-hint" data-testid="settlement-owed-now">
        {owedNow !== undefined
          ? owedInWords(owedNow, name, 'you')
          : ledger.isError
            ? `What ${name} owes could not be read: ${refusalText(ledger.error)}`
            : 'Reading what is owed…'}
      </p>
      <fieldset className="console-form__choice">
        <legend className="field__label">Cash</legend>
        <label>
          <input type="radio" value="RECEIVED" {...register('direction')} data-testid="settlement-received" />{' '}
          Received from {name}
        </label>
        <label>
          <input type="radio" value="PAID" {...register('direction')} data-testid="settlement-paid" /> Paid to{' '}
          {name}
        </label>
      </fieldset>
      <AmountRemarkFields register={register} errors={errors} testIdPrefix="settlement" />
    </FormStep>
  );
}
