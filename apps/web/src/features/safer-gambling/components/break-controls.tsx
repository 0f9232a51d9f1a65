import { BREAK_DAYS, SELF_EXCLUSION_MONTHS, type Restriction } from '@exchange/contracts';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Modal } from '@/components';
import { istDateTime, restrictionText } from '@/lib/safer-gambling';
import { useAskReopen, useSelfExclude, useTakeBreak } from '../api/safer-gambling';
import { refusalText } from '../lib/limits';

type BreakDays = (typeof BREAK_DAYS)[number];
type ExclusionMonths = (typeof SELF_EXCLUSION_MONTHS)[number];

export const BREAK_LABEL: Record<BreakDays, string> = {
  1: '24 hours',
  7: '7 days',
  30: '30 days',
  42: '6 weeks',
};
export const EXCLUSION_LABEL: Record<ExclusionMonths, string> = {
  6: '6 months',
  12: '1 year',
  24: '2 years',
  60: '5 years',
};

/**
 * What is in force, at the top of the page: what, since, until, and past a self-exclusion's
 * term, "Ask to reopen" (then when the account reopens).
 */
export function RestrictionBanner({ restriction }: { restriction: Restriction }) {
  const ask = useAskReopen();
  const isBreak = restriction.kind === 'BREAK';
  const termOver = Date.parse(restriction.ends_at) <= Date.now();
  const onAsk = () =>
    ask.mutate(undefined, {
      onSuccess: (r) => toast.success(`Your account reopens at ${istDateTime(r.reopens_at ?? '')}`),
      onError: (err) => toast.error(refusalText(err, 'The account was not asked to reopen')),
    });
  return (
    <section className="sg-restriction" role="status" data-testid="safer-gambling-restriction">
      <h2 className="sg-restriction__title" data-testid="safer-gambling-restriction-text">
        {restrictionText(restriction)}
      </h2>
      <dl className="sg-restriction__times">
        <div>
          <dt>{isBreak ? 'Break' : 'Self-exclusion'} since</dt>
          <dd data-testid="safer-gambling-restriction-since">{istDateTime(restriction.started_at)}</dd>
        </div>
        <div>
          <dt>{termOver ? 'Term ended' : 'Until'}</dt>
          <dd data-testid="safer-gambling-restriction-until">{istDateTime(restriction.ends_at)}</dd>
        </div>
        {restriction.reopens_at && (
          <div>
            <dt>Reopens at</dt>
            <dd data-testid="safer-gambling-restriction-reopens">{istDateTime(restriction.reopens_at)}</dd>
          </div>
        )}
      </dl>
      <p className="sg-restriction__help">
        No bets, casino or deposits until then. Your statements and withdrawals still work.{' '}
        {isBreak ? 'The break ends by itself.' : 'Nobody can end a self-exclusion early.'}
      </p>
      {!isBreak && termOver && restriction.reopens_at === null && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={ask.isPending}
          onClick={onAsk}
          data-testid="safer-gambling-ask-reopen"
        >
          Ask to reopen
        </button>
      )}
    </section>
  );
}

/** Radio choices of a length: one row of options that wraps on a phone. */
function LengthChoice<T extends number>({
  name,
  options,
  labels,
  value,
  onChange,
  disabled,
  labelledBy,
}: {
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T) => void;
  disabled: boolean;
  labelledBy: string;
}) {
  return (
    <div className="sg-choice" role="radiogroup" aria-labelledby={labelledBy}>
      {options.map((o) => (
        <label key={o} className={`sg-choice__option${value === o ? ' sg-choice__option--on' : ''}`}>
          <input
            type="radio"
            name={name}
            checked={value === o}
            disabled={disabled}
            onChange={() => onChange(o)}
            data-testid={`${name}-${o}`}
          />
          {labels[o]}
        </label>
      ))}
    </div>
  );
}

/**
 * Take a break of 24 hours, 7 days, 30 days or 6 weeks: what it does, the choice, and a
 * confirmation before it starts. Off while a self-exclusion is in force (the server would refuse
 * it); during a break only a longer one may start.
 */
