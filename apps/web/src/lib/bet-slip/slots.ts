import type { ReactNode } from 'react';

/**
 * The betting UI a match or race page shows beside its own: the app composes the pages with the
 * bet slip and my bets (features/betslip) and the ladders (features/markets), so the page's
 * feature imports neither (ADR 29).
 */
export interface BettingSlots {
  /** The bet slip of the page's right column (desktop; a phone's opens under the ladders' runner). */
  slip: ReactNode;
  /** The bettor's bets on the match or race meeting. */
  myBets: (matchId: number) => ReactNode;
}
