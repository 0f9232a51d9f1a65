/**
 * The bettor's account: the site's look before login, logging in and out, signing up, the
 * password, the balance and the stake buttons.
 */
import { z } from 'zod';
import { GlobalSettings } from '../settings.ts';
import {
  Balance,
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  SetButtonValueRequest,
  SignupRequest,
  UserDetails,
} from '../user.ts';
import { def, None } from './endpoint.ts';

export const siteEndpoints = {
  getGlobalSetting: def({
    method: 'GET',
    path: 'globalSetting/getGlobalSetting',
    auth: 'public',
    summary: 'Site look and switches: logo, message, title, colours, payment gateway',
    body: None,
    data: GlobalSettings,
  }),
} as const;

export const accountEndpoints = {
  login: def({
    method: 'POST',
    path: 'user/login',
    auth: 'public',
    summary: 'Log in; returns the user details and a new usertoken',
    body: LoginRequest,
    data: UserDetails,
  }),
  signup: def({
    method: 'POST',
    path: 'user/signup',
    auth: 'public',
    summary: 'Create a sign-up user under the default agent and log it in',
    body: SignupRequest,
    data: UserDetails,
  }),
  changePassword: def({
    method: 'POST',
    path: 'user/changePassword',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Change password; revokes every token of the user',
    body: ChangePasswordRequest,
    data: None,
  }),
  logout: def({
    method: 'POST',
    path: 'user/logout',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Revoke the current token',
    body: LogoutRequest,
    data: None,
  }),
  getUserBalance: def({
    method: 'GET',
    path: 'user/getUserBalance',
    poll: true,
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Balance (sum of ledger postings) and liability (exposure)',
    body: None,
    data: Balance,
  }),
  getButtonValue: def({
    method: 'GET',
    path: 'user/getButtonValue',
    auth: 'user',
    summary: 'Stake buttons; data is a JSON string of [{button_name, button_value, type}]',
    body: None,
    data: z.string(),
  }),
  setButtonValue: def({
    method: 'POST',
    path: 'user/setButtonValue',
    auth: 'user',
    summary: 'Replace the stake buttons of the types sent (at most 10 per type)',
    body: SetButtonValueRequest,
    data: None,
  }),
} as const;
