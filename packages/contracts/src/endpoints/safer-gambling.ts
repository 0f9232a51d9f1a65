/** The bettor's safer-gambling controls (issue 25): limits on deposits and losses. */
import {
  ConfirmLimitRequest,
  LimitView,
  SaferGambling,
  SetLimitRequest,
  SetRealityCheckRequest,
} from '../safer-gambling.ts';
import { def, None } from './endpoint.ts';

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
} as const;
