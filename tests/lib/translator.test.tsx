// @vitest-environment jsdom
/**
 * The site's translator (src/lib/i18n.ts): what it shows for a key, how it fills `{{x}}`, how it
 * tells of language changes, and how `useTranslation` renders on the server, in hydration and after.
 */
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator, I18nProvider, setupI18n, useTranslation, type I18n, type Messages } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { currentLanguageCode } from '../../src/lib/language';
import { fixtureTenant } from '../renderer/fixtures/tenant';
import { EN, TY, testI18n } from '../renderer/harness';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** A translator in `language` with EN as the fallback and the given texts. */
function translator(language: string, texts: Record<string, Messages>): I18n {
  const i18n = createTranslator(language, 'en');
  for (const [lng, messages] of Object.entries(texts)) i18n.addResourceBundle(lng, messages);
  return i18n;
}

/** Keys made up for a test are not in the reference file: `t` is typed to refuse them. */
const key = (k: string) => k as TranslationKey;

describe('Translator: which text a key shows', () => {
  const i18n = translator('fil', { fil: { a: 'A fil', empty: '' }, en: { a: 'A en', b: 'B en', empty_en: '' } });

  it('takes the active language first, then the fallback, then the key itself', () => {
    expect(i18n.t(key('a'))).toBe('A fil');
    expect(i18n.t(key('b'))).toBe('B en');
    expect(i18n.t(key('no_such_key'))).toBe('no_such_key');
    expect(i18n.t(key('dots.and:colons are text'))).toBe('dots.and:colons are text');
  });

  it('shows an empty text as empty (it is a text, not a missing one)', () => {
    expect(i18n.t(key('empty'))).toBe('');
    expect(i18n.t(key('empty_en'))).toBe('');
    expect(i18n.exists('empty')).toBe(true);
  });

  it('does not take names of Object.prototype for texts', () => {
    for (const k of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(i18n.t(key(k))).toBe(k);
      expect(i18n.exists(k)).toBe(false);
    }
  });

  it('exists follows the same chain', () => {
    expect(i18n.exists('a')).toBe(true);
    expect(i18n.exists('b')).toBe(true);
    expect(i18n.exists('no_such_key')).toBe(false);
  });

  it('in the fallback language itself, looks there once', () => {
    const en = translator('en', { en: { a: 'A en' } });
    expect(en.t(key('a'))).toBe('A en');
    expect(en.t(key('zz'))).toBe('zz');
  });

  it('a later bundle for a language adds to it, its texts winning', () => {
    const later = translator('en', { en: { a: 'A', b: 'B' } });
    later.addResourceBundle('en', { b: 'B2', c: 'C' });
    expect([later.t(key('a')), later.t(key('b')), later.t(key('c'))]).toEqual(['A', 'B2', 'C']);
    expect(later.hasResourceBundle('en')).toBe(true);
    expect(later.hasResourceBundle('fil')).toBe(false);
  });

  it('an empty bundle still counts as loaded (a language without a file or overrides)', () => {
    const cn = translator('zh-CN', { 'zh-CN': {}, en: { a: 'A en' } });
    expect(cn.hasResourceBundle('zh-CN')).toBe(true);
    expect(cn.t(key('a'))).toBe('A en');
  });
});

describe('Translator: interpolation (as i18next with escapeValue off)', () => {
  const i18n = translator('en', { en: { one: 'Hi {{name}}!', two: '{{a}} and {{b}}', spaced: '{{ name }}.', raw: '{{- name}}?', twice: '{{x}}{{x}}' } });

  it('fills a placeholder with String(value), unescaped', () => {
    expect(i18n.t(key('one'), { name: 'Ana' })).toBe('Hi Ana!');
    expect(i18n.t(key('one'), { name: 0 })).toBe('Hi 0!');
    expect(i18n.t(key('one'), { name: false })).toBe('Hi false!');
    expect(i18n.t(key('one'), { name: '<b>&amp;</b>' })).toBe('Hi <b>&amp;</b>!');
    expect(i18n.t(key('twice'), { x: 'q' })).toBe('qq');
  });

  it('leaves a placeholder with no value as it is; one given as null or undefined becomes empty', () => {
    expect(i18n.t(key('one'))).toBe('Hi {{name}}!');
    expect(i18n.t(key('two'), { b: 2 })).toBe('{{a}} and 2');
    expect(i18n.t(key('one'), { name: undefined })).toBe('Hi !');
    expect(i18n.t(key('one'), { name: null })).toBe('Hi !');
  });

  it('trims the name, and reads {{- name}} as {{name}}', () => {
    expect(i18n.t(key('spaced'), { name: 'x' })).toBe('x.');
    expect(i18n.t(key('raw'), { name: '<i>' })).toBe('<i>?');
  });

  it('does not fill a value again, nor treat $ patterns in it as replacement patterns', () => {
    expect(i18n.t(key('one'), { name: '{{name}}' })).toBe('Hi {{name}}!');
    expect(i18n.t(key('one'), { name: "$& $1 $'" })).toBe("Hi $& $1 $'!");
  });

  it('fills a missing key shown as itself too', () => {
    expect(i18n.t(key('Hello {{who}}'), { who: 'you' })).toBe('Hello you');
  });

  it('does not take a parameter from Object.prototype', () => {
    expect(translator('en', { en: { p: '{{constructor}}' } }).t(key('p'), {})).toBe('{{constructor}}');
  });
});

