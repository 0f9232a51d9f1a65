import type { PaymentMethod, PaymentMethods } from '@exchange/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useBalance } from '@/lib/balance';
import { formatAmount } from '@/lib/format';
import { firstErrorPerField } from '@/lib/form-errors';
import { useSignedIn } from '@/lib/session';
import { useWithdraw, type MadeRequest } from '../api/payment-requests';
import { useAttemptRef } from '../lib/attempt';
import {
  addQuickAmount,
  checkWithdraw,
  payoutFields,
  type AmountBounds,
  type WithdrawBody,
  type WithdrawForm as Form,
} from '../lib/payment-forms';
import { AmountField, MadeNotice, MethodSwitch, SendError, TextField } from './form-parts';

function withdrawResolver(bounds: AmountBounds, available: number): Resolver<Form, unknown, WithdrawBody> {
  return (values) => {
    const checked = checkWithdraw(values, bounds, available);
    return checked.ok
      ? { values: checked.body, errors: {} }
      : { values: {}, errors: firstErrorPerField<Form>(checked.issues) };
  };
}

/**
 * Withdraw: an amount up to the balance available now, paid out by bank transfer or UPI to the
 * bettor's account (prefilled from the last one used). The amount is held at once, so the header's
 * balance drops when the request is made, and comes back if the agent rejects it.
 */
export function WithdrawForm({ methods }: { methods: PaymentMethods }) {
  const { data: balance } = useBalance(useSignedIn());
  const available = balance?.available_balance ?? 0;
  const { min_amount, max_amount, saved_accounts: saved } = methods;
  const bounds = useMemo(() => ({ min_amount, max_amount }), [min_amount, max_amount]);
  const resolver = useMemo(() => withdrawResolver(bounds, available), [bounds, available]);
  const firstMethod: PaymentMethod = saved[0]?.method ?? 'BANK';
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<Form, unknown, WithdrawBody>({
    resolver,
    // Checked on submit, then as the bettor types: a message appearing on blur would move the
    // controls under a tap that is landing (the tap is then lost).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { amount: '', method: firstMethod, ...payoutFields(saved, firstMethod) },
  });
  const method = watch('method');
  const [made, setMade] = useState<MadeRequest | null>(null);
  const withdraw = useWithdraw();
  const attempt = useAttemptRef();
  const sending = useRef(false);

  // Saved accounts that arrive after the form opened (a cached list refreshed) fill it while nothing is typed.
  useEffect(() => {
    const { account_name, account_number, ifsc, upi_id } = getValues();
    if (account_name || account_number || ifsc || upi_id || saved.length === 0) return;
    const next = saved[0]!.method;
    const fields = payoutFields(saved, next);
    setValue('method', next);
    for (const [name, value] of Object.entries(fields)) setValue(name as keyof typeof fields, value);
  }, [saved, getValues, setValue]);

  /** Another method: its saved account's details, keeping a name typed when none is saved. */
  const chooseMethod = (next: PaymentMethod) => {
    const fields = payoutFields(saved, next);
    setValue('method', next);
    setValue('account_number', fields.account_number);
    setValue('ifsc', fields.ifsc);
    setValue('upi_id', fields.upi_id);
    if (fields.account_name) setValue('account_name', fields.account_name);
  };

  const onSubmit = handleSubmit(async (body) => {
    if (sending.current) return;
    sending.current = true;
    const clientRef = attempt.refFor(body);
    try {
      const request = await withdraw.mutateAsync({ body, clientRef });
      attempt.done();
      setMade(request);
      setValue('amount', '');
    } catch {
      // shown by SendError from the mutation's error
    } finally {
      sending.current = false;
    }
  });

  return (
    <div className="pay-panel pay-panel--single" data-testid="withdraw-panel">
      {made && <MadeNotice made={made} testId="withdraw-made" />}
      <form
        className="pay-step"
        onSubmit={onSubmit}
        noValidate
        aria-label="Withdraw"
        data-testid="withdraw-form"
      >
        <p className="pay-available">
          <span className="muted">Available balance</span>{' '}
          <strong data-testid="withdraw-available">{formatAmount(available)}</strong>
        </p>
        <AmountField
          input={register('amount')}
          error={errors.amount?.message}
          bounds={bounds}
          onChip={(n) =>
            setValue('amount', addQuickAmount(getValues('amount'), n, bounds), {
              shouldValidate: isSubmitted,
            })
          }
          testId="withdraw-amount"
        />
        <MethodSwitch legend="Pay me by" value={method} onChange={chooseMethod} testId="withdraw-method" />
        <TextField
          label="Account holder name"
          input={register('account_name')}
          error={errors.account_name?.message}
          autoComplete="name"
          testId="withdraw-account-name"
        />
        {method === 'BANK' ? (
          <>
            <TextField
              label="Account number"
              input={register('account_number')}
              error={errors.account_number?.message}
              inputMode="numeric"
              autoComplete="off"
              testId="withdraw-account-number"
            />
            <TextField
              label="IFSC"
              input={register('ifsc')}
              error={errors.ifsc?.message}
              placeholder="e.g. HDFC0001234"
              autoCapitalize="characters"
              autoComplete="off"
              testId="withdraw-ifsc"
            />
          </>
        ) : (
          <TextField
            label="UPI ID"
            input={register('upi_id')}
            error={errors.upi_id?.message}
            placeholder="e.g. name@okaxis"
            autoCapitalize="none"
            autoComplete="off"
            testId="withdraw-upi-id"
          />
        )}
        <p className="pay-hint">
          The amount is held from your balance at once and returned if your agent rejects the request.
        </p>
        <SendError error={withdraw.error} testId="withdraw-error" />
        <button
          type="submit"
          className="btn btn--primary btn--block pay-submit"
          disabled={withdraw.isPending}
          data-testid="withdraw-submit"
        >
          {withdraw.isPending ? 'Sending…' : 'Submit Withdraw Request'}
        </button>
      </form>
    </div>
  );
}
