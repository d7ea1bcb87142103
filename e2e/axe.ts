/**
 * The accessibility checks every journey can reuse: an axe-core scan of the page (or part of it)
 * against WCAG 2.1 A and AA, failing on serious and critical violations only; or, where a page is
 * held to more, every rule axe runs by default (best practices too) at any impact.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeOptions {
  /** CSS selectors to scan (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out (e.g. a third-party frame). */
  exclude?: string[];
}

/** The violations of a scan of the settled page, each as "impact rule: help -> nodes". */
async function violations(page: Page, options: AxeOptions, tags?: string[]): Promise<{ impact: string; text: string }[]> {
  // Only the violations are gathered node by node: passing and inapplicable rules are not listed
  // (a whole-page scan of home lists thousands of passing nodes otherwise).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (tags) builder = builder.withTags(tags);
  for (const sel of options.include ?? []) builder = builder.include(sel);
  for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
  // Scan a settled page: contrast measured halfway through a fade-in is not the page's contrast.
  // Endless animations (tickers, the jackpot) never settle and are left out.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    impact: v.impact ?? '',
    text: `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  }));
}

/** Scans the page and fails, naming each rule and its nodes, on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const blocking = (await violations(page, options, WCAG_TAGS)).filter((v) => BLOCKING.has(v.impact)).map((v) => v.text);
  expect(blocking, `${label}: serious or critical WCAG 2.1 AA violations`).toEqual([]);
}

/**
 * Scans the page with every rule axe runs by default, WCAG 2.1 AA's among them, and fails on any
 * violation of any impact: a page that passes this passes expectNoSeriousA11yViolations too.
 */
export async function expectNoA11yViolations(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const found = (await violations(page, options)).map((v) => v.text);
  expect(found, `${label}: accessibility violations (every rule, any impact)`).toEqual([]);
}
