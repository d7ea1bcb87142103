/**
 * `tenant shots`: a picture of every tenant x screen x role, made deterministic (frozen clock,
 * seeded data, animations off, fonts loaded, moving parts masked), in Debian's Chromium; and with
 * a "before" (a folder of pictures or a git revision's tenants) the screens that changed, with an
 * HTML report (before, after, the difference highlighted) and a summary in words.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { MENU_TOGGLE, PREVIEW_SCREENS, type PreviewRole, type PreviewScreen } from '../src/tenant/preview-screens';
import { REPO_ROOT } from '../src/tenant/source';
import { startPreviewSite, type PreviewSite } from './tenant-site';
import { checkLinks, checkPage, pageCheckContext, type PageCheckContext, type PageFinding } from './page-checks';

/** The moment every page sees (the browser's clock is paused at it and advanced by hand). */
export const FROZEN_TIME = new Date('2026-01-15T04:00:00Z');

/** Moving parts: no animation, no transition, no blinking caret. */
const STILL_CSS = '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}';

/**
 * Parts drawn from randomness or the server's real clock that no browser clock freezes (the
 * jackpot grows with the server's time, match times are the server's "today"; captchas, QR codes
 * and canvases): painted over in grey.
 */
const MASKED = ['canvas', 'img[src*="captcha"]', 'img[alt*="QR" i]', '.jackpot-counter__amount', '.hot-match-ticker__time', '[data-shots-mask]'];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Shot {
  tenant: string;
  screen: PreviewScreen;
  role: PreviewRole;
  /** `<tenant>/<screen>-<role>.png`, relative to the output folder. */
  file: string;
}

export interface ShotsOptions {
  ids: string[];
  out: string;
  screens?: string[];
  roles?: string[];
  tenantsDir?: string;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--font-render-hinting=none', '--disable-lcd-text'],
  });
}

/** The shots asked for: each tenant x screen x the screen's roles, filtered. */
export function plannedShots(ids: string[], screens?: string[], roles?: string[]): Shot[] {
  const unknown = (screens ?? []).filter((s) => !PREVIEW_SCREENS.some((p) => p.id === s));
  if (unknown.length) throw new Error(`unknown screen(s) ${unknown.join(', ')} (known: ${PREVIEW_SCREENS.map((s) => s.id).join(', ')})`);
  const shots: Shot[] = [];
  for (const tenant of ids) {
    for (const screen of PREVIEW_SCREENS) {
      if (screens?.length && !screens.includes(screen.id)) continue;
      for (const role of screen.roles) {
        if (roles?.length && !roles.includes(role)) continue;
        shots.push({ tenant, screen, role, file: `${tenant}/${screen.id}-${role}.png` });
      }
    }
  }
  return shots;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Counts the page's requests in flight. `waitForLoadState('networkidle')` cannot serve here: it
 * answers at once once the page has been idle one time, while a timer the clock lets fire (the
 * announcement popup's, a poll) starts new requests whose answers change the picture.
 */
function trackRequests(page: Page): () => Promise<void> {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  /** Until no request has been in flight for 300 ms of real time (at most 15 s): the answers' renders run meanwhile. */
  return async () => {
    const end = Date.now() + 15_000;
    for (let calm = 0; calm < 300 && Date.now() < end; ) {
      await sleep(50);
      calm = inFlight.size ? 0 : calm + 50;
    }
    // And the page has run the tasks queued meanwhile (a message goes to the back of its queue; the
    // installed clock does not hold messages back, only timers).
    await page
      .evaluate(
        () =>
          new Promise<void>((done) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => done();
            channel.port2.postMessage(0);
          }),
      )
      .catch(() => {});
  };
}

/** Lets the page run for `ms` of its (installed) clock, in steps, letting every request the step started finish. */
async function settle(page: Page, quiet: () => Promise<void>, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 250) {
    await page.clock.runFor(250);
    await quiet();
  }
}

/** A shot's page-check findings (`tenant shots` and `tenant review` report them; --strict fails on them). */
export interface ShotFindings {
  shot: Shot;
  findings: PageFinding[];
}

