import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG 2.1 A/AA violation (BITV) on the page as it stands. Transitions
 * still running are awaited first: measured mid-fade, a dialog's button is half transparent and
 * fails colour contrast only because of the moment axe looked. Endless animations (spinners,
 * skeletons) are not waited for. `selector` limits the check to a part of the page.
 */
export async function expectNoSeriousViolations(page: Page, selector?: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
