/**
 * The captcha image: 6 digits drawn from the outlines of svg-captcha's handwriting-like font, each
 * turned, scaled, skewed and shifted on its own and crowded against its neighbours at uneven
 * gaps, crossed by curves in the digits' own colours, over a mottled background; rasterised with
 * resvg, then warped by sine waves and speckled in raster space. The luma ranges of digits, curves
 * and background overlap, so no threshold isolates the digits and no fixed template fits them;
 * people read them by hue: the background keeps near one hue, each digit has its own, away from
 * it and from its neighbour's.
 */
import { randomInt } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import svgCaptcha from 'svg-captcha';

export const CAPTCHA_WIDTH = 180;
export const CAPTCHA_HEIGHT = 60;
/** Nominal font size of the digits (before each digit's own scale). */
export const CAPTCHA_FONT_SIZE = 80;
export const CAPTCHA_CHARSET = '0123456789';

/** A uniform random number in [min, max), from the crypto source. */
const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

/**
 * The outline of one digit as SVG path data at `CAPTCHA_FONT_SIZE`, centred horizontally on x = 0
 * and about 0.064 em below y = 0 (svg-captcha's own glyph rendering, with its slight jitter of the
 * outline points).
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
  return d;
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
 * Luma ranges: dark inks, vivid mid inks, grey mid blotches and pale paper. A digit shades from a
 * dark or vivid ink to a vivid one of the same hue, so its lighter part is as light as the
 * blotches behind it; a person still tells them apart by hue and saturation.
 */
const darkInk = (hue: number) => colour([60, 95], [0.06, 0.22], hue);
const midInk = (hue: number) => colour([75, 100], [0.32, 0.55], hue);
const blotchColour = (hue: number) => colour([5, 35], [0.3, 0.55], hue);
const paperColour = (hue: number) => colour([10, 45], [0.55, 0.9], hue);

function curve(width: number, height: number, paint: string, strokeWidth: number): string {
  const y = () => rnd(6, height - 6).toFixed(1);
  const x0 = rnd(-5, 20).toFixed(1);
  const x3 = rnd(width - 20, width + 5).toFixed(1);
  const x1 = rnd(width * 0.2, width * 0.5).toFixed(1);
  const x2 = rnd(width * 0.5, width * 0.8).toFixed(1);
  return `<path d="M${x0} ${y()} C${x1} ${rnd(-10, height + 10).toFixed(1)},${x2} ${rnd(-10, height + 10).toFixed(1)},${x3} ${y()}" stroke="${paint}" stroke-width="${strokeWidth.toFixed(2)}" fill="none" stroke-linecap="round"/>`;
}

function buildSvg(code: string, width: number, height: number): string {
  const defs: string[] = [];
  const parts: string[] = [];
  let ids = 0;
  /** A gradient between two colours across the shape's box, at a random angle; returns its url. */
  const gradient = (from: Hsl, to: Hsl, alpha = 1) => {
    const id = `c${ids++}`;
    const t = rnd(0, 2 * Math.PI);
    const dx = (Math.cos(t) / 2).toFixed(2);
    const dy = (Math.sin(t) / 2).toFixed(2);
    defs.push(
      `<linearGradient id="${id}" x1="${(0.5 - +dx).toFixed(2)}" y1="${(0.5 - +dy).toFixed(2)}" x2="${(0.5 + +dx).toFixed(2)}" y2="${(0.5 + +dy).toFixed(2)}">` +
        `<stop offset="0" stop-color="${css(from, alpha)}"/><stop offset="1" stop-color="${css(to, alpha)}"/></linearGradient>`,
    );
    return `url(#${id})`;
  };
  // The background keeps near one hue; the digits take theirs from the rest of the wheel.
  const ground = rnd(0, 360);
  const near = () => ground + rnd(-25, 25);
  parts.push(`<rect width="${width}" height="${height}" fill="${gradient(paperColour(near()), paperColour(near()))}"/>`);
  // Blotches: some pale, some as dark as the lighter parts of the digits, but greyer.
  for (let i = 0; i < 8; i++) {
    const c = i % 2 === 0 ? blotchColour(near()) : paperColour(near());
    parts.push(
      `<ellipse cx="${rnd(0, width).toFixed(1)}" cy="${rnd(0, height).toFixed(1)}" rx="${rnd(10, 35).toFixed(1)}" ry="${rnd(8, 22).toFixed(1)}" fill="${css(c, rnd(0.6, 0.9))}"/>`,
    );
  }
  // Each digit has its own hue, well apart from its neighbour's; curves and strokes reuse them.
  const hues: number[] = [];
  while (hues.length < code.length) {
    const h = ground + rnd(70, 290);
    if (hues.length === 0 || Math.abs(h - hues[hues.length - 1]) >= 50) hues.push(h % 360);
  }
  const inks: Hsl[] = [];
  const shade = (h: number, alpha = 1) => {
    const from = randomInt(0, 5) === 0 ? darkInk(h) : midInk(h);
    const to = midInk(h);
    inks.push(from, to);
    return gradient(from, to, alpha);
  };
  const pick = () => inks[randomInt(0, inks.length)];
  parts.push(curve(width, height, shade(hues[randomInt(0, hues.length)], 0.8), rnd(0.8, 1.3)));
  // Uneven, crowded spacing: the digits' widths add up to more than their share of the width,
  // and no digit sits at a fixed place.
  const gaps = Array.from({ length: code.length - 1 }, () => rnd(0.75, 1.25));
  const span = rnd(width * 0.72, width - 32);
  const total = gaps.reduce((a, b) => a + b, 0);
  let cx = rnd(15, width - 15 - span);
  [...code].forEach((ch, i) => {
    if (i > 0) cx += (gaps[i - 1] / total) * span;
    // svg-captcha's glyphs sit about 0.064 em below the origin.
    const cy = height / 2 - 0.064 * CAPTCHA_FONT_SIZE + rnd(-6, 6);
    const angle = rnd(-22, 22);
    const sx = rnd(0.82, 1.14);
    const sy = sx * rnd(0.86, 1.16);
    const skew = rnd(-12, 12);
    const paint = shade(hues[i]);
    parts.push(
      `<path transform="translate(${cx.toFixed(2)} ${cy.toFixed(2)}) rotate(${angle.toFixed(1)}) skewX(${skew.toFixed(1)}) scale(${sx.toFixed(3)} ${sy.toFixed(3)})" ` +
        `fill="${paint}" stroke="${paint}" stroke-width="${rnd(0.5, 2.2).toFixed(2)}" d="${digitPath(ch)}"/>`,
    );
  });
  // Curves across the digits, about as thick as the digits' strokes, in the digits' colours.
  for (let i = 0; i < 3; i++) parts.push(curve(width, height, gradient(pick(), pick()), i === 0 ? rnd(0.7, 1) : rnd(1.1, 1.6)));
  // Short strokes that look like bits of digits.
  for (let i = 0; i < 3; i++) {
    const x = rnd(0, width);
    const y = rnd(0, height);
    parts.push(
      `<path d="M${x.toFixed(1)} ${y.toFixed(1)} q${rnd(-8, 8).toFixed(1)} ${rnd(-8, 8).toFixed(1)} ${rnd(-12, 12).toFixed(1)} ${rnd(-12, 12).toFixed(1)}" stroke="${css(pick())}" stroke-width="${rnd(1, 1.8).toFixed(2)}" fill="none" stroke-linecap="round"/>`,
    );
  }
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
