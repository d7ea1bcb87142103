/**
 * What a player notices first on a rendered screen, checked inside the page (`tenant shots`,
 * `tenant review`), each finding in words:
 * - overlap: a fixed or floating part covers a visible tap target (its centre hits something else);
 * - clipping: text cut by a box that hides overflow (no ellipsis the design asks for), content
 *   wider than the viewport;
 * - unreadable: text below WCAG AA contrast as painted (axe-core's colour-contrast rule), inputs
 *   whose boundary cannot be seen (no border, no fill, no shadow against what is behind them);
 * - untranslated: on a page in another language, text equal to an English string the language
 *   translates otherwise, and label keys shown raw;
 * - dead link: a link to a route the tenant does not show (not whitelisted, or gated off).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { Json } from '../src/lib/merge-patch';
import { KNOWN_PATHS } from '../src/lib/routes';
import { deadLinkReason, tenantFacts } from '../src/tenant/dead-links';
import { REPO_ROOT } from '../src/tenant/source';

export const CHECK_KINDS = ['overlap', 'clipping', 'unreadable', 'untranslated', 'dead link'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export interface PageFinding {
  kind: CheckKind;
  /** The finding in words, naming the element by its text and a short selector. */
  text: string;
}

/** What the in-page checks need to know of the tenant and its language. */
export interface PageCheckContext {
  /** html `lang` values of English: the untranslated check is off on a page in one of them. */
  englishLangs: string[];
  /** English strings the page's language translates otherwise: [text, key]. */
  english: [string, string][];
  /** Every label key (a key shown raw is one of these). */
  keys: string[];
  /** Texts that are the same in every language (brand names, providers, currencies). */
  allow: string[];
  /** Every known path the tenant closes, with why. */
  dead: [string, string][];
}

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Names the same in every language (brands, providers, currencies, and signs such as the "VS" of
 * a match): never "untranslated". tests/locales.test.ts allows a Filipino text equal to English
 * only when it is made of these words and numbers.
 */
export const SAME_IN_EVERY_LANGUAGE: readonly string[] = ['GCash', 'PayMaya', 'Maya', 'BDO', 'Facebook', 'Google', 'Telegram', 'Viber', 'WhatsApp', 'VIP', 'VS', 'OK', 'ID', 'PHP', 'SMS', 'E-mail', 'Email', 'FAQ', 'Android', 'iOS', 'App'];

