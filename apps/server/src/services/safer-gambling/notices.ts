/**
 * The notification each change of a bettor's safer-gambling settings sends (always sent, whatever
 * the bettor's settings: safer-gambling.md). Its key is the change's time, so a repeat of the
 * same call at another moment is a notification of its own.
 */
import { istWallClock, type LimitView } from '@exchange/contracts';
import type { NotificationDraft } from '../notifications/index.ts';

const PERIOD_WORDS = { DAY: '24 hours', WEEK: '7 days', MONTH: '30 days' } as const;
/** dd/MM/yyyy HH:mm in IST, as the site shows times. */
const ist = (iso: string) => {
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
