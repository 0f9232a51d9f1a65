import { PAYMENT_METHODS, type PaymentMethod } from '@exchange/contracts';
import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, NO_ANSWER_MESSAGE } from '@/lib/api';
import { formatAmount, formatRupees } from '@/lib/format';
import { useSaferGambling } from '@/lib/safer-gambling';
import type { MadeRequest } from '../api/payment-requests';
import { quickAmounts, refusalText, type AmountBounds } from '../lib/payment-forms';
import { KIND_LABEL, METHOD_LABEL } from '../lib/request-rows';
import { RequestTable } from './request-table';

/** Amount in rupees with its bounds, and chips that add common amounts to it. */
export function AmountField({
  input,
  error,
  bounds,
  onChip,
  testId,
}: {
  input: UseFormRegisterReturn;
  error: string | undefined;
  bounds: AmountBounds;
  onChip: (amount: number) => void;
  testId: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={testId}>
        Amount
      </label>
      <div className="input-group">
        <span className="input-group__prefix" aria-hidden="true">
          ₹
        </span>
        <input
          id={testId}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Enter amount"
          aria-invalid={Boolean(error)}
          aria-describedby={`${testId}-bounds`}
          data-testid={testId}
          {...input}
        />
      </div>
      <span className="pay-hint" id={`${testId}-bounds`}>
        Min {formatRupees(bounds.min_amount)} · Max {formatRupees(bounds.max_amount)}
      </span>
      <div className="pay-chips" role="group" aria-label="Add an amount">
        {quickAmounts(bounds).map((n) => (
          <button
            key={n}
            type="button"
            className="pay-chip"
            onClick={() => onChip(n)}
            data-testid={`${testId}-chip-${n}`}
          >
            +{formatRupees(n)}
          </button>
        ))}
      </div>
      {error && (
        <span className="field__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * Beside the deposit's amount: what the bettor's deposit limits leave (the lowest of them), or
 * a way to set one; either leads to the safer-gambling page.
 */
export function DepositLimitLink() {
  const { data } = useSaferGambling();
  const left = data?.deposit_left ?? null;
  return (
    <p className="pay-hint pay-limit">
      <Link to="/setting/safer-gambling" data-testid="deposit-limit-link">
        {left === null ? 'Set a deposit limit' : `Deposit limit: ${formatRupees(left)} left`}
      </Link>
    </p>
  );
}

/** UPI or bank transfer, as two large radio buttons; a method with nothing to pay to is off. */
export function MethodSwitch({
  value,
  onChange,
  enabled = PAYMENT_METHODS,
  legend,
  testId,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  enabled?: readonly PaymentMethod[];
  legend: string;
  testId: string;
}) {
  return (
    <fieldset className="pay-methods">
      <legend className="field__label">{legend}</legend>
      {PAYMENT_METHODS.map((m) => (
        <label
          key={m}
          className={`pay-method${value === m ? ' pay-method--on' : ''}${enabled.includes(m) ? '' : ' pay-method--off'}`}
        >
          <input
            type="radio"
            name={testId}
            value={m}
            checked={value === m}
            disabled={!enabled.includes(m)}
            onChange={() => onChange(m)}
            data-testid={`${testId}-${m.toLowerCase()}`}
          />
          {METHOD_LABEL[m]}
        </label>
      ))}
    </fieldset>
  );
}

/** A text field of a payment form with its label and its first error. */
export function TextField({
  label,
  input,
  error,
  testId,
  hint,
  ...rest
}: {
  label: string;
  input: UseFormRegisterReturn;
  error: string | undefined;
  testId: string;
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'inputMode' | 'autoComplete' | 'autoCapitalize'
>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={testId}>
        {label}
      </label>
      <input
        id={testId}
        className="input"
        aria-invalid={Boolean(error)}
        spellCheck={false}
        data-testid={testId}
        {...rest}
        {...input}
      />
      {hint && <span className="pay-hint">{hint}</span>}
      {error && (
        <span className="field__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * Why a request was not made, in words. The server's refusal says it itself; when no answer
 * came, sending again is safe: the same request goes with the same client_ref, made once.
 */
export function SendError({ error, testId }: { error: Error | null; testId: string }) {
  if (!error) return null;
  const text = error instanceof ApiError ? refusalText(error) : NO_ANSWER_MESSAGE;
  const again = !(error instanceof ApiError) || error.retryable;
  return (
    <p className="pay-alert pay-alert--error" role="alert" data-testid={testId}>
      {text}
      {again && ' Sending again will not make a second request.'}
    </p>
  );
}

/** Why the last send failed, if it did, over the form's submit button. */
export function RequestSubmit({
  error,
  pending,
  label,
  testIdPrefix,
}: {
  error: Error | null;
  /** A request on the wire: the button is off and says so. */
  pending: boolean;
  label: string;
  /** `${testIdPrefix}-error` for the error, `${testIdPrefix}-submit` for the button. */
  testIdPrefix: string;
}) {
  return (
    <>
      <SendError error={error} testId={`${testIdPrefix}-error`} />
      <button
        type="submit"
        className="btn btn--primary btn--block pay-submit"
        disabled={pending}
        data-testid={`${testIdPrefix}-submit`}
      >
        {pending ? 'Sending…' : label}
      </button>
    </>
  );
}

/** The request just made: what happens next, and its row as the statement shows it. */
export function MadeNotice({ made, testId }: { made: MadeRequest; testId: string }) {
  const deposit = made.kind === 'DEPOSIT';
  // Above the form: brought into view (a phone's submit button is far below it) and read out.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [made]);
  return (
    <div className="pay-alert pay-alert--success" role="status" tabIndex={-1} ref={box} data-testid={testId}>
      <p className="pay-alert__text">
        {KIND_LABEL[made.kind]} request of {formatAmount(made.amount)} sent.{' '}
        {deposit
          ? 'Your balance is credited when your agent approves it.'
          : `The amount is held from your balance (available now ${formatAmount(made.available_balance)}) and paid out when your agent approves it; a rejected request gives it back.`}{' '}
        <Link to="/report/payment-withdraw">Payment Statement</Link>
      </p>
      <RequestTable rows={[made]} testId={`${testId}-table`} />
    </div>
  );
}