export function TakeBreakSection({ restriction }: { restriction: Restriction | null }) {
  const headingId = useId();
  const [days, setDays] = useState<BreakDays | null>(null);
  const [confirming, setConfirming] = useState(false);
  const take = useTakeBreak();
  const excluded = restriction?.kind === 'SELF_EXCLUSION';
  const start = () => {
    if (days === null) return;
    take.mutate(
      { days },
      {
        onSuccess: (r) => toast.success(`Your break has started: until ${istDateTime(r.ends_at)}`),
        onError: (err) => toast.error(refusalText(err, 'The break did not start')),
        onSettled: () => setConfirming(false),
      },
    );
  };
  return (
    <section className="sg-section" aria-labelledby={headingId} data-testid="take-break">
      <h2 className="sg-section__title" id={headingId}>
        Take a break
      </h2>
      <p className="sg-section__help">
        A break starts at once. Your unmatched bets are cancelled, and you cannot bet, play the casino or
        deposit until it ends. Your statements and withdrawals still work. It cannot be ended early: it ends
        by itself.
      </p>
      {excluded ? (
        <p className="sg-section__help muted" data-testid="take-break-off">
          You are self-excluded: a break adds nothing to it.
        </p>
      ) : (
        <>
          {restriction?.kind === 'BREAK' && (
            <p className="sg-section__help muted">
              You are on a break already: a new one may only end later than it.
            </p>
          )}
          <LengthChoice
            name="break"
            options={BREAK_DAYS}
            labels={BREAK_LABEL}
            value={days}
            onChange={setDays}
            disabled={take.isPending}
            labelledBy={headingId}
          />
          <button
            type="button"
            className="btn btn--primary sg-start"
            disabled={days === null || take.isPending}
            onClick={() => setConfirming(true)}
            data-testid="take-break-start"
          >
            Take a break
          </button>
        </>
      )}
      {confirming && days !== null && (
        <ConfirmStart
          title={`Take a break of ${BREAK_LABEL[days]}?`}
          testId="take-break-confirm"
          onCancel={() => setConfirming(false)}
          onConfirm={start}
          pending={take.isPending}
          action={['Start my break', 'Starting…']}
        >
          From now for {BREAK_LABEL[days]}: your unmatched bets are cancelled, and no bets, casino or deposits
          until it ends. You cannot end it early.
        </ConfirmStart>
      )}
    </section>
  );
}

/**
 * Self-exclusion for 6 months, 1, 2 or 5 years: a stronger warning, the bettor's password, and a
 * confirmation. A self-exclusion in force may only be lengthened.
 */
export function SelfExclusionSection({ restriction }: { restriction: Restriction | null }) {
  const headingId = useId();
  const passwordId = useId();
  const [months, setMonths] = useState<ExclusionMonths | null>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const exclude = useSelfExclude();
  const ask = () => {
    if (password === '') {
      setMissing(true);
      return;
    }
    setConfirming(true);
  };
  const start = () => {
    if (months === null) return;
    exclude.mutate(
      { months, password },
      {
        onSuccess: (r) => {
          toast.success(`You are self-excluded until ${istDateTime(r.ends_at)}`);
          setPassword('');
        },
        onError: (err) => toast.error(refusalText(err, 'The self-exclusion did not start')),
        onSettled: () => setConfirming(false),
      },
    );
  };
  return (
    <section className="sg-section" aria-labelledby={headingId} data-testid="self-exclusion">
      <h2 className="sg-section__title" id={headingId}>
        Self-exclusion
      </h2>
      <p className="sg-warning" data-testid="self-exclusion-warning">
        Self-exclusion is for when you want to stop gambling. It lasts the whole term you choose and nobody,
        not you and not us, can end it early. Your unmatched bets are cancelled; no bets, casino or deposits
        until it ends. Your statements and withdrawals still work. After the term, the account reopens 24
        hours after you ask.
      </p>
      {restriction?.kind === 'SELF_EXCLUSION' && (
        <p className="sg-section__help muted">
          You are self-excluded already: a new term may only end later.
        </p>
      )}
      <LengthChoice
        name="self-exclusion"
        options={SELF_EXCLUSION_MONTHS}
        labels={EXCLUSION_LABEL}
        value={months}
        onChange={setMonths}
        disabled={exclude.isPending}
        labelledBy={headingId}
      />
      <form
        className="sg-exclude"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <label className="sg-form__label" htmlFor={passwordId}>
          Your password
        </label>
        <input
          id={passwordId}
          className="input sg-exclude__password"
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={missing}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing(false);
          }}
          data-testid="self-exclusion-password"
        />
        <button
          type="submit"
          className="btn btn--danger sg-start"
          disabled={months === null || exclude.isPending}
          data-testid="self-exclusion-start"
        >
          Exclude me
        </button>
        {missing && (
          <span className="field__error sg-form__error" data-testid="self-exclusion-password-error">
            Enter your password
          </span>
        )}
      </form>
      {confirming && months !== null && (
        <ConfirmStart
          title={`Exclude yourself for ${EXCLUSION_LABEL[months]}?`}
          testId="self-exclusion-confirm"
          onCancel={() => setConfirming(false)}
          onConfirm={start}
          pending={exclude.isPending}
          action={['Yes, exclude me', 'Excluding…']}
          danger
        >
          For {EXCLUSION_LABEL[months]} from now you cannot bet, play the casino or deposit, and nobody can
          end it early. This cannot be undone.
        </ConfirmStart>
      )}
    </section>
  );
}

/** The last step before a break or a self-exclusion starts: what it does, Cancel, and the start. */
function ConfirmStart({
  title,
  testId,
  onCancel,
  onConfirm,
  pending,
  action: [label, pendingLabel],
  danger = false,
  children,
}: {
  title: string;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
  action: [string, string];
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      testId={testId}
      size="sm"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            disabled={pending}
            onClick={onConfirm}
            data-testid={`${testId}-yes`}
          >
            {pending ? pendingLabel : label}
          </button>
        </>
      }
    >
      <p className="sg-confirm">{children}</p>
    </Modal>
  );
}
