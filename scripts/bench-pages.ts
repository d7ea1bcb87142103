/**
 * Pages as a phone sees them: the production build served by the real server, loaded in Debian's
 * Chromium. For each landing page and demo tenant it prints
 *  - the JavaScript files and bytes fetched from navigation until the network is idle (every
 *    chunk the page loads, not only what index.html preloads), gzip as in the budget;
 *  - Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown): performance and
 *    accessibility scores, FCP, LCP, TBT and CLS.
 * Budgets are printed next to each figure; nothing here fails a build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { buildSiteIfStale } from './site-build.mjs';

const PORT = Number(process.env.BENCH_PAGES_PORT ?? 8383);
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? 'chromium';
const SESSION_KEY = 'MC_SESSION_INFO';
const DEMO_MEMBER = { username: 'demoplayer', password: 'Demo1234' };

/** Lighthouse runs per page (`BENCH_LIGHTHOUSE_RUNS`); the median run is printed. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

export const BUDGETS = { performance: 95, accessibility: 95, tbtMs: 150, cls: 0.05, homeJsKb: 150 };

export interface PageCase {
  tenant: 'demo-ph' | 'demo-en';
  path: string;
  member: boolean;
}

const ALL_CASES: readonly PageCase[] = (['demo-ph', 'demo-en'] as const).flatMap((tenant) => [
  { tenant, path: '/m/home', member: false },
  { tenant, path: '/m/home', member: true },
  { tenant, path: '/m/gameList?gameType=RNG', member: false },
  { tenant, path: '/m/mine', member: true },
]);

/** `BENCH_PAGES=demo-ph/visitor/home` keeps the cases whose label contains each part. */
const caseLabel = (c: PageCase): string => `${c.tenant}/${c.member ? 'member' : 'visitor'}${c.path}`;
export const PAGE_CASES: readonly PageCase[] = ALL_CASES.filter((c) =>
  (process.env.BENCH_PAGES ?? '').split(',').some((want) => want.split('/').every((part) => caseLabel(c).includes(part))),
);

const origin = (tenant: string): string => `http://${tenant}.localhost:${PORT}`;
const kb = (n: number): string => (n / 1024).toFixed(1);

