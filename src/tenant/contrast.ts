/**
 * Colour contrast per WCAG 2.x (relative luminance and contrast ratio), and the theme pairs a
 * tenant's colours must satisfy. Validation rejects a theme that falls below any of them.
 */

/** Parses #rgb, #rrggbb or #rrggbbaa (alpha ignored: theme colours are painted opaque) to 0–255 channels. */
function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color);
  if (!m) return null;
  let hex = m[1];
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x): sRGB channels linearised, weighted 0.2126 R + 0.7152 G + 0.0722 B. */
function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio (L1 + 0.05) / (L2 + 0.05), from 1 to 21; null when a colour does not parse. */
export function contrastRatio(foreground: string, background: string): number | null {
  const fg = parseHex(foreground);
  const bg = parseHex(background);
  if (!fg || !bg) return null;
  const a = relativeLuminance(fg);
  const b = relativeLuminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** One foreground/background pair of theme tokens and the minimum ratio it needs. */
interface ContrastPair {
  foreground: string;
  background: string;
  min: number;
  why: string;
}

/**
 * The pairs the widgets actually paint as text on a background (`var(--color-…)` in widgets/ and
 * src/): every one is body-size text, so WCAG AA's 4.5:1 applies.
 */
const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { foreground: 'onPrimary', background: 'primary', min: 4.5, why: 'text on primary buttons' },
  { foreground: 'onHeader', background: 'header', min: 4.5, why: 'titles and icons on the top bar' },
  { foreground: 'header', background: 'surface', min: 4.5, why: 'the active tab and the login button' },
  { foreground: 'onAccent', background: 'accent', min: 4.5, why: "the game lobby's search button and selected tabs" },
  { foreground: 'text', background: 'surface', min: 4.5, why: 'body text on cards and sheets' },
  { foreground: 'text', background: 'background', min: 4.5, why: 'body text on the page' },
  { foreground: 'textMuted', background: 'surface', min: 4.5, why: 'secondary text on cards' },
  { foreground: 'textMuted', background: 'background', min: 4.5, why: 'secondary text on the page' },
  { foreground: 'primary', background: 'surface', min: 4.5, why: 'links, active tabs and amounts on cards' },
  { foreground: 'danger', background: 'surface', min: 4.5, why: 'error messages on forms' },
];

/** Optional tokens and the token each one takes when a theme leaves it out (src/styles/base.css). */
const THEME_DEFAULTS: Readonly<Record<string, string>> = { header: 'primary', onHeader: 'onPrimary', onAccent: 'text' };

/** A theme with every optional token it leaves out set to its default, as the page paints it. */
export function themeWithDefaults<T extends object>(given: T): T & Record<string, unknown> {
  const theme = { ...given } as Record<string, unknown>;
  for (const [token, from] of Object.entries(THEME_DEFAULTS)) theme[token] ??= theme[from];
  return theme as T & Record<string, unknown>;
}

/**
 * The theme pairs below their minimum: `{ pointer to the foreground token, message }`. An optional
 * token left out is checked as its default paints it, and the message says so.
 */
export function themeContrastProblems(given: Record<string, unknown>): { pointer: string; message: string }[] {
  const theme = themeWithDefaults(given);
  const named = (token: string): string => (token in given ? token : `${token} (${THEME_DEFAULTS[token]} by default)`);
  const out: { pointer: string; message: string }[] = [];
  for (const pair of CONTRAST_PAIRS) {
    const fg = theme[pair.foreground];
    const bg = theme[pair.background];
    if (typeof fg !== 'string' || typeof bg !== 'string') continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio === null || ratio >= pair.min) continue;
    out.push({
      pointer: `/brand/theme/${pair.foreground}`,
      message: `${named(pair.foreground)} ${fg} on ${named(pair.background)} ${bg} has contrast ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1, below WCAG AA ${pair.min}:1 (${pair.why})`,
    });
  }
  return out;
}