describe('Translator: language changes', () => {
  it('changes the language, notifies listeners with the tag, and resolves after they ran', async () => {
    const i18n = testI18n('fil');
    const seen: string[] = [];
    const listener = (lng: string) => seen.push(`${lng}:${i18n.language}`);
    i18n.on('languageChanged', listener);
    const done = i18n.changeLanguage('en');
    expect(seen).toEqual(['en:en']);
    await done;
    expect(i18n.language).toBe('en');
    expect(i18n.t('home')).toBe(EN.home);
    // Like i18next, a change to the language already shown still notifies.
    await i18n.changeLanguage('en');
    expect(seen).toEqual(['en:en', 'en:en']);
    i18n.off('languageChanged', listener);
    await i18n.changeLanguage('fil');
    expect(seen).toHaveLength(2);
  });

  it('a listener that unsubscribes while notified does not stop the others', async () => {
    const i18n = testI18n('fil');
    const calls: string[] = [];
    const first = () => {
      calls.push('first');
      i18n.off('languageChanged', first);
    };
    i18n.on('languageChanged', first);
    i18n.on('languageChanged', () => calls.push('second'));
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('fil');
    expect(calls).toEqual(['first', 'second', 'second']);
  });

  it('a view holds its language; changes made through it reach the translator', async () => {
    const i18n = testI18n('fil');
    const { result, rerender } = renderHook(() => useTranslation(), { wrapper: wrapperFor(i18n) });
    const fil = result.current;
    rerender();
    expect(result.current).toBe(fil);
    await act(() => fil.i18n.changeLanguage('en'));
    expect(i18n.language).toBe('en');
    expect(fil.i18n.language).toBe('fil');
    expect(fil.t('home')).toBe(TY.home);
    expect(i18n.t('home')).toBe(EN.home);
    expect(fil.i18n.translator).toBe(i18n);
  });
});

describe('setupI18n: files and tenant overrides', () => {
  it('overrides go over the file; a language without a file gets its overrides over the EN fallback', async () => {
    const tenant = fixtureTenant();
    tenant.i18n.overrides = { EN: { home: 'Our Home' }, CN: { deposit: '存款' } };
    const cn = await setupI18n(tenant, { language: 'CN' });
    expect(cn.language).toBe('zh-CN');
    expect(cn.t('deposit')).toBe('存款');
    // The fallback is EN as the tenant shows it, overrides included.
    expect(cn.t('home')).toBe('Our Home');
    expect(cn.t('withdraw')).toBe(EN.withdraw);
  });
});

function wrapperFor(i18n: I18n) {
  return ({ children }: { children?: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

describe('useTranslation', () => {
  it('re-renders on a language change, with one t per language', async () => {
    const i18n = testI18n('fil');
    const { result, rerender } = renderHook(() => useTranslation(), { wrapper: wrapperFor(i18n) });
    const fil = result.current;
    expect(fil.t('home')).toBe(TY.home);
    expect(fil.i18n.language).toBe('fil');
    rerender();
    expect(result.current.t).toBe(fil.t);
    expect(result.current.i18n).toBe(fil.i18n);

    await act(() => i18n.changeLanguage('en'));
    expect(result.current.t('home')).toBe(EN.home);
    expect(result.current.t).not.toBe(fil.t);
    expect(result.current.i18n.language).toBe('en');

    await act(() => i18n.changeLanguage('fil'));
    expect(result.current.t).toBe(fil.t);
  });

  it('an effect on t runs once per language', async () => {
    const i18n = testI18n('fil');
    const ran: string[] = [];
    function Title() {
      const { t } = useTranslation();
      useEffect(() => {
        ran.push(t('home'));
      }, [t]);
      return <p>{t('home')}</p>;
    }
    const { rerender } = render(<Title />, { wrapper: wrapperFor(i18n) });
    rerender(<Title />);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(EN.home)).toBeTruthy();
    expect(ran).toEqual([TY.home, EN.home]);
  });

  it('outside a provider shows every key as itself', () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('home')).toBe('home');
    expect(result.current.i18n.exists('home')).toBe(false);
  });
});

describe('server render and hydration', () => {
  const tenant = fixtureTenant();
  const rendered: string[] = [];

  function Page() {
    const { t, i18n } = useTranslation();
    rendered.push(i18n.language);
    return (
      <main lang={i18n.language}>
        <h1>{t('home')}</h1>
        <p>{t('resend_in', { seconds: 5 })}</p>
        <span>{currentLanguageCode(i18n, tenant)}</span>
        <span>{i18n.exists('deposit') ? t('deposit') : 'deposit'}</span>
      </main>
    );
  }

  const page = (i18n: I18n) => (
    <I18nProvider i18n={i18n}>
      <Page />
    </I18nProvider>
  );

  async function hydrate(html: string, client: I18n) {
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, page(client), { onRecoverableError });
    });
    return { container, onRecoverableError, consoleError };
  }

  it('the client first render is the server render', async () => {
    const html = renderToString(page(testI18n('fil')));
    expect(html).toContain(TY.home);
    const { container, onRecoverableError, consoleError } = await hydrate(html, testI18n('fil'));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    container.remove();
  });

  it('a change before hydration hydrates in the rendered language, then re-renders in the new one', async () => {
    const html = renderToString(page(testI18n('fil')));
    const client = testI18n('fil');
    // As main.tsx does for a choice the server did not know of yet.
    await client.changeLanguage('en');
    rendered.length = 0;
    const { container, onRecoverableError, consoleError } = await hydrate(html, client);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(rendered[0]).toBe('fil');
    expect(rendered.at(-1)).toBe('en');
    expect(container.querySelector('h1')?.textContent).toBe(EN.home);
    expect(container.querySelector('main')?.getAttribute('lang')).toBe('en');
    container.remove();
  });
});
