/**
 * The bet slip's shared state (ADR 29): the draft a price box opens and the slip edits, placing
 * it, and one-click betting. The ladders (features/markets) and the slip (features/betslip) meet
 * here, not in each other.
 */
export {
  isBackSide,
  oddsText,
  offersKeepInPlay,
  parseAmount,
  priceHundredths,
  projectedFancyWorst,
  projectedPositions,
  runnerPick,
  type SlipDraft,
  type SlipEdit,
  type SlipPick,
  type SlipSide,
} from './draft';
export { ONE_CLICK_OFF, type OneClickSetting } from './one-click';
export { placedText, usePlaceBet } from './place-bet';
export { BetSlipProvider, useBetSlip } from './selection';
export type { BettingSlots } from './slots';