async function takeShot(browser: Browser, site: PreviewSite, shot: Shot, file: string, checks?: PageCheckContext): Promise<PageFinding[]> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Asia/Manila',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const quiet = trackRequests(page);
    // Installed, then paused: time moves only when settle() moves it (in every document the
    // context opens, the login helper's redirect included), so no timer fires at a moment that
    // depends on how fast the machine is (carousel autoplay, countdowns, polling).
    await page.clock.install({ time: FROZEN_TIME.getTime() - 1_000 });
    await page.clock.pauseAt(FROZEN_TIME);
    await page.addInitScript((css) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = css;
        document.head.append(style);
      });
    }, STILL_CSS);
    const origin = site.origin(shot.tenant);
    await page.goto(`${origin}/__preview/login?as=${shot.role}&to=${encodeURIComponent(shot.screen.path)}`);
    await page.waitForURL((url) => url.pathname === shot.screen.path || !url.pathname.startsWith('/__preview'), { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    // A member's view commits after hydration, whose timers wait for the paused clock: the clock runs
    // in steps until the document says the member's view is committed (at most 5 s of it).
    const memberView = page.locator('html[data-view="member"]');
    if (shot.role !== 'visitor') for (let ran = 0; ran < 5_000 && !(await memberView.count()); ran += 250) await settle(page, quiet, 250);
    await settle(page, quiet, 1_500);
    // The home announcement popups would hide the screen: closed, as a visitor would. They open a
    // chain of steps after the page (a timer, the list, another timer, the dialog's chunk), so home
    // runs its clock in steps until a popup shows or 5 s of it have passed, whatever the machine's load.
    const popupClose = page.locator('.announcement-popup .modal__close');
    if (shot.screen.path === '/m/home') {
      for (let ran = 0; ran < 5_000 && !(await popupClose.first().isVisible()); ran += 250) await settle(page, quiet, 250);
    }
    // The popups' links are checked while they show.
    const findings: PageFinding[] = checks && (await popupClose.first().isVisible()) ? await checkLinks(page, checks) : [];
    for (let i = 0; i < 5 && (await popupClose.first().isVisible()); i++) {
      await popupClose.first().dispatchEvent('click');
      await settle(page, quiet, 750);
    }
    if (shot.screen.openMenu) {
      // A dispatched click: no pointer left hovering, no focus ring that depends on timing.
      await page.locator(MENU_TOGGLE).first().dispatchEvent('click', undefined, { timeout: 5_000 }).catch(() => {});
      await settle(page, quiet, 500);
    }
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide', mask: MASKED.map((s) => page.locator(s)), maskColor: '#888888' });
    if (!checks) return [];
    // The picture is taken: the clock runs again, for axe-core's own timers.
    await page.clock.resume();
    const seen = new Set(findings.map((f) => f.text));
    for (const f of await checkPage(page, checks)) if (!seen.has(f.text)) findings.push(f);
    return findings;
  } finally {
    await context.close();
  }
}

/** Renders the shots against a preview site of `tenantsDir` into `out`. */
export async function renderShots(browser: Browser, shots: Shot[], out: string, tenantsDir?: string, check = false): Promise<{ missing: string[]; checked: ShotFindings[] }> {
  const site = await startPreviewSite({ tenantsDir });
  const missing: string[] = [];
  const checked: ShotFindings[] = [];
  const contexts = new Map<string, PageCheckContext>();
  try {
    for (const shot of shots) {
      const tenant = site.app.tenants.all.get(shot.tenant);
      if (!tenant) {
        missing.push(shot.tenant);
        continue;
      }
      if (check && !contexts.has(shot.tenant)) contexts.set(shot.tenant, pageCheckContext(tenant as never));
      const findings = await takeShot(browser, site, shot, join(out, shot.file), contexts.get(shot.tenant));
      if (check) checked.push({ shot, findings });
    }
  } finally {
    await site.close();
  }
  return { missing: [...new Set(missing)], checked };
}

