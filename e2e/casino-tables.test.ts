import type { Page } from 'playwright-core';
import { describe, it, type ExpectStatic } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { saveShot } from './support/shots.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 26's browser check, at 1280 and 390 px, for one table of each game family: a bettor of
 * its own opens the table from a launch URL, puts chips on two spots (one of them twice) and sees
 * them stacked with their totals, sees a stake over its balance refused on the spot, watches the
 * cards (dice, wheel) turn in the game's order in the hands they were dealt to, sees the winning
 * spots lit, and reads a round P&L and a balance that equal what the platform's wallet recorded
 * for the round; axe finds no WCAG A/AA violation with the chips down nor at the result. The
 * platform and the provider run as `npm start` runs them, over the signed wallet.
 */
// The result stays 20 s on the table: the checks made at the result (lit spots, the banner's P&L,
// the balance, the road, the phone's layout, axe) read a state that lasts only that long, and with
// 5 s a busy CI machine reached some of them after the next round had begun (2026-12-01).
const suite = browserSuite(
  {},
  { casino: { CASINO_FAST: '1', CASINO_BETTING_MS: '14000', CASINO_REVEAL_MS: '600', CASINO_RESULT_MS: '20000' } },
);

/** One table of each family, and the two spots the bettor backs (the first one twice). */
const TABLES = [
  { family: 'teen-patti', code: 'imlive1001', spots: ['playerA', 'pairPlusB'] },
  { family: 'muflis', code: 'imlive1014', spots: ['playerA', 'playerB'] },
  { family: 'andar-bahar', code: 'imlive1013', spots: ['andar', 'bahar'] },
  { family: 'dragon-tiger', code: 'imlive1018', spots: ['dragon', 'tie'] },
  { family: 'cricket-war', code: 'imlive1032', spots: ['tiger', 'dragon:red'] },
  { family: 'baccarat', code: 'imlive1009', spots: ['player', 'banker'] },
  { family: 'lucky-7', code: 'imlive1017', spots: ['low', 'high'] },
  // Colour is on offer whatever the base card (Higher is not over a King).
  { family: 'hi-low', code: 'imlive1006', spots: ['red', 'black'] },
  { family: '32-cards', code: 'imlive1005', spots: ['back:11', 'back:9'] },
  { family: 'poker', code: 'imlive1007', spots: ['playerA', 'playerB'] },
  { family: 'amar-akbar-anthony', code: 'imlive1010', spots: ['amar', 'anthony'] },
  { family: 'bollywood', code: 'imlive1011', spots: ['odd', 'red'] },
  { family: 'trio', code: 'imlive1012', spots: ['under21', 'over21'] },
  { family: 'queen', code: 'imlive1008', spots: ['even', 'back:22-26'] },
  { family: 'roulette', code: 'imlive1015', spots: ['red', 'straight:17'] },
  { family: 'sic-bo', code: 'imlive1019', spots: ['small', 'total:10'] },
  { family: 'worli-matka', code: 'imlive1016', spots: ['pana:SP', 'single:0'] },
  { family: 'lottery', code: 'imlive1034', spots: ['pana:SP', 'single:5'] },
] as const;

/** Bound on waiting for what a page shows, generous for a loaded 2-core machine. */
const SHOWN_MS = 40_000;
/** expect.poll with room for a slow machine, on a concurrent test's own expect. */
const poller =
  (expect: ExpectStatic) =>
  <T>(fn: () => Promise<T>, timeout = SHOWN_MS) =>
    expect.poll(fn, { timeout, interval: 150 });
const paise = (rupees: number) => Math.round(rupees * 100);
const amount = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''));

interface Dealt {
  round: string;
  card: string;
  hand: string | null;
}

/** A bettor of agent1's with ₹10,000 of chips, past its first password change: its token. */
async function newBettor(name: string): Promise<string> {
  const agent = await suite.tokenOf('agent1');
  const created = await suite.api<{ user_id: number }>('agent/createUser', { user_name: name, password: 'Bettor@1234', role: 'user' }, agent);
  const first = await suite.tokenOf(name, 'Bettor@1234');
  await suite.api('user/changePassword', { master_password: 'Bettor@1234', new_password: 'Bettor@5678', confirm_password: 'Bettor@5678' }, first);
  await suite.api('agent/transferChips', { user_id: created.user_id, amount: 10_000, direction: 'deposit', client_ref: `fund-${name}` }, agent);
  return suite.tokenOf(name, 'Bettor@5678');
}

