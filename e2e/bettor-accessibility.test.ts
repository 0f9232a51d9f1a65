import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { login, newPage, signIn, VIEWPORTS } from './support/browser.ts';
import { browserSuite, upcomingCricket, type ListedMatch, type Market } from './support/suite.ts';

/**
 * Issue 9 items 23-25 and issue 20 item 14, at 1280 px and 390 px: axe-core finds no WCAG 2.1
 * A/AA violation on the bettor's main pages (ADR 44); modals take, keep and give back the keyboard focus;
 * the header search is labelled and walked with the arrow keys; a dead session, a failing
 * server and a bad address are said in words (with Retry where a retry helps); every sport of
 * the nav is reachable; outrights show their runners; match rows carry the TV, fancy and
 * bookmaker icons; report date fields read dd/mm/yyyy like the tables.
 */
// With the casino provider, whose game list the casino lobby shows.
const suite = browserSuite({}, { casino: true });

const POLITICS = 2378961;
const E_GAMES = 27454571;
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `/tmp/a11y-${name}-${width}.png` });

/** The data-testid of the dialog that holds the focused element ('' when focus is outside any). */
const focusedDialog = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.closest('[role=dialog]')?.getAttribute('data-testid') ?? '',
  );

/**
 * Focus is inside the dialog now, stays there for a full round of Tab and a few Shift+Tab, every
 * field of it has a label, and Escape closes it.
 */
async function expectModalKeepsFocus(page: Page, testId: string) {
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  await expect.poll(() => focusedDialog(page), { timeout: 10_000 }).toBe(testId);
  const focusables = await dialog.evaluate(
    (el) =>
      el.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]')
        .length,
  );
  for (let i = 0; i < focusables + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedDialog(page), `Tab ${i + 1} of ${focusables + 2}`).toBe(testId);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusedDialog(page), `Shift+Tab ${i + 1}`).toBe(testId);
  }
  const unlabelled = await dialog.evaluate((el) =>
    Array.from(el.querySelectorAll('input, select, textarea'))
      .filter((f) => {
        const field = f as HTMLInputElement;
        return !field.labels?.length && !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby');
      })
      .map((f) => f.outerHTML),
  );
  expect(unlabelled).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

/** Opens a modal of the user menu (on a phone, Rules lives there too). */
async function openFromUserMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(item).click();
}

