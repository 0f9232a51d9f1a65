/** The card games' felts, the spots and their chip stacks, the chip tray and bet controls. */
export const FELT_CSS = ``;
