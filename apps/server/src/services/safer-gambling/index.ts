/** Safer gambling (issue 25, ADR 58): the bettor's own limits, breaks and self-exclusion. */
export { atRiskPaise, checkDepositLimit, confirmAskedLimit, saferGambling, setLimit, setRealityCheck } from './service.ts';
export { restrictionAt, type ProtectionRow } from './protection.ts';
export { agentLimitsRow, agentLimitsView, setAgentLimits } from './agent-limits.ts';
export { BettorLimits } from './bet-gate.ts';
export { lossLimitBreach, lossLimitsOf } from './loss-limit.ts';
export { askLimit, confirmLimit, confirmableAt, type LimitState } from './limits.ts';
export { agentLimitsNotice, ist, limitNotice, realityCheckNotice, restrictionNotice } from './notices.ts';
export { addMonthsUtc, askReopen, mayStart, selfExclude, takeBreak } from './breaks.ts';
export { assertMayGamble, assertSessionMayGamble, restrictionOf, restrictionRefusal } from './gate.ts';
