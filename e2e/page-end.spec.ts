/**
 * The bottom of a phone's page: the customer-service contacts fold into one floating button, and
 * the download bar sits above the footer's raised deposit button and its badge. At the end of the
 * page nothing fixed covers a tap target (the page keeps --page-end clear).
 */
import { expect, hydrated, test } from './test';

// An Android phone: the download bar shows there (the tenant has an Android link).
test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36' });

/**
 * The elements whose centre, in the bottom band of the screen where the fixed parts sit (the
 * footer, the download bar, the floating button), is not hit by the element itself.
 */
function centresHit(els: Element[]): string[] {
  const covered: string[] = [];
  const band = innerHeight - 240;
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.top + r.height / 2 < band || r.top >= innerHeight) continue;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    // Not shown at all: clipped by a box of its own (the winner board's rows outside its window).
    let clipped = false;
    for (let box = el.parentElement; box && !clipped; box = box.parentElement) {
      if (getComputedStyle(box).overflow === 'visible') continue;
      const b = box.getBoundingClientRect();
      clipped = x < b.left || x > b.right || y < b.top || y > b.bottom;
    }
    if (clipped) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el.contains(hit) || hit.contains(el))) covered.push(`${el.tagName.toLowerCase()}.${el.className} under ${hit?.className ?? 'nothing'}`);
  }
  return covered;
}

test('home: one floating button, the download bar above the deposit button, nothing covered at the end', async ({ page }) => {
  await page.goto('/m/home');
  await hydrated(page);
  // Home's announcement popup comes up about 500 ms after home loads: closed first (it covers everything while it shows).
  const popup = page.locator('.announcement-popup');
  await expect(popup).toBeVisible();
  await popup.locator('.modal__close').click();
  await expect(popup).toHaveCount(0);
  const bar = page.locator('.download-bar');
  await expect(bar).toBeVisible();
  const service = page.locator('.floating-service');
  await expect(service.locator('a, button')).toHaveCount(1);
  // The deposit button and its badge are not under the bar.
  const deposit = page.locator('.footer-menu .nav-item--emphasis');
  expect(await deposit.locator('.nav-item__icon, .nav-item__tag').evaluateAll(centresHit)).toEqual([]);
  const barBox = (await bar.boundingBox())!;
  const badgeBox = (await deposit.locator('.nav-item__tag').boundingBox())!;
  expect(badgeBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
  // At the end of the page every tap target of the page shows its centre.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
  expect(await page.locator('.page a, .page button, .rg-tagline a').evaluateAll(centresHit)).toEqual([]);
  // Opened, the button shows the contacts above it.
  await hydrated(page, service.getByRole('button'));
  await service.getByRole('button').click();
  await expect(service.locator('a').first()).toBeVisible();
});
