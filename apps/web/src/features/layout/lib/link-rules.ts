/** When the header and user-menu links show (spec section 6), as pure functions. */

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

/** One tab per active sport except Indian casino (-1) and the hidden sport (-17); cricket (4) first. */
export function sportTabs<T extends { sport_id: number; is_active: number }>(sports: readonly T[]): T[] {
  const shown = sports.filter((s) => s.is_active === 1 && s.sport_id !== -1 && s.sport_id !== -17);
  return [...shown.filter((s) => s.sport_id === 4), ...shown.filter((s) => s.sport_id !== 4)];
}
