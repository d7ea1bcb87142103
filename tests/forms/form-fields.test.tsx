// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/lib/api/client';
import { TextField, failureField, failureMessage, useFieldForm, useLanguageRevalidation, useMessageText } from '../../src/lib/form-fields';
import { checkRule } from '../../src/lib/validation';
import { TY, testI18n } from '../renderer/harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLanguageRevalidation', () => {
  it('revalidates once, 200 ms after the last language change', async () => {
    vi.useFakeTimers();
    const i18n = testI18n('fil');
    const revalidate = vi.fn();
    const wrapper = ({ children }: { children?: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    const { unmount } = renderHook(() => useLanguageRevalidation(revalidate), { wrapper });
    await act(async () => {
      await i18n.changeLanguage('en');
      vi.advanceTimersByTime(100);
      await i18n.changeLanguage('fil');
      vi.advanceTimersByTime(199);
    });
    expect(revalidate).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(revalidate).toHaveBeenCalledTimes(1);
    unmount();
    await act(async () => {
      await i18n.changeLanguage('en');
      vi.advanceTimersByTime(500);
    });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});

describe('useFieldForm', () => {
  const rule = { pattern: '^[a-z]{3,}$', messageKey: 'format_account' };

  function Form() {
    const form = useFieldForm<'name'>(() => ({ name: '' }), (_f, v) => checkRule(rule, v.name, { required: true }));
    useLanguageRevalidation(form.revalidateFilled);
    return (
      <>
        <TextField {...form.bind('name')} label="username" required />
        <button type="button" onClick={() => form.checkAll(['name'])}>
          check
        </button>
      </>
    );
  }

  it('validates a field once it was left, then as it changes; checkAll focuses the first invalid field', () => {
    render(
      <I18nextProvider i18n={testI18n('fil')}>
        <Form />
      </I18nextProvider>,
    );
    const input = screen.getByLabelText(TY.username);
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.queryByText(TY.format_account)).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText(TY.format_account)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText(TY.format_account).id);
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.queryByText(TY.format_account)).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    input.blur();
    fireEvent.click(screen.getByRole('button', { name: 'check' }));
    expect(screen.getByText(TY.field_required)).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });
});

describe('messages of failed calls', () => {
  it('a validation failure shows the field rule’s key and names the field', () => {
    const err = new ApiFailure('validation.failed', 'err_validation_failed', 400, { field: '/username', messageKey: 'format_account' });
    expect(failureMessage(err)).toEqual({ key: 'format_account' });
    expect(failureField(err)).toBe('username');
  });
  it('other failures show their own key; unknown errors the generic one', () => {
    expect(failureMessage(new ApiFailure('username.exists', 'username_exists', 409))).toEqual({ key: 'username_exists' });
    expect(failureField(new ApiFailure('username.exists', 'username_exists', 409))).toBeUndefined();
    expect(failureMessage(new Error('boom'))).toEqual({ key: 'unknown_error' });
  });
  it('a key the translation files lack shows unknown_error instead of the raw key', () => {
    const wrapper = ({ children }: { children?: ReactNode }) => <I18nextProvider i18n={testI18n('en')}>{children}</I18nextProvider>;
    const { result } = renderHook(() => useMessageText(), { wrapper });
    expect(result.current({ key: 'no_such_key_here' })).toBe('Unknown error');
    expect(result.current({ key: 'mobile_min_length', params: { min: 7 } })).toBe('Mobile number must have 7 digits');
    expect(result.current(null)).toBe('');
  });
});
