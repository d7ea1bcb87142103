// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { I18nProvider } from '../../../src/lib/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../src/lib/api/client';
import { FormTabs, TextField, useFieldForm, useFormTabs, useLanguageRevalidation, useMessageText, type FormTab } from '../../../src/components/form';
import { MobileNumberField, SmsCodeField, failureField, failureMessage } from '../../../src/features/account/components/form-fields';
import type { SmsCountdown } from '../../../src/features/account/sms-countdown';
import { checkRule } from '../../../src/features/account/validation';
import { TY, testI18n } from '../../renderer/harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLanguageRevalidation', () => {
  it('revalidates once, 200 ms after the last language change', async () => {
    vi.useFakeTimers();
    const i18n = testI18n('fil');
    const revalidate = vi.fn();
    const wrapper = ({ children }: { children?: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
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
      <I18nProvider i18n={testI18n('fil')}>
        <Form />
      </I18nProvider>,
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
    const wrapper = ({ children }: { children?: ReactNode }) => <I18nProvider i18n={testI18n('en')}>{children}</I18nProvider>;
    const { result } = renderHook(() => useMessageText(), { wrapper });
    expect(result.current({ key: 'no_such_key_here' })).toBe('Unknown error');
    expect(result.current({ key: 'mobile_min_length', params: { min: 7 } })).toBe('Mobile number must have 7 digits');
    expect(result.current(null)).toBe('');
  });
});

describe('FormTabs', () => {
  const TABS: readonly FormTab<'name' | 'phone'>[] = [
    { value: 'name', label: 'username' },
    { value: 'phone', label: 'mobile_number' },
  ];

  function Tabbed({ shown }: { shown: boolean }) {
    const [mode, setMode] = useState<'name' | 'phone'>('name');
    const tabs = useFormTabs('demo', mode, shown);
    return (
      <I18nProvider i18n={testI18n('fil')}>
        <FormTabs state={tabs} tabs={TABS} onSelect={setMode} />
        <div data-testid="panel" {...tabs.panel}>
          {mode}
        </div>
      </I18nProvider>
    );
  }

  it('ties the tabs to the panel they switch, which the selected tab labels', () => {
    render(<Tabbed shown />);
    const [name, phone] = screen.getAllByRole('tab');
    const panel = screen.getByRole('tabpanel', { name: TY.username });
    expect(screen.getByRole('tablist').className).toBe('account-form__tabs');
    expect([name.textContent, phone.textContent]).toEqual([TY.username, TY.mobile_number]);
    expect(name.id).toMatch(/^demo-tab-name/);
    expect(panel.id).toMatch(/^demo-panel/);
    expect([name.getAttribute('aria-controls'), phone.getAttribute('aria-controls')]).toEqual([panel.id, panel.id]);
    expect([name.getAttribute('aria-selected'), phone.getAttribute('aria-selected')]).toEqual(['true', 'false']);
    fireEvent.click(phone);
    expect([name.getAttribute('aria-selected'), phone.getAttribute('aria-selected')]).toEqual(['false', 'true']);
    expect(panel.getAttribute('aria-labelledby')).toBe(phone.id);
    expect(panel.textContent).toBe('phone');
  });

  it('with one mode shows no tablist, and the panel is a plain element', () => {
    render(<Tabbed shown={false} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    const panel = screen.getByTestId('panel');
    expect(panel.id).toMatch(/^demo-panel/);
    expect(panel.getAttribute('role')).toBeNull();
    expect(panel.getAttribute('aria-labelledby')).toBeNull();
  });
});

describe('MobileNumberField and SmsCodeField', () => {
  const countdown = (sent: boolean): SmsCountdown => ({ seconds: 0, counting: false, sending: false, sent, send: vi.fn(), reset: vi.fn() });

  it('the mobile number cuts input at 20 characters and offers the site’s dialing code besides the chosen one', () => {
    const onValueChange = vi.fn();
    const onDialCodeChange = vi.fn();
    render(
      <I18nProvider i18n={testI18n('fil')}>
        <MobileNumberField name="mobile" value="" onValueChange={onValueChange} dialCode="+86" defaultDialCode="+63" onDialCodeChange={onDialCodeChange} required />
      </I18nProvider>,
    );
    const input = screen.getByLabelText(TY.mobile_number, { selector: 'input' }) as HTMLInputElement;
    expect([input.type, input.inputMode, input.autocomplete, input.maxLength]).toEqual(['tel', 'numeric', 'tel-national', 20]);
    fireEvent.change(input, { target: { value: '9'.repeat(25) } });
    expect(onValueChange).toHaveBeenCalledWith('9'.repeat(20));
    const select = screen.getByRole('combobox', { name: TY.country_code }) as HTMLSelectElement;
    expect(select.className).toBe('form-field__select');
    expect([...select.options].map((o) => o.value)).toEqual(['+63', '+86']);
    expect(select.value).toBe('+86');
    fireEvent.change(select, { target: { value: '+63' } });
    expect(onDialCodeChange).toHaveBeenCalledWith('+63');
  });

  it('the SMS code keeps digits only, takes input once a code was sent, and asks for one with its button', () => {
    const onValueChange = vi.fn();
    const onSend = vi.fn();
    const ui = (sent: boolean) => (
      <I18nProvider i18n={testI18n('fil')}>
        <SmsCodeField name="code" value="" onValueChange={onValueChange} countdown={countdown(sent)} onSend={onSend} required />
      </I18nProvider>
    );
    const { rerender } = render(ui(false));
    const input = () => screen.getByLabelText(TY.verification_code, { selector: 'input' }) as HTMLInputElement;
    expect(input().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    expect(onSend).toHaveBeenCalledTimes(1);
    rerender(ui(true));
    expect([input().disabled, input().inputMode, input().autocomplete, input().maxLength]).toEqual([false, 'numeric', 'one-time-code', 10]);
    fireEvent.change(input(), { target: { value: '12a3-45678901' } });
    expect(onValueChange).toHaveBeenCalledWith('1234567890');
  });
});
