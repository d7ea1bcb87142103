/**
 * The seeded banner and promotion images (SVG, server/db/seed-content.ts): each row's headline in
 * its own language, set in lines that stay inside the banner on a 375-px phone, where the
 * promotion list crops the banner to 3:1. Checked by the layout's own widths, and as Debian's
 * Chromium draws the SVG (the text's box measured in the page).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/tenant-shots';
import { bannerImage, HEADLINE_BAND, HEADLINE_MAX_WIDTH, headlineLayout, headlineWidth, PROMOTIONS, SEED_LANGS, seedAnnouncements } from '../../../server/db/seed-content';

const svgOf = (url: string) => Buffer.from(url.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
/** The lines a banner draws, in order (XML entities read back). */
const linesOf = (svg: string) =>
  [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1].replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))));

const banners = seedAnnouncements().filter((a) => a.type === 'B');
const headlines = [...banners.map((b) => b.title), ...PROMOTIONS.flatMap((p) => SEED_LANGS.map((lang) => p.title[lang]))];

describe('banner headlines', () => {
  it('wraps a long headline into balanced lines inside the margins at the largest size that fits', () => {
    const long = headlineLayout('Tumaya ng ₱1,000, makakuha ng ₱20');
    expect(long).toEqual({ fontSize: 52, lines: ['Tumaya ng ₱1,000,', 'makakuha ng ₱20'] });
    expect(headlineWidth('Tumaya ng ₱1,000, makakuha ng ₱20', 52)).toBeGreaterThan(HEADLINE_MAX_WIDTH);
    expect(headlineLayout('Daily rebate')).toEqual({ fontSize: 52, lines: ['Daily rebate'] });
    // Too many lines at the largest size: a smaller one.
    const longer = headlineLayout('Magparehistro ngayon at kunin ang bonus sa pagsali ngayong linggo lamang');
    expect(longer.fontSize).toBeLessThan(52);
    expect(longer.lines.length).toBeLessThanOrEqual(3);
    expect(longer.lines.join(' ')).toBe('Magparehistro ngayon at kunin ang bonus sa pagsali ngayong linggo lamang');
    for (const line of longer.lines) expect(headlineWidth(line, longer.fontSize)).toBeLessThanOrEqual(HEADLINE_MAX_WIDTH);
    // A word wider than the banner at every size is refused, not cut.
    expect(() => headlineLayout('Pneumonoultramicroscopicsilicovolcanoconiosis')).toThrow(RangeError);
  });

  it('home and registration banners are seeded for each language, drawn with that language’s title', () => {
    for (const group of ['m_home', 'm_reg']) {
      const of = (lang: string) => banners.filter((b) => b.groupName === group && b.lang === lang);
      expect(of('EN').length, group).toBeGreaterThan(0);
      expect(of('TY')).toHaveLength(of('EN').length);
      expect(banners.filter((b) => b.groupName === group && b.lang === null)).toEqual([]);
      of('TY').forEach((ty, i) => expect(ty.title, group).not.toBe(of('EN')[i].title));
    }
    for (const b of banners) expect(linesOf(svgOf(b.imageUrl!)).join(' '), b.title).toBe(b.title);
    expect(linesOf(svgOf(bannerImage('Mag-imbita & kumita <pa>', '#000000', '#ffffff'))).join(' ')).toBe('Mag-imbita & kumita <pa>');
  });

  describe('as Chromium draws them', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('every seeded headline, in both languages, stays inside the banner and the band the 3:1 crop shows', { timeout: 60_000 }, async () => {
      const page = await browser.newPage({ viewport: { width: 800, height: 400 } });
      try {
        for (const headline of headlines) {
          const svg = svgOf(bannerImage(headline, '#0b5cad', '#5b2a86'));
          await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
          const box = await page.evaluate(() => {
            const b = document.querySelector('text')!.getBBox();
            return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
          });
          expect(box.left, headline).toBeGreaterThanOrEqual(39);
          expect(box.right, headline).toBeLessThanOrEqual(40 + HEADLINE_MAX_WIDTH);
          expect(box.top, headline).toBeGreaterThanOrEqual(HEADLINE_BAND.top - 10);
          expect(box.bottom, headline).toBeLessThanOrEqual(HEADLINE_BAND.bottom + 10);
        }
      } finally {
        await page.close();
      }
    });
  });
});
