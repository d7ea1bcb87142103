/**
 * A template-matching attacker against the captcha image. It knows the generator: it builds its
 * templates from the generator's own glyphs (each digit drawn alone, in a few variants, then
 * binarised) and knows the layout's bounds; it slides every template over the binarised captcha
 * and keeps the 6 best matches that are far enough apart. The same matcher reads the old bitmap-font
 * captcha (fixtures/old-captcha.ts), which shows it is a real attack; it must fail on the current one.
 */
import { randomInt } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_FONT_SIZE, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, digitPath, renderCaptcha } from '../../../server/lib/captcha-image';
import * as old from '../fixtures/old-captcha';

/** Both images and templates are matched at half resolution (2x2 blocks averaged). */
const DOWN = 2;
/** Room around a downsampled image, so templates may hang over its edges. */
const PAD = 24;

/** A binary image at half resolution, padded by PAD on every side: 1 = ink. */
interface Mask {
  width: number;
  height: number;
  bits: Uint8Array;
  /** Integral image of `bits`, (width + 1) x (height + 1). */
  sums: Int32Array;
}

interface Template {
  digit: number;
  width: number;
  height: number;
  /** Where the digit's anchor (the generator's placement point) lies in the template, downsampled. */
  ax: number;
  ay: number;
  /** The ink pixels, as x, y pairs. */
  ink: Int16Array;
}

/** Mean luminance of each DOWN x DOWN block of an RGBA image. */
function blockLuma(rgba: Uint8Array, width: number, height: number): { luma: Float32Array; width: number; height: number } {
  const w = Math.floor(width / DOWN);
  const h = Math.floor(height / DOWN);
  const luma = new Float32Array(w * h);
  for (let y = 0; y < h * DOWN; y++) {
    for (let x = 0; x < w * DOWN; x++) {
      const i = (y * width + x) << 2;
      luma[Math.floor(y / DOWN) * w + Math.floor(x / DOWN)] += (0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]) / (DOWN * DOWN);
    }
  }
  return { luma, width: w, height: h };
}

/** Otsu's threshold of a set of luminances. */
function otsu(luma: Float32Array): number {
  const hist = new Float64Array(256);
  for (const v of luma) hist[Math.min(255, Math.max(0, Math.round(v)))] += 1;
  const total = luma.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i];
  let best = 128;
  let bestVar = -1;
  let wB = 0;
  let sumB = 0;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0 || wB === total) continue;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > bestVar) {
      bestVar = between;
      best = t;
    }
  }
  return best + 0.5;
}

/** Dark pixels (below `threshold`, Otsu's when not given) as ink, downsampled and padded. */
function binarise(png: PNG, threshold?: number): Mask {
  const { luma, width, height } = blockLuma(png.data, png.width, png.height);
  const t = threshold ?? otsu(luma);
  const W = width + 2 * PAD;
  const H = height + 2 * PAD;
  const bits = new Uint8Array(W * H);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) bits[(y + PAD) * W + x + PAD] = luma[y * width + x] < t ? 1 : 0;
  const sums = new Int32Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      row += bits[y * W + x];
      sums[(y + 1) * (W + 1) + x + 1] = sums[y * (W + 1) + x + 1] + row;
    }
  }
  return { width: W, height: H, bits, sums };
}

/** A template from a picture of one digit alone (dark on white) whose anchor is at (anchorX, anchorY). */
function templateFrom(digit: number, png: PNG, anchorX: number, anchorY: number): Template {
  const mask = binarise(png, 128);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.bits[y * mask.width + x]) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const ink: number[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (mask.bits[y * mask.width + x]) ink.push(x - x0, y - y0);
  return {
    digit,
    width: x1 - x0 + 1,
    height: y1 - y0 + 1,
    ax: Math.round(anchorX / DOWN) + PAD - x0,
    ay: Math.round(anchorY / DOWN) + PAD - y0,
    ink: Int16Array.from(ink),
  };
}

/**
 * A template's ink as runs along its rows, for an image `width` wide: run k covers the pixels from
 * `starts[k]` to `ends[k]` (exclusive), as offsets into a row-prefix array of that image (rowPrefix)
 * from the window's top-left corner.
 */
