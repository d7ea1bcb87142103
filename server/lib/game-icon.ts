import { PNG } from 'pngjs';

/**
 * Generated game and vendor icons: a rounded tile in a gradient of the game type's hue, a simple
 * shape and the initials in a 5x7 bitmap font. Deterministic (same input, same bytes), so the
 * routes can send them with immutable cache headers.
 */

/** 5x7 glyphs, 35 cells row by row. */
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111',
  F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111',
  H: '10001100011000111111100011000110001',
  I: '01110001000010000100001000010001110',
  J: '00111000100001000010000101001001100',
  K: '10001100101010011000101001001010001',
  L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001',
  N: '10001100011100110101100111000110001',
  O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000',
  Q: '01110100011000110001101011001001101',
  R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100',
  W: '10001100011000110101101011010101010',
  X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100',
  Z: '11111000010001000100010001000011111',
  '0': '01110100011001110101110011000101110',
  '1': '00100011000010000100001000010001110',
  '2': '01110100010000100010001000100011111',
  '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
};

/** Base hue per game type (degrees). */
const TYPE_HUES: Record<string, number> = {
  RNG: 330,
  FISH: 190,
  LIVE: 0,
  PVP: 140,
  SPORTS: 100,
  ESPORTS: 270,
  COCKFIGHT: 20,
  LOTT: 45,
  ELOTT: 215,
};

type Rgba = [number, number, number, number];

/** FNV-1a, 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Up to two initials: first letters of the first two words (letters and digits only). */
export function initials(name: string): string {
  const words = name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2);
  return words[0][0] + words[1][0];
}

function blend(png: PNG, x: number, y: number, [r, g, b, a]: Rgba): void {
  if (x < 0 || y < 0 || x >= png.width || y >= png.height) return;
  const i = (png.width * y + x) << 2;
  if (png.data[i + 3] === 0) return; // outside the rounded tile
  const k = a / 255;
  png.data[i] = Math.round(png.data[i] * (1 - k) + r * k);
  png.data[i + 1] = Math.round(png.data[i + 1] * (1 - k) + g * k);
  png.data[i + 2] = Math.round(png.data[i + 2] * (1 - k) + b * k);
}

type Shape = (dx: number, dy: number, r: number) => boolean;

const SHAPES: Shape[] = [
  (dx, dy, r) => dx * dx + dy * dy <= r * r, // disc
  (dx, dy, r) => Math.abs(dx) + Math.abs(dy) <= r, // diamond
  (dx, dy, r) => {
    const d = dx * dx + dy * dy;
    return d <= r * r && d >= (r * 0.62) ** 2; // ring
  },
  (dx, dy, r) => dy <= r * 0.7 && dy >= -r && Math.abs(dx) <= (dy + r) * 0.6, // triangle
  (dx, dy, r) => Math.abs(dx) <= r * 0.8 && Math.abs(dy) <= r * 0.8, // square
];

export interface IconSpec {
  /** Varies colour and shape. */
  seed: string;
  label: string;
  gameType?: string;
  size: number;
}

export function renderIcon({ seed, label, gameType, size }: IconSpec): Buffer {
  const h = hash32(seed);
  const hue = ((TYPE_HUES[gameType ?? ''] ?? h % 360) + ((h >>> 9) % 50) - 25 + 360) % 360;
  const top = hsl(hue, 0.7, 0.55);
  const bottom = hsl((hue + 25) % 360, 0.75, 0.3);
  const png = new PNG({ width: size, height: size });
  const radius = Math.round(size * 0.16);
  for (let y = 0; y < size; y++) {
    const t = y / (size - 1);
    const color = top.map((c, i) => Math.round(c * (1 - t) + bottom[i] * t));
    for (let x = 0; x < size; x++) {
      const cx = Math.max(radius - x, 0, x - (size - 1 - radius));
      const cy = Math.max(radius - y, 0, y - (size - 1 - radius));
      const inside = cx * cx + cy * cy <= radius * radius;
      const i = (size * y + x) << 2;
      png.data[i] = color[0];
      png.data[i + 1] = color[1];
      png.data[i + 2] = color[2];
      png.data[i + 3] = inside ? 255 : 0;
    }
  }
  const shape = SHAPES[(h >>> 3) % SHAPES.length];
  const r = size * 0.3;
  const sx = size / 2;
  const sy = size * 0.36;
  for (let y = Math.floor(sy - r); y <= sy + r; y++) {
    for (let x = Math.floor(sx - r); x <= sx + r; x++) if (shape(x - sx, y - sy, r)) blend(png, x, y, [255, 255, 255, 70]);
  }
  const text = [...label.toUpperCase()].filter((c) => GLYPHS[c]).slice(0, 3);
  const scale = Math.max(2, Math.floor(size / (text.length > 2 ? 28 : 22)));
  const width = text.length * 5 * scale + (text.length - 1) * scale;
  const left = Math.round((size - width) / 2);
  const topY = Math.round(size * 0.62 - 3.5 * scale);
  // A drop shadow first, then the letters over it.
  for (const [offset, color] of [
    [Math.max(1, scale >> 1), [0, 0, 0, 90]],
    [0, [255, 255, 255, 255]],
  ] as [number, Rgba][]) {
    text.forEach((ch, n) => {
      const glyph = GLYPHS[ch];
      for (let row = 0; row < 7; row++) {
        for (let col = 0; col < 5; col++) {
          if (glyph[row * 5 + col] !== '1') continue;
          const x0 = left + n * 6 * scale + col * scale + offset;
          const y0 = topY + row * scale + offset;
          for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) blend(png, x0 + dx, y0 + dy, color);
        }
      }
    });
  }
  return PNG.sync.write(png);
}
