/**
 * The captcha image: 6 solid digits cut from svg-captcha's font outlines, each turned, scaled,
 * skewed and shifted on its own and crowded against its neighbours at uneven gaps; rasterised with
 * resvg, then warped by sine waves and speckled in raster space. People read the digits by
 * brightness, not hue: some are near black with a pale rim, the others near white with a dark rim
 * on a dark patch, so each digit is clearly darker or lighter than what surrounds it, while no
 * single threshold separates all the digits from the background, whose soft shadows and pale
 * blotches span the brightness of the rims. The rims and patches cut into the neighbouring
 * digits, and a few thin curves, thinner than the digits' strokes, cross them.
 */
import { randomInt } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import svgCaptcha from 'svg-captcha';

export const CAPTCHA_WIDTH = 180;
export const CAPTCHA_HEIGHT = 60;
/** Nominal font size of the digits (before each digit's own scale). */
export const CAPTCHA_FONT_SIZE = 80;
const CAPTCHA_CHARSET = '0123456789';

/** A uniform random number in [min, max), from the crypto source. */
const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

/** The signed area of a closed polygon through the points of one subpath (control points included). */
function signedArea(subpath: string): number {
  const nums = (subpath.match(/-?\d*\.?\d+/g) ?? []).map(Number);
  const n = Math.floor(nums.length / 2);
  let area = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area += nums[2 * i] * nums[2 * j + 1] - nums[2 * j] * nums[2 * i + 1];
  }
  return area / 2;
}

/**
 * The solid shape of one digit as SVG path data at `CAPTCHA_FONT_SIZE`, to be filled with
 * fill-rule="evenodd": centred horizontally on x = 0 and about 0.064 em below y = 0 (svg-captcha's
 * own glyph, with its slight jitter of the outline points). svg-captcha's glyphs are hollow, with a
 * shadow: their outer outline and the outlines of the counters wind one way, the hollows the other.
 * Only the former are kept, so the digit is a solid shape with its counters open.
 */
export function digitPath(digit: string): string {
  // One character of the numeric preset with every other digit left out; width 2 and height 0
  // put svg-captcha's single character cell at x = 0, y = 0.
  const { text, data } = svgCaptcha.create({
    size: 1,
    noise: 0,
    width: 2,
    height: 0,
    fontSize: CAPTCHA_FONT_SIZE,
    charPreset: CAPTCHA_CHARSET,
    ignoreChars: CAPTCHA_CHARSET.replace(digit, ''),
  });
  const d = /<path[^>]* d="([^"]+)"/.exec(data)?.[1];
  if (text !== digit || !d) throw new Error(`no glyph for '${digit}'`);
  const solid = d
    .split(/(?=M)/)
    .filter((subpath) => signedArea(subpath) < 0)
    .join('');
  return solid || d;
}

type Hsl = [number, number, number];
const css = ([h, s, l]: Hsl, alpha = 1) => `hsla(${h.toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%,${alpha.toFixed(2)})`;
/** Luma (0-1, from gamma-encoded channels) of an HSL colour. */
function luma([h, s, l]: Hsl): number {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return 0.2126 * f(0) + 0.7152 * f(8) + 0.0722 * f(4);
}

/** A colour of hue `hue` (±15°; any when not given), saturation within `sat`, luma within `range`. */
function colour(sat: [number, number], [lo, hi]: [number, number], hue?: number): Hsl {
  for (;;) {
    const h = hue === undefined ? rnd(0, 360) : (hue + rnd(-15, 15) + 360) % 360;
    const c: Hsl = [h, rnd(...sat), rnd(5, 95)];
    const y = luma(c);
    if (y >= lo && y <= hi) return c;
  }
}

/**
 * Luma ranges. Paper is pale, dark inks are near black and light inks near white, whatever their
 * hue, so a digit stands out by brightness alone (colour-blind players included); patches behind
 * the light digits are as dark as the dark inks.
 */
const darkInk = () => colour([50, 90], [0.03, 0.12]);
const lightInk = () => colour([40, 90], [0.86, 0.96]);
const paperColour = (hue: number) => colour([15, 50], [0.6, 0.92], hue);
const shadowColour = (hue: number) => colour([15, 50], [0.28, 0.42], hue);
const patchColour = () => colour([30, 80], [0.06, 0.16]);

