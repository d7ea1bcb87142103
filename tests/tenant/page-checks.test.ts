/**
 * The page checks of `tenant shots` and `tenant review`, in Debian's Chromium on a 375x812 phone:
 * each kind fails on a fixture page that breaks it (a floating button over a tile, a clipped
 * title, a table wider than the screen, a white-on-white input, white text on light grey, English
 * on a Filipino page and a raw key, a popup linking to a gated-off route) and passes a clean one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, pageCheckContext, type PageCheckContext, type PageFinding } from '../../scripts/page-checks';
import { launchChromium } from '../../scripts/tenant-shots';
import { resolveTenant } from '../../src/tenant/source';

const FIXTURES = join(__dirname, 'fixtures/page-checks');
const ORIGIN = 'http://fixture.test';

let browser: Browser;
let dead: PageCheckContext;
let live: PageCheckContext;

async function contextOf(file: string): Promise<PageCheckContext> {
  const { resolved, issues } = await resolveTenant(join('tests/tenant/fixtures/page-checks', file));
  expect(issues).toEqual([]);
  return pageCheckContext(resolved as never);
}

beforeAll(async () => {
  browser = await launchChromium();
  dead = await contextOf('dead-link-popup/tenant.json');
  live = await contextOf('live-links/tenant.json');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** The findings of a fixture page served at http://fixture.test/<file>. */
async function findings(file: string, ctx: PageCheckContext): Promise<PageFinding[]> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  try {
    const page: Page = await context.newPage();
    await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: readFileSync(join(FIXTURES, new URL(route.request().url()).pathname.slice(1))) }));
    await page.goto(`${ORIGIN}/${file}`);
    return await checkPage(page, ctx);
  } finally {
    await context.close();
  }
}

const of = (list: PageFinding[], kind: PageFinding['kind']) => list.filter((f) => f.kind === kind).map((f) => f.text);

// Chromium and axe-core on a shared 2-core machine: a fixture page takes seconds.
describe('page checks', { timeout: 120_000 }, () => {
  it('overlap: a floating button over a tile, not one beside the tiles or a bar content scrolls out of', async () => {
    const broken = await findings('overlap-broken.html', live);
    expect(of(broken, 'overlap')).toEqual([expect.stringMatching(/^"Sports" \(button\.tile\) is covered by the floating part "Service" \(button\.float\) at its centre/)]);
    expect(await findings('overlap-clean.html', live)).toEqual([]);
  });

  it('clipping: a title cut without an ellipsis, a table wider than the screen; not an ellipsis, a scroller or a carousel', async () => {
    const title = await findings('clipped-title-broken.html', live);
    expect(of(title, 'clipping')).toEqual([expect.stringMatching(/^"Weekend reload bonus up to fifty percent" is cut by h3 \(\d+ px of text wide in 200 px, no ellipsis\)$/)]);
    const wide = await findings('wide-page-broken.html', live);
    expect(of(wide, 'clipping')).toEqual([expect.stringMatching(/^"Level Daily withdrawal limit 30,000.00 …" \(table\) is wider than the 375-px screen \(reaches 700 px\)/)]);
    expect(await findings('clipped-title-clean.html', live)).toEqual([]);
  });

  it('unreadable: a white-on-white input without a border and white text on light grey (axe colour-contrast)', async () => {
    const broken = of(await findings('white-input-broken.html', live), 'unreadable');
    expect(broken).toContainEqual(expect.stringMatching(/^the field "Tier turnover" \(input\) has no visible boundary: no border, no outline, its background #ffffff on #ffffff/));
    expect(broken).toContainEqual(expect.stringMatching(/^"Pending" \(span\) has contrast 1\.\d+:1 \(#ffffff on #e8e8e8, .*\) where WCAG AA needs 4\.5:1$/));
    expect(broken).toHaveLength(2);
    expect(await findings('white-input-clean.html', live)).toEqual([]);
  });

  it('untranslated: English text of a key and a raw key on a Filipino page; not brand names, providers or numbers', async () => {
    const broken = of(await findings('filipino-broken.html', live), 'untranslated');
    expect(broken.sort()).toEqual(['"Invite Friends" in a is English on a "fil" page (key invite_friends)', 'the label key "latest_winners" is shown raw in p']);
    expect(await findings('filipino-clean.html', live)).toEqual([]);
    // The same English text on an English tenant's page is no finding.
    const english = { ...live, english: [] };
    expect(of(await findings('filipino-clean.html', english), 'untranslated')).toEqual([]);
  });

  it('dead link: a popup linking to a route the tenant gates off; the same popup where the route opens', async () => {
    const broken = of(await findings('popup-link.html', dead), 'dead link');
    expect(broken).toEqual(['"reward centre" (a) leads to /m/rewardCenter: route "/m/rewardCenter" is gated off for this tenant (flag REWCEN3 is off): the link sends players home']);
    expect(await findings('popup-link.html', live)).toEqual([]);
  });
});
