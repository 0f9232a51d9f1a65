/** Signing in to the back-office console (ADR 36): agents and the operator, never a bettor. */
import { ConsoleLogin, ConsoleLoginRequest, ConsoleUser } from '../console/index.ts';
import { def, None } from './endpoint.ts';

export const consoleSessionEndpoints = {
  consoleLogin: def({
    method: 'POST',
    path: 'console/login',
    auth: 'public',
    summary: 'Console: log in an agent or the operator (a bettor is refused and gets no session); the login throttle and security auth apply',
    body: ConsoleLoginRequest,
    data: ConsoleLogin,
  }),
  consoleGetMe: def({
    method: 'GET',
    path: 'console/getMe',
    auth: 'user',
    role: 'agent',
    beforePasswordChange: true,
    summary: 'Console: the signed-in agent or operator, with its balance',
    body: None,
    data: ConsoleUser,
  }),
} as const;
