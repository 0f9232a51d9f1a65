import { zodResolver } from '@hookform/resolvers/zod';
import { TransferChipsRequest, type DownlineRow } from '@exchange/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useOwnAccount } from '@/console/lib/own-account';
import { ApiError } from '@/lib/api';
import { newClientRef } from '@/lib/client-ref';
import { formatAmount } from '@/lib/format';
import { useTransferChips } from './api/transfer-chips';
import { amountText } from './cash-form';
import { AmountRemarkFields, FormStep, StepDialog } from './cash-steps';
import { transferPreview, type TransferDirection } from './transfer';

/** The form's fields: the amount as typed, checked by the contract's own rule once a number. */
const TransferForm = z.object({
  amount: amountText(TransferChipsRequest.shape.amount),
  remark: TransferChipsRequest.shape.remark,
});
type FormIn = z.input<typeof TransferForm>;
type FormOut = z.output<typeof TransferForm>;

type Done = { user_balance: number; agent_balance: number; amount: number };
type Step = { kind: 'form' } | { kind: 'confirm'; values: FormOut } | { kind: 'done'; answer: Done };

const WORDS = {
  deposit: { title: 'Deposit chips to', verb: 'Deposit', done: 'Deposited' },
  withdraw: { title: 'Withdraw chips from', verb: 'Withdraw', done: 'Withdrew' },
} as const;

function BalanceRows({ rows }: { rows: { label: string; before: number; after: number; testId: string }[] }) {
  return (
    <table className="table transfer-table">
      <thead>
        <tr>
          <th />
          <th className="num">Before</th>
          <th className="num">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.testId}>
            <th scope="row">{r.label}</th>
            <td className="num" data-testid={`${r.testId}-before`}>
              {formatAmount(r.before)}
            </td>
            <td className="num" data-testid={`${r.testId}-after`}>
              <strong>{formatAmount(r.after)}</strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Deposit or withdraw chips for a direct user (ADR 32): amount and remark, then a confirmation
 * with both balances before and after (from the row and the caller's fresh balance), then the
 * server's figures. One client_ref per dialog, so a second click or a lost answer sent again
 * moves the chips once; it is renewed only after the server refused the transfer outright.
 */
export function TransferDialog({
  user,
  direction,
  onClose,
}: {
  user: DownlineRow;
  direction: TransferDirection;
  onClose: () => void;
}) {
  const own = useOwnAccount();
  const transferChips = useTransferChips();
  const clientRef = useRef(newClientRef());
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const words = WORDS[direction];
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(TransferForm),
    defaultValues: { amount: '', remark: '' },
  });

  // Back from the confirmation: the amount again, ready to change.
  useEffect(() => {
    if (step.kind === 'form') setFocus('amount');
  }, [step.kind, setFocus]);

  const previewOf = (amount: number) =>
    transferPreview(direction, amount, user, own ?? { balance: 0, available: 0 });

  const toConfirm = handleSubmit((values) => {
    const problem = previewOf(values.amount).problem;
    if (problem) setError('amount', { message: problem });
    else setStep({ kind: 'confirm', values });
  });

  const send = async (values: FormOut) => {
    setBusy(true);
    try {
      const answer = await transferChips.mutateAsync({
        user_id: user.user_id,
        amount: values.amount,
        direction,
        remark: values.remark || undefined,
        client_ref: clientRef.current,
      });
      setStep({
        kind: 'done',
        answer: {
          user_balance: answer.user_balance,
          agent_balance: answer.agent_balance,
          amount: answer.amount,
        },
      });
    } catch (err) {
      // A refusal moved nothing: the next try is a new transfer. Without an answer it may have
      // been made, so the same client_ref goes again.
      if (!(err instanceof ApiError) || !err.retryable) clientRef.current = newClientRef();
      toast.error(err instanceof Error ? err.message : 'The transfer failed');
    } finally {
      setBusy(false);
    }
  };

  const title = `${words.title} ${user.user_name}`;
  if (step.kind === 'done') {
    return (
      <StepDialog title={title} testIdPrefix="transfer" onClose={onClose}>
        <div data-testid="transfer-done" role="status">
          <p>
            {words.done} <strong>{formatAmount(step.answer.amount)}</strong>.
          </p>
          <dl className="transfer-done">
            <dt>{user.user_name}&apos;s balance</dt>
            <dd data-testid="transfer-done-user-balance">{formatAmount(step.answer.user_balance)}</dd>
            <dt>Your balance</dt>
            <dd data-testid="transfer-done-agent-balance">{formatAmount(step.answer.agent_balance)}</dd>
          </dl>
        </div>
      </StepDialog>
    );
  }

  if (step.kind === 'confirm') {
    const preview = previewOf(step.values.amount);
    return (
      <StepDialog
        title={title}
        testIdPrefix="transfer"
        onClose={onClose}
        confirm={{
          label: `${words.verb} ${formatAmount(step.values.amount)}`,
          busy,
          onBack: () => setStep({ kind: 'form' }),
          onConfirm: () => void send(step.values),
        }}
      >
        <div data-testid="transfer-preview">
          <p>
            {words.verb}{' '}
            <strong data-testid="transfer-preview-amount">{formatAmount(step.values.amount)}</strong>{' '}
            {direction === 'deposit' ? 'to' : 'from'} <strong>{user.user_name}</strong>?
          </p>
          <BalanceRows
            rows={[
              { label: `${user.user_name}`, ...preview.user, testId: 'transfer-user' },
              { label: 'You', ...preview.agent, testId: 'transfer-agent' },
            ]}
          />
          {step.values.remark && <p className="muted">Remark: {step.values.remark}</p>}
        </div>
      </StepDialog>
    );
  }

  return (
    <FormStep
      title={title}
      testIdPrefix="transfer"
      onClose={onClose}
      onSubmit={toConfirm}
      formClassName="transfer-form"
    >
      <dl className="transfer-now">
        <dt>{user.user_name} available</dt>
        <dd>{formatAmount(user.available)}</dd>
        <dt>Your available</dt>
        <dd data-testid="transfer-own-available">{own ? formatAmount(own.available) : '…'}</dd>
      </dl>
      <AmountRemarkFields register={register} errors={errors} testIdPrefix="transfer" />
    </FormStep>
  );
}