function readLocale(root: string, file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(join(root, 'locales', `${file}.json`), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The context of a tenant's pages: its default language's strings (with the tenant's own overrides)
 * against English, its closed routes, its brand name allowed as is.
 */
export function pageCheckContext(tenant: Obj, root = REPO_ROOT): PageCheckContext {
  const languages = JSON.parse(readFileSync(join(root, 'locales/languages.json'), 'utf8')) as { code: string; htmlLang: string; file?: boolean }[];
  const i18n = isObj(tenant.i18n) ? tenant.i18n : {};
  const overrides = isObj(i18n.overrides) ? i18n.overrides : {};
  const english = readLocale(root, 'en');
  const englishShown: Record<string, string> = { ...english, ...((isObj(overrides.EN) ? overrides.EN : {}) as Record<string, string>) };
  const lang = typeof i18n.default === 'string' ? i18n.default : 'EN';
  const texts: [string, string][] = [];
  if (lang !== 'EN') {
    const own = languages.find((l) => l.code === lang)?.file ? readLocale(root, lang.toLowerCase()) : {};
    const shown: Record<string, string> = { ...own, ...((isObj(overrides[lang]) ? overrides[lang] : {}) as Record<string, string>) };
    // An English text the language also uses for some key (a loan word) is not a gap.
    const native = new Set(Object.values(shown));
    const seen = new Set<string>();
    for (const [key, text] of Object.entries(englishShown)) {
      if (typeof text !== 'string' || shown[key] === text || native.has(text) || seen.has(text)) continue;
      seen.add(text);
      texts.push([text, key]);
    }
  }
  const brand = isObj(tenant.brand) && typeof tenant.brand.name === 'string' ? [tenant.brand.name] : [];
  const facts = tenantFacts(tenant);
  const dead: [string, string][] = [];
  for (const path of KNOWN_PATHS) {
    const reason = deadLinkReason(path, facts);
    if (reason) dead.push([path, reason]);
  }
  return {
    englishLangs: languages.filter((l) => l.code === 'EN').map((l) => l.htmlLang),
    english: texts,
    keys: Object.keys(english),
    allow: [...SAME_IN_EVERY_LANGUAGE, ...brand],
    dead,
  };
}

/**
 * The checks that read the layout, run inside the page. Self-contained (Playwright sends its
 * source to the page): no imports, no helpers from outside.
 */
export function inPageChecks(ctx: PageCheckContext): { kind: string; text: string }[] {
  const findings: { kind: string; text: string }[] = [];
  const seen = new Set<string>();
  const report = (kind: string, text: string) => {
    if (seen.has(`${kind}\u0000${text}`)) return;
    seen.add(`${kind}\u0000${text}`);
    findings.push({ kind, text });
  };
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const cut = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const selector = (el: Element): string => {
    const cls = [...el.classList].filter((c) => !/^(is-|has-)/.test(c)).slice(0, 1);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls.length ? `.${cls[0]}` : ''}`;
  };
  const name = (el: Element): string => {
    const label =
      el.getAttribute('aria-label') ??
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.labels?.[0]?.textContent || el.placeholder || el.name : null) ??
      (el as HTMLElement).innerText ??
      el.textContent ??
      '';
    const text = cut(squash(label || el.getAttribute('title') || el.querySelector('img')?.getAttribute('alt') || ''));
    return text ? `"${text}" (${selector(el)})` : selector(el);
  };
  const style = (el: Element) => getComputedStyle(el);
  const isFloating = (el: Element) => {
    const p = style(el).position;
    return p === 'fixed' || p === 'sticky';
  };
  const floatingRoot = (el: Element | null): Element | null => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) if (isFloating(e)) return e;
    return null;
  };
  /** Clipping ancestors (overflow hidden/clip) up to the first scroll container: their inner boxes. */
  const clipBoxes = (el: Element, axis: 'x' | 'y'): { el: Element; left: number; right: number; top: number; bottom: number }[] => {
    const boxes = [];
    for (let e: Element | null = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      const s = style(e);
      const overflow = axis === 'x' ? s.overflowX : s.overflowY;
      if (overflow === 'auto' || overflow === 'scroll') break;
      if (overflow === 'hidden' || overflow === 'clip') {
        const r = e.getBoundingClientRect();
        const left = r.left + e.clientLeft;
        const top = r.top + e.clientTop;
        boxes.push({ el: e, left, right: left + e.clientWidth, top, bottom: top + e.clientHeight });
      }
    }
    return boxes;
  };
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    // Screen-reader-only text (a 1-px clipped box) is not on screen.
    if (r.width < 2 || r.height < 2) return false;
    const s = style(el);
    return s.visibility !== 'hidden' && s.pointerEvents !== 'none' && Number(s.opacity) > 0 && !el.closest('[aria-hidden="true"],[inert]');
  };

  // Overlap: at the top of the page and at its end, each tap target's centre must hit the target.
  const targets = [...document.querySelectorAll('a[href],button,input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=tab],[tabindex]:not([tabindex="-1"])')];
  const overlays = [...document.querySelectorAll('body *')].filter((e) => {
    if (style(e).position !== 'fixed') return false;
    const r = e.getBoundingClientRect();
    return r.width * r.height >= 0.5 * vw * vh && visible(e);
  });
  const maxScroll = Math.max(0, document.documentElement.scrollHeight - vh);
  const startY = window.scrollY;
  for (const at of [0, maxScroll]) {
    window.scrollTo(0, at);
    const atEnd = window.scrollY >= maxScroll - 1;
    const atTop = window.scrollY <= 1;
    for (const t of targets) {
      if (!visible(t)) continue;
      // Under an open dialog or drawer only its own controls can be tapped, by design.
      if (overlays.length && !overlays.some((o) => o.contains(t))) continue;
      const r = t.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      if (cx < 0 || cy < 0 || cx >= vw || cy >= vh) continue;
      // Scrolled out of its own box (a carousel's other slides): hidden, not covered.
      if ([...clipBoxes(t.parentElement ?? t, 'x'), ...clipBoxes(t.parentElement ?? t, 'y')].some((b) => cx < b.left || cx > b.right || cy < b.top || cy > b.bottom)) continue;
      const hit = document.elementFromPoint(cx, cy);
      if (!hit || hit === t || t.contains(hit) || hit.contains(t)) continue;
      const cover = floatingRoot(hit);
      if (!cover || cover.contains(t)) continue;
      const c = cover.getBoundingClientRect();
      const bar = c.width >= 0.9 * vw;
      // Content scrolls out from under the page's top and bottom bars (header, sticky tabs, footer); a fixed control cannot.
      if (bar && !floatingRoot(t)) {
        const upper = c.top + c.height / 2 < vh / 2;
        if (upper && !atTop) continue;
        if (!upper && !atEnd) continue;
      }
      report('overlap', `${name(t)} is covered by the ${bar ? 'bar' : 'floating part'} ${name(cover)} at its centre (${Math.round(cx)},${Math.round(cy)})${at > 0 ? ' at the end of the page' : ''}: a tap there does not reach it`);
    }
  }
  window.scrollTo(0, startY);

  // Clipping: text partly outside a box that hides its overflow, without an ellipsis or line clamp.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (squash(n.textContent ?? '').length >= 1) textNodes.push(n as Text);
  const range = document.createRange();
  const textRect = (node: Text) => {
    range.selectNodeContents(node);
    return range.getBoundingClientRect();
  };
  for (const node of textNodes) {
    const parent = node.parentElement;
    if (!parent || !visible(parent) || parent.closest('script,style,noscript,[data-shots-mask]')) continue;
    const r = textRect(node);
    if (r.width < 1 || r.height < 1) continue;
    const intended = (e: Element | null): boolean => {
      for (; e && e !== document.body; e = e.parentElement) {
        const s = style(e);
        if (s.textOverflow === 'ellipsis' || (s.webkitLineClamp && s.webkitLineClamp !== 'none')) return true;
      }
      return false;
    };
    for (const axis of ['x', 'y'] as const) {
      const box = clipBoxes(parent, axis).find((b) => {
        const inside = axis === 'x' ? r.right > b.left && r.left < b.right : r.bottom > b.top && r.top < b.bottom;
        const outside = axis === 'x' ? r.left < b.left - 1 || r.right > b.right + 1 : r.top < b.top - 2 || r.bottom > b.bottom + 2;
        return inside && outside;
      });
      if (!box || intended(parent)) continue;
      const shown = axis === 'x' ? Math.round(box.right - box.left) : Math.round(box.bottom - box.top);
      const needs = axis === 'x' ? Math.round(r.width) : Math.round(r.height);
      report('clipping', `"${cut(squash(node.textContent ?? ''))}" is cut by ${name(box.el) === selector(box.el) ? selector(box.el) : selector(box.el)} (${needs} px of text ${axis === 'x' ? 'wide' : 'high'} in ${shown} px, no ellipsis)`);
      break;
    }
  }
  // A phone lays out wide content by widening its viewport (then shows the page zoomed out): the
  // screen's width is the measure.
  const screenWidth = Math.min(screen.width || vw, vw);
  const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (pageWidth > screenWidth + 1) {
    const wide = [...document.querySelectorAll('body *')].filter((e) => {
      const r = e.getBoundingClientRect();
      return (r.right > screenWidth + 1 || r.left < -1) && r.width > 0 && clipBoxes(e.parentElement ?? e, 'x').length === 0 && !e.closest('[aria-hidden="true"]');
    });
    const outer = wide.filter((e) => !wide.some((o) => o !== e && o.contains(e)));
    for (const e of outer.slice(0, 5)) report('clipping', `${name(e)} is wider than the ${screenWidth}-px screen (reaches ${Math.round(e.getBoundingClientRect().right)} px): the page scrolls sideways`);
    if (!outer.length) report('clipping', `the page is ${pageWidth} px wide on a ${screenWidth}-px screen`);
  }

  // Inputs whose boundary cannot be seen.
  const alphaOf = (text: string | undefined) => (text === undefined ? 1 : text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text));
  /** A computed colour: rgb()/rgba(), or color(srgb r g b / a) (what color-mix() computes to), as 0-255 channels and alpha. */
  const rgb = (value: string): [number, number, number, number] | null => {
    const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?\)/.exec(value);
    if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), alphaOf(m[4])];
    const c = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+%?))?\)/.exec(value);
    if (c) return [Number(c[1]) * 255, Number(c[2]) * 255, Number(c[3]) * 255, alphaOf(c[4])];
    return null;
  };
  /** A translucent colour as painted over an opaque one. */
  const over = (c: [number, number, number, number], under: number[]): number[] => [0, 1, 2].map((i) => c[3] * c[i] + (1 - c[3]) * under[i]);
  const luminance = ([r, g, b]: number[]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a: number[], b: number[]) => {
    const x = luminance(a);
    const y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const backdrop = (el: Element | null): [number, number, number] => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(style(e).backgroundColor);
      if (c && c[3] > 0.5) return [c[0], c[1], c[2]];
    }
    return [255, 255, 255];
  };
  const hex = (c: number[]) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  const fields = [...document.querySelectorAll('input,select,textarea')].filter((e) => {
    const type = (e.getAttribute('type') ?? 'text').toLowerCase();
    return !['hidden', 'checkbox', 'radio', 'range', 'color', 'submit', 'button', 'image', 'reset', 'file'].includes(type) && visible(e);
  });
  for (const f of fields) {
    const s = style(f);
    const behind = backdrop(f.parentElement);
    const own = rgb(s.backgroundColor);
    const fill = own && own[3] > 0.5 ? own.slice(0, 3) : behind;
    const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
    const border = sides.some((side) => {
      const width = parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`));
      const lineStyle = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
      const color = rgb(s.getPropertyValue(`border-${side.toLowerCase()}-color`));
      // A translucent border is judged as painted: over what is behind the field, and over its fill.
      return width >= 1 && lineStyle !== 'none' && lineStyle !== 'hidden' && color !== null && color[3] > 0 && (ratio(over(color, behind), behind) >= 1.1 || ratio(over(color, fill), fill) >= 1.1);
    });
    const outline = parseFloat(s.outlineWidth) >= 1 && s.outlineStyle !== 'none' && (rgb(s.outlineColor)?.[3] ?? 0) > 0.3;
    const shadow = s.boxShadow !== 'none' && s.boxShadow !== '';
    const filled = ratio(fill, behind) >= 1.1;
    // A field drawn borderless inside a box that draws the boundary (a wrapper with the border, the fill or the shadow).
    const fr = f.getBoundingClientRect();
    let wrapped = false;
    for (let e = f.parentElement, up = 0; e && up < 3 && !wrapped; e = e.parentElement, up++) {
      const r = e.getBoundingClientRect();
      if (r.height > fr.height + 32) break;
      const ws = style(e);
      const wBehind = backdrop(e.parentElement);
      const wFill = rgb(ws.backgroundColor);
      const wBorder = (['top', 'right', 'bottom', 'left'] as const).some((side) => {
        const color = rgb(ws.getPropertyValue(`border-${side}-color`));
        return parseFloat(ws.getPropertyValue(`border-${side}-width`)) >= 1 && !['none', 'hidden'].includes(ws.getPropertyValue(`border-${side}-style`)) && color !== null && color[3] > 0 && ratio(over(color, wBehind), wBehind) >= 1.1;
      });
      wrapped = wBorder || (ws.boxShadow !== 'none' && ws.boxShadow !== '') || (wFill !== null && wFill[3] > 0.5 && ratio(wFill, wBehind) >= 1.1);
    }
    if (!border && !outline && !shadow && !filled && !wrapped) {
      report('unreadable', `the field ${name(f)} has no visible boundary: no border, no outline, its background ${hex(fill)} on ${hex(behind)} behind it`);
    }
  }

  // Untranslated text and raw keys, on a page not in English.
  const lang = (document.documentElement.lang || '').toLowerCase();
  if (lang && !ctx.englishLangs.some((l) => l.toLowerCase() === lang || lang.startsWith(`${l.toLowerCase()}-`))) {
    const exact = new Map<string, string>();
    const patterns: [RegExp, string, string][] = [];
    for (const [text, key] of ctx.english) {
      if (/\{\{\s*[\w.]+\s*\}\}/.test(text)) {
        const parts = text.split(/\{\{\s*[\w.]+\s*\}\}/).map((p) => squash(p).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        if (parts.join('').replace(/[^A-Za-z]/g, '').length >= 4) patterns.push([new RegExp(`^${parts.join('.+?')}$`), text, key]);
      } else exact.set(squash(text), key);
    }
    const allowed = new Set(ctx.allow);
    const keys = new Set(ctx.keys);
    const shownTexts = textNodes
      .filter((n) => n.parentElement && visible(n.parentElement) && !n.parentElement.closest('script,style,noscript,[data-shots-mask]') && textRect(n).width > 0)
      .map((n): { text: string; el: Element } => ({ text: squash(n.textContent ?? ''), el: n.parentElement! }));
    for (const f of fields) if ((f as HTMLInputElement).placeholder) shownTexts.push({ text: squash((f as HTMLInputElement).placeholder), el: f });
    for (const { text, el } of shownTexts) {
      if (text.length < 3 || !/[A-Za-z]{2}/.test(text) || allowed.has(text)) continue;
      if (keys.has(text) && /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/i.test(text)) {
        report('untranslated', `the label key "${text}" is shown raw in ${selector(el)}`);
        continue;
      }
      const key = exact.get(text) ?? patterns.find(([re]) => re.test(text))?.[2];
      if (key) report('untranslated', `"${cut(text)}" in ${selector(el)} is English on a "${lang}" page (key ${key})`);
    }
  }

  // Links to routes the tenant closes.
  const dead = new Map(ctx.dead);
  for (const a of document.querySelectorAll('a[href]')) {
    const url = new URL(a.getAttribute('href') ?? '', location.href);
    if (url.origin !== location.origin) continue;
    const reason = dead.get(url.pathname.replace(/\/+$/, '') || '/');
    if (reason) report('dead link', `${name(a)} leads to ${url.pathname}: ${reason}`);
  }
  return findings;
}

