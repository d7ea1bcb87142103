// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeAppLanguage, htmlLangOf, LANGUAGE_STORAGE_KEY, loadLocaleFile, pickLanguage, setupI18n } from '../../src/lib/i18n';
import en from '../../locales/en.json';
import ty from '../../locales/ty.json';
import { fixtureTenant } from './fixtures/tenant';

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});

describe('i18n', () => {
  it('starts in the tenant default (TY), with <html lang="fil">', async () => {
    const i18n = await setupI18n(fixtureTenant());
    expect(i18n.language).toBe('fil');
    expect(i18n.t('home')).toBe(ty.home);
    expect(document.documentElement.lang).toBe('fil');
  });

  it('loads only the active language file', async () => {
    const loader = vi.fn(loadLocaleFile);
    await setupI18n(fixtureTenant(), { loader });
    expect(loader.mock.calls.map((c) => c[0])).toEqual(['TY']);
  });

  it('uses a stored language the tenant offers, and ignores one it does not', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'EN');
    expect((await setupI18n(fixtureTenant())).t('home')).toBe(en.home);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'KO');
    expect((await setupI18n(fixtureTenant())).language).toBe('fil');
    expect(pickLanguage(fixtureTenant(), null)).toBe('TY');
  });

  it('falls back to EN for a listed language without a file (CN)', async () => {
    const i18n = await setupI18n(fixtureTenant(), { language: 'CN' });
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('home')).toBe(en.home);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('applies tenant overrides over the file, and to a language without a file', async () => {
    const tenant = fixtureTenant();
    tenant.i18n.overrides = { TY: { home: 'Bahay Namin' }, CN: { home: '首页' } };
    const tyI18n = await setupI18n(tenant);
    expect(tyI18n.t('home')).toBe('Bahay Namin');
    expect(tyI18n.t('deposit')).toBe(ty.deposit);
    const cnI18n = await setupI18n(tenant, { language: 'CN' });
    expect(cnI18n.t('home')).toBe('首页');
    expect(cnI18n.t('deposit')).toBe(en.deposit);
  });

  it('changeAppLanguage loads the file, stores the choice and sets <html lang>', async () => {
    const tenant = fixtureTenant();
    const i18n = await setupI18n(tenant);
    await changeAppLanguage(i18n, tenant, 'EN');
    expect(i18n.t('home')).toBe(en.home);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
  });

  it('changeAppLanguage ignores a language the tenant does not offer', async () => {
    const tenant = fixtureTenant();
    const i18n = await setupI18n(tenant);
    await changeAppLanguage(i18n, tenant, 'KO');
    expect(i18n.language).toBe('fil');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('interpolates without HTML-escaping (React escapes)', async () => {
    const i18n = await setupI18n(fixtureTenant(), { language: 'EN' });
    expect(i18n.t('resend_in', { seconds: '<5 & 6>' })).toBe('Resend in <5 & 6>s');
  });

  it('maps tenant codes to BCP 47 tags', () => {
    expect(htmlLangOf('TY')).toBe('fil');
    expect(htmlLangOf('EN')).toBe('en');
  });
});