interface InkRuns {
  starts: Int32Array;
  ends: Int32Array;
  /** Ink pixels in all. */
  count: number;
}

function inkRuns(t: Template, width: number): InkRuns {
  const inRow = new Uint8Array(t.width * t.height);
  for (let k = 0; k < t.ink.length; k += 2) inRow[t.ink[k + 1] * t.width + t.ink[k]] = 1;
  const starts: number[] = [];
  const ends: number[] = [];
  for (let y = 0; y < t.height; y++) {
    for (let x = 0; x < t.width; x++) {
      if (!inRow[y * t.width + x] || (x > 0 && inRow[y * t.width + x - 1])) continue;
      let end = x;
      while (end < t.width && inRow[y * t.width + end]) end++;
      starts.push(y * (width + 1) + x);
      ends.push(y * (width + 1) + end);
    }
  }
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends), count: t.ink.length / 2 };
}

/** Ink pixels of each row of an image left of each x: (width + 1) per row. */
function rowPrefix(img: Mask): Int32Array {
  const S = img.width + 1;
  const prefix = new Int32Array(img.height * S);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) prefix[y * S + x + 1] = prefix[y * S + x] + img.bits[y * img.width + x];
  return prefix;
}

/**
 * Normalised cross-correlation of a template with the image window whose top-left is (left, top):
 * -1 where it does not fit or either side is flat. `runs`: the template's ink (inkRuns), counted
 * on `prefix` (rowPrefix of the image).
 */
function correlation(t: Template, img: Mask, left: number, top: number, runs: InkRuns, prefix: Int32Array): number {
  if (left < 0 || top < 0 || left + t.width > img.width || top + t.height > img.height) return -1;
  const n = t.width * t.height;
  const inkT = runs.count;
  const S = img.width + 1;
  const inkB = img.sums[(top + t.height) * S + left + t.width] - img.sums[top * S + left + t.width] - img.sums[(top + t.height) * S + left] + img.sums[top * S + left];
  const varT = inkT - (inkT * inkT) / n;
  const varB = inkB - (inkB * inkB) / n;
  if (varT <= 0 || varB <= 0) return -1;
  const base = top * S + left;
  const { starts, ends } = runs;
  let both = 0;
  for (let k = 0; k < starts.length; k++) both += prefix[base + ends[k]] - prefix[base + starts[k]];
  return (both - (inkT * inkB) / n) / Math.sqrt(varT * varB);
}

/** What the attacker knows of a generator's layout, in full-resolution pixels. */
interface Layout {
  /** Where a digit's anchor may lie. */
  x: [number, number];
  y: [number, number];
  /** The least distance between the anchors of neighbouring digits. */
  minGap: number;
}

/**
 * Reads one captcha: at each anchor column, the best correlation of any template at any height;
 * then, best first, 6 columns at least `minGap` apart, read left to right.
 */
function solve(png: PNG, templates: Template[], layout: Layout): string {
  const img = binarise(png);
  const prefix = rowPrefix(img);
  const runs = templates.map((t) => inkRuns(t, img.width));
  const columns: { X: number; score: number; digit: number }[] = [];
  for (let X = Math.floor(layout.x[0] / DOWN); X <= Math.ceil(layout.x[1] / DOWN); X++) {
    let score = -Infinity;
    let digit = -1;
    for (let Y = Math.floor(layout.y[0] / DOWN); Y <= Math.ceil(layout.y[1] / DOWN); Y++) {
      for (let k = 0; k < templates.length; k++) {
        const t = templates[k];
        const s = correlation(t, img, X + PAD - t.ax, Y + PAD - t.ay, runs[k], prefix);
        if (s > score) {
          score = s;
          digit = t.digit;
        }
      }
    }
    columns.push({ X, score, digit });
  }
  const chosen: typeof columns = [];
  for (const c of [...columns].sort((a, b) => b.score - a.score)) {
    if (chosen.length === 6) break;
    if (chosen.every((o) => Math.abs(o.X - c.X) * DOWN >= layout.minGap)) chosen.push(c);
  }
  return chosen
    .sort((a, b) => a.X - b.X)
    .map((c) => c.digit)
    .join('');
}

