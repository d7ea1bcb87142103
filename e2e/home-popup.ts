/**
 * The home announcement popup (a modal) comes up about 500 ms after home loads, for visitors and
 * members alike. Journeys that are not about it close it whenever it gets in their way, with
 * Playwright's locator handler; e2e/home-blocks.spec.ts and e2e/xss.spec.ts test the popup itself.
 */
import type { Page } from '@playwright/test';

export async function closeHomePopupWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(page.locator('.announcement-popup:not(.announcement-popup--closing)'), async (popup) => {
    // A dispatched click: it works under another dialog (the logout confirmation) and, having no
    // pointer down, does not count as a tap outside an open header menu.
    // The popup may go away by itself meanwhile (a tap already left home): then there is nothing
    // to close, and waiting for its button would hold the test until it times out.
    await popup
      .locator('.modal__close')
      .dispatchEvent('click', undefined, { timeout: 1_000 })
      .catch(() => {});
  });
}
