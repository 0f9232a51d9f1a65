/**
 * Who is shown which account links (spec section 6): the header and user menu show them, and the
 * pages behind them open by the same rule, so a typed address cannot reach a page its links hide.
 */
import { useGlobalSettings } from './global-settings';
import { getStoredParentId, getStoredUser, getToken } from './storage';

export interface LinkContext {
  /** parent_id as stored at login ('-1' or absent: no parent). */
  parentId: string | number | null | undefined;
  token: string | null | undefined;
  /** globalData.payment_gateway; '1' enables payments. */
  paymentGateway: string | null | undefined;
  /** userinfo.is_signup_user. */
  isSignupUser: string | null | undefined;
}

export function hasParent(parentId: LinkContext['parentId']): boolean {
  if (parentId == null) return false;
  const text = String(parentId).trim();
  return text !== '' && text !== '-1' && text !== 'null' && text !== 'undefined';
}

/** Deposit/Withdraw and Payment Statement: a parent, the payment gateway on, and a sign-up user. */
export function showPaymentLinks(ctx: LinkContext): boolean {
  return hasParent(ctx.parentId) && ctx.paymentGateway === '1' && ctx.isSignupUser === '1';
}

/** Security Auth, Change Password and Live Casino Bets: a parent and a token. */
export function showParentTokenLinks(ctx: LinkContext): boolean {
  return hasParent(ctx.parentId) && Boolean(ctx.token);
}

/** The signed-in user's link context: the stored login and the site's settings. */
export function useLinkContext(): LinkContext {
  const { data: settings } = useGlobalSettings();
  const user = getStoredUser();
  return {
    parentId: getStoredParentId() ?? user?.parent_id,
    token: getToken(),
    paymentGateway: settings?.payment_gateway,
    isSignupUser: user?.is_signup_user,
  };
}

/**
 * Whether Deposit/Withdraw and Payment Statement open for the signed-in user; null while the
 * site's settings are still on their way (a page then waits rather than saying no).
 */
export function usePaymentLinks(): boolean | null {
  const { isPending } = useGlobalSettings();
  const ctx = useLinkContext();
  return isPending ? null : showPaymentLinks(ctx);
}
