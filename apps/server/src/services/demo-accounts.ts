/**
 * Accounts the running product relies on by name: sign-ups are created under the default agent,
 * and the feed opens its market maker's account (feed/markets.ts) with the demo password when it
 * is missing. The seed (seed/) creates the other demo accounts with the same password.
 */
export const DEMO_PASSWORD = 'Demo@1234';
/** Sign-ups are created under this agent. */
export const DEFAULT_AGENT = 'agent1';