async function startSite(): Promise<{ server: ChildProcess; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wl-bench-pages-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/wps/system/ready`);
      if (res.ok) return { server, stop };
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('the site did not become ready');
}

/**
 * A JSON request to the local site for a tenant's host name. node:http sends the Host header as
 * given (fetch replaces it with the URL's host, which would log in to the default tenant instead).
 */
function hostRequest(method: string, path: string, headers: Record<string, string>, body?: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Logs the demo member in through the API (an encrypted body, as the site sends) and returns the stored record. */
export async function memberSession(tenant: string): Promise<string> {
  const host = { host: `${tenant}.localhost:${PORT}` };
  const startup = (await hostRequest('GET', '/wps/system/startup', host)) as {
    value: { info: { merchantCode?: string }; encryption: { header: string; alg: string; enc: string; jwk: JWK } };
  };
  const { header, alg, enc, jwk } = startup.value.encryption;
  const payload = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ type: 'username', ...DEMO_MEMBER })))
    .setProtectedHeader({ alg, enc, kid: jwk.kid, iat: Math.floor(Date.now() / 1000), jti: randomBytes(16).toString('base64url') })
    .encrypt(await importJWK(jwk, alg));
  const body = (await hostRequest('POST', '/wps/session/login', { ...host, [header]: '1', 'content-type': 'application/json' }, JSON.stringify({ payload }))) as {
    success: boolean;
    value?: { token: string; userName: string; customerType: number; firstTimeLogin: boolean };
    errorCode?: string;
  };
  if (!body.success || !body.value) throw new Error(`demo login failed on ${tenant}: ${body.errorCode ?? 'no answer'}`);
  return JSON.stringify({
    token: body.value.token,
    merchantCode: startup.value.info.merchantCode ?? '',
    userName: body.value.userName,
    type: body.value.customerType,
    firstTimeLogin: body.value.firstTimeLogin,
  });
}

export interface JsFetched {
  files: number;
  transferred: number;
  gzip: number;
}

/** JavaScript a first visit fetches until the network is idle (fresh profile, phone viewport). */
async function jsUntilIdle(browser: Browser, c: PageCase, session: string | null): Promise<JsFetched> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  if (session) await context.addInitScript(([k, v]) => window.localStorage.setItem(k, v), [SESSION_KEY, session] as const);
  const page = await context.newPage();
  const seen: Promise<{ url: string; transferred: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    seen.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response.request().sizes().catch(() => ({ responseBodySize: body.length }));
        return { url: new URL(response.url()).pathname, transferred: sizes.responseBodySize, gzip: gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  await page.goto(origin(c.tenant) + c.path, { waitUntil: 'networkidle' });
  const all = await Promise.all(seen);
  await context.close();
  // BENCH_PAGES_FILES=1: every file, largest first (what to look at when a page is over budget).
  if (process.env.BENCH_PAGES_FILES === '1') {
    for (const f of [...all].sort((a, b) => b.gzip - a.gzip)) console.log(`      ${(f.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${f.url}`);
  }
  return { files: all.length, transferred: all.reduce((s, a) => s + a.transferred, 0), gzip: all.reduce((s, a) => s + a.gzip, 0) };
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Why Lighthouse measured nothing (its runtime error code, e.g. NO_FCP), when it did not. */
  error?: string;
}

/** One Lighthouse run with the default (mobile) settings in a fresh headless Chromium. */
async function lighthouseRun(c: PageCase, session: string | null, run: number): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    if (session) {
      // A member page needs the stored session: write it in this profile, then keep storage (only) for the run.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${origin(c.tenant)}/wps/system/ready`).catch(() => undefined);
      await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [SESSION_KEY, session] as const);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.close().catch(() => undefined);
    }
    const result = await lighthouse(origin(c.tenant) + c.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(session),
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const reports = process.env.BENCH_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${c.tenant}-${c.member ? 'member' : 'visitor'}-${c.path.replace(/[^a-z0-9]+/gi, '_')}-run${run}.json`;
      writeFileSync(join(reports, name), JSON.stringify(result.lhr));
      // The run's trace as well, for the Performance panel (what the long tasks were).
      const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) writeFileSync(join(reports, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    const { categories, audits } = result.lhr;
    const num = (id: string): number => Number(audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      error: result.lhr.runtimeError?.code,
    };
  } finally {
    await chrome.kill();
  }
}

const mark = (ok: boolean): string => (ok ? '' : '  OVER BUDGET');

/** Prints the figures of every page case; `BENCH_LIGHTHOUSE=0` skips the Lighthouse runs. */
export async function pages(): Promise<void> {
  buildSiteIfStale(process.cwd());
  if (!existsSync(CHROMIUM)) {
    console.log(`\n# Pages: skipped, no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    return;
  }
  const site = await startSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }).catch((err: unknown) => {
    site.stop();
    throw err;
  });
  try {
    // A fresh login per member page: a page renews its session, which retires the token it started with.
    const session = (c: PageCase) => (c.member ? memberSession(c.tenant) : Promise.resolve(null));
    console.log(`\n# Pages in Chromium (${CHROMIUM}), phone viewport, fresh profile each`);
    console.log('  JavaScript fetched until the network is idle');
    for (const c of PAGE_CASES) {
      const js = await jsUntilIdle(browser, c, await session(c));
      const budget = c.path === '/m/home' && !c.member ? ` (budget ${BUDGETS.homeJsKb} KB)${mark(js.gzip / 1024 <= BUDGETS.homeJsKb)}` : '';
      console.log(`  ${c.tenant.padEnd(8)} ${(c.member ? 'member ' : 'visitor') } ${c.path.padEnd(26)} ${String(js.files).padStart(3)} files  ${kb(js.gzip).padStart(6)} KB gzip  ${kb(js.transferred).padStart(6)} KB on the wire${budget}`);
    }
    if (process.env.BENCH_LIGHTHOUSE === '0') return;
    const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string };
    console.log(
      `  Lighthouse ${version} mobile preset, median of ${LIGHTHOUSE_RUNS} run(s) per page (budgets: performance ${BUDGETS.performance}+, accessibility ${BUDGETS.accessibility}+, TBT <= ${BUDGETS.tbtMs} ms, CLS <= ${BUDGETS.cls})`,
    );
    for (const c of PAGE_CASES) {
      // Lighthouse's figures vary from run to run on a shared machine: the median run of several is printed.
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) all.push(await lighthouseRun(c, await session(c), i + 1));
      // A run that measured nothing (no paint recorded: NaN timings) is counted, not averaged in.
      const runs = all.filter((r) => Number.isFinite(r.tbtMs) && Number.isFinite(r.fcpMs));
      const failed = all.length - runs.length;
      const why = [...new Set(all.filter((r) => !runs.includes(r)).map((r) => r.error ?? 'no timings'))].join(', ');
      if (runs.length === 0) {
        console.log(`  ${c.tenant.padEnd(8)} ${c.member ? 'member ' : 'visitor'} ${c.path.padEnd(26)} no Lighthouse run measured the page (${failed} failed: ${why})  OVER BUDGET`);
        continue;
      }
      runs.sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
      const f = runs[Math.floor(runs.length / 2)];
      const over = f.performance < BUDGETS.performance || f.accessibility < BUDGETS.accessibility || f.tbtMs > BUDGETS.tbtMs || f.cls > BUDGETS.cls;
      const spread = runs.length > 1 ? `  (perf ${runs[0].performance}-${runs[runs.length - 1].performance} over ${runs.length} runs${failed ? `, ${failed} failed: ${why}` : ''})` : failed ? `  (${failed} run(s) failed: ${why})` : '';
      console.log(
        `  ${c.tenant.padEnd(8)} ${c.member ? 'member ' : 'visitor'} ${c.path.padEnd(26)} perf ${String(f.performance).padStart(3)}  a11y ${String(f.accessibility).padStart(3)}  FCP ${(f.fcpMs / 1000).toFixed(1)} s  LCP ${(f.lcpMs / 1000).toFixed(1)} s  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}${spread}${mark(!over)}`,
      );
    }
  } finally {
    await browser.close();
    site.stop();
  }
}
