import { DAY_MS, istDate } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstLogin, newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { consoleSignIn, DRAWER_BELOW_PX, expectNoSidewaysScroll, openScreen } from './support/console.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * The back office (issue 12) in real Chromium at 1280 px and 390 px, on one product with the feed
 * simulator off. agent1 signs in to the console, creates a bettor and deposits chips to it (the
 * confirmation shows both balances before and after); the bettor's first login shows exactly
 * those chips. An online bettor's deposit request appears on agent1's open Payments screen
 * without a reload; approved there, it is a credit in the bettor's statement. admin creates a
 * fancy market on an upcoming match, moves its line from the keyboard desk, demo1 bets YES, admin
 * declares the run total, rolls it back and declares another, each with the money it moves; the
 * statement follows every step and the audit log lists each action. Every width has its own
 * users, match, line and amounts.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const FIRST_PASSWORD = 'Start@1234';
const NEW_PASSWORD = 'Bettor@5678';
/** The Payments screen refetches on a live nudge at once, and every 30 s without one. */
const PAYMENTS_SEEN_WITHIN_MS = 35_000;

let agent: string;
let admin: string;
let demo1: string;
beforeAll(async () => {
  [agent, admin, demo1] = await Promise.all([
    suite.tokenOf('agent1'),
    suite.tokenOf('admin'),
    suite.tokenOf('demo1'),
  ]);
});

interface Balance {
  total_balance: number;
  liability: number;
  available_balance: number;
}
interface StatementRow {
  id: number;
  credit: number;
  debit: number;
  balance: number;
  remark: string;
}

const money = (n: number) => n.toFixed(2);
const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();
const eventually = <T>(fn: () => Promise<T> | T, timeout = 20_000) =>
  expect.poll(fn, { timeout, interval: 250 });

/** The IST day (yyyy-MM-dd) `daysAgo` days before now, as the statement's filter takes it. */
const istDay = (daysAgo = 0) => istDate(Date.now() - daysAgo * DAY_MS);

/** The bettor's account statement of yesterday and today (IST), oldest first. */
async function statementOf(token: string): Promise<StatementRow[]> {
  const page = await suite.api<{ rows: StatementRow[] }>(
    'accountStatement/getUserAccountStatementHistory',
    { from_date: istDay(1), to_date: istDay(), page: 1, limit: 100 },
    token,
  );
  return [...page.rows].reverse();
}
const balanceOf = (token: string) => suite.api<Balance>('user/getUserBalance', undefined, token);