function curve(width: number, height: number, paint: string, strokeWidth: number): string {
  const y = () => rnd(8, height - 8).toFixed(1);
  const x0 = rnd(-5, 20).toFixed(1);
  const x3 = rnd(width - 20, width + 5).toFixed(1);
  const x1 = rnd(width * 0.2, width * 0.5).toFixed(1);
  const x2 = rnd(width * 0.5, width * 0.8).toFixed(1);
  return `<path d="M${x0} ${y()} C${x1} ${rnd(-10, height + 10).toFixed(1)},${x2} ${rnd(-10, height + 10).toFixed(1)},${x3} ${y()}" stroke="${paint}" stroke-width="${strokeWidth.toFixed(2)}" fill="none" stroke-linecap="round"/>`;
}

/** Which digits are drawn light on a dark patch: at least two of each kind. */
function lightDigits(length: number): boolean[] {
  for (;;) {
    const light = Array.from({ length }, () => randomInt(0, 2) === 1);
    const count = light.filter(Boolean).length;
    if (count >= 2 && count <= length - 2) return light;
  }
}

function buildSvg(code: string, width: number, height: number): string {
  const defs: string[] = [];
  const parts: string[] = [];
  let ids = 0;
  /** A gradient between two colours across the shape's box, at a random angle; returns its url. */
  const gradient = (from: Hsl, to: Hsl) => {
    const id = `c${ids++}`;
    const t = rnd(0, 2 * Math.PI);
    const dx = Math.cos(t) / 2;
    const dy = Math.sin(t) / 2;
    defs.push(
      `<linearGradient id="${id}" x1="${(0.5 - dx).toFixed(2)}" y1="${(0.5 - dy).toFixed(2)}" x2="${(0.5 + dx).toFixed(2)}" y2="${(0.5 + dy).toFixed(2)}">` +
        `<stop offset="0" stop-color="${css(from)}"/><stop offset="1" stop-color="${css(to)}"/></linearGradient>`,
    );
    return `url(#${id})`;
  };
  /** A soft patch: solid in the middle, fading out towards its rim. */
  const patch = (c: Hsl, cx: number, cy: number, rx: number, ry: number, solid: number) => {
    const id = `c${ids++}`;
    defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${css(c)}"/><stop offset="${solid.toFixed(2)}" stop-color="${css(c)}"/>` +
        `<stop offset="1" stop-color="${css(c, 0)}"/></radialGradient>`,
    );
    return `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="url(#${id})"/>`;
  };
  const ground = rnd(0, 360);
  const near = () => ground + rnd(-40, 40);
  parts.push(`<rect width="${width}" height="${height}" fill="${gradient(paperColour(near()), paperColour(near()))}"/>`);
  // Pale blotches that vary the paper's brightness.
  for (let i = 0; i < 5; i++) {
    parts.push(patch(paperColour(near()), rnd(0, width), rnd(0, height), rnd(15, 40), rnd(12, 30), 0.3));
  }
  // Shadows: wide, soft and mid-dark, so that the paper's brightness spans that of the rims.
  for (let i = 0; i < 3; i++) {
    parts.push(patch(shadowColour(near()), rnd(0, width), rnd(0, height), rnd(25, 45), rnd(20, 35), 0.4));
  }
  // Uneven, crowded spacing: the digits' widths add up to more than their share of the width,
  // and no digit sits at a fixed place; all of each digit stays inside the picture.
  const gaps = Array.from({ length: code.length - 1 }, () => rnd(0.85, 1.15));
  const span = rnd(width * 0.72, width - 40);
  const total = gaps.reduce((a, b) => a + b, 0);
  let cx = rnd(20, width - 20 - span);
  const light = lightDigits(code.length);
  const patches: string[] = [];
  const digits: string[] = [];
  [...code].forEach((ch, i) => {
    if (i > 0) cx += (gaps[i - 1] / total) * span;
    // svg-captcha's glyphs sit about 0.064 em below the origin.
    const cy = height / 2 - 0.064 * CAPTCHA_FONT_SIZE + rnd(-5, 5);
    const angle = rnd(-22, 22);
    const sx = rnd(0.78, 0.96);
    const sy = sx * rnd(0.9, 1.1);
    const skew = rnd(-12, 12);
    const transform = `translate(${cx.toFixed(2)} ${cy.toFixed(2)}) rotate(${angle.toFixed(1)}) skewX(${skew.toFixed(1)}) scale(${sx.toFixed(3)} ${sy.toFixed(3)})`;
    const d = digitPath(ch);
    const bold = rnd(0.6, 1.2);
    if (light[i]) {
      // A dark patch centred on the digit's body (about 0.09 em below its anchor).
      patches.push(patch(patchColour(), cx - 1, cy + 7, rnd(11, 14), rnd(15, 18), 0.3));
      const rim = css(patchColour());
      const ink = css(lightInk());
      digits.push(
        `<path transform="${transform}" fill="${rim}" stroke="${rim}" stroke-width="${(bold + 5).toFixed(2)}" stroke-linejoin="round" fill-rule="evenodd" d="${d}"/>` +
          `<path transform="${transform}" fill="${ink}" stroke="${ink}" stroke-width="${bold.toFixed(2)}" fill-rule="evenodd" d="${d}"/>`,
      );
    } else {
      // A pale rim around the dark digit, which also cuts into its neighbours.
      const rim = css(paperColour(near()));
      const ink = css(darkInk());
      digits.push(
        `<path transform="${transform}" fill="${rim}" stroke="${rim}" stroke-width="${(bold + 4).toFixed(2)}" stroke-linejoin="round" fill-rule="evenodd" d="${d}"/>` +
          `<path transform="${transform}" fill="${ink}" stroke="${ink}" stroke-width="${bold.toFixed(2)}" fill-rule="evenodd" d="${d}"/>`,
      );
    }
  });
  parts.push(...patches);
  // One thin dark curve under the digits.
  parts.push(curve(width, height, css(darkInk()), rnd(0.8, 1.1)));
  parts.push(...digits);
  // Thin curves across the digits, one dark and one pale: thinner than the digits' strokes.
  parts.push(curve(width, height, css(darkInk()), rnd(0.8, 1.1)));
  parts.push(curve(width, height, css(lightInk()), rnd(0.9, 1.2)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

/** A fast generator for per-pixel noise (xorshift32), seeded from the crypto source. */
function pixelNoise(): (n: number) => number {
  let state = randomInt(1, 2 ** 31);
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/** Sine displacement in x and y (bilinear sampling), then per-pixel colour noise and speckles. */
function warpAndSpeckle(src: Uint8Array, width: number, height: number): PNG {
  const noise = pixelNoise();
  const png = new PNG({ width, height });
  const out = png.data;
  // Two waves each way: the x shift depends on the row only, the y shift on the column only.
  const wave = (length: number, amplitude: [number, number], period: [number, number]) => {
    const waves = [0, 1].map(() => ({ a: rnd(...amplitude), p: rnd(...period), ph: rnd(0, 2 * Math.PI) }));
    return Float64Array.from({ length }, (_, t) => waves.reduce((sum, w) => sum + w.a * Math.sin((2 * Math.PI * t) / w.p + w.ph), 0));
  };
  const shiftX = wave(height, [0.6, 1.2], [16, 30]);
  const shiftY = wave(width, [1.2, 2.2], [28, 60]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fxAll = Math.min(width - 1, Math.max(0, x + shiftX[y]));
      const fyAll = Math.min(height - 1, Math.max(0, y + shiftY[x]));
      const x0 = Math.floor(fxAll);
      const y0 = Math.floor(fyAll);
      const fx = fxAll - x0;
      const fy = fyAll - y0;
      const x1 = x0 + 1 < width ? x0 + 1 : x0;
      const y1 = y0 + 1 < height ? y0 + 1 : y0;
      const i00 = (y0 * width + x0) << 2;
      const i10 = (y0 * width + x1) << 2;
      const i01 = (y1 * width + x0) << 2;
      const i11 = (y1 * width + x1) << 2;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const i = (y * width + x) << 2;
      const jitter = noise(29) - 14;
      for (let c = 0; c < 3; c++) {
        const v = src[i00 + c] * w00 + src[i10 + c] * w10 + src[i01 + c] * w01 + src[i11 + c] * w11 + jitter + noise(13) - 6;
        out[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
      out[i + 3] = 255;
    }
  }
  // Speckles in mid tones.
  for (let n = 0; n < 120; n++) {
    const i = (noise(height) * width + noise(width)) << 2;
    const v = 60 + noise(140);
    out[i] = v + noise(81) - 40;
    out[i + 1] = v + noise(81) - 40;
    out[i + 2] = v + noise(81) - 40;
  }
  return png;
}

/** Draws `code` (digits only); returns PNG bytes, CAPTCHA_WIDTH x CAPTCHA_HEIGHT. */
export function renderCaptcha(code: string): Buffer {
  const pixels = new Resvg(buildSvg(code, CAPTCHA_WIDTH, CAPTCHA_HEIGHT), { font: { loadSystemFonts: false } }).render().pixels;
  return PNG.sync.write(warpAndSpeckle(pixels, CAPTCHA_WIDTH, CAPTCHA_HEIGHT));
}
