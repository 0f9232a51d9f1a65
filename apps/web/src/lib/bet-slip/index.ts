/**
 * The bet slip's shared state (ADR 29): the draft a price box opens and the slip edits. The
 * ladders (features/markets) and the slip (features/betslip) meet here, not in each other.
 */
export {
  isBackSide,
  oddsText,
  offersKeepInPlay,
  parseAmount,
  priceHundredths,
  projectedFancyWorst,
  projectedPositions,
  type SlipDraft,
  type SlipEdit,
  type SlipPick,
  type SlipSide,
} from './draft';
export { BetSlipProvider, useBetSlip } from './selection';
export type { BettingSlots } from './slots';
