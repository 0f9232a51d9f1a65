/** The number games' felts (numbers.ts), dice and wheel (deal/dice.ts, deal/wheel.ts). */
export const NUMBERS_CSS = ``;
