/** The bettor's security: security auth (TOTP), the profile, the activity log and notices. */
import {
  ActivityLogPage,
  ActivityLogRequest,
  NoticeSeenRequest,
  SecurityAuthCodeRequest,
  SecurityAuthDisabled,
  SecurityAuthEnabled,
  SecurityAuthSetup,
  UserNotices,
  UserProfile,
} from '../security.ts';
import { def, EmptyBody, None } from './endpoint.ts';

export const securityAuthEndpoints = {
  securityAuthSetup: def({
    method: 'POST',
    path: 'user/securityAuth/setup',
    auth: 'user',
    summary: 'Start security auth: a new TOTP secret with its QR code (not active until enabled)',
    body: EmptyBody,
    data: SecurityAuthSetup,
  }),
  securityAuthEnable: def({
    method: 'POST',
    path: 'user/securityAuth/enable',
    auth: 'user',
    summary: 'Turn security auth on with a first code from the app; answers ten one-time backup codes, shown once',
    body: SecurityAuthCodeRequest,
    data: SecurityAuthEnabled,
  }),
  securityAuthDisable: def({
    method: 'POST',
    path: 'user/securityAuth/disable',
    auth: 'user',
    summary: 'Turn security auth off with a code from the app or a backup code',
    body: SecurityAuthCodeRequest,
    data: SecurityAuthDisabled,
  }),
} as const;

export const profileEndpoints = {
  getProfile: def({
    method: 'GET',
    path: 'user/getProfile',
    auth: 'user',
    summary: "The caller's profile: name, mobile, parent agent, account dates, security status",
    body: None,
    data: UserProfile,
  }),
  getActivityLog: def({
    method: 'POST',
    path: 'user/getActivityLog',
    auth: 'user',
    summary: "The caller's logins (time, IP, device) and sensitive actions, newest first",
    body: ActivityLogRequest,
    data: ActivityLogPage,
  }),
  getNotices: def({
    // A read without a body, like getUserBalance: a POST with body None would refuse the web client's {}.
    method: 'GET',
    path: 'user/getNotices',
    auth: 'user',
    summary: "The caller's unseen notices (e.g. a voided bet), oldest first",
    body: None,
    data: UserNotices,
  }),
  markNoticesSeen: def({
    method: 'POST',
    path: 'user/markNoticesSeen',
    auth: 'user',
    summary: 'Mark notices as seen so they are not shown again',
    body: NoticeSeenRequest,
    data: None,
  }),
} as const;
