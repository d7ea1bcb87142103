/**
 * The startup state machine (src/lib/startup-state.ts), one transition at a time:
 * maintenance -> region -> version check -> template selection -> app.
 */
import { describe, expect, it } from 'vitest';
import type { Screen } from '../../src/generated/tenant';
import { BUILT_VERSION } from '../../src/app/build-version';
import { compareVersions, needsReload, selectTemplates, startupState, statusView, templateVersion } from '../../src/lib/startup-state';

const base = { settings: { mobileTemplate: { mem_cen: '0', dep_func: '0' } }, builtVersion: '1.2.0' };
const screen = (setting: string, cases: Record<string, string>, fallback = 'base'): Screen => ({ variant: { setting, cases, default: fallback }, slots: {} }) as unknown as Screen;

describe('1. maintenance', () => {
  it('wins over everything: region restriction, a newer server, templates', () => {
    const state = startupState({ ...base, status: { maintenance: true, regionRestriction: true }, serverVersion: '9.0.0' });
    expect(state.view).toBe('maintenance');
    expect(state.reloadPrompt).toBe(false);
    expect(statusView({ maintenance: true })).toBe('maintenance');
  });
});

describe('2. region', () => {
  it('a region restriction alone gives the restricted view, and no reload offer', () => {
    expect(startupState({ ...base, status: { regionRestriction: true }, serverVersion: '9.0.0' })).toMatchObject({ view: 'restricted', reloadPrompt: false });
    expect(statusView({ regionRestriction: true })).toBe('restricted');
  });

  it('neither gives the app', () => {
    expect(statusView({})).toBe('app');
    expect(statusView({ maintenance: false, regionRestriction: false })).toBe('app');
  });
});

describe('3. version check', () => {
  it('offers a reload when the server is newer than the build, only then', () => {
    expect(startupState({ ...base, status: {}, serverVersion: '1.3.0' }).reloadPrompt).toBe(true);
    expect(startupState({ ...base, status: {}, serverVersion: '1.2.0' }).reloadPrompt).toBe(false);
    expect(startupState({ ...base, status: {}, serverVersion: '1.1.9' }).reloadPrompt).toBe(false);
    // An older server that sends no version: no check.
    expect(startupState({ ...base, status: {} }).reloadPrompt).toBe(false);
  });

  it('compares dotted numbers, not text', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('2.0.0-rc.1', '1.99.0')).toBe(1);
    expect(needsReload('0.2.0', '0.1.0')).toBe(true);
    expect(needsReload(undefined, '0.1.0')).toBe(false);
  });

  it('checks against the version the site was built with (package.json); without one, no check', () => {
    expect(BUILT_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(startupState({ settings: {}, status: {}, serverVersion: BUILT_VERSION, builtVersion: BUILT_VERSION }).reloadPrompt).toBe(false);
    expect(startupState({ settings: {}, status: {}, serverVersion: '999.0.0' }).reloadPrompt).toBe(false);
  });
});

describe('4. template selection', () => {
  it('mem_cen "1" selects the new member centre, dep_func "1" the new deposit detail, else base', () => {
    expect(selectTemplates({ mobileTemplate: { mem_cen: '1', dep_func: '0' } })).toEqual({ memberCentre: 'new', depositDetail: 'base' });
    expect(selectTemplates({ mobileTemplate: { mem_cen: '0', dep_func: '1' } })).toEqual({ memberCentre: 'base', depositDetail: 'new' });
    expect(selectTemplates({})).toEqual({ memberCentre: 'base', depositDetail: 'base' });
    expect(templateVersion(1)).toBe('base');
  });

  it("a tenant screen's own variant rule decides for its screen", () => {
    const screens = { mine: screen('mobileTemplate.mem_cen', { '1': 'new', '2': 'compact' }), voucherCenter: screen('mobileTemplate.dep_func', { '1': 'new' }) };
    expect(selectTemplates({ mobileTemplate: { mem_cen: '2', dep_func: '1' } }, screens)).toEqual({ memberCentre: 'compact', depositDetail: 'new' });
    expect(selectTemplates({ mobileTemplate: { mem_cen: '7' } }, screens)).toEqual({ memberCentre: 'base', depositDetail: 'base' });
  });
});

describe('5. app', () => {
  it('the app with its templates when nothing stops it', () => {
    expect(startupState({ ...base, settings: { mobileTemplate: { mem_cen: '1', dep_func: '1' } }, status: {}, serverVersion: '1.2.0' })).toEqual({
      view: 'app',
      reloadPrompt: false,
      templates: { memberCentre: 'new', depositDetail: 'new' },
    });
  });
});
