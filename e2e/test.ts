/**
 * Every journey's `test`: Playwright's, plus a check that runs on every page a journey opens —
 * hydrating the server's HTML must not produce a mismatch. React reports one on the console
 * (an error or warning naming hydration); the journey then fails with the message.
 */
import { expect, test as base, type Page } from '@playwright/test';

const HYDRATION_PROBLEM = /hydrat|did not match|didn't match the client|server rendered (html|text)/i;

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
