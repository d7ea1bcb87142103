// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaleNotice } from '../../src/app/shell/stale-notice';
import { staleData } from '../../src/lib/api/client';
import { I18nProvider } from '../../src/lib/i18n';
import { testI18n, TY } from '../renderer/harness';
import en from '../../locales/en.json';

afterEach(() => {
  cleanup();
  (staleData.stale = false);
});

describe('stale data notice', () => {
  it('shows "some data may be out of date" while the API client holds a stale answer, in the visitor\'s language, and goes when one comes fresh', () => {
    render(
      <I18nProvider i18n={testI18n()}>
        <StaleNotice />
      </I18nProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => (staleData.stale = true));
    expect(screen.getByRole('status').textContent).toBe(TY.stale_data_notice);
    act(() => (staleData.stale = false));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('has its English text', () => {
    render(
      <I18nProvider i18n={testI18n('en')}>
        <StaleNotice />
      </I18nProvider>,
    );
    act(() => (staleData.stale = true));
    expect(screen.getByRole('status').textContent).toBe(en.stale_data_notice);
  });
});
