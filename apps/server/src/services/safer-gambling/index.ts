/** Safer gambling (issue 25, ADR 58): the bettor's own limits, breaks and self-exclusion. */
export { checkDepositLimit, confirmAskedLimit, saferGambling, setLimit, setRealityCheck } from './service.ts';
export { restrictionAt, type ProtectionRow } from './protection.ts';
export { askLimit, confirmLimit, confirmableAt, type LimitState } from './limits.ts';
export { addMonthsUtc, askReopen, mayStart, selfExclude, takeBreak } from './breaks.ts';
export { assertMayGamble, assertSessionMayGamble, restrictionOf, restrictionRefusal } from './gate.ts';
export { limitNotice, realityCheckNotice } from './notices.ts';
