/** The clock is injected (tests move it); everything reads time through it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

// IST days are shared with the web app and the casino provider (one definition, in contracts);
// the server's code reads them here, next to its clock.
export { DAY_MS, IST_OFFSET_MS, istDate, istDayRange, istDayStart } from '@exchange/contracts';
