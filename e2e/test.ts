/**
 * Every journey's `test`: Playwright's, plus a check that runs on every page a journey opens —
 * hydrating the server's HTML must not produce a mismatch. React reports one on the console
 * (an error or warning naming hydration; the production build the journeys run reports it by its
 * error code instead: #418 hydration failed, #419 a boundary switched to client rendering, #421 an
 * update before hydration finished, #423/#425 React 18's wording); the journey then fails with the message.
 */
import { expect, test as base, type Locator, type Page } from '@playwright/test';

const HYDRATION_PROBLEM =
  /hydrat|did not match|didn't match the client|server rendered (html|text)|Minified React error #(418|419|421|423|425)\b|react\.dev\/errors\/(418|419|421|423|425)\b/i;

export const test = base.extend<{ hydrationCheck: void }>({
  hydrationCheck: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_PROBLEM.test(message.text())) {
            problems.push(`${page.url()}: ${message.text().slice(0, 4000)}`);
          }
        });
        page.on('pageerror', (error) => {
          if (HYDRATION_PROBLEM.test(error.message)) problems.push(`${page.url()}: ${error.message.slice(0, 500)}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(problems, 'hydration problems').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page has hydrated (the runtime marks <html data-view> in an effect) and, given an
 * element, until React has hydrated that element too: the server's HTML shows lists and buttons
 * before the code that answers a tap on them has run, and a screen's lazy widgets hydrate after the
 * shell (a tap on one before that is lost, as it would be for a player).
 */
export async function hydrated(page: Page, element?: Locator): Promise<void> {
  await expect(page.locator('html[data-view]')).toHaveCount(1);
  if (element) {
    await expect
      .poll(() => element.first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { message: 'the element is hydrated' })
      .toBe(true);
  }
}
