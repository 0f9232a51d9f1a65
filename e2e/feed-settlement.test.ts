import { describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The live feed end to end, in real Chromium at 1280 px and 390 px: with the simulator running
 * fast (FEED_SPEED=6, a football match lasts about 45 seconds), demo1 backs the home side of a
 * football match in play from the bet slip, watches the match play on until the simulator settles
 * Match Odds and the page names the winner, then reads the result in the account statement: the
 * result row is the P&L demo1 can work out from its matched bet and the winner (stake x (odds - 1)
 * won, the stake lost), less any commission row; the newest row's running balance is the header's
 * balance; and the header moved from before the bet by exactly the market's rows. Nobody declares
 * anything by hand, and either side may win.
 */
const suite = browserSuite({ FEED_SPEED: '6' });
const api = suite.api;

interface ListedMatch {
  match_id: number;
  match_name: string;
  in_play: boolean;
  score: string | null;
  match_odds: { market_id: number; runners: { back: { price: number } | null }[] } | null;
}
/** A statement row as the page shows it: Date | Credit | Debit | Balance | Remark. */
interface ShownRow {
  credit: number;
  debit: number;
  balance: number;
  remark: string;
}

const plain = (s: string | null) => (s ?? '').replace(/[^\d.-]/g, '');
/** An amount as shown ("1,00,057.12", or blank for none) in paise. */
const paise = (s: string | null) => Math.round(Number(plain(s) || '0') * 100);
const rupees = (p: number) => (p / 100).toFixed(2);
/** What a back of `stake` rupees at decimal `odds` wins, in paise rounded down as the engine does. */
const winPaise = (stake: number, odds: number) =>
  Math.floor((Math.round(stake * 100) * (Math.round(odds * 100) - 100)) / 100);


describe.each(VIEWPORTS)('a match the simulator settles, at $width px', (vp: Viewport) => {
  it(
    'demo1 backs in play; the simulator plays the match out and settles it; the statement shows the result',
    { timeout: 300_000 },
    async () => {
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        const token = await signIn(page);
        const headerBalance = async () => paise(await page.getByTestId('balance').textContent());
        // The header's balance (available to bet) before the bet, once it shows the server's.
        const { available_balance: startBalance } = await api<{ available_balance: number }>(
          'user/getUserBalance',
          undefined,
          token,
        );
        await expect.poll(headerBalance, { timeout: 20_000 }).toBe(Math.round(startBalance * 100));
        const balanceBefore = await headerBalance();

        // The football match in play least far on, with a price to back; back its home side from
        // the slip. Odds of 1.01 take the best lay on offer whatever the simulator has moved it to
        // during the in-play delay (a back matches at the resting price). A match that reaches
        // full time before the bet is placed is swapped for the next one kicked off.
        let match: ListedMatch | undefined;
        for (let attempt = 0; attempt < 3 && !match; attempt++) {
          let candidate: ListedMatch | undefined;
          await expect
            .poll(
              async () => {
                const list = await api<ListedMatch[]>('match/getMatches', { sport_id: 1 }, token);
                const minute = (m: ListedMatch) => Number(/\((\d+)'\)/.exec(m.score ?? '')?.[1] ?? 0);
                candidate = list
                  .filter((m) => m.in_play && m.match_odds?.runners[0]?.back)
                  .sort((a, b) => minute(a) - minute(b))[0];
                return candidate !== undefined;
              },
              { timeout: 60_000, interval: 500 },
            )
            .toBe(true);
          const marketId = candidate!.match_odds!.market_id;
          await page.goto(`/#/game-details/1/${candidate!.match_id}`);
          try {
            await page.getByTestId(`price-${marketId}-1-back-0`).click();
            await page.getByTestId('slip-odds').fill('1.01');
            await page.getByTestId('slip-stake').fill('100');
            await page.getByTestId('slip-place').click();
            await page
              .locator('[data-sonner-toast]', { hasText: 'Bet Matched' })
              .first()
              .waitFor({ state: 'attached', timeout: 30_000 });
            match = candidate;
          } catch (error) {
            if (process.env.E2E_DEBUG)
              await page.screenshot({ path: `/tmp/feed-e2e-${vp.width}-${attempt}.png` });
            const list = await api<ListedMatch[]>('match/getMatches', { sport_id: 1 }, token);
            if (list.some((m) => m.match_id === candidate!.match_id && m.in_play)) throw error;
          }
        }
        expect(match).toBeDefined();
        const marketId = match!.match_odds!.market_id;

        // What demo1 sees of its bet: the home side's name, and the matched back's odds and stake in My Bets.
        const home = (
          (await page.getByTestId(`runner-${marketId}-1`).locator('.runner__title').textContent()) ?? ''
        ).trim();
        expect(home).not.toBe('');
        const matchedRow = page.getByTestId('my-bets').locator('[data-testid^="my-bet-matched-"]');
        await expect.poll(() => matchedRow.count(), { timeout: 20_000 }).toBe(1);
        // The odds asked (1.01) and the average matched, then the stake.
        const [what, askedText, oddsText, stakeText] = await matchedRow.locator('td').allTextContents();
        expect(askedText).toBe('1.01');
        expect(what).toContain('BACK');
        expect(what).toContain(home);
        const odds = Number(oddsText);
        const stake = paise(stakeText!) / 100;
        expect(odds).toBeGreaterThan(1);
        expect(stake).toBeGreaterThan(0);
        expect(stake).toBeLessThanOrEqual(100);

        // The match plays on: the page shows the simulator's score.
        await expect
          .poll(async () => (await page.getByTestId('match-score').first().textContent()) ?? '', {
            timeout: 30_000,
          })
          .toMatch(/\d+ - \d+/);

        // The simulator plays on to full time and settles Match Odds: the page names the winner.
        let status = '';
        await expect
          .poll(
            async () => {
              status =
                (await page
                  .getByTestId(`market-status-${marketId}`)
                  .textContent({ timeout: 1_000 })
                  .catch(() => null)) ?? '';
              return status;
            },
            { timeout: 150_000, interval: 250 },
          )
          .toMatch(/Winner: /);
        const won = status.replace(/^.*Winner: /, '').trim() === home;
        // The P&L demo1 can work out: the back's winnings if the home side won, its stake if not.
        const pnl = won ? winPaise(stake, odds) : -Math.round(stake * 100);

        // The account statement, newest first: the market's rows are the newest, the result then
        // (after a win) the commission.
        await page.goto('/#/report/account-statement');
        const title = `${match!.match_name} / Match Odds — `;
        const resultRow = page
          .getByTestId('statement-row')
          .filter({ hasText: new RegExp(`${escape(title)}(won|lost)`) });
        // 30 s, and once more after a reload: on a CI machine busy with the other suites the page
        // once showed no result row within 15 s (2026-12-01), and alone it comes at once.
        await resultRow
          .first()
          .waitFor({ timeout: 30_000 })
          .catch(async () => {
            await page.reload({ waitUntil: 'domcontentloaded' });
            await resultRow.first().waitFor({ timeout: 30_000 });
          });
        const shown: ShownRow[] = await Promise.all(
          (await page.getByTestId('statement-row').all()).map(async (tr) => {
            const [, credit, debit, balance, remark] = await tr.locator('td').allTextContents();
            return {
              credit: paise(credit!),
              debit: paise(debit!),
              balance: paise(balance!),
              remark: remark!.trim(),
            };
          }),
        );
        const amount = (r: ShownRow) => r.credit - r.debit;
        const mine = shown.filter((r) => r.remark.includes(title));
        const results = mine.filter((r) => /— (won|lost)$/.test(r.remark));
        const commissions = mine.filter((r) => r.remark.endsWith('— commission'));
        expect(results).toHaveLength(1);
        const result = results[0]!;
        expect(result.remark.endsWith(`${title}${won ? 'won' : 'lost'}`)).toBe(true);
        expect(rupees(amount(result))).toBe(rupees(pnl));
        // Commission is charged on winnings only, as a debit smaller than them.
        if (won) expect(commissions.every((c) => c.credit === 0 && c.debit > 0 && c.debit < pnl)).toBe(true);
        else expect(commissions).toEqual([]);
        expect(mine).toHaveLength(1 + commissions.length);
        const commission = commissions.reduce((sum, c) => sum + c.debit, 0);

        // Running balances: the result row's is the balance before plus the P&L; the newest row of
        // the statement is this market's last posting, and its balance is what the header shows.
        expect(rupees(result.balance)).toBe(rupees(balanceBefore + pnl));
        expect(shown[0]!.remark.includes(title)).toBe(true);
        expect(rupees(shown[0]!.balance)).toBe(rupees(balanceBefore + pnl - commission));
        await expect
          .poll(async () => rupees(await headerBalance()), { timeout: 20_000 })
          .toBe(rupees(shown[0]!.balance));
        // The header moved from before the bet by exactly the market's rows.
        expect(rupees((await headerBalance()) - balanceBefore)).toBe(
          rupees(mine.reduce((sum, r) => sum + amount(r), 0)),
        );
      } finally {
        await context.close();
      }
    },
  );
});

/** The text as a literal inside a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
