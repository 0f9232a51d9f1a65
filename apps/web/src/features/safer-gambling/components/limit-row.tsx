import type { LimitView } from '@exchange/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatRupees } from '@/lib/format';
import { useConfirmLimit, useSetLimit } from '../api/safer-gambling';
import {
  KIND_LABEL,
  PERIOD_LABEL,
  amountText,
  istShort,
  parseLimit,
  pendingText,
  refusalText,
} from '../lib/limits';

/** Re-renders when `at` (ms) comes, so a button waiting for it turns on by itself. */
function useReached(at: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= now) return;
    // Within a timer's range (under 24.8 days): a change waits 24 hours.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && at <= now;
}

/** The change waiting: its amount and time, and Confirm once the 24 hours are over. */
function PendingChange({ limit, testId }: { limit: LimitView; testId: string }) {
  const pending = limit.pending!;
  const ready = useReached(Date.parse(pending.confirmable_at));
  const confirm = useConfirmLimit();
  const onConfirm = () =>
    confirm.mutate(
      { kind: limit.kind, period: limit.period },
      {
        onSuccess: (message) => toast.success(message),
        onError: (err) => toast.error(refusalText(err, 'The limit was not confirmed')),
      },
    );
  return (
    <div className="sg-pending" data-testid={`${testId}-pending`}>
      <span>
        Waiting: <b data-testid={`${testId}-pending-text`}>{pendingText(pending)}</b>
      </span>
      <button
        type="button"
        className="btn btn--small btn--primary"
        disabled={!ready || confirm.isPending}
        onClick={onConfirm}
        data-testid={`${testId}-confirm`}
      >
        Confirm
      </button>
      {!ready && (
        <span className="sg-pending__when muted" data-testid={`${testId}-confirm-when`}>
          You can confirm it from then; until you do, the limit in force stays.
        </span>
      )}
    </div>
  );
}

interface LimitFormValues {
  amount: string;
  none: boolean;
}

/** Set, lower, raise or remove the limit: an amount in rupees, or No limit; Save. */
function LimitForm({ limit, testId }: { limit: LimitView; testId: string }) {
  const setLimit = useSetLimit();
  const inputId = useId();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<LimitFormValues>({ defaultValues: { amount: '', none: false } });
  const none = watch('none');
  const label = `${KIND_LABEL[limit.kind]} per ${PERIOD_LABEL[limit.period]}`;
  const onSubmit = handleSubmit(({ amount, none }) => {
    const parsed = none ? { amount: null } : parseLimit(amount);
    if ('error' in parsed) return;
    setLimit.mutate(
      { kind: limit.kind, period: limit.period, amount: parsed.amount },
      {
        onSuccess: (message) => {
          toast.success(message);
          reset({ amount: '', none: false });
        },
        onError: (err) => toast.error(refusalText(err, 'The limit was not saved')),
      },
    );
  });
  return (
    <form className="sg-form" onSubmit={onSubmit} noValidate aria-label={`Change the ${label.toLowerCase()}`}>
      <label className="sg-form__label" htmlFor={inputId}>
        New limit
      </label>
      <div className="input-group sg-form__amount">
        <span className="input-group__prefix" aria-hidden="true">
          ₹
        </span>
        <input
          id={inputId}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Amount"
          disabled={none}
          aria-label={`New ${label.toLowerCase()} in rupees`}
          aria-invalid={Boolean(errors.amount)}
          data-testid={`${testId}-amount`}
          {...register('amount', {
            validate: (value, values) => {
              if (values.none) return true;
              const parsed = parseLimit(value);
              return 'error' in parsed ? parsed.error : true;
            },
          })}
        />
      </div>
      <label className="sg-form__none">
        <input type="checkbox" data-testid={`${testId}-none`} {...register('none')} />
        No limit
      </label>
      <button
        type="submit"
        className="btn btn--small btn--primary"
        disabled={setLimit.isPending}
        data-testid={`${testId}-save`}
      >
        {setLimit.isPending ? 'Saving…' : 'Save'}
      </button>
      {errors.amount && (
        <span className="field__error sg-form__error" data-testid={`${testId}-amount-error`}>
          {errors.amount.message}
        </span>
      )}
    </form>
  );
}

/**
 * One limit of one period: in force, used, (a loss limit's) what open bets may still lose, left,
 * when it rolls, a change waiting, the form.
 */
export function LimitRow({ limit }: { limit: LimitView }) {
  const testId = `limit-${limit.kind.toLowerCase()}-${limit.period.toLowerCase()}`;
  const headingId = useId();
  return (
    <section className="sg-limit" aria-labelledby={headingId} data-testid={testId}>
      <h3 className="sg-limit__title" id={headingId}>
        {PERIOD_LABEL[limit.period]}
      </h3>
      <dl className="sg-limit__figures">
        <div>
          <dt>Limit</dt>
          <dd data-testid={`${testId}-amount-in-force`}>{amountText(limit.amount)}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd data-testid={`${testId}-used`}>{formatRupees(limit.used)}</dd>
        </div>
        {limit.at_risk !== undefined && (
          <div>
            <dt>At risk now</dt>
            <dd data-testid={`${testId}-at-risk`}>{formatRupees(limit.at_risk)}</dd>
          </div>
        )}
        <div>
          <dt>Left</dt>
          <dd data-testid={`${testId}-left`}>{limit.left === null ? '—' : formatRupees(limit.left)}</dd>
        </div>
        <div>
          <dt>Rolls at</dt>
          <dd data-testid={`${testId}-rolls-at`}>{limit.rolls_at ? istShort(limit.rolls_at) : '—'}</dd>
        </div>
      </dl>
      {limit.pending && <PendingChange limit={limit} testId={testId} />}
      <LimitForm limit={limit} testId={testId} />
    </section>
  );
}
