import { expect, type Page } from '@playwright/test';

/**
 * The page fits its width: nothing to scroll sideways. Polled, because right after
 * `setViewportSize` the app has not yet switched to its phone layout (it does on the resize
 * event, in a render of its own); what must hold is the layout it settles in.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}
