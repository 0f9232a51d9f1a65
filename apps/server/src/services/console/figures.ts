/** How the console states money (ADR 36): an account's three figures, and the house's side of a bettor's. */
import { paiseToRupees } from '@exchange/engine';
import { availablePaise } from '../money/index.ts';

/** Balance, exposure and what is available (balance less exposure), in rupees. */
export const moneyOf = (balancePaise: number, exposurePaise: number) => ({
  balance: paiseToRupees(balancePaise),
  exposure: paiseToRupees(exposurePaise),
  available: paiseToRupees(availablePaise({ balancePaise, exposurePaise })),
});

/** The house's side of the downline's figure: its loss is the house's win (never -0). */
export const houseOf = (downlinePaise: number) => (downlinePaise === 0 ? 0 : -downlinePaise);
