/** Spec section 9. */
export const MOBILE_BREAKPOINT_PX = 993;
export const BALANCE_POLL_MS = 5000;
export const TOAST_DURATION_MS = 800;
/** mac88/launchNewGame `type`: 1 desktop, 3 mobile. */
export const GAME_LAUNCH_TYPE = { desktop: '1', mobile: '3' } as const;
