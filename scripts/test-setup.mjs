// Vitest's global setup for the unit tests: builds what the code under test reads from a build,
// as `npm start` does (the casino provider serves its game page script from dist/game.js).
import { buildProviderPage } from './build.mjs';

export default async function setup() {
  await buildProviderPage();
}
