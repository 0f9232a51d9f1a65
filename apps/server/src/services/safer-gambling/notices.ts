/**
 * The notification each change of a bettor's safer-gambling settings sends (always sent, whatever
 * the bettor's settings: safer-gambling.md). Its key is the change's time, so a repeat of the
 * same call at another moment is a notification of its own.
 */
import { istWallClock, type AgentLimits, type LimitView, type Restriction } from '@exchange/contracts';
import type { NotificationDraft } from '../notifications/index.ts';

const PERIOD_WORDS = { DAY: '24 hours', WEEK: '7 days', MONTH: '30 days' } as const;
/** dd/MM/yyyy HH:mm in IST, as the site shows times. */
export const ist = (iso: string) => {
  const w = istWallClock(Date.parse(iso));
  return `${w.slice(8, 10)}/${w.slice(5, 7)}/${w.slice(0, 4)} ${w.slice(11, 16)} IST`;
};
const money = (rupees: number | null) =>
  rupees === null ? 'no limit' : `₹${rupees.toLocaleString('en-IN')}`;

/** A limit asked, applied or confirmed. */
export function limitNotice(userId: number, view: LimitView, at: Date, confirmed = false): NotificationDraft {
  const what = `${view.kind === 'DEPOSIT' ? 'Deposit' : 'Loss'} limit per ${PERIOD_WORDS[view.period]}`;
  const message = view.pending
    ? `${what}: ${money(view.pending.amount)} asked. ${money(view.amount)} stays in force; you can confirm the change from ${ist(view.pending.confirmable_at)}.`
    : `${what}: ${money(view.amount)}${confirmed ? ', confirmed,' : ''} in force from now.`;
  return {
    userId,
    kind: 'SAFER_GAMBLING',
    eventKey: `limit:${view.kind}:${view.period}:${at.getTime()}`,
    title: view.pending ? 'Limit change asked' : 'Limit changed',
    message,
  };
}

/** The reality check's interval set. */
export function realityCheckNotice(userId: number, minutes: number | null, at: Date): NotificationDraft {
  return {
    userId,
    kind: 'SAFER_GAMBLING',
    eventKey: `reality-check:${at.getTime()}`,
    title: 'Reality check',
    message:
      minutes === null ? 'Reality check turned off.' : `A reality check will show every ${minutes} minutes.`,
  };
}

/** A break or self-exclusion started, or the reopening of a self-excluded account asked. */
export function restrictionNotice(
  userId: number,
  restriction: Restriction,
  at: Date,
  reopen = false,
): NotificationDraft {
  const eventKey = `${reopen ? 'reopen' : restriction.kind.toLowerCase()}:${at.getTime()}`;
  if (reopen)
    return {
      userId,
      kind: 'SAFER_GAMBLING',
      eventKey,
      title: 'Reopening asked',
      message: `You asked to reopen your account after your self-exclusion: it reopens on ${ist(restriction.reopens_at!)}.`,
    };
  const until = ist(restriction.ends_at);
  return restriction.kind === 'BREAK'
    ? {
        userId,
        kind: 'SAFER_GAMBLING',
        eventKey,
        title: 'Break started',
        message: `Your break has started and ends by itself on ${until}. Until then you cannot bet, play casino games or deposit; your unmatched bets were cancelled.`,
      }
    : {
        userId,
        kind: 'SAFER_GAMBLING',
        eventKey,
        title: 'Self-exclusion started',
        message: `You are self-excluded until ${until}. Nobody can end it early; after it, your account reopens only when you ask.`,
      };
}

/** The limits the bettor's agent set on him, as they now stand. */
export function agentLimitsNotice(userId: number, limits: AgentLimits, at: Date): NotificationDraft {
  const parts = [
    limits.max_stake !== null && `a stake of at most ${money(limits.max_stake)} a bet`,
    limits.exposure_limit !== null && `an exposure of at most ${money(limits.exposure_limit)}`,
    limits.extra_bet_delay_ms > 0 && `${limits.extra_bet_delay_ms / 1000} s more delay on in-play bets`,
    limits.blocked_sports.length > 0 && `${limits.blocked_sports.length} sport(s) closed to your bets`,
  ].filter(Boolean);
  return {
    userId,
    kind: 'SAFER_GAMBLING',
    eventKey: `agent-limits:${at.getTime()}`,
    title: 'Limits set by your agent',
    message: parts.length === 0 ? 'Your agent lifted the limits on your bets.' : `Your agent set ${parts.join('; ')}.`,
  };
}
