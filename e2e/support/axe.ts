import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA: the rules the product is held to (ADR 44). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG A/AA rules on the page as it is now, one line per failing element
 * (`page: rule (impact) element: why`), or none. The caller waits for the page's content first;
 * the test fails with the whole list, so one run shows every page's violations.
 */
export async function axeViolations(page: Page, pageName: string): Promise<string[]> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = (n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help;
      return `${pageName}: ${v.id} (${v.impact}) ${n.target.join(' ')}: ${why}`;
    }),
  );
}

/**
 * Waits (3 s at most) for the page's finite animations and transitions to end: a toast fading in
 * has its colours part-way, and axe measured its contrast there (4.04 for a success toast on a
 * loaded CI machine, whose settled colours pass). Endless ones (spinners) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}
