import { MOBILE_BREAKPOINT_PX } from '@/lib/constants';

/** Which of balance and exposure the header shows; the user toggles them in the user menu. */
export interface Visibility {
  balance: boolean;
  exposure: boolean;
}

export const VISIBILITY_STORAGE_KEY = 'headerVisibility';

/** Saved choices apply on narrow screens; at 993 px and wider both always start visible. */
export function initialVisibility(width: number, saved: Partial<Visibility> | null): Visibility {
  if (width >= MOBILE_BREAKPOINT_PX) return { balance: true, exposure: true };
  return { balance: saved?.balance ?? true, exposure: saved?.exposure ?? true };
}