/**
 * Notes every card, die and pocket as it turns face up on the page (the element gets its
 * `data-card`), with the hand it lies in and the round on the table then: the order the page dealt.
 */
function recordDeal(): void {
  const w = window as unknown as { __dealt: Dealt[] };
  w.__dealt = [];
  // What each element last showed (the wheel keeps its result element from round to round).
  const shown = new WeakMap<Element, string>();
  const note = (el: Element) => {
    const card = el.getAttribute('data-card');
    if (!card || el.closest('#round-dialog, #road')) return;
    const round = document.getElementById('round-id')?.textContent ?? '';
    if (shown.get(el) === `${round}|${card}`) return;
    shown.set(el, `${round}|${card}`);
    w.__dealt.push({ round, card, hand: el.closest('[data-hand]')?.getAttribute('data-hand') ?? null });
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') note(r.target as Element);
      for (const n of Array.from(r.addedNodes))
        if (n instanceof Element) [n, ...Array.from(n.querySelectorAll('[data-card]'))].forEach(note);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-card'] });
}

async function tableNow(page: Page) {
  return page.locator('#game').evaluate((el) => ({
    phase: el.getAttribute('data-phase'),
    roundId: el.querySelector('#round-id')?.textContent ?? '',
    secondsLeft: Number(el.querySelector('#countdown')?.textContent || 0),
  }));
}

/** The stake stacked on a spot, as its stack says (0 when there is none). */
const stackOn = (page: Page, option: string) =>
  page
    .locator(`button.spot[data-option="${option}"] .spot-stack`)
    .evaluateAll((els) => els.reduce((sum, el) => sum + Number(el.getAttribute('data-total') ?? 0), 0));

interface LiveCasinoRound {
  round_id: string;
  status: string;
  stake: number;
  payout: number;
  pnl: number;
  bets: { option: string; stake: number; payout: number; state: string }[];
}

describe.each(VIEWPORTS)('casino tables at $width px', (vp: Viewport) => {
  describe.concurrent('one table of each family', () => {
    it.for([...TABLES])('$family ($code): chips stacked on two spots, the deal in order, the winner lit, P&L and balance as the wallet moved', { timeout: 240_000 }, async ({ family, code, spots }, { expect }) => {
      const poll = poller(expect);
      const name = `ct${vp.width}${code.slice(-2)}${Date.now().toString(36).slice(-5)}`;
      const token = await newBettor(name);
      const balanceOf = async () => (await suite.api<{ available_balance: number }>('user/getUserBalance', undefined, token)).available_balance;
      const before = await balanceOf();
      const { GameUrl } = await suite.api<{ GameUrl: string }>('mac88/launchNewGame', { GameCode: code, type: vp.width < 993 ? '3' : '1' }, token);
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
      try {
        await context.addInitScript(recordDeal);
        page.setDefaultTimeout(SHOWN_MS);
        await page.goto(GameUrl, { waitUntil: 'domcontentloaded' });
        await poll(() => page.locator('#user').textContent()).toBe(name);
        await poll(async () => paise(amount(await page.locator('#balance').textContent()))).toBe(paise(before));
        // The page fits the phone's width: nothing sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);

        // A betting window with time to bet in.
        await poll(async () => {
          const t = await tableNow(page);
          return t.phase === 'betting' && t.secondsLeft >= 8;
        }, 90_000).toBe(true);
        const { roundId } = await tableNow(page);
        const chip = page.locator('#chips .chip').nth(1);
        const stake = Number(await chip.getAttribute('data-value'));
        await chip.click();
        await poll(() => chip.getAttribute('aria-pressed')).toBe('true');
        const [first, second] = spots;
        await page.locator(`button.spot[data-option="${first}"]`).click();
        await poll(() => stackOn(page, first)).toBe(stake);
        await page.locator(`button.spot[data-option="${second}"]`).click();
        await page.locator(`button.spot[data-option="${first}"]`).click();
        await poll(() => stackOn(page, first)).toBe(2 * stake);
        await poll(() => stackOn(page, second)).toBe(stake);
        await poll(async () => paise(amount(await page.locator('#balance').textContent()))).toBe(paise(before - 3 * stake));
        // A stake over the balance: the wallet refuses it, the spot says so, nothing moves.
        const biggest = page.locator('#chips .chip').last();
        const tooMuch = Number(await biggest.getAttribute('data-value'));
        expect(tooMuch).toBeGreaterThan(before - 3 * stake);
        await biggest.click();
        await page.locator(`button.spot[data-option="${second}"]`).click();
        await poll(() => page.locator(`button.spot[data-option="${second}"] .spot-bubble`).textContent()).toBe('Insufficient balance');
        expect(await stackOn(page, second)).toBe(stake);
        expect(paise(amount(await page.locator('#balance').textContent()))).toBe(paise(before - 3 * stake));
        expect((await tableNow(page)).roundId).toBe(roundId);
        await saveShot(page, vp, `casino-${family}-chips`);
        // Usable with a screen reader and the keyboard: axe's WCAG A/AA rules, chips on the felt.
        expect(await axeViolations(page, `${family} with chips`)).toEqual([]);

        // The deal and the result.
        await poll(async () => {
          const t = await tableNow(page);
          expect(t.roundId).toBe(roundId);
          return t.phase;
        }, 60_000).toBe('result');
        const proof = (await (await fetch(`${new URL(GameUrl).origin}/api/table/${code}/round/${roundId}`)).json()) as {
          round: { cards: string[]; hands: { name: string; cards: string[] }[] };
        };
        const dealt = (await page.evaluate(() => (window as unknown as { __dealt: Dealt[] }).__dealt)).filter((d) => d.round === roundId);
        // Every card turned once, in deal order, each in the hand it was dealt to.
        expect(dealt.map((d) => d.card)).toEqual(proof.round.cards);
        const handOf = new Map<string, string[]>();
        for (const h of proof.round.hands) for (const c of h.cards) handOf.set(c, [...(handOf.get(c) ?? []), h.name]);
        for (const d of dealt) expect(handOf.get(d.card), `${d.card} lies in ${d.hand}`).toContain(d.hand);

        // The wallet's record of the round: each bet's outcome, its P&L.
        const day = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
        let round: LiveCasinoRound | undefined;
        await poll(async () => {
          const page1 = await suite.api<{ rows: LiveCasinoRound[] }>('casino/getLiveCasinoBets', { from_date: day, to_date: day, page: 1, limit: 20 }, token);
          round = page1.rows.find((r) => r.round_id === roundId);
          return round?.status;
        }).toBe('settled');
        expect(round!.bets).toHaveLength(3);
        expect(paise(round!.stake)).toBe(paise(3 * stake));
        // A spot is lit as won exactly when the wallet paid its bets more than their stake.
        for (const option of spots) {
          const won = round!.bets.filter((b) => b.option === option).every((b) => b.state === 'won');
          expect(await page.locator(`button.spot[data-option="${option}"]`).evaluate((el) => el.classList.contains('won'))).toBe(won);
        }
        await poll(async () => paise(Number(await page.locator('#result-banner').getAttribute('data-pnl')))).toBe(paise(round!.pnl));
        const after = before + round!.pnl;
        expect(paise(await balanceOf())).toBe(paise(after));
        await poll(async () => paise(amount(await page.locator('#balance').textContent()))).toBe(paise(after));
        // The round joins the road, drawn where it can be seen and opened.
        const onRoad = page.locator(`#road [data-round="${roundId}"]`).first();
        await poll(() => onRoad.count()).toBe(1);
        const cell = (await onRoad.boundingBox())!;
        expect(cell.width).toBeGreaterThanOrEqual(12);
        expect(cell.x + cell.width).toBeLessThanOrEqual(vp.width);
        // On a phone the whole table, the chips with their controls and the result fit the
        // screen, nothing below its foot (the page's top, before any scroll).
        if (vp.width < 993) {
          const bottoms = await page.evaluate(() =>
            ['#result-banner', '#table-cards', '#chips', '#undo'].map((sel) => {
              const box = document.querySelector(sel)!.getBoundingClientRect();
              return { sel, bottom: box.bottom + window.scrollY, height: box.height };
            }),
          );
          for (const { sel, bottom, height } of bottoms) {
            expect(height, sel).toBeGreaterThan(0);
            expect(bottom, sel).toBeLessThanOrEqual(vp.height);
          }
        }
        await saveShot(page, vp, `casino-${family}-result`);
        expect(await axeViolations(page, `${family} at the result`)).toEqual([]);
        expect(errors).toEqual([]);
      } catch (err) {
        await page.screenshot({ path: `/tmp/casino-table-failed-${family}-${vp.width}.png` }).catch(() => undefined);
        if (errors.length) (err as Error).message += `\n--- errors in the page ---\n${errors.join('\n')}`;
        throw err;
      } finally {
        await context.close();
      }
    });
  });
});
