import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** 5x7 bitmap glyphs of the digits 0-9, one string of 35 cells per digit, row by row. */
const GLYPHS: readonly string[] = [
  '01110100011001110101110011000101110',
  '00100011000010000100001000010001110',
  '01110100010000100010001000100011111',
  '11111000100010000010000011000101110',
  '00010001100101010010111110001000010',
  '11111100001111000001000011000101110',
  '00110010001000011110100011000101110',
  '11111000010001000100010000100001000',
  '01110100011000101110100011000101110',
  '01110100011000101111000010001001100',
];

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;
const SCALE = 4;

type Rgb = [number, number, number];

function setPixel(png: PNG, x: number, y: number, [r, g, b]: Rgb): void {
  if (x < 0 || y < 0 || x >= png.width || y >= png.height) return;
  const i = (png.width * y + x) << 2;
  png.data[i] = r;
  png.data[i + 1] = g;
  png.data[i + 2] = b;
  png.data[i + 3] = 255;
}

const darkColor = (): Rgb => [randomInt(0, 110), randomInt(0, 110), randomInt(0, 140)];
const lightColor = (): Rgb => [randomInt(200, 256), randomInt(200, 256), randomInt(200, 256)];

function drawDigit(png: PNG, digit: number, left: number, top: number): void {
  const color = darkColor();
  const glyph = GLYPHS[digit];
  // A small per-digit shear makes the glyphs less regular for naive OCR.
  const shear = (randomInt(0, 5) - 2) / 10;
  for (let row = 0; row < 7; row++) {
    for (let col = 0; col < 5; col++) {
      if (glyph[row * 5 + col] !== '1') continue;
      const dx = Math.round((6 - row) * shear * SCALE);
      for (let sy = 0; sy < SCALE; sy++) {
        for (let sx = 0; sx < SCALE; sx++) setPixel(png, left + col * SCALE + sx + dx, top + row * SCALE + sy, color);
      }
    }
  }
}

function drawLine(png: PNG): void {
  const color = darkColor();
  let x0 = randomInt(0, png.width);
  let y0 = randomInt(0, png.height);
  const x1 = randomInt(0, png.width);
  const y1 = randomInt(0, png.height);
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    setPixel(png, x0, y0, color);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
}

/** Draws `code` (digits only) with background noise and crossing lines; returns PNG bytes. */
export function renderCaptcha(code: string): Buffer {
  const png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
  for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) setPixel(png, x, y, lightColor());
  const step = Math.floor((CAPTCHA_WIDTH - 10) / code.length);
  [...code].forEach((ch, i) => drawDigit(png, Number(ch), 6 + i * step + randomInt(0, 4), randomInt(4, 18)));
  for (let i = 0; i < 5; i++) drawLine(png);
  for (let i = 0; i < 250; i++) setPixel(png, randomInt(0, png.width), randomInt(0, png.height), darkColor());
  return PNG.sync.write(png);
}
