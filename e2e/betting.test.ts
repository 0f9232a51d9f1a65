import { DAY_MS, istDate } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, upcomingCricket, type Market } from './support/suite.ts';

/**
 * The betting screens in real Chromium at 1280 px and 390 px, on a product whose prices do not
 * move (FEED_SIMULATOR=0): demo1 backs at the shown price and is matched against the market
 * maker, sees its position on every runner and the header's exposure move; rests a lay and
 * cancels it; bets YES and NO on a fancy line; is refused on a market the operator suspended;
 * and, once the operator settles Match Odds, reads the result in the account statement with the
 * header's balance matching it. Each width bets on its own match.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const api = suite.api;
let admin: string;

beforeAll(async () => {
  admin = await suite.tokenOf('admin');
});

/** Amounts as the screens print them, compared without grouping: "1,00,057.12" -> "100057.12". */
const plain = (s: string | null) => (s ?? '').replace(/[^\d.-]/g, '');
const fixed = (n: number) => n.toFixed(2);
/** Screens follow the server by polling (match 2 s, balance 5 s): allow for a few rounds. */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 200 });
/** What a stake (rupees) wins at decimal odds, in integer paise as the engine counts it. */
const oddsWin = (stake: number, odds: number) =>
  Math.floor((Math.round(stake * 100) * (Math.round(odds * 100) - 100)) / 100) / 100;
const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

/** A toast with this text shows (toasts last 800 ms, so it is caught as it appears). */
async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ state: 'attached' });
}

async function placeFromSlip(page: Page, stake: string, outcome: string) {
  await page.getByTestId('slip-stake').fill(stake);
  await page.getByTestId('slip-place').click();
  await expectToast(page, outcome);
  await page.getByTestId('bet-slip').waitFor({ state: 'detached' });
}


