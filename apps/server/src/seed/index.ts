/**
 * The demo seed: the data of a first start (demo.ts: settings, catalog, users and their
 * balances; payments.ts: agent1's payment details, demo3's requests) and what the product's
 * start does with the demo (start.ts). Only the entry points and tests import it (lint).
 */
export { DEMO_STARTING_BALANCE_PAISE, DEMO_USERS, seed } from './demo.ts';
export { demoLoginsTable, prepareDemo, seedDemoMarkets } from './start.ts';
