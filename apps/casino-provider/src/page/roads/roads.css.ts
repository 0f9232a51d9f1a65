/** The roads: bead road, big road, streaks, the cards of single-card games. */
export const ROADS_CSS = ``;