/** The page checks in words: per screen with findings, one line each; a count at the end. */
export function findingWords(checked: ShotFindings[]): string[] {
  const words: string[] = [];
  let count = 0;
  for (const { shot, findings } of checked) {
    if (!findings.length) continue;
    words.push(`### ${describe(shot)}`);
    for (const f of findings) words.push(`- ${f.kind}: ${f.text}`);
    count += findings.length;
  }
  words.push(count ? `${count} page finding(s) on ${checked.filter((c) => c.findings.length).length} of ${checked.length} screen(s)` : `page checks: nothing found on ${checked.length} screen(s)`);
  return words;
}

export interface ShotChange {
  shot: Shot;
  /** Changed pixels, or null when one side is missing or the sizes differ. */
  pixels: number | null;
  kind: 'changed' | 'added' | 'removed';
}

/** Compares two PNG files; writes the highlighted difference when they differ. */
export function comparePng(before: string, after: string, diffFile: string): number | null {
  const a = PNG.sync.read(readFileSync(before));
  const b = PNG.sync.read(readFileSync(after));
  if (a.width !== b.width || a.height !== b.height) return null;
  const diff = new PNG({ width: a.width, height: a.height });
  const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  if (pixels > 0) {
    mkdirSync(dirname(diffFile), { recursive: true });
    writeFileSync(diffFile, PNG.sync.write(diff));
  }
  return pixels;
}

/** A screen as a role, in words (`member centre as player`). */
export const shotLabel = (shot: Shot): string => `${shot.screen.label} as ${shot.role}`;

const describe = (shot: Shot) => `${shot.tenant}: ${shotLabel(shot)}`;

/** The changes between `<out>/_before` and `<out>`, for the shots planned. */
export function compareShots(shots: Shot[], out: string): ShotChange[] {
  const changes: ShotChange[] = [];
  for (const shot of shots) {
    const before = join(out, '_before', shot.file);
    const after = join(out, shot.file);
    const hasBefore = existsSync(before);
    const hasAfter = existsSync(after);
    if (!hasBefore && !hasAfter) continue;
    if (!hasBefore) changes.push({ shot, pixels: null, kind: 'added' });
    else if (!hasAfter) changes.push({ shot, pixels: null, kind: 'removed' });
    else {
      const pixels = comparePng(before, after, join(out, '_diff', shot.file));
      if (pixels !== 0) changes.push({ shot, pixels, kind: 'changed' });
    }
  }
  return changes;
}

