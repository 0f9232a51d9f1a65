import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { apiAs } from './support/api.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 5's browser check, at 1280 px and 390 px: demo1 opens TP T20 from the sidebar, bets with
 * a casino chip, sees the round deal and settle, the balance change, the round in Casino Result
 * and in Live Casino Bets, and verifies the round's fairness proof. The platform and the real
 * casino provider run as `npm start` runs them, talking over the signed wallet.
 */
// Short rounds (betting 12 s, one card a second, the result up 6 s): a whole TP T20 round takes
// about 24 s instead of about 52 s, and every phase still lasts long enough for a 500 ms poll to
// show it on a loaded machine.
const PROVIDER_TIMINGS = {
  CASINO_FAST: '1',
  CASINO_BETTING_MS: '12000',
  CASINO_REVEAL_MS: '1000',
  CASINO_RESULT_MS: '6000',
};
const suite = browserSuite({}, { casino: PROVIDER_TIMINGS });

/** One round at the timings above, with room for a slow machine. */
const ROUND_MS = 60_000;
const TP_T20 = 'imlive1001';
/** Bound on waiting for what a page shows, generous for a loaded 2-core machine. */
const SHOWN_MS = 30_000;

/** expect.poll with room for a slow machine (vitest's own default gives up after 1 s). */
const poll = <T>(fn: () => Promise<T>, timeout = SHOWN_MS) => expect.poll(fn, { timeout, interval: 200 });

/** A money text as shown ('1,23,456.00', '-50.00', '₹ 12.50') as a number. */
const amount = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''));
/** Rupees to the paise they stand for, so sums compare exactly. */
const paise = (rupees: number) => Math.round(rupees * 100);

async function dismissWelcome(page: Page) {
  await page.getByTestId('welcome-popup').waitFor();
  await page.getByTestId('welcome-popup-close').click();
  await page.getByTestId('welcome-popup').waitFor({ state: 'detached' });
}

/** The header's balance (the amount available to bet) once it shows what the server has (it is polled every 5 s). */
async function headerBalance(page: Page): Promise<number> {
  const { available_balance } = await apiAs<{ available_balance: number }>(page, 'GET', 'user/getUserBalance');
  await poll(async () => paise(amount(await page.getByTestId('balance').textContent()))).toBe(
    paise(available_balance),
  );
  return available_balance;
}

async function openUserMenuItem(page: Page, testId: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(testId).click();
}

/** The game page's phase, round id and seconds left, read together from inside the frame. */
async function tableNow(game: FrameLocator) {
  return game.locator('#game').evaluate((el) => ({
    phase: el.getAttribute('data-phase'),
    roundId: el.querySelector('#round-id')?.textContent ?? '',
    secondsLeft: Number(el.querySelector('#countdown')?.textContent || 0),
    // face up: the felt lays the dealt cards face down first
    cards: el.querySelectorAll('#table-cards .card:not(.face-down)').length,
  }));
}

/**
 * The cells of the player's bet on a round in the page's My bets (the page lists the current
 * round's bets as 'This round' and the last finished round's as '#id'), or [] when not there.
 */
async function myBetCells(game: FrameLocator, roundId: string): Promise<string[]> {
  return game.locator('#game').evaluate((el, roundId) => {
    const current = el.querySelector('#round-id')?.textContent === roundId;
    const label = current ? 'This round' : `#${roundId}`;
    const row = Array.from(el.querySelectorAll('#my-bets tr')).find(
      (tr) => tr.querySelector('td')?.textContent === label,
    );
    return row ? Array.from(row.querySelectorAll('td')).map((td) => td.textContent ?? '') : [];
  }, roundId);
}

/** Each hand of a round as shown ('Player A: A♦ 6♠ 4♠'). */
async function handsShown(rows: Locator, nameSel: string, cardSel: string): Promise<string[]> {
  return rows.evaluateAll(
    (els, { nameSel, cardSel }) =>
      els.map((el) => {
        const cards = Array.from(el.querySelectorAll(cardSel)).map((c) =>
          (c.textContent ?? '').replace(/\s+/g, ''),
        );
        return `${el.querySelector(nameSel)?.textContent}: ${cards.join(' ')}`;
      }),
    { nameSel, cardSel },
  );
}

/** Text of each card face shown ('10♥'), in order. */
const cardTexts = (cards: { allTextContents(): Promise<string[]> }) =>
  cards.allTextContents().then((list) => list.map((t) => t.replace(/\s+/g, '')));

