// Throwaway: screenshots of the operator screens (deleted before commit).
import { chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE ?? 'http://localhost:3250';
const shots = process.argv.slice(2);

async function login(page: Page) {
  await page.goto(`${BASE}/console/#/login`);
  await page.fill('[data-testid="console-user-name"], input[name="user_name"]', 'admin');
  await page.fill('input[type="password"]', 'Demo@1234');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await login(page);
  for (const shot of shots) {
    const [name, hash, action] = shot.split('|');
    await page.goto(`${BASE}/console/#${hash}`);
    await page.waitForTimeout(1800);
    if (action) {
      for (const step of action.split(';')) {
        const [verb, arg, val] = step.split(',');
        if (verb === 'click') await page.click(arg!);
        if (verb === 'press') await page.keyboard.press(arg!);
        if (verb === 'fill') await page.fill(arg!, val ?? '');
        if (verb === 'focus') await page.focus(arg!);
        if (verb === 'wait') await page.waitForTimeout(Number(arg));
        if (verb === 'select') await page.selectOption(arg!, val!);
        if (verb === 'shot') await page.screenshot({ path: `/tmp/w2-${arg}-${width}.png`, fullPage: true });
      }
      await page.waitForTimeout(800);
    }
    await page.screenshot({ path: `/tmp/w2-${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
