import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/lib/constants';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(fn: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', fn);
  return () => mql.removeEventListener('change', fn);
}

/** True below the mobile breakpoint (width under 993 px). */
export function isMobileWidth(): boolean {
  return window.matchMedia(query).matches;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileWidth, () => false);
}