describe.each(VIEWPORTS)('casino at $width px', (vp: Viewport) => {
  it('demo1 plays a TP T20 round from the sidebar and finds it in the reports, fairness verified', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    page.setDefaultTimeout(SHOWN_MS);
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.stack ?? err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageErrors.push(msg.text());
    });
    try {
      await login(page, 'demo1');
      await page.waitForURL(/#\/home/);
      await dismissWelcome(page);
      const balanceBefore = await headerBalance(page);
      const stored = JSON.parse(await apiAs<string>(page, 'GET', 'user/getButtonValue')) as Array<{
        button_name: string;
        button_value: number;
        type: string;
      }>;
      const casinoButtons = stored.filter((b) => b.type === 'Casino');
      expect(casinoButtons.length).toBeGreaterThan(1);

      // TP T20 from the sidebar's 'Others' list (a drawer behind the menu button on a phone).
      if (vp.width < 993) await page.getByTestId('mobile-menu-button').click();
      const others = page.getByTestId('sidebar-others');
      await poll(() => others.getByTestId(`live-game-${TP_T20}`).textContent()).toBe('TP T20');
      await others.getByTestId(`live-game-${TP_T20}`).click();
      await page.waitForURL(/#\/casino\/mac88\/game\?url=/);
      const gameUrl = new URL(new URLSearchParams(page.url().split('?')[1]).get('url')!);
      expect(gameUrl.origin).toBe(suite.product.providerUrl);
      expect(gameUrl.pathname).toBe(`/game/${TP_T20}`);
      expect(await page.getByTestId('game-frame-user').textContent()).toBe('demo1');
      const game = page.frameLocator('[data-testid=game-frame]');

      // The provider's page knows the player and offers the player's own Casino buttons as chips.
      await poll(() => game.locator('#user').textContent()).toBe('demo1');
      // Each chip shows its label; its name for a listener adds the stake in full.
      await poll(() => game.locator('#chips .chip').evaluateAll((els) => els.map((el) => el.firstChild?.textContent))).toEqual(
        casinoButtons.map((b) => b.button_name),
      );
      await poll(async () => paise(amount(await game.locator('#balance').textContent()))).toBe(
        paise(balanceBefore),
      );

      // A betting window with time left to bet in; otherwise wait for the next round's.
      await poll(async () => {
        const t = await tableNow(game);
        return t.phase === 'betting' && t.secondsLeft >= 5;
      }, ROUND_MS).toBe(true);
      const { roundId } = await tableNow(game);
      expect(roundId).toMatch(/^1001\d{9}$/);

      const chip = casinoButtons[1]!;
      await game.locator(`#chips .chip[data-value="${chip.button_value}"]`).click();
      await poll(() => game.locator('#chips .chip.selected').getAttribute('data-value')).toBe(String(chip.button_value));
      await game.locator('#options button[data-option=playerA]').click();
      const stakeText = chip.button_value.toLocaleString('en-IN', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      await poll(() => game.locator('#message').textContent()).toBe(
        `Bet accepted: Player A for ${stakeText}`,
      );
      await poll(() => myBetCells(game, roundId)).toEqual([
        'This round',
        'Player A',
        '1.98',
        stakeText,
        'accepted',
        '',
      ]);
      // The stake leaves the wallet at once (the provider shows the platform's answer).
      await poll(async () => paise(amount(await game.locator('#balance').textContent()))).toBe(
        paise(balanceBefore - chip.button_value),
      );

      // The deal: betting closes, the cards come one by one, then the result. The cards seen
      // part way are marked: they must still be the ones on the table at the result (a card
      // already dealt stays put instead of being drawn, and animated, again).
      let seenPartWay = 0;
      await poll(async () => {
        const t = await tableNow(game);
        expect(t.roundId).toBe(roundId);
        if (!seenPartWay && t.phase === 'dealing' && t.cards > 0 && t.cards < 6) {
          seenPartWay = await game.locator('#table-cards').evaluate((el) => {
            const cards = el.querySelectorAll('.card:not(.face-down)');
            cards.forEach((c) => c.setAttribute('data-seen', ''));
            return cards.length;
          });
        }
        return t.phase;
      }, ROUND_MS).toBe('result');
      expect(seenPartWay).toBeGreaterThan(0);
      expect(await game.locator('#table-cards .card[data-seen]').count()).toBe(seenPartWay);
      const dealt = await cardTexts(game.locator('#table-cards .card'));
      expect(dealt).toHaveLength(6);
      const hands = await handsShown(game.locator('#table-cards .hand-slot'), '.hand-name', '.card');
      expect(hands).toEqual([
        expect.stringMatching(/^Player A: \S+ \S+ \S+$/),
        expect.stringMatching(/^Player B: \S+ \S+ \S+$/),
      ]);
      const winner = (await game.locator('#winner').textContent())!.replace(/^Winner: /, '');
      expect(['Player A', 'Player B', 'Tie']).toContain(winner);
      await page.screenshot({ path: `/tmp/casino-game-${vp.width}.png` });

      // Settled: the page shows the bet's P&L, which follows from the winner.
      await poll(async () => (await myBetCells(game, roundId))[4], ROUND_MS).toBe('settled');
      const pnl = amount((await myBetCells(game, roundId))[5]!);
      const expectedPnl =
        winner === 'Player A' ? chip.button_value * 0.98 : winner === 'Tie' ? 0 : -chip.button_value;
      expect(paise(pnl)).toBe(paise(expectedPnl));
      // The game's own balance follows once the platform has confirmed the payout.
      await poll(async () => paise(amount(await game.locator('#balance').textContent()))).toBe(
        paise(balanceBefore + pnl),
      );

      // Fairness: the round among the last results, its seeds recomputed into the same cards here.
      // The round on the road opens its cards and proof.
      await game.locator(`#road [data-round="${roundId}"]`).first().click();
      await game.locator('#round-dialog').waitFor();
      expect(await game.locator('#round-dialog h2').textContent()).toBe(`Round ${roundId}`);
      expect(await cardTexts(game.locator('#round-dialog .card'))).toEqual(expect.arrayContaining(dealt));
      await game.locator('#verify-button').click();
      await poll(() => game.locator('#verify-out strong').textContent()).toBe(
        '✓ Match: the cards follow from the seeds',
      );
      const report = (await game.locator('#verify-out').textContent())!;
      expect(report).toContain('SHA-256(server seed) = round hash: yes');
      expect(report).toContain("Server seed hashes down to the chain's terminal hash: yes");
      expect(report).toContain('(same as dealt)');
      await page.screenshot({ path: `/tmp/casino-verify-${vp.width}.png` });
      await game.locator('#close-dialog').click();

      // Back in the platform: the header's balance moved by exactly the round's P&L.
      await page.locator('.game-frame__logo').click();
      await page.waitForURL(/#\/home/);
      await poll(async () => paise(amount(await page.getByTestId('balance').textContent()))).toBe(
        paise(balanceBefore + pnl),
      );

      // Casino Result: TP T20 today has the round, with its winner and cards.
      await openUserMenuItem(page, 'user-menu-casino-result');
      await page.getByTestId('casino-result-page').waitFor();
      await page.getByTestId('casino-result-game').selectOption(TP_T20);
      await page.getByTestId('casino-result-submit').click();
      const resultRow = page.getByTestId('casino-result-row').filter({ hasText: roundId });
      await resultRow.waitFor();
      expect(await resultRow.locator('td').nth(2).textContent()).toBe(winner);
      // The row lists the cards in deal order (A1 B1 A2 B2 A3 B3); the round's modal by hand.
      expect((await cardTexts(resultRow.getByTestId('playing-card'))).sort()).toEqual([...dealt].sort());
      await resultRow.getByTestId('casino-result-view').click();
      const modal = page.getByTestId('round-modal');
      await modal.waitFor();
      expect(await modal.getByTestId('round-winner').textContent()).toBe(`Winner: ${winner}`);
      expect(
        await handsShown(modal.locator('.round-detail__hands tr'), 'th', '[data-testid=playing-card]'),
      ).toEqual(hands);
      await modal.getByTestId('verify-commitment').click();
      await poll(() => modal.getByTestId('verify-result').textContent()).toContain('✓');
      await page.getByTestId('round-modal-close').click();
      await modal.waitFor({ state: 'detached' });

      // Live Casino Bets: the round with the bet, its stake, payout and P&L, settled.
      await openUserMenuItem(page, 'user-menu-live-casino-bets');
      await page.getByTestId('live-casino-bets-page').waitFor();
      const betRow = page.getByTestId('live-casino-row').filter({ hasText: roundId });
      await betRow.waitFor();
      const cells = await betRow.locator('td').allTextContents();
      expect(cells[1]).toBe('TP T20');
      expect(cells[3]).toContain(`Player A @ 1.98 · ${chip.button_value.toFixed(2)}`);
      expect(cells[4]).toContain(winner);
      expect(paise(amount(cells[5]!))).toBe(paise(chip.button_value));
      expect(paise(amount(cells[6]!))).toBe(paise(chip.button_value + pnl));
      expect(paise(amount(await betRow.getByTestId('live-casino-pnl').textContent()))).toBe(paise(pnl));
      expect(cells[8]).toBe('Settled');
    } catch (err) {
      // What the page showed when it failed: the platform and, if it is there, the game frame.
      await page.screenshot({ path: `/tmp/casino-failed-${vp.width}.png` }).catch(() => undefined);
      if (pageErrors.length)
        (err as Error).message += `\n--- errors in the page ---\n${pageErrors.join('\n')}`;
      throw err;
    } finally {
      await context.close();
    }
  }, 180_000); // up to ROUND_MS for a betting window, then the round itself, on a slow machine
});
