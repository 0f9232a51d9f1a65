import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { consoleSignIn, DRAWER_BELOW_PX, expectNoSidewaysScroll, openScreen } from './support/console.ts';
import { axeViolations } from './support/axe.ts';
import { saveShot } from './support/shots.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * The agents' business (issue 22, ADR 48) in real Chromium at 1280 px and 390 px, as a master and
 * an agent run it, on one product with the feed simulator off. Each width has a tree of its own:
 * admin (the root) creates a master with 90% in the console, the master an agent with 80%, the
 * agent a bettor with 2% match and 1% session commission, 10,000 of chips and a credit reference
 * of 10,000. The bettor loses 1,000 on a bookmaker market and 500 on two fancy markets over 5,000
 * of stakes (the issue's worked example): commission 20 + 50 = 70, so the bettor's net is -1,430,
 * split 10 / 10 / 80: the agent makes 1,200 - 56 = 1,144, the master and the root 150 - 7 = 143
 * each. Every figure on the downline, the credit reference dialog, party win/loss, plus-minus,
 * the ledgers and the collection reports is checked against these, and the master's settlement
 * of 286 with the agent squares them. Each screen and dialog is checked with axe (WCAG A/AA) as it
 * shows these figures, and kept as a screenshot when E2E_SHOTS names a folder.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const FIRST_PASSWORD = 'First@1234';
const PASSWORD = 'Partner@5678';
const CHIPS = { master: 50_000, agent: 20_000, bettor: 10_000 };
/** The bettor's results: what each level makes of them follows from the shares. */
const LOSS = { match: 1_000, session: 500, stakes: 5_000 };
const COMMISSION = LOSS.match * 0.02 + LOSS.stakes * 0.01; // 70
const NET = -(LOSS.match + LOSS.session) + COMMISSION; // -1,430
const SHARE = { agent: 1_144, master: 143, root: 143 };

let admin: string;
/** What axe found on the screens looked at in this test. */
let found: string[] = [];
/** A screen as it is now: its screenshot (E2E_SHOTS) and axe's findings. */
async function look(page: Page, vp: Viewport, name: string) {
  await saveShot(page, vp, name);
  found.push(...(await axeViolations(page, `${vp.width} ${name}`)));
}
beforeAll(async () => {
  admin = await suite.tokenOf('admin');
});

const money = (n: number) => n.toFixed(2);
const signed = (n: number) => `${n > 0 ? '+' : ''}${money(n)}`;
const eventually = <T>(fn: () => Promise<T> | T, timeout = 20_000) =>
  expect.poll(fn, { timeout, interval: 250 });
const textOf = async (scope: Page | Locator, testId: string) =>
  ((await scope.getByTestId(testId).textContent()) ?? '').trim();

/** A table row's cells by their column header (on a phone too, where each row is a card). */
async function cellsOf(row: Locator): Promise<Record<string, string>> {
  await row.waitFor();
  return row.evaluate((tr) =>
    Object.fromEntries(
      Array.from(tr.querySelectorAll('td'))
        .filter((td) => td.dataset.label)
        .map((td) => [td.dataset.label!, (td.textContent ?? '').trim()]),
    ),
  );
}

/** A user the console just created: its first password changed, chips from its parent; its token. */
async function activate(userName: string, parentToken: string, chips: number): Promise<string> {
  const first = await suite.tokenOf(userName, FIRST_PASSWORD);
  await suite.api(
    'user/changePassword',
    { master_password: FIRST_PASSWORD, new_password: PASSWORD, confirm_password: PASSWORD },
    first,
  );
  const [row] = await suite.api<{ rows: { user_id: number; user_name: string }[] }>(
    'agent/getDownline',
    { search: userName, page: 1, limit: 10 },
    parentToken,
  ).then((d) => d.rows.filter((r) => r.user_name === userName));
  await suite.api(
    'agent/transferChips',
    { user_id: row!.user_id, amount: chips, direction: 'deposit', client_ref: `chips-${userName}` },
    parentToken,
  );
  return suite.tokenOf(userName, PASSWORD);
}

/** Creates an account in the open console's Downline screen, as its agent does. */
async function createInConsole(
  page: Page,
  vp: Viewport,
  account: { name: string; role: 'agent' | 'user'; partnership?: number; match?: number; session?: number },
  expectedSplit?: { upline: string; ours: string; downline: string },
) {
  await page.getByTestId('downline-create').click();
  const dialog = page.getByTestId('create-user-dialog');
  await dialog.waitFor();
  await page.getByTestId('create-user-name').fill(account.name);
  await page.getByTestId('create-user-password').fill(FIRST_PASSWORD);
  await page.getByTestId(`create-user-role-${account.role}`).check();
  if (account.partnership !== undefined) await page.getByTestId('create-user-partnership').fill(String(account.partnership));
  if (account.match !== undefined) await page.getByTestId('create-user-match_commission').fill(String(account.match));
  if (account.session !== undefined)
    await page.getByTestId('create-user-session_commission').fill(String(account.session));
  if (expectedSplit) {
    // The clones' Upline / Ours / Downline, from the caller's own figure (console/getMe) and the one typed.
    await eventually(() => textOf(page, 'share-upline')).toBe(expectedSplit.upline);
    expect(await textOf(page, 'share-ours')).toBe(expectedSplit.ours);
    expect(await textOf(page, 'share-downline')).toBe(expectedSplit.downline);
  }
  if (vp.width < DRAWER_BELOW_PX) await expectNoSidewaysScroll(page, vp);
  await look(page, vp, `create-${account.name}`);
  await page.getByTestId('create-user-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId(`downline-row-${account.name}`).waitFor();
}

/** Opens the console at this width signed in as `userName`, on the Downline screen. */
async function consoleAs(vp: Viewport, userName: string, password?: string) {
  const opened = await newPage(suite.browser, suite.product.baseUrl, vp);
  await consoleSignIn(opened.page, userName, password);
  await openScreen(opened.page, vp, 'downline');
  await opened.page.getByTestId('downline-table').waitFor();
  return opened;
}

describe.each(VIEWPORTS)('the agents’ business at $width px', (vp: Viewport) => {
  const phone = vp.width < DRAWER_BELOW_PX;
  const names = { master: `ms${vp.width}`, agent: `ag${vp.width}`, bettor: `bt${vp.width}` };

  it(
    'a master and an agent share a bettor’s loss 10 / 10 / 80 with its commission, and square up in cash',
    { timeout: 300_000 },
    async () => {
      found = [];
      let matchId = 0;
      // The root gives the master 90%: the form shows what the root keeps.
      const root = await consoleAs(vp, 'admin');
      try {
        await createInConsole(root.page, vp, { name: names.master, role: 'agent', partnership: 90 }, {
          upline: '0%',
          ours: '10%',
          downline: '90%',
        });
        expect((await cellsOf(root.page.getByTestId(`downline-row-${names.master}`))).Partnership).toBe('90%');
      } finally {
        await root.context.close();
      }
      const masterToken = await activate(names.master, admin, CHIPS.master);

      // The master gives the agent 80%.
      const master = await consoleAs(vp, names.master, PASSWORD);
      try {
        await createInConsole(master.page, vp, { name: names.agent, role: 'agent', partnership: 80 }, {
          upline: '10%',
          ours: '10%',
          downline: '80%',
        });
      } finally {
        await master.context.close();
      }
      const agentToken = await activate(names.agent, masterToken, CHIPS.agent);

      // The agent creates the bettor with its commission, gives it chips and a credit reference.
      const agent = await consoleAs(vp, names.agent, PASSWORD);
      const { page } = agent;
      try {
        await createInConsole(page, vp, { name: names.bettor, role: 'user', match: 2, session: 1 });
        const bettorToken = await activate(names.bettor, agentToken, CHIPS.bettor);
        await page.reload();
        const bettorRow = page.getByTestId(`downline-row-${names.bettor}`);
        await eventually(async () => (await cellsOf(bettorRow)).Balance).toBe(money(CHIPS.bettor));
        await setCreditReference(page, vp, names.bettor, 10_000, { balance: CHIPS.bettor, plBefore: CHIPS.bettor, plAfter: 0 });
        await eventually(async () => (await cellsOf(bettorRow))['Credit reference']).toBe(money(10_000));

        // The bettor's results on an upcoming match, settled by the operator.
        matchId = (await upcomingCricket(suite, bettorToken, phone ? 1 : 0)).match.match_id;
        await playTheWorkedExample(matchId, bettorToken);

        // The downline: the balance after the results and their commission, the P/L from the reference.
        await page.reload();
        const balance = CHIPS.bettor + NET; // 8,570
        await eventually(async () => (await cellsOf(bettorRow)).Balance).toBe(money(balance));
        expect(await cellsOf(bettorRow)).toMatchObject({
          'Credit reference': money(10_000),
          'Client P/L (+ client won)': signed(NET),
          Exposure: money(0),
          Available: money(balance),
        });
        if (phone) await expectNoSidewaysScroll(page, vp);
        await look(page, vp, 'agent-downline');
        // Raising the reference by 2,000 lowers the P/L by 2,000; the balance does not move.
        await setCreditReference(page, vp, names.bettor, 12_000, { balance, plBefore: NET, plAfter: NET - 2_000 });
        await eventually(async () => (await cellsOf(bettorRow))['Client P/L (+ client won)']).toBe(signed(NET - 2_000));
        expect((await cellsOf(bettorRow)).Balance).toBe(money(balance));

        // Party win/loss: the bettor's P&L, the agent's 80% of it less 80% of the commission.
        await openScreen(page, vp, 'party-win-loss');
        expect(await cellsOf(page.getByTestId(`party-row-${names.bettor}`))).toMatchObject({
          'Downline P/L (+ bettors won)': signed(-(LOSS.match + LOSS.session)),
          'Your share (+ you won)': signed(SHARE.agent),
          'Upline share (+ upline won)': signed(SHARE.master + SHARE.root),
          'Commission (paid to bettors)': money(COMMISSION),
        });
        if (phone) await expectNoSidewaysScroll(page, vp);
        await look(page, vp, 'agent-party-win-loss');

        // Plus-minus of the match: match and session apart.
        await openScreen(page, vp, 'plus-minus');
        await pickMatch(page, matchId);
        expect(await cellsOf(page.getByTestId(`plus-minus-row-${names.bettor}`))).toMatchObject({
          'Match P/L (+ bettors won)': signed(-LOSS.match),
          'Session P/L (+ bettors won)': signed(-LOSS.session),
          'Commission (paid to bettors)': money(COMMISSION),
          'Net (+ bettors won)': signed(NET),
          'Your share (+ you won)': signed(SHARE.agent),
          'Upline share (+ upline won)': signed(SHARE.master + SHARE.root),
        });
        if (phone) await expectNoSidewaysScroll(page, vp);
        await look(page, vp, 'agent-plus-minus');

        // Collection: the bettor owes the agent its whole loss; the agent's own ledger owes the master 286.
        await openScreen(page, vp, 'collection');
        expect(
          (await cellsOf(page.getByTestId(`collection-receive-row-${names.bettor}`)))['Owed (+ owes you)'],
        ).toBe(signed(-NET));
        await look(page, vp, 'agent-collection');
        await openScreen(page, vp, 'ledger');
        await eventually(() => textOf(page, 'ledger-owed')).toBe(
          `You owe ${names.master} ${money(SHARE.master + SHARE.root)}`,
        );
        if (phone) await expectNoSidewaysScroll(page, vp);
        await look(page, vp, 'agent-ledger-upline');
      } finally {
        await agent.context.close();
      }

      // The master: its share of the match, then the agent's cash that squares them.
      const masterAgain = await consoleAs(vp, names.master, PASSWORD);
      try {
        const mp = masterAgain.page;
        await openScreen(mp, vp, 'plus-minus');
        await pickMatch(mp, matchId);
        expect(await cellsOf(mp.getByTestId(`plus-minus-row-${names.agent}`))).toMatchObject({
          'Net (+ bettors won)': signed(NET),
          'Your share (+ you won)': signed(SHARE.master),
          'Upline share (+ upline won)': signed(SHARE.root),
        });
        await look(mp, vp, 'master-plus-minus');

        await openScreen(mp, vp, 'collection');
        const owed = SHARE.master + SHARE.root;
        expect(
          (await cellsOf(mp.getByTestId(`collection-receive-row-${names.agent}`)))['Owed (+ owes you)'],
        ).toBe(signed(owed));
        await mp.getByTestId(`collection-settle-${names.agent}`).click();
        await mp.getByTestId('settlement-dialog').waitFor();
        await eventually(() => textOf(mp, 'settlement-owed-now')).toBe(`${names.agent} owes you ${money(owed)}`);
        await mp.getByTestId('settlement-received').check();
        await mp.getByTestId('settlement-amount').fill(String(owed));
        await mp.getByTestId('settlement-remark').fill('Cash from the agent');
        await mp.getByTestId('settlement-continue').click();
        expect(await textOf(mp, 'settlement-owed-before')).toBe(`${names.agent} owes you ${money(owed)}`);
        expect(await textOf(mp, 'settlement-owed-after')).toBe(`${names.agent} and you are square`);
        if (phone) await expectNoSidewaysScroll(mp, vp);
        await look(mp, vp, 'master-settlement-confirm');
        await mp.getByTestId('settlement-confirm').click();
        expect(await textOf(mp, 'settlement-done-owed')).toBe(`${names.agent} and you are square`);
        await mp.getByTestId('settlement-close').click();
        await eventually(() => mp.getByTestId('collection-square').textContent()).toContain(names.agent);
        // What is left is the master's own debt to the root, in its upline's row and in the net.
        expect(
          (await cellsOf(mp.getByTestId('collection-pay-row-admin')))['Owed (+ owes you)'],
        ).toBe(signed(-SHARE.root));
        expect(await textOf(mp, 'collection-net')).toBe(`Net: ${signed(-SHARE.root)} (you pay more than you receive)`);
        await look(mp, vp, 'master-collection');

        // The master's own ledger: it owes the root its 143.
        await openScreen(mp, vp, 'ledger');
        await eventually(() => textOf(mp, 'ledger-owed')).toBe(`You owe admin ${money(SHARE.root)}`);
        await look(mp, vp, 'master-ledger-upline');
      } finally {
        await masterAgain.context.close();
      }
      expect(found).toEqual([]);
    },
  );
});

/** The credit reference dialog: the new figure, its confirmation with the balance and P/L before and after. */
async function setCreditReference(
  page: Page,
  vp: Viewport,
  userName: string,
  figure: number,
  expected: { balance: number; plBefore: number; plAfter: number },
) {
  await page.getByTestId(`downline-credit-${userName}`).click();
  await page.getByTestId('credit-reference-dialog').waitFor();
  await page.getByTestId('credit-reference-amount').fill(String(figure));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('credit-reference-confirm').waitFor();
  expect(await textOf(page, 'credit-reference-after')).toBe(money(figure));
  expect(await textOf(page, 'credit-reference-balance-before')).toBe(money(expected.balance));
  expect(await textOf(page, 'credit-reference-balance-after')).toBe(money(expected.balance));
  expect(await textOf(page, 'credit-reference-pl-before')).toBe(signed(expected.plBefore));
  expect(await textOf(page, 'credit-reference-pl-after')).toBe(signed(expected.plAfter));
  if (vp.width < DRAWER_BELOW_PX) await expectNoSidewaysScroll(page, vp);
  await look(page, vp, `credit-reference-${figure}`);
  await page.getByTestId('credit-reference-confirm-confirm').click();
  await page.getByTestId('credit-reference-confirm').waitFor({ state: 'detached' });
}

/** Plus-minus's picker: cricket, upcoming, then the match. */
async function pickMatch(page: Page, matchId: number) {
  await page.getByTestId('plus-minus-sport').selectOption('4');
  await page.locator(`[data-testid="plus-minus-match"] option[value="${matchId}"]`).waitFor({ state: 'attached' });
  await page.getByTestId('plus-minus-match').selectOption(String(matchId));
  await page.getByTestId('plus-minus-table').waitFor();
}

/**
 * The worked example for one bettor, run by the operator on `matchId`: 1,000 backed on a
 * bookmaker market that loses; on fancy, YES for 2,250 that wins and YES for 2,750 that loses
 * (5,000 of stakes, a loss of 500).
 */
async function playTheWorkedExample(matchId: number, bettor: string) {
  const market = (body: Record<string, unknown>) =>
    suite.api<{ market_id: number }>('operator/createMarket', { match_id: matchId, ...body }, admin).then((m) => m.market_id);
  const bookmaker = await market({
    kind: 'BOOKMAKER',
    market_type: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: [{ name: 'Home' }, { name: 'Away' }],
  });
  await suite.api(
    'operator/setBookmakerRates',
    {
      market_id: bookmaker,
      rates: [
        { selection_id: 1, back_rate: 100, lay_rate: 105 },
        { selection_id: 2, back_rate: 100, lay_rate: 105 },
      ],
    },
    admin,
  );
  await suite.api(
    'bet/placeMarketBet',
    { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 100, stake: LOSS.match },
    bettor,
  );
  const fancy = (name: string) =>
    market({ kind: 'FANCY', market_type: 'FANCY', name, fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 } });
  const won = await fancy('6 Over Runs');
  const lost = await fancy('10 Over Runs');
  const wonStake = (LOSS.stakes - LOSS.session) / 2; // 2,250
  await suite.api('bet/placeFancyBet', { fancy_id: won, is_back: 1, run: 46, rate: 100, stake: wonStake }, bettor);
  await suite.api(
    'bet/placeFancyBet',
    { fancy_id: lost, is_back: 1, run: 46, rate: 100, stake: LOSS.stakes - wonStake },
    bettor,
  );
  await suite.api('operator/declareResult', { market_id: bookmaker, winner_ids: [2] }, admin);
  await suite.api('operator/declareResult', { market_id: won, runs: 50 }, admin);
  await suite.api('operator/declareResult', { market_id: lost, runs: 40 }, admin);
}
