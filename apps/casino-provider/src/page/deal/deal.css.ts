/** Cards, face down and turning; the winner's hand lit. */
export const DEAL_CSS = ``;
