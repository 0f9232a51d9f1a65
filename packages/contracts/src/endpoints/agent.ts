/**
 * An agent's calls (role 'agent': an agent or the root, ADR 32): its downline's users, chips
 * and reads, and the console's dashboard, market book and reports (ADR 36).
 */
import { z } from 'zod';
import {
  AgentCreatedUser,
  AgentCreateUserRequest,
  AgentUserBetsRequest,
  AgentUserProfile,
  AgentUserStatementRequest,
  ChipsTransfer,
  DownlinePage,
  GetDownlineRequest,
  ResetPasswordRequest,
  SetUserStatusRequest,
  TransferChipsRequest,
  UserStatus,
} from '../agent.ts';
import { CurrentBet, ProfitLossReport } from '../betting/index.ts';
import {
  AgentUserProfitLossRequest,
  Dashboard,
  MarketBook,
  MarketBookRequest,
  SharedAccountsPage,
  SharedAccountsRequest,
} from '../console/index.ts';
import { AgentLimits, SetUserLimitsRequest } from '../safer-gambling.ts';
import { ActivityLogPage, AgentActivityLogRequest, AgentUserRequest } from '../security.ts';
import { AccountStatementPage } from '../statement.ts';
import { def, None } from './endpoint.ts';

export const agentEndpoints = {
  agentCreateUser: def({
    method: 'POST',
    path: 'agent/createUser',
    auth: 'user',
    role: 'agent',
    summary: 'Agent: create a bettor or agent under the caller; it must change the password at first login',
    body: AgentCreateUserRequest,
    data: AgentCreatedUser,
  }),
  agentGetDownline: def({
    method: 'POST',
    path: 'agent/getDownline',
    auth: 'user',
    role: 'agent',
    summary: "Agent: the direct users of the caller (or of an agent in its downline), with balance, exposure, locks and an agent's downline sums",
    body: GetDownlineRequest,
    data: DownlinePage,
  }),
  agentTransferChips: def({
    method: 'POST',
    path: 'agent/transferChips',
    auth: 'user',
    role: 'agent',
    summary: "Agent: move chips between the caller and a direct user, once per client_ref; a withdraw takes at most the user's available balance",
    body: TransferChipsRequest,
    data: ChipsTransfer,
  }),
  agentSetUserStatus: def({
    method: 'POST',
    path: 'agent/setUserStatus',
    auth: 'user',
    role: 'agent',
    summary: "Agent: lock or unlock a downline user's login (its sessions end) or betting",
    body: SetUserStatusRequest,
    data: UserStatus,
  }),
  agentSetUserLimits: def({
    method: 'POST',
    path: 'agent/setUserLimits',
    auth: 'user',
    role: 'agent',
    summary:
      "Agent: set a downline user's exposure limit, largest stake, extra in-play bet delay and blocked sports (a field left out stays; null: no limit)",
    body: SetUserLimitsRequest,
    data: AgentLimits,
  }),
  agentResetPassword: def({
    method: 'POST',
    path: 'agent/resetPassword',
    auth: 'user',
    role: 'agent',
    summary: "Agent: set a downline user's password; it must change it at next login and its sessions end",
    body: ResetPasswordRequest,
    data: None,
  }),
  agentGetUserStatement: def({
    method: 'POST',
    path: 'agent/getUserStatement',
    auth: 'user',
    role: 'agent',
    summary: "Agent: a downline user's account statement (the bettor's own shape)",
    body: AgentUserStatementRequest,
    data: AccountStatementPage,
  }),
  agentGetUserBets: def({
    method: 'POST',
    path: 'agent/getUserBets',
    auth: 'user',
    role: 'agent',
    summary: "Agent: a downline user's current bets (the bettor's own shape)",
    body: AgentUserBetsRequest,
    data: z.array(CurrentBet),
  }),
  agentGetUserProfile: def({
    method: 'POST',
    path: 'agent/getUserProfile',
    auth: 'user',
    role: 'agent',
    summary: "Agent: a downline user's profile (the user page's shape) with the limits his agents set on him",
    body: AgentUserRequest,
    data: AgentUserProfile,
  }),
  agentGetUserActivityLog: def({
    method: 'POST',
    path: 'agent/getUserActivityLog',
    auth: 'user',
    role: 'agent',
    summary: "Agent: a downline user's logins and sensitive actions, newest first",
    body: AgentActivityLogRequest,
    data: ActivityLogPage,
  }),
} as const;

export const agentConsoleEndpoints = {
  agentGetDashboard: def({
    method: 'GET',
    path: 'agent/getDashboard',
    auth: 'user',
    role: 'agent',
    summary: "Agent: the downline's balance, exposure and available; the house's P&L today and this week by sport and casino; pending payment requests; the most exposed markets",
    body: None,
    data: Dashboard,
  }),
  agentGetMarketBook: def({
    method: 'POST',
    path: 'agent/getMarketBook',
    auth: 'user',
    role: 'agent',
    summary: "Agent: for each open market the downline bets on, what the house wins or loses on each outcome",
    body: MarketBookRequest,
    data: z.array(MarketBook),
  }),
  agentGetUserProfitLoss: def({
    method: 'POST',
    path: 'agent/getUserProfitLoss',
    auth: 'user',
    role: 'agent',
    summary: "Agent: a downline user's P&L per settled market (the bettor's own report shape)",
    body: AgentUserProfitLossRequest,
    data: ProfitLossReport,
  }),
  agentGetSharedAccounts: def({
    method: 'POST',
    path: 'agent/getSharedAccounts',
    auth: 'user',
    role: 'agent',
    summary:
      "Agent: the downline's accounts that share a mobile number, or a client address of a sign-up or a login (the same-IP report); the operator sees every account",
    body: SharedAccountsRequest,
    data: SharedAccountsPage,
  }),
} as const;
