/** The bettor's safer-gambling controls (issue 25): limits on deposits and losses, breaks and self-exclusion. */
import {
  ConfirmLimitRequest,
  LimitView,
  Restriction,
  SaferGambling,
  SelfExcludeRequest,
  SetLimitRequest,
  SetRealityCheckRequest,
  TakeBreakRequest,
} from '../safer-gambling.ts';
import { def, EmptyBody, None } from './endpoint.ts';

export const saferGamblingEndpoints = {
  getSaferGambling: def({
    method: 'GET',
    path: 'user/getSaferGambling',
    auth: 'user',
    summary: "The caller's limits in force, what is left of each now, and increases waiting for confirmation",
    body: None,
    data: SaferGambling,
  }),
  setDepositLimit: def({
    method: 'POST',
    path: 'user/setDepositLimit',
    auth: 'user',
    summary:
      'Set, lower, raise or remove a deposit limit of a period: lower or new at once, higher or none after 24 hours and a confirmation',
    body: SetLimitRequest,
    data: LimitView,
  }),
  setLossLimit: def({
    method: 'POST',
    path: 'user/setLossLimit',
    auth: 'user',
    summary:
      'Set, lower, raise or remove a loss limit of a period: lower or new at once, higher or none after 24 hours and a confirmation',
    body: SetLimitRequest,
    data: LimitView,
  }),
  confirmLimit: def({
    method: 'POST',
    path: 'user/confirmLimit',
    auth: 'user',
    summary: 'Confirm a higher limit (or none) asked for at least 24 hours ago: it applies from now',
    body: ConfirmLimitRequest,
    data: LimitView,
  }),
  setRealityCheck: def({
    method: 'POST',
    path: 'user/setRealityCheck',
    auth: 'user',
    summary:
      'Set the reality check: a reminder every 15, 30 or 60 minutes of the session length and net result (null: off)',
    body: SetRealityCheckRequest,
    data: SetRealityCheckRequest,
  }),
  takeBreak: def({
    method: 'POST',
    path: 'user/takeBreak',
    auth: 'user',
    summary:
      'Take a break of 1, 7, 30 or 42 days from now: unmatched bets cancelled; no bets, casino, deposits or chips until it ends by itself',
    body: TakeBreakRequest,
    data: Restriction,
  }),
  selfExclude: def({
    method: 'POST',
    path: 'user/selfExclude',
    auth: 'user',
    summary:
      'Exclude yourself for 6, 12, 24 or 60 months from now (password required): nobody can end it early',
    body: SelfExcludeRequest,
    data: Restriction,
  }),
  askReopen: def({
    method: 'POST',
    path: 'user/askReopen',
    auth: 'user',
    summary: "After a self-exclusion's term: ask for the account to reopen, which it does 24 hours later",
    body: EmptyBody,
    data: Restriction,
  }),
} as const;