const randomCode = () => Array.from({ length: 6 }, () => String(randomInt(0, 10))).join('');

/** Shares of `count` captchas read entirely right, and of their digits read right. */
function solveRate(render: (code: string) => Buffer, templates: Template[], layout: Layout, count: number): { captchas: number; digits: number } {
  let solved = 0;
  let digits = 0;
  for (let i = 0; i < count; i++) {
    const code = randomCode();
    const read = solve(PNG.sync.read(render(code)), templates, layout);
    if (read === code) solved += 1;
    for (let k = 0; k < code.length; k++) if (read[k] === code[k]) digits += 1;
  }
  return { captchas: solved / count, digits: digits / (count * 6) };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Current generator: each digit's outline alone, black, turned a little each way. */
function currentTemplates(): Template[] {
  const size = 100;
  const templates: Template[] = [];
  for (let digit = 0; digit < 10; digit++) {
    const d = digitPath(String(digit));
    for (const angle of [-14, -7, 0, 7, 14]) {
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#fff"/>` +
        `<path transform="translate(${size / 2} ${size / 2}) rotate(${angle}) scale(0.97)" fill="#000" stroke="#000" stroke-width="0.95" fill-rule="evenodd" d="${d}"/></svg>`;
      const png = PNG.sync.read(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
      templates.push(templateFrom(digit, png, size / 2, size / 2));
    }
  }
  return templates;
}

/**
 * Current layout: centres from 20 px to the width - 20 px, gaps of 0.85 to 1.15 shares of a span
 * of at least 0.72 of the width, so neighbours at least 0.85 / (0.85 + 4 x 1.15) of that apart;
 * middle height ±5 px; the warp moves pixels by up to about 4 px more.
 */
function currentLayout(): Layout {
  const cy = CAPTCHA_HEIGHT / 2 - 0.064 * CAPTCHA_FONT_SIZE;
  return { x: [16, CAPTCHA_WIDTH - 16], y: [cy - 9, cy + 9], minGap: (0.85 / (0.85 + 4 * 1.15)) * CAPTCHA_WIDTH * 0.72 - 1 };
}

/** Old generator: the 5x7 bitmap glyphs at their scale, with each of its shears. */
function oldTemplates(): Template[] {
  const templates: Template[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (const shear of [-0.2, -0.1, 0, 0.1, 0.2]) {
      const png = new PNG({ width: 48, height: 40 });
      png.data.fill(255);
      const [left, top] = [12, 4];
      for (let row = 0; row < 7; row++) {
        for (let col = 0; col < 5; col++) {
          if (old.GLYPHS[digit][row * 5 + col] !== '1') continue;
          const dx = Math.round((6 - row) * shear * old.SCALE);
          for (let sy = 0; sy < old.SCALE; sy++) {
            for (let sx = 0; sx < old.SCALE; sx++) {
              const i = ((top + row * old.SCALE + sy) * png.width + left + col * old.SCALE + sx + dx) << 2;
              png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
            }
          }
        }
      }
      templates.push(templateFrom(digit, png, left, top));
    }
  }
  return templates;
}

/** Old layout: left edges at 6 + 23 i (+0..3), so neighbours at least 20 px apart; tops at 4..17. */
function oldLayout(): Layout {
  return { x: [4, old.CAPTCHA_WIDTH - 20], y: [4, 17], minGap: 20 };
}

describe('captcha against a template-matching solver', () => {
  it('the solver reads at least 90% of 50 old bitmap-font captchas', () => {
    const rate = solveRate(old.renderCaptcha, oldTemplates(), oldLayout(), 50);
    process.stdout.write(`old captcha: ${percent(rate.captchas)} solved, ${percent(rate.digits)} of digits read\n`);
    expect(rate.captchas).toBeGreaterThanOrEqual(0.9);
  });

  it('the same solver reads at most 2% of 200 current captchas', () => {
    const rate = solveRate(renderCaptcha, currentTemplates(), currentLayout(), 200);
    process.stdout.write(`current captcha: ${percent(rate.captchas)} solved, ${percent(rate.digits)} of digits read\n`);
    expect(rate.captchas).toBeLessThanOrEqual(0.02);
  });
});
