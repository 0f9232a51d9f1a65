import { DAY_MS, istDate } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, type Market } from './support/suite.ts';

/**
 * A race's and a meeting's one state on the racing screens (ADR 27, races), in Chromium at 1280
 * and 390 px: the operator declares the winner of every race of a meeting, and the racing list
 * and the race card then show the race's result and the meeting as finished, never "Upcoming".
 * The meeting is any of today's or tomorrow's with races that have markets, so the test does not
 * depend on the time of day (a race is finished by its result, whenever it is declared).
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const api = suite.api;

interface ListedRace {
  race_id: number;
  market_start_time: string;
  state: string;
}
interface ListedVenue {
  match_id: number;
  venue: string;
  state: string;
  races: ListedRace[];
}
const istDay = (offsetDays: number) => istDate(Date.now() + offsetDays * DAY_MS);

/** Meetings settled in beforeAll, one per viewport: its day, the race to open and its winner. */
const settled: { day: string; venue: ListedVenue; raceId: number; winner: string }[] = [];

beforeAll(async () => {
  const admin = await suite.tokenOf('admin');
  for (const day of [istDay(0), istDay(1)]) {
    const { venues } = await api<{ venues: ListedVenue[] }>('match/getMatchVenueListByCountryCodeSportId', { sport_id: 7, date: day }, admin);
    for (const venue of venues) {
      if (settled.length === VIEWPORTS.length) break;
      const { markets } = await api<{ markets: (Market & { race_id: number | null })[] }>('match/getMatchDetail', { match_id: venue.match_id }, admin);
      const wins = markets.filter((m) => m.market_type === 'WIN' && venue.races.some((r) => r.race_id === m.race_id));
      if (wins.length === 0) continue;
      // Every race of the meeting gets its winner: the first runner of its WIN market.
      for (const win of wins) await api('operator/declareResult', { market_id: win.market_id, winner_ids: [win.runners[0]!.selection_id] }, admin);
      const last = wins.at(-1)!;
      settled.push({ day, venue, raceId: last.race_id!, winner: last.runners[0]!.name });
    }
  }
  if (settled.length < VIEWPORTS.length) throw new Error('no two horse racing meetings today or tomorrow with WIN markets');
}, 120_000);

describe.each(VIEWPORTS.map((vp, i) => ({ ...vp, i })))('racing states at $width px', (vp: Viewport & { i: number }) => {
  it('a finished race shows its winner and its finished meeting never says Upcoming', { timeout: 120_000 }, async () => {
    const { day, venue, raceId, winner } = settled[vp.i]!;
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      // The race card: the race's result and the meeting's state.
      await page.goto(`/#/horse-racing/${venue.match_id}/${day}?race=${raceId}`);
      const card = page.getByTestId('race-card');
      await expect.poll(() => card.getByTestId('race-state').textContent()).toBe(`Won by ${winner}`);
      expect(await card.getByTestId('race-state').getAttribute('data-state')).toBe('FINISHED');
      expect(await card.getByTestId('match-state').textContent()).toBe('Finished');
      expect(await card.textContent()).not.toContain('Upcoming');
      await page.screenshot({ path: `/tmp/racing-state-card-${vp.width}.png`, fullPage: true });

      // The racing list of today's meetings (the sport page), when the meeting races today.
      if (day === istDay(0)) {
        await page.goto('/#/all-sports/7');
        const row = page.getByTestId('venue-row').filter({ hasText: venue.venue });
        await expect.poll(() => row.getByTestId('match-state').textContent()).toBe('Finished');
        expect(await row.textContent()).not.toContain('Upcoming');
        expect(await row.locator(`[data-state="FINISHED"]`).count()).toBeGreaterThan(0);
        await page.screenshot({ path: `/tmp/racing-state-list-${vp.width}.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});
