/**
 * The translator is typed by the reference translation file: `t` takes its keys only. Keys known
 * only at run time go through `hasText` / `runtimeText`, which check them against the instance.
 */
import { createTranslator, type TFunction } from '../../src/lib/i18n';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { hasText, runtimeText } from '../../src/lib/feedback';
import type { TranslationKey } from '../../src/lib/i18n-keys';

function instance() {
  const i18n = createTranslator('en', 'en');
  i18n.addResourceBundle('en', { login: 'Log in', resend_in: 'Resend in {{seconds}}s' });
  return i18n;
}

describe('keys known only at run time', () => {
  it('hasText narrows a string to a key when the instance has its text', () => {
    const i18n = instance();
    expect(hasText(i18n, 'login')).toBe(true);
    expect(hasText(i18n, 'no_such_key')).toBe(false);
  });

  it('runtimeText translates a known key (with its parameters) and shows an unknown one as it is', () => {
    const i18n = instance();
    expect(runtimeText(i18n, 'login')).toBe('Log in');
    expect(runtimeText(i18n, 'resend_in', { seconds: 5 })).toBe('Resend in 5s');
    expect(runtimeText(i18n, 'no_such_key')).toBe(i18n.t('no_such_key' as TranslationKey));
  });
});

/** Never run: `tsc` checks these lines (the test run only proves the file loads). */
function typeContracts(t: TFunction, key: string): void {
  expectTypeOf(t('login')).toEqualTypeOf<string>();
  void t('resend_in', { seconds: 5 });
  // @ts-expect-error a key no translation file defines
  void t('unknown_key');
  // @ts-expect-error a string that is not known to be a key
  void t(key);
  // A plural text is called by its key, the count picking the form; its forms are not keys.
  void t('team_bets_count', { count: 2 });
  // @ts-expect-error a plural form's own name
  void t('team_bets_count_one');
  expectTypeOf<'login'>().toMatchTypeOf<TranslationKey>();
  expectTypeOf<'unknown_key'>().not.toMatchTypeOf<TranslationKey>();
}
void typeContracts;
