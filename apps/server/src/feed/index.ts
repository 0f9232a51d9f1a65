/**
 * The live feed: the event contract a feed speaks (`FeedEvent`), the sink that applies it to
 * this platform, the simulator that plays the demo's matches and races and how the process runs
 * it, and the catalog it keeps alive (fixtures, their markets and the market maker's liquidity).
 * Code outside feed/ imports only this file.
 */
export { PlatformSink, type FeedEvent, type FeedSink } from './events.ts';
export { FeedSimulator, type FeedOptions } from './simulator.ts';
export { BASE_TIMINGS, type FeedTimings } from './feed-context.ts';
export { createFeed, feedSettingsFromEnv, FeedRunner } from './runner.ts';
export { ensureCatalog, refreshFixtures } from './fixtures.ts';
export { ensureMarkets, MARKET_MAKER } from './markets.ts';
export { ladderQuotes } from './market-maker.ts';
export { meetingDayLabel, SERIES, SPORT_ID } from './catalog-data.ts';
