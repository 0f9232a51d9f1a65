/** The clock is injected (tests move it); everything reads time through it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