describe.each(VIEWPORTS)('the back office at $width px', (vp: Viewport) => {
  const phone = vp.width < DRAWER_BELOW_PX;

  it(
    'agent1 creates a bettor and deposits chips; the bettor sees exactly them',
    { timeout: 120_000 },
    async () => {
      const userName = `chips${vp.width}`;
      const amount = phone ? 1234.5 : 3750;
      const remark = `Opening chips ${vp.width}`;
      const own = await suite.api<{ balance: number }>('console/getMe', undefined, agent);

      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      const bettor = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await consoleSignIn(page, 'agent1');
        await openScreen(page, vp, 'downline');
        await page.getByTestId('downline-table').waitFor();

        await page.getByTestId('downline-create').click();
        const create = page.getByTestId('create-user-dialog');
        await create.waitFor();
        await page.getByTestId('create-user-name').fill(userName);
        await page.getByTestId('create-user-password').fill(FIRST_PASSWORD);
        await page.getByTestId('create-user-role-user').check();
        if (phone) await expectNoSidewaysScroll(page, vp);
        await page.getByTestId('create-user-submit').click();
        await create.waitFor({ state: 'detached' });
        const row = page.getByTestId(`downline-row-${userName}`);
        await row.waitFor();

        await page.getByTestId(`downline-deposit-${userName}`).click();
        await page.getByTestId('transfer-dialog').waitFor();
        await page.getByTestId('transfer-amount').fill(String(amount));
        await page.getByTestId('transfer-remark').fill(remark);
        await page.getByTestId('transfer-continue').click();
        await page.getByTestId('transfer-preview').waitFor();
        expect(await textOf(page, 'transfer-preview-amount')).toBe(money(amount));
        expect(await textOf(page, 'transfer-user-before')).toBe(money(0));
        expect(await textOf(page, 'transfer-user-after')).toBe(money(amount));
        // The agent's own figures are read afresh when the dialog opens.
        await eventually(() => textOf(page, 'transfer-agent-before')).toBe(money(own.balance));
        expect(await textOf(page, 'transfer-agent-after')).toBe(money(own.balance - amount));
        if (phone) await expectNoSidewaysScroll(page, vp);
        await page.getByTestId('transfer-confirm').click();
        await page.getByTestId('transfer-done').waitFor();
        expect(await textOf(page, 'transfer-done-user-balance')).toBe(money(amount));
        expect(await textOf(page, 'transfer-done-agent-balance')).toBe(money(own.balance - amount));
        await page.getByTestId('transfer-close').click();
        await eventually(() => row.innerText()).toContain(money(amount));
        if (phone) await expectNoSidewaysScroll(page, vp);

        // The bettor, in a browser of its own: the forced password change, then the chips.
        await firstLogin(bettor.page, userName, FIRST_PASSWORD, NEW_PASSWORD);
        await eventually(() => textOf(bettor.page, 'balance')).toBe(money(amount));
        const token = await suite.tokenOf(userName, NEW_PASSWORD);
        const rows = await statementOf(token);
        expect(
          rows.map((r) => ({ credit: r.credit, debit: r.debit, balance: r.balance, remark: r.remark })),
        ).toEqual([{ credit: amount, debit: 0, balance: amount, remark }]);
      } finally {
        await bettor.context.close();
        await context.close();
      }
    },
  );

  it(
    "a bettor's deposit request appears live on the Payments screen; its approval reaches the statement",
    { timeout: 120_000 },
    async () => {
      const userName = `online${vp.width}`;
      const amount = phone ? 820 : 1500;
      const utr = `${vp.width}${Date.now()}`.slice(0, 16);
      await suite.api(
        'agent/createUser',
        { user_name: userName, password: FIRST_PASSWORD, role: 'user', online_payments: true },
        agent,
      );
      await suite.api(
        'user/changePassword',
        { master_password: FIRST_PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        await suite.tokenOf(userName, FIRST_PASSWORD),
      );
      const token = await suite.tokenOf(userName, NEW_PASSWORD);

      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await consoleSignIn(page, 'agent1');
        await openScreen(page, vp, 'payments');
        const table = page.getByTestId('payments-table');
        await table.waitFor();
        // The screen has drawn its first answer before the request is made.
        await eventually(() => table.locator('tbody').innerText()).not.toContain('Loading');

        const asked = Date.now();
        const request = await suite.api<{ request_id: number; status: string; amount: number }>(
          'payment/deposit',
          { method: 'UPI', amount, utr, client_ref: `console-e2e-${vp.width}-${asked}` },
          token,
        );
        expect(request).toMatchObject({ status: 'PENDING', amount });
        const id = request.request_id;
        const row = page.getByTestId(`payment-row-${id}`);
        await row.waitFor({ timeout: PAYMENTS_SEEN_WITHIN_MS });
        console.info(
          `[console e2e ${vp.width}px] deposit request on the open Payments screen after ${Date.now() - asked} ms`,
        );
        const seen = await row.innerText();
        expect(seen).toContain(userName);
        expect(seen).toContain(money(amount));
        expect(seen).toContain(utr);
        expect(await textOf(page, `payment-status-${id}`)).toBe('Pending');
        if (phone) await expectNoSidewaysScroll(page, vp);

        await page.getByTestId(`payment-approve-${id}`).click();
        const dialog = page.getByTestId('payment-decide-dialog');
        await dialog.waitFor();
        expect(await textOf(page, 'payment-decide-user')).toBe(userName);
        expect(await textOf(page, 'payment-decide-amount')).toBe(money(amount));
        await page.getByTestId('payment-decide-remark').fill('Received, thank you');
        await page.getByTestId('payment-decide-confirm').click();
        await dialog.waitFor({ state: 'detached' });
        // Decided: the pending list no longer holds it.
        await row.waitFor({ state: 'detached' });

        const rows = await statementOf(token);
        expect(
          rows.map((r) => ({ credit: r.credit, debit: r.debit, balance: r.balance, remark: r.remark })),
        ).toEqual([
          { credit: amount, debit: 0, balance: amount, remark: `Deposit #${id} by UPI, UTR ${utr}` },
        ]);
        expect(await balanceOf(token)).toEqual({
          total_balance: amount,
          liability: 0,
          available_balance: amount,
        });
      } finally {
        await context.close();
      }
    },
  );

  it(
    'admin runs a fancy market: line from the keyboard, a YES bet, declare, roll back, declare again, audit log',
    { timeout: 180_000 },
    async () => {
      // Inputs: the line as created, the YES rate, the stake, and the two run totals declared.
      const input = phone
        ? { no: 60, yes: 62, yesRate: 120, stake: 250, firstRuns: 63, secondRuns: 62 }
        : { no: 40, yes: 41, yesRate: 90, stake: 500, firstRuns: 55, secondRuns: 30 };
      const name = `Console runs ${vp.width}`;
      // ArrowUp moves both lines up one run; the YES bet is on the line sent.
      const line = { no: input.no + 1, yes: input.yes + 1 };
      const win = (input.stake * input.yesRate) / 100;
      expect(input.firstRuns).toBeGreaterThanOrEqual(line.yes); // the first total: YES wins
      expect(input.secondRuns).toBeLessThan(line.yes); // the second: YES loses the stake

      const { match } = await upcomingCricket(suite, demo1, phone ? 1 : 0);
      const matchId = match.match_id;
      const title = `Cricket / ${match.match_name} / ${name}`;
      const before = await balanceOf(demo1);
      const marketRows = async () =>
        (await statementOf(demo1))
          .filter((r) => r.remark.startsWith(`${title} — `))
          .map((r) => ({ credit: r.credit, debit: r.debit, what: r.remark.slice(title.length + 3) }));

      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await consoleSignIn(page, 'admin');
        await openScreen(page, vp, 'catalog');
        await page.goto(`/console/#/catalog/match/${matchId}`);
        await eventually(() => textOf(page, 'markets-match-name')).toBe(match.match_name);

        // A new fancy market, open at once.
        await page.getByTestId('create-market').click();
        const dialog = page.getByTestId('create-market-dialog');
        await dialog.waitFor();
        await page.getByTestId('create-market-kind').selectOption('FANCY');
        await page.getByTestId('create-market-name').fill(name);
        await page.getByTestId('create-market-no-line').fill(String(input.no));
        await page.getByTestId('create-market-yes-line').fill(String(input.yes));
        await page.getByTestId('create-market-yes-rate').fill(String(input.yesRate));
        await page.getByTestId('create-market-open').check();
        if (phone) await expectNoSidewaysScroll(page, vp);
        await page.getByTestId('create-market-dialog-submit').click();
        await dialog.waitFor({ state: 'detached' });
        const created = (
          await suite.api<{ market_id: number; name: string; status: string }[]>(
            'operator/getMarkets',
            { match_id: matchId },
            admin,
          )
        ).find((m) => m.name === name)!;
        expect(created.status).toBe('OPEN');
        const id = created.market_id;
        await page.getByTestId(`market-card-${id}`).waitFor();
        if (phone) await expectNoSidewaysScroll(page, vp);

        // The keyboard desk: ArrowUp moves both lines, Enter sends them.
        const desk = page.getByTestId(`fancy-desk-${id}`);
        expect(await textOf(page, `fancy-desk-${id}-no`)).toBe(String(input.no));
        expect(await textOf(page, `fancy-desk-${id}-yes`)).toBe(String(input.yes));
        await desk.focus();
        await page.keyboard.press('ArrowUp');
        await eventually(() => textOf(page, `fancy-desk-${id}-no`)).toBe(String(line.no));
        expect(await textOf(page, `fancy-desk-${id}-yes`)).toBe(String(line.yes));
        expect(await textOf(page, `fancy-desk-${id}-state`)).toContain('Not sent');
        await page.keyboard.press('Enter');
        await eventually(() => textOf(page, `fancy-desk-${id}-state`)).toContain(
          `Live: NO ${line.no} / YES ${line.yes}`,
        );
        expect(await textOf(page, `fancy-desk-${id}-yes-rate`)).toBe(String(input.yesRate));
        // What bettors get: the new line.
        const detail = await suite.api<{
          markets: { market_id: number; fancy: Record<string, number> | null }[];
        }>('match/getMatchDetail', { match_id: matchId }, demo1);
        expect(detail.markets.find((m) => m.market_id === id)?.fancy).toMatchObject({
          no_line: line.no,
          no_rate: 100,
          yes_line: line.yes,
          yes_rate: input.yesRate,
        });

        // demo1 backs YES on the line shown.
        const bet = await suite.api<{ status: string; stake: number }>(
          'bet/placeFancyBet',
          { fancy_id: id, is_back: 1, run: line.yes, rate: input.yesRate, stake: input.stake },
          demo1,
        );
        expect(bet).toMatchObject({ status: 'MATCHED', stake: input.stake });
        expect(await balanceOf(demo1)).toMatchObject({
          total_balance: before.total_balance,
          liability: before.liability + input.stake,
        });

        // Results: each step shows what moves, and to how many users, before it is done.
        await page.goto(`/console/#/results?match=${matchId}`);
        await page.getByTestId(`result-row-${id}`).waitFor();
        const settle = async (
          open: string,
          runs: number | null,
          expected: { paid: number; taken: number; done: string },
        ) => {
          await page.getByTestId(`${open}-${id}`).click();
          if (runs !== null) {
            await page.getByTestId('declare-dialog').waitFor();
            await page.getByTestId('declare-runs').fill(String(runs));
            await page.getByTestId('declare-preview').click();
          }
          await page.getByTestId('preview-dialog').waitFor();
          await page.getByTestId('preview-figures').waitFor();
          expect(await textOf(page, 'preview-users')).toBe('1');
          expect(await textOf(page, 'preview-paid')).toBe(money(expected.paid));
          expect(await textOf(page, 'preview-taken')).toBe(money(expected.taken));
          if (runs !== null) expect(await textOf(page, 'preview-declared')).toBe(`Run total: ${runs}`);
          if (phone) await expectNoSidewaysScroll(page, vp);
          await page.getByTestId('preview-confirm').click();
          await page.getByTestId('summary-dialog').waitFor();
          expect(await textOf(page, 'summary-result')).toBe(expected.done);
          expect(await textOf(page, 'summary-users')).toBe('1');
          await page.getByTestId('summary-done').click();
          await page.getByTestId('summary-dialog').waitFor({ state: 'detached' });
        };

        await settle('declare', input.firstRuns, { paid: win, taken: 0, done: 'Run total declared' });
        await eventually(() => textOf(page, `result-${id}`)).toBe(String(input.firstRuns));
        expect(await marketRows()).toEqual([{ credit: win, debit: 0, what: 'won' }]);
        expect(await balanceOf(demo1)).toEqual({
          total_balance: before.total_balance + win,
          liability: before.liability,
          available_balance: before.available_balance + win,
        });

        // Rolled back: the win is taken back with a reversal, the bet is open again.
        await settle('rollback', null, { paid: win, taken: 0, done: 'Rolled back' });
        await page.getByTestId(`declare-${id}`).waitFor();
        expect(await marketRows()).toEqual([
          { credit: win, debit: 0, what: 'won' },
          { credit: 0, debit: win, what: 'result rolled back' },
        ]);
        expect(await balanceOf(demo1)).toMatchObject({
          total_balance: before.total_balance,
          liability: before.liability + input.stake,
        });

        // Declared again under the line: YES loses its stake.
        await settle('declare', input.secondRuns, {
          paid: 0,
          taken: input.stake,
          done: 'Run total declared',
        });
        await eventually(() => textOf(page, `result-${id}`)).toBe(String(input.secondRuns));
        expect(await marketRows()).toEqual([
          { credit: win, debit: 0, what: 'won' },
          { credit: 0, debit: win, what: 'result rolled back' },
          { credit: 0, debit: input.stake, what: 'lost' },
        ]);
        const after = await balanceOf(demo1);
        expect(after).toEqual({
          total_balance: before.total_balance - input.stake,
          liability: before.liability,
          available_balance: before.available_balance - input.stake,
        });
        // The statement's running balance ends on the balance.
        expect((await statementOf(demo1)).at(-1)?.balance).toBe(after.total_balance);
        if (phone) await expectNoSidewaysScroll(page, vp);

        // The audit log: every action on the market, newest first, in words.
        await openScreen(page, vp, 'audit');
        await page.getByTestId('audit-table').waitFor();
        await page.getByTestId('audit-search').fill(name);
        const summaries = page.getByTestId('audit-table').locator('[data-testid^="audit-summary-"]');
        const rates = input.yesRate === 100 ? '' : ` (100/${input.yesRate})`;
        await eventually(() => summaries.allTextContents()).toEqual(
          [
            `Declared ${input.secondRuns} runs`,
            `Rolled back the result (${input.firstRuns} runs)`,
            `Declared ${input.firstRuns} runs`,
            `Set fancy line ${line.no}/${line.yes}${rates}`,
            'Created a fancy market',
          ].map((said) => `${said} — ${title}`),
        );
        expect(
          await page
            .getByTestId('audit-table')
            .locator('[data-testid^="audit-row-"]:not([data-testid$="-toggle"])')
            .count(),
        ).toBe(5);
        if (phone) await expectNoSidewaysScroll(page, vp);
      } finally {
        await context.close();
      }
    },
  );
});