/** Text contrast as painted: axe-core's colour-contrast rule (WCAG AA), each failing text in words. */
async function contrastFindings(page: Page): Promise<PageFinding[]> {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const findings: PageFinding[] = [];
  for (const violation of result.violations) {
    for (const node of violation.nodes) {
      const data = (node.any[0]?.data ?? {}) as { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string; fontSize?: string };
      const text = node.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
      const where = String(node.target[node.target.length - 1] ?? '');
      findings.push({
        kind: 'unreadable',
        text: `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}" (${where}) has contrast ${data.contrastRatio ?? '?'}:1 (${data.fgColor ?? '?'} on ${data.bgColor ?? '?'}, ${data.fontSize ?? '?'}) where WCAG AA needs ${data.expectedContrastRatio ?? '4.5:1'}`,
      });
    }
  }
  return findings;
}

/** Runs every check on the page as it stands (it scrolls, then scrolls back). */
export async function checkPage(page: Page, ctx: PageCheckContext): Promise<PageFinding[]> {
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  const inPage = (await page.evaluate(inPageChecks, ctx)) as PageFinding[];
  return [...inPage, ...(await contrastFindings(page))];
}

/** Only the links of the page as it stands (the home popups' content, before they are closed). */
export async function checkLinks(page: Page, ctx: PageCheckContext): Promise<PageFinding[]> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  return ((await page.evaluate(inPageChecks, ctx)) as PageFinding[]).filter((f) => f.kind === 'dead link');
}