describe.each(VIEWPORTS)('betting at $width px', (vp: Viewport) => {
  it(
    'back matched, lay rested and cancelled, fancy YES and NO, suspension refused, settlement in the statement',
    { timeout: 300_000 },
    async () => {
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await signIn(page);
        const token = (await page.evaluate(() => localStorage.getItem('usertoken')))!;

        // A cricket match not in play (no bet delay), a different one per width.
        const { match, markets } = await upcomingCricket(suite, token, vp.width < 993 ? 1 : 0);
        const detail = { markets };
        const odds = detail.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
        const bookmaker = detail.markets.find((m) => m.kind === 'BOOKMAKER')!;
        const fancy = detail.markets.find((m) => m.kind === 'FANCY')!;
        const [home, away] = odds.runners;
        const mo = odds.market_id;

        // Home: the match's row shows Match Odds' best back and lay under 1 and 2.
        await page.goto('/#/home');
        const row = page.getByTestId('match-row').filter({ hasText: match.match_name });
        await eventually(() => row.getByTestId(`list-odds-${match.match_id}-1-back`).textContent()).toContain(
          String(home!.back[0]!.price),
        );
        expect(await row.getByTestId(`list-odds-${match.match_id}-2-lay`).textContent()).toContain(
          String(away!.lay[0]!.price),
        );
        await row.getByTestId('match-link').click();
        await page.waitForURL(new RegExp(`#/game-details/4/${match.match_id}$`));

        // The ladder: 3 back and 3 lay levels, price then abbreviated size (a space between, ADR 44).
        const best = home!.back[0]!;
        await eventually(() => textOf(page, `price-${mo}-${home!.selection_id}-back-0`)).toMatch(
          new RegExp(`^${String(best.price).replace('.', '\\.')} \\d+(\\.\\d)?k?$`),
        );
        // demo1 is shared by both widths: amounts are checked relative to where this run starts.
        const start = await api<{ total_balance: number; liability: number; available_balance: number }>(
          'user/getUserBalance',
          undefined,
          token,
        );
        // The header's Balance is the amount available to bet: the total less the exposure (ADR 27).
        const balanceBefore = fixed(start.total_balance);
        const exposure = (n: number) => fixed(Math.abs(start.liability) + n);
        const available = (total: number, n: number) => fixed(total - Math.abs(start.liability) - n);
        await eventually(async () => plain(await textOf(page, 'balance'))).toBe(available(start.total_balance, 0));
        await eventually(async () => plain(await textOf(page, 'exposure'))).toBe(exposure(0));

        // Back the home side at the shown price: matched by the market maker's resting lay.
        await page.getByTestId(`price-${mo}-${home!.selection_id}-back-0`).click();
        await page.getByTestId('bet-slip').waitFor();
        expect(await page.getByTestId('bet-slip').getAttribute('data-side')).toBe('BACK');
        expect(await page.getByTestId('slip-odds').inputValue()).toBe(best.price.toFixed(2));
        await page.getByTestId('slip-stake').fill('100');
        const win = oddsWin(100, best.price);
        expect(await textOf(page, 'slip-profit')).toBe(fixed(win));
        // While the stake is typed, every runner previews what it would become.
        expect(plain(await textOf(page, `preview-${mo}-${home!.selection_id}`))).toBe(fixed(win));
        expect(plain(await textOf(page, `preview-${mo}-${away!.selection_id}`))).toBe('-100.00');
        await placeFromSlip(page, '100', 'Bet Matched');

        // The position on every runner, and the header's exposure, without a reload.
        await eventually(() => textOf(page, `position-${mo}-${home!.selection_id}`)).toBe(fixed(win));
        await eventually(() => textOf(page, `position-${mo}-${away!.selection_id}`)).toBe('-100.00');
        await eventually(async () => plain(await textOf(page, 'exposure'))).toBe(exposure(100));
        await eventually(async () => plain(await textOf(page, 'balance'))).toBe(available(start.total_balance, 100));
        await page.getByTestId('my-bets').locator('[data-testid^="my-bet-matched-"]').first().waitFor();

        // A lay three ticks under the best lay price: nothing to match, so it rests; then cancel it.
        await page.getByTestId(`price-${mo}-${away!.selection_id}-lay-0`).click();
        expect(await page.getByTestId('bet-slip').getAttribute('data-side')).toBe('LAY');
        for (let i = 0; i < 3; i++) await page.getByTestId('slip-odds-down').click();
        const layOdds = Number(await page.getByTestId('slip-odds').inputValue());
        expect(layOdds).toBeLessThan(away!.lay[0]!.price);
        await page.getByTestId('slip-stake').fill('100');
        expect(await textOf(page, 'slip-liability')).toBe(fixed(oddsWin(100, layOdds)));
        await placeFromSlip(page, '100', 'Bet Unmatched');
        const unmatched = page.getByTestId('my-bets').locator('[data-testid^="my-bet-unmatched-"]');
        await unmatched.first().waitFor();
        const liabilityWithLay = 100 + oddsWin(100, layOdds);
        await eventually(async () => plain(await textOf(page, 'exposure'))).toBe(exposure(liabilityWithLay));
        await unmatched.first().getByRole('button', { name: 'Cancel' }).click();
        await expectToast(page, 'Bet Cancelled');
        await unmatched.first().waitFor({ state: 'detached' });
        await eventually(async () => plain(await textOf(page, 'exposure'))).toBe(exposure(100));

        // Fancy: YES and NO on the same line. Runs of exactly the NO line lose both: 200 at risk.
        const line = fancy.fancy!;
        expect(await textOf(page, `fancy-${fancy.market_id}-no`)).toBe(`${line.no_line} ${line.no_rate}`);
        expect(await textOf(page, `fancy-${fancy.market_id}-yes`)).toBe(`${line.yes_line} ${line.yes_rate}`);
        await page.getByTestId(`fancy-${fancy.market_id}-yes`).click();
        expect(await page.getByTestId('bet-slip').getAttribute('data-side')).toBe('YES');
        await placeFromSlip(page, '100', 'Bet Matched');
        await page.getByTestId(`fancy-${fancy.market_id}-no`).click();
        expect(await page.getByTestId('bet-slip').getAttribute('data-side')).toBe('NO');
        await page.getByTestId('slip-stake').fill('100');
        // The line's worst case while the NO is typed: exactly the NO line loses both bets.
        expect(plain(await textOf(page, `fancy-preview-${fancy.market_id}`))).toBe('-200.00');
        await placeFromSlip(page, '100', 'Bet Matched');
        await eventually(() => textOf(page, `fancy-exposure-${fancy.market_id}`)).toBe('-200.00');
        await eventually(async () => plain(await textOf(page, 'exposure'))).toBe(exposure(300));

        // The operator suspends the bookmaker market while a slip is open: the bet is refused.
        const bmRunner = bookmaker.runners[0]!;
        await page.getByTestId(`price-${bookmaker.market_id}-${bmRunner.selection_id}-back-0`).click();
        await page.getByTestId('slip-stake').fill('100');
        await api('operator/setMarketStatus', { market_id: bookmaker.market_id, status: 'SUSPENDED' }, admin);
        await page.getByTestId('slip-place').click();
        await expectToast(page, 'Market suspended');
        await eventually(() => textOf(page, `market-status-${bookmaker.market_id}`)).toContain('SUSPENDED');
        await page.getByTestId('slip-cancel').click();
        expect(plain(await textOf(page, 'exposure'))).toBe(exposure(300));

        // 'My Market' lists the match's markets with open bets and links to the match.
        await page.getByTestId('exposure-button').click();
        const myMarket = page.getByTestId('my-market-modal');
        await myMarket.waitFor();
        const rows = myMarket.getByTestId('my-market-row').filter({ hasText: match.match_name });
        await eventually(() => rows.count()).toBe(2);
        await rows.first().getByTestId('my-market-link').click();
        await myMarket.waitFor({ state: 'detached' });

        // The operator settles Match Odds: the home side won.
        await api('operator/declareResult', { market_id: mo, winner_ids: [home!.selection_id] }, admin);
        await eventually(() => textOf(page, `market-status-${mo}`)).toContain(`Winner: ${home!.name}`);
        await eventually(async () => plain(await textOf(page, 'exposure'))).toBe(exposure(200));
        // Commission: 2% of the net winnings, rounded down to the paisa.
        const commission = Math.floor((Math.round(win * 100) * 200) / 10_000) / 100;
        const balanceAfter = Number(balanceBefore) + win - commission;
        await eventually(async () => plain(await textOf(page, 'balance'))).toBe(available(balanceAfter, 200));

        // The account statement shows the result row; its balance is the header's.
        await page.goto('/#/report/account-statement');
        const won = page.locator('tr', { hasText: `${match.match_name} / Match Odds — won` }).first();
        await won.waitFor();
        const amounts = async (row: typeof won) => (await row.locator('td').allTextContents()).map(plain);
        expect(await amounts(won)).toContain(fixed(win));
        const charged = page
          .locator('tr', { hasText: `${match.match_name} / Match Odds — commission` })
          .first();
        await charged.waitFor();
        const chargedAmounts = await amounts(charged);
        expect(chargedAmounts).toContain(fixed(commission));
        // The commission is posted last: its running balance is the balance after the result.
        expect(chargedAmounts).toContain(fixed(balanceAfter));
        expect(plain(await textOf(page, 'balance'))).toBe(available(balanceAfter, 200));
      } finally {
        await context.close();
      }
    },
  );

  it(
    'race card: WIN and PLACE ladders, a back matched with its position, a non-runner struck through',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await signIn(page);
        const token = (await page.evaluate(() => localStorage.getItem('usertoken')))!;
        // A race still ahead with WIN and PLACE markets, one per width: today's in IST, else
        // tomorrow's. The market maker rests prices only on races within 6 hours, so at night
        // (IST) the race may have none yet: then mm1 lays the favourite through the API, as any
        // bettor could, and that lay is the back price demo1 takes.
        const candidates: { day: string; matchId: number; raceId: number; win: Market; place: Market }[] = [];
        for (const day of [istDate(Date.now()), istDate(Date.now() + DAY_MS)]) {
          const { venues } = await api<{
            venues: { match_id: number; races: { race_id: number; market_start_time: string }[] }[];
          }>('match/getMatchVenueListByCountryCodeSportId', { sport_id: 7, date: day }, token);
          for (const v of venues) {
            const races = v.races.filter((r) => Date.parse(r.market_start_time) > Date.now() + 15 * 60_000);
            if (races.length === 0 || candidates.length > 1) continue;
            const { markets } = await api<{ markets: (Market & { race_id: number | null })[] }>(
              'match/getMatchDetail',
              { match_id: v.match_id },
              token,
            );
            for (const r of races) {
              const win = markets.find((m) => m.race_id === r.race_id && m.market_type === 'WIN');
              const place = markets.find((m) => m.race_id === r.race_id && m.market_type === 'PLACE');
              if (win && place) candidates.push({ day, matchId: v.match_id, raceId: r.race_id, win, place });
            }
          }
        }
        const race = candidates[vp.width < 993 ? 1 : 0];
        if (!race) throw new Error('no race ahead today or tomorrow with WIN and PLACE markets');
        const [first, second] = race.win.runners;
        const w = race.win.market_id;
        let price = first!.back[0]?.price;
        if (price === undefined) {
          price = 4;
          const mm = (
            await api<{ usertoken: string }>('user/login', { user_name: 'mm1', password: 'Demo@1234' })
          ).usertoken;
          await api(
            'bet/placeMarketBet',
            {
              market_id: w,
              selection_id: first!.selection_id,
              is_back: 0,
              odds: price,
              stake: 500,
              client_ref: `e2e-race-lay-${w}-${vp.width}`,
              persistence: 'PERSIST',
            },
            mm,
          );
        }

        await page.goto(`/#/horse-racing/${race.matchId}/${race.day}?race=${race.raceId}`);
        await page.getByTestId(`market-${w}`).waitFor();
        await page.getByTestId(`market-${race.place.market_id}`).waitFor();
        await eventually(() => textOf(page, `price-${w}-${first!.selection_id}-back-0`)).toContain(
          String(price),
        );

        await page.getByTestId(`price-${w}-${first!.selection_id}-back-0`).click();
        await placeFromSlip(page, '100', 'Bet Matched');
        const win = oddsWin(100, price);
        await eventually(() => textOf(page, `position-${w}-${first!.selection_id}`)).toBe(fixed(win));
        await eventually(() => textOf(page, `position-${w}-${second!.selection_id}`)).toBe('-100.00');

        // The operator withdraws the second runner: struck through, with its reduction factor.
        await api(
          'operator/removeRunner',
          { market_id: w, selection_id: second!.selection_id, reduction_factor: 12.5 },
          admin,
        );
        await eventually(() => textOf(page, `non-runner-${w}-${second!.selection_id}`)).toContain('12.5%');
        const name = page.getByTestId(`runner-${w}-${second!.selection_id}`).locator('.runner__title');
        expect(await name.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
        expect(await page.getByTestId(`price-${w}-${second!.selection_id}-back-0`).count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});