describe.each(VIEWPORTS)('bettor accessibility at $width px', (vp) => {
  // Seven pages loaded and checked in turn: about 30 s on a quiet machine, several times that on a busy one.
  it('axe finds no WCAG A/AA violation on login, home, the notifications list, a live match, the reports, the casino and the rules', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const found: string[] = [];
      /** Checks the page once what `loaded` waits for is on screen, and keeps a screenshot. */
      const check = async (name: string, loaded: () => Promise<unknown>) => {
        await loaded();
        await shot(page, `axe-${name}`, vp.width);
        found.push(...(await axeViolations(page, name)));
      };

      await page.goto('/#/login');
      await check('login', () => page.getByTestId('login-form').waitFor());

      const token = await signIn(page);
      await check('home', () => page.locator('[data-testid=match-row]').first().waitFor());
      // The header's notifications list (issue 23), with its settings shown.
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-settings-toggle').click();
      await check('notifications', () => page.getByTestId('notification-kinds-settings').waitFor());
      await page.keyboard.press('Escape');
      await page.getByTestId('notification-panel').waitFor({ state: 'detached' });

      // A match in play (its live badges, score, bookmaker and fancy rows), with the feed moving.
      const cricket = await suite.api<ListedMatch[]>('match/getMatches', { sport_id: 4 }, token);
      const live = cricket.find((m) => m.in_play && m.match_odds)!;
      expect(live, 'a cricket match in play').toBeDefined();
      await page.goto(`/#/game-details/4/${live.match_id}`);
      await check('match', () => page.getByTestId('fancy-markets').waitFor());

      // A bet of this width's own, so that Current Bets has a row.
      const { markets } = await upcomingCricket(suite, token, vp.width < 993 ? 1 : 0);
      const odds = markets.find((m) => m.market_type === 'MATCH_ODDS')!;
      const runner = odds.runners[0]!;
      const bet = await suite.api<{ bet_id: number }>(
        'bet/placeMarketBet',
        {
          market_id: odds.market_id,
          selection_id: runner.selection_id,
          is_back: 1,
          odds: runner.back[0]!.price,
          stake: 100,
        },
        token,
      );
      await page.goto('/#/report/account-statement');
      await check('account statement', () => page.getByTestId('statement-row').first().waitFor());
      await page.goto('/#/report/current-bet');
      await check('current bets', () => page.locator(`[data-bet-id="${bet.bet_id}"]`).waitFor());
      await page.goto('/#/casino/mac88');
      await check('casino lobby', () => page.getByTestId('casino-grid').waitFor());
      await page.goto('/#/page/rules');
      await check('rules', () => page.getByTestId('rules-panel').waitFor());

      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('modals take the focus, keep Tab inside, close on Escape and give the focus back', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await login(page, 'demo1');
      await page.waitForURL(/#\/home/);
      await page.getByTestId('welcome-popup').waitFor();
      await shot(page, 'welcome', vp.width);
      await expectModalKeepsFocus(page, 'welcome-popup');

      // Rules: the header link on desktop, the user menu on a phone; focus returns to the opener.
      if (vp.width >= 993) {
        await page.getByTestId('rules-link').click();
        await expectModalKeepsFocus(page, 'rules-modal');
        expect(await focusedTestId(page)).toBe('rules-link');
      } else {
        await openFromUserMenu(page, 'user-menu-rules');
        await expectModalKeepsFocus(page, 'rules-modal');
        expect(await focusedTestId(page)).toBe('user-menu');
      }

      await page.getByTestId('exposure-button').click();
      await shot(page, 'my-market', vp.width);
      await expectModalKeepsFocus(page, 'my-market-modal');
      expect(await focusedTestId(page)).toBe('exposure-button');

      await openFromUserMenu(page, 'user-menu-set-button-values');
      await page.getByTestId('button-label-0').waitFor();
      await shot(page, 'button-values', vp.width);
      await expectModalKeepsFocus(page, 'button-values-modal');
      expect(await focusedTestId(page)).toBe('user-menu');
    } finally {
      await context.close();
    }
  });

  it('header search: labelled, the arrow keys walk the results and Enter opens one', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page);
      const groups = await suite.api<Array<{ matches: Array<{ match_id: number; sport_id: number }> }>>(
        'match/searchByMatchNameHeader',
        { search: 'Mumbai' },
        token,
      );
      const found = groups.flatMap((g) => g.matches);
      expect(found.length).toBeGreaterThanOrEqual(2);

      await page.getByTestId('search-toggle').click();
      const input = page.getByTestId('search-input');
      expect(await page.getByRole('combobox', { name: 'Search match' }).count()).toBe(1);
      await input.fill('Mumbai');
      await expect.poll(() => page.getByTestId('search-result').count(), { timeout: 10_000 }).toBe(found.length);
      await shot(page, 'search', vp.width);
      const active = () =>
        page.evaluate(() => {
          const id = document.activeElement?.getAttribute('aria-activedescendant');
          const option = id ? document.getElementById(id) : null;
          return option ? Number(option.getAttribute('data-match-id')) : null;
        });
      await input.press('ArrowDown');
      expect(await active()).toBe(found[0]!.match_id);
      await input.press('ArrowDown');
      expect(await active()).toBe(found[1]!.match_id);
      await shot(page, 'search-active', vp.width);
      await input.press('ArrowUp');
      await input.press('ArrowDown');
      expect(await active()).toBe(found[1]!.match_id);
      expect(await focusedTestId(page)).toBe('search-input');
      await input.press('Enter');
      await page.waitForURL(new RegExp(`#/game-details/${found[1]!.sport_id}/${found[1]!.match_id}$`));
    } finally {
      await context.close();
    }
  });

  it('a session ended elsewhere lands on login with a word saying so; a sign-out does not', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page);
      const userId = await page.evaluate(() => Number(localStorage.getItem('userId')));
      // Another client ends this session (the same token logged out), then the page calls again.
      await suite.api('user/logout', { user_id: userId, token }, token);
      await page.reload();
      await page.waitForURL(/#\/login/);
      const notice = page.getByTestId('login-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/session has ended/i);
      await shot(page, 'login-session-ended', vp.width);
      // Whether the page learnt it before the reload (a poll's 401) or after, a reload still says why.
      await page.reload();
      await page.getByTestId('login-form').waitFor();
      expect(await notice.textContent()).toMatch(/session has ended/i);

      // A fresh login clears the notice; a deliberate sign-out shows none.
      await signIn(page);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL(/#\/login/);
      await page.getByTestId('login-form').waitFor();
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a failing server, an unreachable one and a bad address are said in words, with Retry', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      const error = page.getByTestId('load-error');
      const retry = page.getByTestId('load-retry');

      // The server answers 500 with its envelope, as it does for an unexpected failure.
      await page.route('**/api/match/getMatches', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, message: 'Internal error', code: 'INTERNAL_ERROR' }),
        }),
      );
      // Football: home's cricket list is cached, and a cached list would not be asked for again.
      await page.goto('/#/all-sports/1');
      await error.waitFor();
      const serverText = (await error.textContent()) ?? '';
      expect(serverText).not.toMatch(/internal error/i);
      expect(serverText).toMatch(/server/i);
      await shot(page, 'load-error-500', vp.width);
      await page.unroute('**/api/match/getMatches');
      await retry.click();
      await page.getByTestId('match-table').waitFor();
      expect(await error.count()).toBe(0);

      // The server cannot be reached at all.
      await page.route('**/api/match/getMatches', (route) => route.abort('connectionrefused'));
      await page.goto('/#/all-sports/2');
      await error.waitFor({ timeout: 20_000 });
      expect(await error.textContent()).toMatch(/could not reach the server/i);
      expect(await retry.count()).toBe(1);
      await page.unroute('**/api/match/getMatches');
      await retry.click();
      await page.getByTestId('match-table').waitFor();

      // An address that names no sport: a readable message, no Retry (it would fail the same way).
      await page.goto('/#/all-sports/abc');
      await error.waitFor();
      const badText = (await error.textContent()) ?? '';
      expect(badText).not.toMatch(/invalid input/i);
      expect(badText).toMatch(/no sport/i);
      expect(await retry.count()).toBe(0);
      await shot(page, 'load-error-bad-sport', vp.width);

      // A report table says it the same way, with Retry in its one row.
      const statement = '**/api/accountStatement/getUserAccountStatementHistory';
      await page.route(statement, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, message: 'Service Unavailable', code: 'INTERNAL_ERROR' }),
        }),
      );
      await page.goto('/#/report/account-statement');
      const empty = page.getByTestId('table-empty');
      await expect.poll(() => empty.textContent(), { timeout: 10_000 }).toMatch(/server could not answer/i);
      await page.unroute(statement);
      await retry.click();
      await page.getByTestId('statement-row').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('every sport of the nav can be reached, E-Games included', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      const nav = page.getByTestId('sports-nav');
      const target = page.getByTestId(`nav-sport-${E_GAMES}`);
      await target.waitFor({ state: 'attached' });
      await shot(page, 'sports-nav', vp.width);
      /** The tab lies wholly inside the nav's visible box (not cut, not scrolled away). */
      const wholly = () =>
        target.evaluate((tab) => {
          const box = tab.getBoundingClientRect();
          const scroller = tab.closest('[data-testid=sports-nav]')!.getBoundingClientRect();
          return box.left >= scroller.left - 0.5 && box.right <= scroller.right + 0.5 && box.width > 0;
        });
      if (!(await wholly())) {
        const more = page.getByRole('button', { name: 'More sports' });
        for (let i = 0; i < 10 && !(await wholly()); i++) {
          // Each press scrolls the row smoothly: wait for that scroll to end, as the eye does.
          const scrolled = nav.evaluate(
            (row) => new Promise<void>((done) => row.addEventListener('scrollend', () => done(), { once: true })),
          );
          await more.click();
          await scrolled;
        }
      }
      expect(await wholly()).toBe(true);
      await shot(page, 'sports-nav-end', vp.width);
      await target.click();
      await page.waitForURL(new RegExp(`#/all-sports/${E_GAMES}$`));
      expect(await nav.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('outrights list their runners by name; rows carry TV, fancy and bookmaker icons', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page);
      const politics = await suite.api<ListedMatch[]>('match/getMatches', { sport_id: POLITICS }, token);
      expect(politics.length).toBeGreaterThan(0);
      await page.goto(`/#/all-sports/${POLITICS}`);
      await page.getByTestId('match-table').waitFor();
      for (const m of politics) {
        const { markets } = await suite.api<{ markets: Market[] }>('match/getMatchDetail', { match_id: m.match_id }, token);
        const winner = markets.find((k) => k.market_type === 'WINNER')!;
        const runners = page.locator(`[data-testid=outright-runners][data-match-id="${m.match_id}"]`);
        await runners.waitFor();
        const text = (await runners.textContent()) ?? '';
        for (const r of winner.runners) expect(text).toContain(r.name);
      }
      await shot(page, 'politics', vp.width);

      // Each row's icons follow its match's markets and live state, in cricket (fancy and
      // bookmaker markets) and football (neither, in the demo).
      type Flagged = ListedMatch & { has_fancy: boolean; has_bookmaker: boolean; has_tv: boolean };
      const seen = { fancy: 0, plain: 0 };
      for (const sportId of [4, 1]) {
        const listed = await suite.api<Flagged[]>('match/getMatches', { sport_id: sportId }, token);
        await page.goto(`/#/all-sports/${sportId}`);
        await page.getByTestId('match-table').waitFor();
        for (const m of listed) {
          const row = page.locator(`[data-testid=match-row][data-match-id="${m.match_id}"]`);
          expect(await row.getByTestId('icon-fancy').count(), `${m.match_name} fancy`).toBe(m.has_fancy ? 1 : 0);
          expect(await row.getByTestId('icon-bookmaker').count(), `${m.match_name} bookmaker`).toBe(m.has_bookmaker ? 1 : 0);
          expect(await row.getByTestId('icon-tv').count(), `${m.match_name} tv`).toBe(m.has_tv ? 1 : 0);
          // The TV is the live score: only in play (and only once the feed has a score line).
          if (m.has_tv) expect(m.in_play, m.match_name).toBe(true);
          if (m.has_fancy && m.has_bookmaker) seen.fancy++;
          if (!m.has_fancy && !m.has_bookmaker) seen.plain++;
        }
        await shot(page, `icons-${sportId}`, vp.width);
      }
      // Both kinds of row were there to compare.
      expect(seen.fancy).toBeGreaterThan(0);
      expect(seen.plain).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('binary sessions list their name, line and hours, with no empty 1 / X / 2 grid and no TV', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page);
      const sports = await suite.api<{ sport_id: number; name: string }[]>('sport/getSports', {}, token);
      const binary = sports.find((s) => s.name === 'Binary')!;
      expect(binary).toBeDefined();
      type Session = ListedMatch & {
        has_tv: boolean;
        session_line: { name: string; fancy: { no_line: number; yes_line: number } | null } | null;
      };
      const listed = await suite.api<Session[]>('match/getMatches', { sport_id: binary.sport_id }, token);
      expect(listed.length).toBeGreaterThan(0);
      await page.goto(`/#/all-sports/${binary.sport_id}`);
      const table = page.getByTestId('match-table');
      await table.waitFor();
      await page.locator('[data-testid=match-row]').first().waitFor();
      await shot(page, 'binary', vp.width);
      // Headed by what the rows show, not 1 / X / 2.
      const heads = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
      expect(heads).not.toContain('1');
      expect(heads).not.toContain('X');
      expect(heads).toContain('Session line');
      for (const m of listed) {
        const row = page.locator(`[data-testid=match-row][data-match-id="${m.match_id}"]`);
        await expect.poll(() => row.getByTestId('match-link').textContent()).toBe(m.match_name);
        expect(await row.locator('td.odds').count(), `${m.match_name} boxes`).toBe(0);
        expect(await row.getByTestId('icon-tv').count(), `${m.match_name} tv`).toBe(0);
        expect(m.has_tv, m.match_name).toBe(false);
        const cell = row.getByTestId('session-line');
        expect(await cell.isVisible(), m.match_name).toBe(true);
        // The line moves every 15 s: the row shows a line, and the one the list had or a later one.
        expect(await row.getByTestId('session-line-value').textContent()).toMatch(/^Line \d[\d,]*$/);
        expect(m.session_line?.fancy?.yes_line, m.match_name).toBeGreaterThan(0);
        expect(await row.getByTestId('session-line-state').textContent()).toMatch(/IST|Suspended|closed/);
      }

      // The session's own page: its line with NO and YES, no teams, nothing cut off.
      const first = listed[0]!;
      await page.locator(`[data-testid=session-line][data-match-id="${first.match_id}"] a`).click();
      await page.waitForURL(new RegExp(`/${first.match_id}$`));
      await page.getByTestId('match-header').waitFor();
      // No score and no TV: the session's hours where a match has its live score, and the line
      // under its own heading (with the binary rules), not "Fancy".
      const box = page.getByTestId('session-box');
      await box.waitFor();
      expect(await box.textContent()).toMatch(/Line \d[\d,]*.*Trading hours .*\d\d:\d\d-\d\d:\d\d IST/);
      expect(await page.getByTestId('live-score').count()).toBe(0);
      await page.getByTestId('binary-markets').waitFor();
      expect(await page.getByTestId('binary-markets').locator('.market__name').textContent()).toBe('Binary');
      expect(await page.getByTestId('fancy-markets').count()).toBe(0);
      await shot(page, 'binary-event', vp.width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });

  it('report date fields read dd/mm/yyyy, as the tables do, and send the day typed', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      await page.goto('/#/report/account-statement');
      const from = page.getByTestId('statement-from');
      const to = page.getByTestId('statement-to');
      await from.waitFor();
      expect(await from.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await to.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      await shot(page, 'statement-dates', vp.width);

      await from.fill('01/02/2026');
      await to.fill('15/02/2026');
      const sent = page.waitForRequest((r) => r.url().includes('accountStatement/getUserAccountStatementHistory'));
      await page.getByTestId('statement-submit').click();
      const body = JSON.parse((await sent).postData() ?? '{}') as { from_date: string; to_date: string };
      expect(body).toMatchObject({ from_date: '2026-02-01', to_date: '2026-02-15' });
      expect(await from.inputValue()).toBe('01/02/2026');

      // A day that does not exist is refused in words, and nothing is sent.
      await from.fill('31/02/2026');
      await from.blur();
      expect(await page.getByTestId('statement-submit').isDisabled()).toBe(true);

      await page.goto('/#/report/profit-loss');
      const plFrom = page.getByTestId('profit-loss-from');
      await plFrom.waitFor();
      expect(await plFrom.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      await shot(page, 'profit-loss-dates', vp.width);
    } finally {
      await context.close();
    }
  });
});
