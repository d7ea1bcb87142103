// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '../../src/lib/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormTabs, SubmitButton, TextField, useFieldForm, useFormTabs, usePending, type FormTab } from '../../src/components/form';
import { TY, testI18n } from '../renderer/harness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Mode = 'name' | 'phone' | 'mail';

const TABS: readonly FormTab<Mode>[] = [
  { value: 'name', label: 'username' },
  { value: 'phone', label: 'mobile_number' },
  { value: 'mail', label: 'email' },
];

function Tabbed({ onSelect }: { onSelect?: (mode: Mode) => void }) {
  const [mode, setMode] = useState<Mode>('name');
  const tabs = useFormTabs('demo', mode, true);
  return (
    <I18nProvider i18n={testI18n('fil')}>
      <button type="button">before</button>
      <FormTabs
        state={tabs}
        tabs={TABS}
        onSelect={(next) => {
          onSelect?.(next);
          setMode(next);
        }}
      />
      <div {...tabs.panel}>{mode}</div>
    </I18nProvider>
  );
}

describe('FormTabs: roving tabindex', () => {
  const tabs = () => screen.getAllByRole('tab');
  const selected = () => tabs().map((t) => t.getAttribute('aria-selected') === 'true');
  const tabbable = () => tabs().map((t) => t.tabIndex);

  it('only the selected tab is a tab stop', () => {
    render(<Tabbed />);
    expect(tabbable()).toEqual([0, -1, -1]);
    fireEvent.click(tabs()[2]);
    expect(tabbable()).toEqual([-1, -1, 0]);
    expect(selected()).toEqual([false, false, true]);
  });

  it('the arrow keys move focus and selection, wrapping at either end', () => {
    const onSelect = vi.fn();
    render(<Tabbed onSelect={onSelect} />);
    tabs()[0].focus();
    fireEvent.keyDown(tabs()[0], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs()[1]);
    expect(selected()).toEqual([false, true, false]);
    expect(tabbable()).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tabpanel', { name: TY.mobile_number }).textContent).toBe('phone');

    fireEvent.keyDown(tabs()[1], { key: 'ArrowRight' });
    fireEvent.keyDown(tabs()[2], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs()[0]);
    expect(selected()).toEqual([true, false, false]);

    fireEvent.keyDown(tabs()[0], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs()[2]);
    expect(selected()).toEqual([false, false, true]);
    expect(onSelect.mock.calls.map(([m]) => m)).toEqual(['phone', 'mail', 'name', 'mail']);
  });

  it('Home and End go to the first and last tab; other keys are left alone', () => {
    render(<Tabbed />);
    tabs()[0].focus();
    fireEvent.keyDown(tabs()[0], { key: 'End' });
    expect(document.activeElement).toBe(tabs()[2]);
    expect(selected()).toEqual([false, false, true]);
    fireEvent.keyDown(tabs()[2], { key: 'Home' });
    expect(document.activeElement).toBe(tabs()[0]);
    expect(selected()).toEqual([true, false, false]);

    const other = fireEvent.keyDown(tabs()[0], { key: 'ArrowDown' });
    const letter = fireEvent.keyDown(tabs()[0], { key: 'a' });
    expect([other, letter]).toEqual([true, true]);
    expect(document.activeElement).toBe(tabs()[0]);
    expect(selected()).toEqual([true, false, false]);
  });
});

/** A deferred answer: the test decides when the call settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SubmitButton', () => {
  function Form({ onSubmit }: { onSubmit: () => unknown }) {
    return (
      <form>
        <input aria-label="name" />
        <SubmitButton className="account-form__submit" onSubmit={onSubmit}>
          go
        </SubmitButton>
      </form>
    );
  }
  const button = () => screen.getByRole('button', { name: 'go' }) as HTMLButtonElement;

  it('is disabled in the server\'s HTML, so nothing submits the form natively before the page runs its script', () => {
    const html = renderToString(<Form onSubmit={() => undefined} />);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    render(<Form onSubmit={() => undefined} />);
    expect(button().disabled).toBe(false);
  });

  it('is busy while the submission runs and idle again once it succeeds', async () => {
    const call = deferred();
    const onSubmit = vi.fn(() => call.promise);
    render(<Form onSubmit={onSubmit} />);
    expect(button().type).toBe('submit');
    expect(button().className).toBe('account-form__submit');
    fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect([button().disabled, button().getAttribute('aria-busy')]).toEqual([true, 'true']);
    await act(async () => call.resolve());
    expect([button().disabled, button().getAttribute('aria-busy')]).toEqual([false, null]);
  });

  it('a rejected submission clears the busy state too (finally), and is reported', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = deferred();
    render(<Form onSubmit={() => call.promise} />);
    fireEvent.click(button());
    expect(button().disabled).toBe(true);
    await act(async () => call.reject(new Error('boom')));
    expect([button().disabled, button().getAttribute('aria-busy')]).toEqual([false, null]);
    expect(error).toHaveBeenCalledWith('submission failed', expect.any(Error));
  });

  it('fields that fail their check send nothing: the button never turns busy', () => {
    const onSubmit = vi.fn(() => undefined);
    render(<Form onSubmit={onSubmit} />);
    fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(false);
  });

  it('takes the submission instead of the browser: the form is not submitted', () => {
    const onFormSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
    render(<Form onSubmit={() => undefined} />);
    button().form!.addEventListener('submit', onFormSubmit);
    fireEvent.click(button());
    expect(onFormSubmit).not.toHaveBeenCalled();
  });
});

describe('useFieldForm on a server-rendered form', () => {
  function NameForm({ onValue }: { onValue: (v: string) => void }) {
    const form = useFieldForm<'name'>(() => ({ name: '' }), () => null);
    return (
      <>
        <TextField {...form.bind('name')} label="username" />
        <button type="button" onClick={() => onValue(form.values.name)}>
          read
        </button>
      </>
    );
  }

  it('keeps what was typed before the page ran its script', async () => {
    const onValue = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <I18nProvider i18n={testI18n()}>
        <NameForm onValue={onValue} />
      </I18nProvider>,
    );
    document.body.appendChild(container);
    (container.querySelector('input') as HTMLInputElement).value = 'typed early';
    await act(async () => {
      hydrateRoot(
        container,
        <I18nProvider i18n={testI18n()}>
          <NameForm onValue={onValue} />
        </I18nProvider>,
      );
    });
    fireEvent.click(screen.getByRole('button', { name: 'read' }));
    expect(onValue).toHaveBeenCalledWith('typed early');
    container.remove();
  });
});

describe('usePending', () => {
  it('ignores a second action while one runs, and clears in finally when it throws', async () => {
    const { result } = renderHook(() => usePending());
    const call = deferred();
    const second = vi.fn();
    let first!: Promise<void>;
    act(() => {
      first = result.current.run(() => call.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(() => result.current.run(second));
    expect(second).not.toHaveBeenCalled();
    await act(async () => {
      call.reject(new Error('boom'));
      await expect(first).rejects.toThrow('boom');
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run(second));
    expect(second).toHaveBeenCalledTimes(1);
  });
});
