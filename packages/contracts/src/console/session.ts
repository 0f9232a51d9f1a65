/** Signing in to the console: who may (an agent or the operator) and who is signed in. */
import { z } from 'zod';
import { Flag, Rupees } from '../common.ts';
import { AccountTerms } from '../partnership.ts';
import { LoginRequest } from '../user.ts';

export const CONSOLE_ROLES = ['root', 'agent'] as const;
export const ConsoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

/** console/login: the bettor login's fields (with the security-auth code); a bettor is refused (403 CONSOLE_FOR_AGENTS) and gets no session. */
export const ConsoleLoginRequest = LoginRequest;

/** Who is signed in to the console (console/login, console/getMe). */
export const ConsoleUser = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: ConsoleRole,
  /** -1 for the root. */
  parent_id: z.number().int(),
  balance: Rupees,
  exposure: Rupees,
  available: Rupees,
  is_change_password: Flag,
  security_auth_enabled: Flag,
  /**
   * The caller's own partnership and commission figures in force (ADR 48): its partnership is the
   * most it can give an agent it creates (the root's is 100).
   */
  terms: AccountTerms,
});
export type ConsoleUser = z.infer<typeof ConsoleUser>;

export const ConsoleLogin = ConsoleUser.extend({ usertoken: z.string() });
export type ConsoleLogin = z.infer<typeof ConsoleLogin>;
