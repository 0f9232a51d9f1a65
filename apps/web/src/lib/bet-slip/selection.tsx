import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useButtonValues } from '@/lib/button-values';
import { oddsText, type SlipDraft, type SlipEdit, type SlipPick } from './draft';

interface BetSlipState {
  /** The open slip, or null. */
  draft: SlipDraft | null;
  /** Opens the slip on a price box; the same runner and side again keeps what was typed and ticked. */
  open: (pick: SlipPick) => void;
  close: () => void;
  edit: (patch: SlipEdit) => void;
}

const BetSlipContext = createContext<BetSlipState | null>(null);

/**
 * One slip per page: the price boxes (features/markets) open it, the runners read it for their
 * preview, and the slip itself (features/betslip; inline on a phone, in the right column on
 * desktop) edits and places it. It lives here, not in either feature, so neither imports the
 * other (ADR 29).
 */
export function BetSlipProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<SlipDraft | null>(null);
  // Fetched with the page, so the stake buttons are there when the first slip opens.
  useButtonValues();
  const open = useCallback((pick: SlipPick) => {
    setDraft((prev) => {
      const same =
        prev?.marketId === pick.marketId && prev.selectionId === pick.selectionId && prev.side === pick.side;
      return {
        ...pick,
        oddsText: oddsText(pick.kind, pick.odds),
        stakeText: same ? prev.stakeText : '',
        keepInPlay: same ? prev.keepInPlay : false,
      };
    });
  }, []);
  const close = useCallback(() => setDraft(null), []);
  const edit = useCallback((patch: SlipEdit) => setDraft((d) => (d ? { ...d, ...patch } : d)), []);
  const value = useMemo(() => ({ draft, open, close, edit }), [draft, open, close, edit]);
  return <BetSlipContext.Provider value={value}>{children}</BetSlipContext.Provider>;
}

export function useBetSlip(): BetSlipState {
  const state = useContext(BetSlipContext);
  if (!state) throw new Error('useBetSlip outside BetSlipProvider');
  return state;
}
