/**
 * Server HTML never runs script in the page. A private server's data folder (a copy of the
 * migrated and seeded template) is given hostile rows through the server's own database module
 * (a guest popup announcement and a help item, both sorted first) before the server starts. The
 * home popup and the help center then render them, and nothing may execute: window.__xss stays
 * unset, no dialog opens, no javascript: link remains.
 */
import { readFileSync, rmSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { openDatabase } from '../server/db/client';
import { freePort, seededDataDir, startServer, type RunningServer } from './private-server';

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const MERCHANT = 'demoph01';

/** Classic payloads: script elements, event handlers, script URLs, SVG, frames, forms, data URLs. */
const PAYLOAD = [
  '<p id="xss-probe">Payload ahead</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img-onerror\'">',
  '<svg onload="window.__xss = \'svg-onload\'"><circle r="2"/></svg>',
  '<a id="xss-js-link" href="javascript:window.__xss=\'js-link\'">tap me</a>',
  '<a id="xss-js-link-2" href=" JaVaScRiPt:alert(1)">tap me too</a>',
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
  '<object data="javascript:window.__xss=\'object\'"></object>',
  '<embed src="javascript:window.__xss=\'embed\'">',
  '<form action="javascript:window.__xss=\'form\'"><button id="xss-submit">go</button></form>',
  '<details open ontoggle="window.__xss = \'details\'"><summary>s</summary></details>',
  '<div style="background:url(javascript:alert(1))" onmouseover="window.__xss=\'hover\'">hover</div>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'"></style></mglyph></table></mtext></math>',
  '<p>Payload end <a id="xss-safe-link" href="https://example.com/safe">safe</a></p>',
].join('');

const POPUP_TITLE = 'XSS popup probe';
const HELP_TITLE = 'XSS help probe';


/** Adds the hostile rows with the server's own database module (the server is stopped: PGlite allows one process). */
async function insertPayloads(dataDir: string): Promise<void> {
  const db = await openDatabase('pglite', dataDir);
  try {
    await db.rawTransaction(async (tx) => {
      for (const lang of ['TY', 'EN']) {
        await tx.query(
          `INSERT INTO announcements (merchant_code, type, group_name, platform, lang, title, content, execution, sort)
           VALUES ($1, 'PU', 'm_home', 'M', $2, $3, $4, 'B', -100)`,
          [MERCHANT, lang, POPUP_TITLE, PAYLOAD],
        );
        await tx.query(`INSERT INTO help_items (merchant_code, lang, sort, title, content) VALUES ($1, $2, -100, $3, $4)`, [
          MERCHANT,
          lang,
          HELP_TITLE,
          PAYLOAD,
        ]);
      }
    });
  } finally {
    await db.close();
  }
}

let server: RunningServer | undefined;
let dataDir = '';
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  dataDir = seededDataDir({ prefix: 'wl-e2e-xss-' });
  origin = `http://demo-ph.localhost:${port}`;
  await insertPayloads(dataDir);
  server = await startServer(port, dataDir);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Records anything that would show script ran: window.__xss, alert/confirm/prompt dialogs, page errors. */
function watch(page: Page): { dialogs: string[] } {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return { dialogs };
}

async function assertNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const scriptLinks = await page.evaluate(() =>
    [...document.querySelectorAll('[href], [src], [action], [data]')]
      .flatMap((el) => ['href', 'src', 'action', 'data'].map((a) => el.getAttribute(a)))
      .filter((v): v is string => v !== null)
      // Browsers ignore control characters and spaces inside a scheme: so does the check.
      // eslint-disable-next-line no-control-regex
      .filter((v) => /^(javascript|vbscript|data:text)/i.test(v.replace(/[\u0000-\u0020]/g, ''))),
  );
  expect(scriptLinks).toEqual([]);
}

async function assertSanitised(page: Page, root: string): Promise<void> {
  const found = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const handlers = [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${n.tagName}.${a.name}`));
    const forbidden = [...el.querySelectorAll('script, iframe, object, embed, form, style, svg, math')].map((n) => n.tagName);
    // By its address: the popup's allow-list renderer keeps no id attributes.
    const safe = el.querySelector('a[href="https://example.com/safe"]');
    return { handlers, forbidden, safeRel: safe?.getAttribute('rel') ?? null, text: el.textContent ?? '' };
  }, root);
  expect(found, `${root} is on the page`).not.toBeNull();
  expect(found?.handlers).toEqual([]);
  expect(found?.forbidden).toEqual([]);
  expect(found?.text).toContain('Payload ahead');
  expect(found?.safeRel).toBe('noopener noreferrer');
}

test('a hostile announcement popup (audience B) renders as inert text', async ({ page }) => {
  const { dialogs } = watch(page);
  await page.goto(`${origin}/m/home`);
  const popup = page.getByRole('dialog', { name: POPUP_TITLE });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Payload ahead')).toBeVisible();
  await assertSanitised(page, '.announcement-popup__content');

  // Tapping what were script links, and hovering the handler element, runs nothing and leaves the page.
  await popup.getByText('tap me', { exact: true }).tap();
  await popup.getByText('tap me too', { exact: true }).tap();
  await popup.getByText('hover').hover();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(`${origin}/m/home`);
  await assertNothingRan(page, dialogs);
});

test('a hostile help item renders as inert text', async ({ page }) => {
  const { dialogs } = watch(page);
  await page.goto(`${origin}/m/help?i=0`);
  const item = page.getByRole('region', { name: HELP_TITLE });
  await expect(item).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TY.help_center);
  // The answer is sanitised by the browser, so it fills in once the page has hydrated.
  await expect(item.locator('#xss-probe')).toHaveText('Payload ahead');
  await assertSanitised(page, '.help-item__content:not([hidden])');
  await item.locator('#xss-js-link').tap();
  await item.getByText('hover').hover();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(`${origin}/m/help?i=0`);
  await assertNothingRan(page, dialogs);
});
