import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';

/**
 * The installed app's icons (web app manifest, apple-touch-icon, iOS web clip), drawn from the
 * tenant's logo on its theme background. Square, opaque and full-bleed: launchers and iOS round
 * the corners themselves, and a transparent corner would show as black on some of them.
 */
export const APP_ICONS = {
  '192': { size: 192, maskable: false },
  '512': { size: 512, maskable: false },
  'maskable-512': { size: 512, maskable: true },
  '180': { size: 180, maskable: false },
} as const;

export type AppIconName = keyof typeof APP_ICONS;

/** The icon iOS shows on the home screen (apple-touch-icon, web clip). */
export const APPLE_ICON: AppIconName = '180';

/**
 * Share of the side the logo may span. A maskable icon keeps it inside the safe zone, the circle
 * of 40 % radius that every launcher mask leaves visible; a plain icon keeps a margin of its own.
 */
const PLAIN_SPAN = 0.8;
const SAFE_ZONE_RADIUS = 0.4;

const COLOUR = /^#[0-9a-fA-F]{3,8}$/;

/** The logo's aspect ratio (width / height) from its viewBox, else its width and height; square when neither says. */
export function logoAspect(svg: string): number {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const box = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(root);
  const w = Number(box?.[1] ?? /\swidth\s*=\s*["']([\d.]+)/i.exec(root)?.[1]);
  const h = Number(box?.[2] ?? /\sheight\s*=\s*["']([\d.]+)/i.exec(root)?.[1]);
  return w > 0 && h > 0 ? w / h : 1;
}

/**
 * A logo file as SVG: an SVG logo as it is, a raster one (PNG, WebP) inside an SVG of its own
 * pixel size (read from a PNG's header; WebP and unreadable sizes count as square).
 */
export function logoAsSvg(file: string, bytes: Buffer): string {
  if (file.toLowerCase().endsWith('.svg')) return bytes.toString('utf8');
  const png = bytes.length > 24 && bytes.readUInt32BE(12) === 0x49484452; // 'IHDR'
  const w = png ? bytes.readUInt32BE(16) : 1;
  const h = png ? bytes.readUInt32BE(20) : 1;
  const type = png ? 'image/png' : 'image/webp';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><image width="${w}" height="${h}" href="data:${type};base64,${bytes.toString('base64')}"/></svg>`;
}

/** Where the logo goes on a square of `size`: centred, as large as the icon kind allows. */
export function logoBox(size: number, aspect: number, maskable: boolean): { x: number; y: number; width: number; height: number } {
  let width: number;
  let height: number;
  if (maskable) {
    // The rectangle's corners on the safe-zone circle: (w/2)² + (h/2)² = r², w = aspect·h.
    const r = SAFE_ZONE_RADIUS * size;
    height = (2 * r) / Math.sqrt(aspect * aspect + 1);
    width = aspect * height;
  } else {
    const span = PLAIN_SPAN * size;
    width = aspect >= 1 ? span : span * aspect;
    height = aspect >= 1 ? span / aspect : span;
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x: round((size - width) / 2), y: round((size - height) / 2), width: round(width), height: round(height) };
}

/** The icon as SVG: the background colour, and the logo's own SVG nested in its box (so its text uses our fonts). */
export function appIconSvg(logoSvg: string, background: string, name: AppIconName): string {
  const { size, maskable } = APP_ICONS[name];
  const box = logoBox(size, logoAspect(logoSvg), maskable);
  const fill = COLOUR.test(background) ? background : '#ffffff';
  const logo = logoSvg
    .replace(/<\?xml[^>]*\?>/i, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .replace(/<svg\b([^>]*)>/i, (_m, attrs: string) => {
      const kept = attrs.replace(/\s(width|height|x|y|preserveAspectRatio)\s*=\s*("[^"]*"|'[^']*')/gi, '');
      return `<svg${kept} x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid meet">`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${fill}"/>${logo}</svg>`;
}

/** Renders an icon to PNG (system fonts for a logo's text; nothing is fetched). */
function renderAppIcon(logoSvg: string, background: string, name: AppIconName): Buffer {
  const { size } = APP_ICONS[name];
  const resvg = new Resvg(appIconSvg(logoSvg, background, name), {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans' },
  });
  return resvg.render().asPng();
}

export interface RenderedIcon {
  png: Buffer;
  etag: string;
}

/**
 * Rendered icons by tenant and name, made at the first request. The key holds the logo's and the
 * colour's digest, so a tenant whose logo or theme changes gets new icons without a restart.
 */
export class AppIconCache {
  private readonly map = new Map<string, RenderedIcon>();

  constructor(private readonly max = 200) {}

  get(tenantId: string, logoSvg: string, background: string, name: AppIconName): RenderedIcon {
    const digest = createHash('sha256').update(logoSvg).update('\0').update(background).digest('hex').slice(0, 16);
    const key = `${tenantId}:${name}:${digest}`;
    const hit = this.map.get(key);
    if (hit) return hit;
    const png = renderAppIcon(logoSvg, background, name);
    const icon = { png, etag: `"${createHash('sha256').update(png).digest('hex').slice(0, 27)}"` };
    this.map.set(key, icon);
    // The oldest entry goes first (a tenant's previous logo, most likely).
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return icon;
  }
}