/** The summary in words, one line per changed screen. */
export function changeWords(changes: ShotChange[]): string[] {
  if (!changes.length) return ['no visual change'];
  return changes.map((c) => {
    if (c.kind === 'added') return `- ${describe(c.shot)}: new screen`;
    if (c.kind === 'removed') return `- ${describe(c.shot)}: no longer rendered`;
    if (c.pixels === null) return `- ${describe(c.shot)}: changed size`;
    const share = ((100 * c.pixels) / (375 * 812)).toFixed(2);
    return `- ${describe(c.shot)}: ${c.pixels} pixels changed (${share}%)`;
  });
}

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `<out>/report.html`: before, after and the difference of each changed screen. */
export function writeReport(changes: ShotChange[], out: string, before: string): string {
  const file = join(out, 'report.html');
  const img = (path: string, alt: string) => (existsSync(join(out, path)) ? `<img src="${escapeHtml(path)}" alt="${escapeHtml(alt)}" width="375">` : '<p>(none)</p>');
  const rows = changes.map(
    (c) => `<section><h2>${escapeHtml(describe(c.shot))}</h2><p>${escapeHtml(changeWords([c])[0].slice(2))}</p>
<div class="cols"><figure><figcaption>before</figcaption>${img(`_before/${c.shot.file}`, 'before')}</figure>
<figure><figcaption>after</figcaption>${img(c.shot.file, 'after')}</figure>
<figure><figcaption>difference</figcaption>${img(`_diff/${c.shot.file}`, 'difference')}</figure></div></section>`,
  );
  writeFileSync(
    file,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Visual changes since ${escapeHtml(before)}</title>
<style>body{font:14px system-ui,sans-serif;margin:16px}.cols{display:flex;gap:16px;flex-wrap:wrap}figure{margin:0}img{border:1px solid #ccc}</style></head>
<body><h1>Visual changes since ${escapeHtml(before)}</h1>${rows.length ? rows.join('\n') : '<p>no visual change</p>'}</body></html>\n`,
  );
  return file;
}

/**
 * The tenants of a git revision in a temporary folder (tenants/, schemas/, locales/ as they were):
 * the before picture is rendered by the same built site reading those tenant files.
 */
export function checkoutTenants(ref: string, root = REPO_ROOT): { dir: string; cleanUp: () => void } {
  execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, stdio: 'ignore' });
  const dir = mkdtempSync(join(tmpdir(), 'tenant-shots-'));
  const tar = execFileSync('git', ['archive', '--format=tar', ref, '--', 'tenants', 'schemas', 'locales'], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return { dir, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A --compare that names nothing (the CLI's usage error). */
export class CompareError extends Error {}

export interface ShotsResult {
  out: string;
  shots: Shot[];
  changes?: ShotChange[];
  report?: string;
  words: string[];
  /** Each rendered screen's page-check findings. */
  checked: ShotFindings[];
}

/**
 * Renders the shots (and with `compare` the before shots: a folder of pictures, else a git
 * revision's tenants) and compares them.
 */
export async function runShots(opts: ShotsOptions & { compare?: string }, log: (line: string) => void = console.error): Promise<ShotsResult> {
  const out = resolve(opts.out);
  const shots = plannedShots(opts.ids, opts.screens, opts.roles);
  const compareDir = opts.compare !== undefined && !isGitRef(opts.compare) ? resolve(opts.compare) : undefined;
  if (compareDir && !existsSync(compareDir)) throw new CompareError(`--compare: "${opts.compare}" is neither a folder nor a git revision`);
  for (const sub of ['_before', '_diff', ...new Set(shots.map((s) => s.tenant))]) rmSync(join(out, sub), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const browser = await launchChromium();
  const words: string[] = [];
  let checked: ShotFindings[] = [];
  try {
    if (compareDir) {
      for (const shot of shots) {
        const src = join(compareDir, shot.file);
        if (existsSync(src)) cpSync(src, join(out, '_before', shot.file));
      }
    } else if (opts.compare !== undefined) {
      const before = checkoutTenants(opts.compare);
      try {
        log(`rendering ${shots.length} shot(s) of ${opts.compare}`);
        await renderShots(browser, shots, join(out, '_before'), join(before.dir, 'tenants'));
      } finally {
        before.cleanUp();
      }
    }
    log(`rendering ${shots.length} shot(s) of the working tree`);
    const rendered = await renderShots(browser, shots, out, opts.tenantsDir, true);
    checked = rendered.checked;
    for (const id of rendered.missing) words.push(`${id}: not rendered (no valid tenant of that id)`);
  } finally {
    await browser.close();
  }
  if (opts.compare === undefined) {
    words.push(`${shots.length - shots.filter((s) => !existsSync(join(out, s.file))).length} shot(s) written to ${relative(process.cwd(), out) || '.'}`);
    return { out, shots, words, checked };
  }
  const changes = compareShots(shots, out);
  const report = writeReport(changes, out, opts.compare);
  words.push(...changeWords(changes));
  return { out, shots, changes, report, words, checked };
}

function isGitRef(value: string): boolean {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${value}^{commit}`], { cwd: REPO_ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Tenant ids of a folder of tenants (`tenants/<id>/tenant.json`, not the abstract `_base`). */
export function tenantIdsIn(tenantsDir: string): string[] {
  if (!existsSync(tenantsDir)) return [];
  return readdirSync(tenantsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(tenantsDir, e.name, 'tenant.json')))
    .map((e) => e.name)
    .sort();
}
