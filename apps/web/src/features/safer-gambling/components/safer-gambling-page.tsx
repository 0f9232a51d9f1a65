import { LimitKind, REALITY_CHECK_MINUTES, type AgentLimits, type SaferGambling } from '@exchange/contracts';
import { useId } from 'react';
import { toast } from 'sonner';
import { PageFrame, Spinner } from '@/components';
import { formatRupees } from '@/lib/format';
import { useSaferGambling } from '@/lib/safer-gambling';
import { useSports } from '@/lib/sports';
import { useSetRealityCheck } from '../api/safer-gambling';
import { KIND_LABEL, refusalText } from '../lib/limits';
import { RestrictionBanner, SelfExclusionSection, TakeBreakSection } from './break-controls';
import { LimitRow } from './limit-row';
import './safer-gambling.css';

const KIND_HELP: Record<LimitKind, string> = {
  DEPOSIT: 'The most you can deposit over the period. A deposit past it is refused.',
  LOSS: 'The most you can lose over the period: settled bets and casino rounds, net of wins.',
};

/**
 * The limits the bettor's agent set on him, where he reads his own: he cannot change them, and a
 * bet past one is refused with its words (ABOVE_MAX_STAKE, EXPOSURE_LIMIT_REACHED, SPORT_BLOCKED).
 */
function AgentLimitsNote({ limits }: { limits: AgentLimits }) {
  const { data: sports } = useSports();
  const sportName = (id: number) => sports?.find((s) => s.sport_id === id)?.name ?? `sport ${id}`;
  const parts = [
    limits.max_stake !== null && `a stake of at most ${formatRupees(limits.max_stake)} a bet`,
    limits.exposure_limit !== null && `an exposure of at most ${formatRupees(limits.exposure_limit)}`,
    limits.extra_bet_delay_ms > 0 && `${limits.extra_bet_delay_ms / 1000} s more delay on in-play bets`,
    limits.blocked_sports.length > 0 && `no bets on ${limits.blocked_sports.map(sportName).join(', ')}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="sg-intro" data-testid="agent-limits">
      Your agent set: {parts.join('; ')}.
    </p>
  );
}

/** Off, 15, 30 or 60 minutes: saved as soon as it is chosen. */
function RealityCheckChoice({ minutes }: { minutes: number | null }) {
  const set = useSetRealityCheck();
  const headingId = useId();
  const choose = (value: SaferGambling['reality_check_minutes']) =>
    set.mutate(
      { minutes: value as 15 | 30 | 60 | null },
      {
        onSuccess: (message) => toast.success(message),
        onError: (err) => toast.error(refusalText(err, 'The reality check was not saved')),
      },
    );
  const options = [null, ...REALITY_CHECK_MINUTES];
  return (
    <section className="sg-section" aria-labelledby={headingId} data-testid="reality-check-settings">
      <h2 className="sg-section__title" id={headingId}>
        Reality check
      </h2>
      <p className="sg-section__help muted">
        A reminder, every so often while you are logged in, of how long you have been playing and your net
        result.
      </p>
      <div className="sg-choice" role="radiogroup" aria-labelledby={headingId}>
        {options.map((value) => (
          <label
            key={value ?? 'off'}
            className={`sg-choice__option${minutes === value ? ' sg-choice__option--on' : ''}`}
          >
            <input
              type="radio"
              name="reality-check"
              checked={minutes === value}
              disabled={set.isPending}
              onChange={() => choose(value)}
              data-testid={`reality-check-${value ?? 'off'}`}
            />
            {value === null ? 'Off' : `${value} minutes`}
          </label>
        ))}
      </div>
    </section>
  );
}

/** One kind of limit: a row per period. */
function LimitSection({ kind, data }: { kind: LimitKind; data: SaferGambling }) {
  const headingId = useId();
  return (
    <section className="sg-section" aria-labelledby={headingId} data-testid={`limits-${kind.toLowerCase()}`}>
      <h2 className="sg-section__title" id={headingId}>
        {KIND_LABEL[kind]}
      </h2>
      <p className="sg-section__help muted">{KIND_HELP[kind]}</p>
      <div className="sg-limits">
        {data.limits
          .filter((l) => l.kind === kind)
          .map((l) => (
            <LimitRow key={l.period} limit={l} />
          ))}
      </div>
    </section>
  );
}

/**
 * `#/setting/safer-gambling` (issue 25): the bettor's deposit and loss limits per rolling 24 hours,
 * 7 days and 30 days, each with what is used and left, a change waiting and its Confirm, and the
 * reality check's interval; a break or self-exclusion (what is in force shows at the top). A new or lower limit applies at once; a higher one or none waits 24
 * hours and then the bettor's confirmation (the server decides; the page says what it answered).
 */
export function SaferGamblingPage() {
  const { data, error, isPending } = useSaferGambling(true, { fresh: true });
  return (
    <PageFrame title="Safer gambling" testId="safer-gambling-page">
      {isPending ? (
        <Spinner label="Loading your limits" />
      ) : error ? (
        <p className="sg-error" role="alert">
          {error.message}
        </p>
      ) : (
        <>
          {data.restriction && <RestrictionBanner restriction={data.restriction} />}
          <p className="sg-intro">
            Set limits on yourself. A new or lower limit applies at once; a higher one, or none, waits 24
            hours and then needs your confirmation. Each period rolls: it is always the last 24 hours, 7 days
            or 30 days.
          </p>
          <LimitSection kind="DEPOSIT" data={data} />
          <LimitSection kind="LOSS" data={data} />
          <AgentLimitsNote limits={data.agent_limits} />
          <RealityCheckChoice minutes={data.reality_check_minutes} />
          <TakeBreakSection restriction={data.restriction} />
          <SelfExclusionSection restriction={data.restriction} />
        </>
      )}
    </PageFrame>
  );
}
