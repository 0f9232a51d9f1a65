import type { PaymentMethod, PaymentMethods } from '@exchange/contracts';
import { useEffect, useMemo } from 'react';
import { useBalance } from '@/lib/balance';
import { formatAmount } from '@/lib/format';
import { useSignedIn } from '@/lib/session';
import { useWithdraw } from '../api/payment-requests';
import {
  checkWithdraw,
  payoutFields,
  type WithdrawBody,
  type WithdrawForm as Form,
} from '../lib/payment-forms';
import { AmountField, MadeNotice, MethodSwitch, RequestSubmit, TextField } from './form-parts';
import { checkedResolver, usePaymentForm, useSendRequest } from './request-form';

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
  const resolver = useMemo(
    () => checkedResolver((values: Form) => checkWithdraw(values, bounds, available)),
    [bounds, available],
  );
  const firstMethod: PaymentMethod = saved[0]?.method ?? 'BANK';
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors },
    amount,
  } = usePaymentForm<Form, WithdrawBody>(resolver, bounds, {
    amount: '',
    method: firstMethod,
    ...payoutFields(saved, firstMethod),
  });
  const method = watch('method');
  const withdraw = useWithdraw();
  const { made, send } = useSendRequest<WithdrawBody>(
    (body, clientRef) => withdraw.mutateAsync({ body, clientRef }),
    () => setValue('amount', ''),
  );

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

  const onSubmit = handleSubmit(send);

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
        <AmountField {...amount} testId="withdraw-amount" />
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
        <RequestSubmit
          error={withdraw.error}
          pending={withdraw.isPending}
          label="Submit Withdraw Request"
          testIdPrefix="withdraw"
        />
      </form>
    </div>
  );
}
