import { PAYMENT_METHODS, type PaymentMethods } from '@exchange/contracts';
import { useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { firstErrorPerField } from '@/lib/form-errors';
import { useDeposit, type MadeRequest } from '../api/payment-requests';
import { useAttemptRef } from '../lib/attempt';
import {
  addQuickAmount,
  checkDeposit,
  type AmountBounds,
  type DepositBody,
  type DepositForm as Form,
} from '../lib/payment-forms';
import { AmountField, MadeNotice, MethodSwitch, SendError, TextField } from './form-parts';
import { PayToDetails } from './pay-to-details';
import { ReceiptField } from './receipt-field';

function depositResolver(bounds: AmountBounds): Resolver<Form, unknown, DepositBody> {
  return (values) => {
    const checked = checkDeposit(values, bounds);
    return checked.ok
      ? { values: checked.body, errors: {} }
      : { values: {}, errors: firstErrorPerField<Form>(checked.issues) };
  };
}

/**
 * Deposit: pay the agent by UPI or bank transfer (its details shown, each copyable), then tell
 * it the amount, the UTR of the payment and, if at hand, its screenshot. The agent credits the
 * balance when it approves the request.
 */
export function DepositForm({ methods }: { methods: PaymentMethods }) {
  const payable = PAYMENT_METHODS.filter((m) => methods.methods.some((d) => d.method === m));
  const { min_amount, max_amount } = methods;
  const bounds = useMemo(() => ({ min_amount, max_amount }), [min_amount, max_amount]);
  const resolver = useMemo(() => depositResolver(bounds), [bounds]);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<Form, unknown, DepositBody>({
    resolver,
    // Checked on submit, then as the bettor types: a message appearing on blur would move the
    // controls under a tap that is landing (the tap is then lost).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { amount: '', method: payable[0] ?? 'UPI', utr: '' },
  });
  const method = watch('method');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [made, setMade] = useState<MadeRequest | null>(null);
  const deposit = useDeposit();
  const attempt = useAttemptRef();
  // One request on the wire at a time, even for two clicks within one render.
  const sending = useRef(false);

  if (payable.length === 0)
    return (
      <p className="notice" data-testid="deposit-no-methods">
        Your agent has not added a UPI id or bank account to pay to yet. Please contact your agent.
      </p>
    );

  const onSubmit = handleSubmit(async (body) => {
    if (sending.current) return;
    sending.current = true;
    // The same request sent again (a second click, a retry after no answer) keeps its client_ref.
    // The receipt is not part of it, as for the server (ADR 33): a retry with another screenshot
    // of a request that was made answers that request instead of refusing its UTR as used.
    const clientRef = attempt.refFor(body);
    try {
      const request = await deposit.mutateAsync({ body, clientRef, receipt });
      attempt.done();
      setMade(request);
      setReceipt(null);
      reset({ amount: '', method: body.method, utr: '' });
    } catch {
      // shown by SendError from the mutation's error
    } finally {
      sending.current = false;
    }
  });

  return (
    <div className="pay-panel" data-testid="deposit-panel">
      {made && <MadeNotice made={made} testId="deposit-made" />}
      <section className="pay-step" aria-labelledby="deposit-step-pay">
        <h2 className="pay-step__title" id="deposit-step-pay">
          <span className="pay-step__number">1</span> Pay your agent
        </h2>
        <MethodSwitch
          legend="Pay by"
          value={method}
          enabled={payable}
          onChange={(m) => setValue('method', m)}
          testId="deposit-method"
        />
        <PayToDetails details={methods.methods} method={method} />
      </section>
      <form
        className="pay-step"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="deposit-step-tell"
        data-testid="deposit-form"
      >
        <h2 className="pay-step__title" id="deposit-step-tell">
          <span className="pay-step__number">2</span> Tell us about your payment
        </h2>
        <AmountField
          input={register('amount')}
          error={errors.amount?.message}
          bounds={bounds}
          onChip={(n) =>
            setValue('amount', addQuickAmount(getValues('amount'), n, bounds), {
              shouldValidate: isSubmitted,
            })
          }
          testId="deposit-amount"
        />
        <TextField
          label="UTR / reference number"
          input={register('utr')}
          error={errors.utr?.message}
          placeholder="12-digit UTR from your payment app"
          autoComplete="off"
          autoCapitalize="characters"
          hint="Find it in your UPI app or bank statement under the payment's details."
          testId="deposit-utr"
        />
        <ReceiptField file={receipt} onChange={setReceipt} disabled={deposit.isPending} />
        <SendError error={deposit.error} testId="deposit-error" />
        <button
          type="submit"
          className="btn btn--primary btn--block pay-submit"
          disabled={deposit.isPending}
          data-testid="deposit-submit"
        >
          {deposit.isPending ? 'Sending…' : 'Submit Deposit Request'}
        </button>
      </form>
    </div>
  );
}
