import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { callApi } from './api.ts';
import { firstLogin, launchChromium, newPage, takeCspViolations, type Viewport } from './browser.ts';
import { startProduct, type ProductOptions, type RunningProduct } from './product.ts';

/** What a browser test file shares: its own running product, one Chromium, and API calls to it. */
export interface BrowserSuite {
  readonly product: RunningProduct;
  readonly browser: Browser;
  /** An API call to this product (see callApi). */
  api<T>(path: string, body?: unknown, token?: string): Promise<T>;
  /** Logs a demo user in through the API and returns its token. */
  tokenOf(userName: string, password?: string): Promise<string>;
}

/**
 * Starts the product (with `env` on top of the defaults) and Chromium before the file's tests,
 * and stops both after them; fails a test during which a page violated its security policy. The getters throw if used outside a test, where nothing runs yet.
 */
export function browserSuite(env: Record<string, string> = {}, options: ProductOptions = {}): BrowserSuite {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    product = await startProduct(env, options);
    browser = await launchChromium();
  });
  // The pages run under the server's security policy: a violation is a failure (ADR 42).
  afterEach(() => {
    const violations = takeCspViolations();
    if (violations.length > 0) throw new Error(`Content security policy violated:\n${violations.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const suite: BrowserSuite = {
    get product() {
      if (!product) throw new Error('the product is not started yet');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not started yet');
      return browser;
    },
    api: <T>(path: string, body?: unknown, token?: string) =>
      callApi<T>(suite.product.baseUrl, path, body, token),
    tokenOf: async (userName: string, password = 'Demo@1234') =>
      (await suite.api<{ usertoken: string }>('user/login', { user_name: userName, password })).usertoken,
  };
  return suite;
}

/** A price level as the match APIs send it (rupees). */
export interface PriceSize {
  price: number;
  size: number;
}

/** A market of `match/getMatchDetail`, as far as the browser tests read it. */
export interface Market {
  market_id: number;
  kind: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  market_type: string;
  name: string;
  runners: { selection_id: number; name: string; back: PriceSize[]; lay: PriceSize[] }[];
  fancy: { no_line: number; no_rate: number; yes_line: number; yes_rate: number } | null;
}

/** A row of `match/getMatches`, as far as the browser tests read it. */
export interface ListedMatch {
  match_id: number;
  match_name: string;
  series_id: number;
  in_play: boolean;
  score: string | null;
  match_odds: {
    market_id: number;
    runners: { name: string; back: PriceSize | null; lay: PriceSize | null }[];
  } | null;
}

/**
 * A cricket match not in play (so no bet delay) with its markets: the `index`-th such match, so
 * that each screen width of a file bets on a match of its own.
 */
export async function upcomingCricket(
  suite: BrowserSuite,
  token: string,
  index: number,
): Promise<{ match: ListedMatch; markets: Market[] }> {
  const cricket = await suite.api<ListedMatch[]>('match/getMatches', { sport_id: 4 }, token);
  const match = cricket.filter((m) => !m.in_play && m.match_odds)[index];
  if (!match) throw new Error(`no upcoming cricket match number ${index + 1} with Match Odds`);
  const { markets } = await suite.api<{ markets: Market[] }>(
    'match/getMatchDetail',
    { match_id: match.match_id },
    token,
  );
  return { match, markets };
}

/**
 * A new bettor of agent1's (online payments on request), logged in on a page of its own at `vp`
 * with its first password changed: for a test whose bettor's state must be its own.
 */
export async function freshBettorPage(
  suite: BrowserSuite,
  vp: Viewport,
  prefix: string,
  options: { onlinePayments?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; userName: string; userId: number }> {
  const userName = `${prefix}${vp.width}${Date.now().toString(36)}`.slice(0, 20);
  const created = await suite.api<{ user_id: number }>(
    'agent/createUser',
    {
      user_name: userName,
      password: FRESH_FIRST_PASSWORD,
      role: 'user',
      ...(options.onlinePayments ? { online_payments: true } : {}),
    },
    await suite.tokenOf('agent1'),
  );
  const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
  await firstLogin(page, userName, FRESH_FIRST_PASSWORD, FRESH_PASSWORD);
  return { context, page, userName, userId: created.user_id };
}
export const FRESH_FIRST_PASSWORD = 'Start@1234';
/** The password a fresh bettor has after its first login. */
export const FRESH_PASSWORD = 'Bettor@5678';

/**
 * Opens the bet slip on `page` from the first runner's best back price of an upcoming cricket
 * match's Match Odds (a match of its own per screen width), as a bettor does: the slip, the price
 * box that opened it, the market and the runner.
 */
export async function openMatchOddsSlip(
  suite: BrowserSuite,
  page: Page,
  width: number,
  timeout: number,
): Promise<{ slip: Locator; box: Locator; odds: Market; runner: Market['runners'][number] }> {
  const demo = await suite.tokenOf('demo1');
  const { match, markets } = await upcomingCricket(suite, demo, width < 993 ? 1 : 0);
  const odds = markets.find((m) => m.market_type === 'MATCH_ODDS')!;
  const runner = odds.runners[0]!;
  await page.goto(`/#/game-details/4/${match.match_id}`);
  const box = page.getByTestId(`price-${odds.market_id}-${runner.selection_id}-back-0`);
  await box.waitFor({ timeout });
  await box.click();
  const slip = page.getByTestId('bet-slip');
  await slip.waitFor({ timeout });
  return { slip, box, odds, runner };
}
