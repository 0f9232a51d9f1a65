import { PAYMENT_METHODS, type PaymentMethods } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { restrictionText, useRestriction } from '@/lib/safer-gambling';
import { useDeposit } from '../api/payment-requests';
import { checkDeposit, type DepositBody, type DepositForm as Form } from '../lib/payment-forms';
import {
  AmountField,
  DepositLimitLink,
  MadeNotice,
  MethodSwitch,
  RequestSubmit,
  TextField,
} from './form-parts';
import { PayToDetails } from './pay-to-details';
import { ReceiptField } from './receipt-field';
import { checkedResolver, usePaymentForm, useSendRequest } from './request-form';

/**
 * Deposit: pay the agent by UPI or bank transfer (its details shown, each copyable), then tell
 * it the amount, the UTR of the payment and, if at hand, its screenshot. The agent credits the
 * balance when it approves the request.
 */
export function DepositForm({ methods }: { methods: PaymentMethods }) {
  const payable = PAYMENT_METHODS.filter((m) => methods.methods.some((d) => d.method === m));
  const { min_amount, max_amount } = methods;
  // A break or self-exclusion in force: the server refuses deposits, and the page says so first.
  const restriction = useRestriction();
  const bounds = useMemo(() => ({ min_amount, max_amount }), [min_amount, max_amount]);
  const resolver = useMemo(() => checkedResolver((values: Form) => checkDeposit(values, bounds)), [bounds]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors },
    amount,
  } = usePaymentForm<Form, DepositBody>(resolver, bounds, {
    amount: '',
    method: payable[0] ?? 'UPI',
    utr: '',
  });
  const method = watch('method');
  const [receipt, setReceipt] = useState<File | null>(null);
  const deposit = useDeposit();
  const { made, send } = useSendRequest<DepositBody>(
    // The receipt is not part of what keeps the client_ref, as for the server (ADR 33): a retry
    // with another screenshot of a request that was made answers that request instead of refusing
    // its UTR as used.
    (body, clientRef) => deposit.mutateAsync({ body, clientRef, receipt }),
    (body) => {
      setReceipt(null);
      reset({ amount: '', method: body.method, utr: '' });
    },
  );

  if (payable.length === 0)
    return (
      <p className="notice" data-testid="deposit-no-methods">
        Your agent has not added a UPI id or bank account to pay to yet. Please contact your agent.
      </p>
    );

  const onSubmit = handleSubmit(send);

  return (
    <div className="pay-panel" data-testid="deposit-panel">
      {made && <MadeNotice made={made} testId="deposit-made" />}
      {restriction && (
        <p className="notice" role="status" data-testid="deposit-closed">
          {restrictionText(restriction)}. Deposits are closed; withdrawals still work.
        </p>
      )}
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
        <AmountField {...amount} testId="deposit-amount" />
        <DepositLimitLink />
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
        <RequestSubmit
          error={deposit.error}
          pending={deposit.isPending}
          label="Submit Deposit Request"
          testIdPrefix="deposit"
        />
      </form>
    </div>
  );
}
