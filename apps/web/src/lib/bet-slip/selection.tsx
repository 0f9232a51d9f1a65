import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useButtonValues } from '@/lib/button-values';
import { oddsText, type SlipDraft, type SlipEdit, type SlipPick } from './draft';
import { ONE_CLICK_OFF, readOneClick, writeOneClick, type OneClickSetting } from './one-click';
import { placedText, usePlaceBet } from './place-bet';

interface BetSlipState {
  /** The open slip, or null. */
  draft: SlipDraft | null;
  /** Opens the slip on a price box; the same runner and side again keeps what was typed and ticked. */
  open: (pick: SlipPick) => void;
  close: () => void;
  edit: (patch: SlipEdit) => void;
  /**
   * What a click on a price box does: with one-click betting on, places the bet at once at that
   * price with the one-click stake (no slip); else opens the slip.
   */
  pick: (pick: SlipPick) => void;
  /** One-click betting, where the page offers it (else always off). */
  oneClick: OneClickSetting;
  /** Changes (and remembers) it; turning it on closes the open slip. */
  setOneClick: (setting: OneClickSetting) => void;
  /** Whether this page offers one-click betting (the match page and a race meeting's page do). */
  oneClickOffered: boolean;
}

const BetSlipContext = createContext<BetSlipState | null>(null);

/** The slip a one-click bet places: the pick at its price with the one-click stake. */
const oneClickDraft = (pick: SlipPick, stake: number): SlipDraft => ({
  ...pick,
  oddsText: oddsText(pick.kind, pick.odds),
  stakeText: String(stake),
  keepInPlay: false,
});

/**
 * One slip per page: the price boxes (features/markets) open it, the runners read it for their
 * preview, and the slip itself (features/betslip; inline on a phone, in the right column on
 * desktop) edits and places it. It lives here, not in either feature, so neither imports the
 * other (ADR 29). With one-click betting on (`oneClick`: the page offers it), a price box places
 * its bet through the same call as the slip, with the same toasts.
 */
export function BetSlipProvider({
  children,
  oneClick: offered = false,
}: {
  children: ReactNode;
  oneClick?: boolean;
}) {
  const [draft, setDraft] = useState<SlipDraft | null>(null);
  const [oneClick, setOneClickState] = useState<OneClickSetting>(() =>
    offered ? readOneClick() : ONE_CLICK_OFF,
  );
  // Fetched with the page, so the stake buttons are there when the first slip opens.
  useButtonValues();
  const { mutateAsync: place } = usePlaceBet();
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
  const setOneClick = useCallback((setting: OneClickSetting) => {
    writeOneClick(setting);
    setOneClickState(setting);
    if (setting.on) setDraft(null);
  }, []);
  const stake = oneClick.on ? oneClick.stake : null;
  const pick = useCallback(
    (p: SlipPick) => {
      if (stake === null) {
        open(p);
        return;
      }
      // The server holds an in-play bet for the market's delay: the toast says so until it answers.
      const delayMs = p.inPlay ? p.betDelayMs : 0;
      const id = toast.loading(
        delayMs > 0 ? `Placing bet… (${Math.ceil(delayMs / 1000)}s bet delay)` : 'Placing bet…',
      );
      place(oneClickDraft(p, stake)).then(
        (bet) => toast.success(placedText(bet.status), { id }),
        (error: Error) => toast.error(error.message, { id }),
      );
    },
    [stake, open, place],
  );
  const value = useMemo(
    () => ({ draft, open, close, edit, pick, oneClick, setOneClick, oneClickOffered: offered }),
    [draft, open, close, edit, pick, oneClick, setOneClick, offered],
  );
  return <BetSlipContext.Provider value={value}>{children}</BetSlipContext.Provider>;
}

export function useBetSlip(): BetSlipState {
  const state = useContext(BetSlipContext);
  if (!state) throw new Error('useBetSlip outside BetSlipProvider');
  return state;
}
