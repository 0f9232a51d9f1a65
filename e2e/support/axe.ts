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
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = (n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help;
      return `${pageName}: ${v.id} (${v.impact}) ${n.target.join(' ')}: ${why}`;
    }),
  );
}
