import { expect, type Page } from '@playwright/test';

interface OverflowReport {
  scrollWidth: number;
  clientWidth: number;
  /** The outermost elements that reach past the right edge, as `tag#id.class "text" right=N`. */
  culprits: string[];
}

/**
 * The page fits its width: nothing to scroll sideways. Waits for the layout the app settles in
 * (right after `setViewportSize` the app has not yet switched to its phone layout: it does on the
 * resize event, in a render of its own), and when it does not fit, names the elements that stick
 * out, so a failure says what to fix.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  let report: OverflowReport = { scrollWidth: 0, clientWidth: 0, culprits: [] };
  const fits = async () => {
    report = await page.evaluate(readOverflow);
    return report.scrollWidth <= report.clientWidth;
  };
  await expect
    .poll(fits, { timeout: 10_000 })
    .toBe(true)
    .catch(() => undefined);
  expect(
    report.scrollWidth,
    `The page scrolls sideways (scrollWidth ${report.scrollWidth} > ${report.clientWidth}); sticking out:\n  ${report.culprits.join('\n  ')}`,
  ).toBeLessThanOrEqual(report.clientWidth);
}

/** Runs in the page. */
function readOverflow(): OverflowReport {
  const clientWidth = document.documentElement.clientWidth;
  const culprits: string[] = [];
  const describe = (element: Element, right: number) => {
    const classes = Array.from(element.classList).slice(0, 3).join('.');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''} "${text}" right=${Math.round(right)}`;
  };
  const visit = (element: Element) => {
    const right = element.getBoundingClientRect().right + window.scrollX;
    // The outermost element past the edge is the one to name; its children only follow it.
    if (right > clientWidth + 0.5) {
      culprits.push(describe(element, right));
      return;
    }
    for (const child of Array.from(element.children)) visit(child);
  };
  for (const child of Array.from(document.body.children)) visit(child);
  return { scrollWidth: document.documentElement.scrollWidth, clientWidth, culprits: culprits.slice(0, 10) };
}
