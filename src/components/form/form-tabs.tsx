import './form-tabs.css';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { TranslationKey } from '../../lib/i18n-keys';

/** One tab of a form's mode switch: its value and its label's i18n key. */
export interface FormTab<T extends string> {
  value: T;
  label: TranslationKey;
}

/** The ids tying a form's mode tabs to the panel they switch. */
export interface FormTabsState<T extends string> {
  /** Whether the tab strip shows (the form offers more than one mode). */
  shown: boolean;
  selected: T;
  tabId(tab: T): string;
  /** Props of the element the tabs switch: a tabpanel labelled by the selected tab while the strip shows. */
  panel: { id: string; role: 'tabpanel' | undefined; 'aria-labelledby': string | undefined };
}

/** Ids for `FormTabs` and its panel: `<name>-tab-<value>` and `<name>-panel`, unique per form. */
export function useFormTabs<T extends string>(name: string, selected: T, shown: boolean): FormTabsState<T> {
  const ids = useId();
  const tabId = (tab: T) => `${name}-tab-${tab}${ids}`;
  return {
    shown,
    selected,
    tabId,
    panel: { id: `${name}-panel${ids}`, role: shown ? 'tabpanel' : undefined, 'aria-labelledby': shown ? tabId(selected) : undefined },
  };
}

export interface FormTabsProps<T extends string> {
  state: FormTabsState<T>;
  /** The modes, in order. */
  tabs: readonly FormTab<T>[];
  onSelect(tab: NoInfer<T>): void;
}

/**
 * A form's mode switch (username or mobile, phone or e-mail): a tablist, or nothing when only one
 * mode is offered. One tab stop: Tab reaches the selected tab, and the arrow keys, Home and End
 * move focus and selection together (WAI-ARIA tabs with automatic activation).
 */
export function FormTabs<T extends string>({ state, tabs, onSelect }: FormTabsProps<T>) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (!state.shown) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const current = tabs.findIndex((tab) => tab.value === state.selected);
    const last = tabs.length - 1;
    let next: number;
    switch (e.key) {
      case 'ArrowRight':
        next = current >= last ? 0 : current + 1;
        break;
      case 'ArrowLeft':
        next = current <= 0 ? last : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    e.preventDefault();
    buttons.current[next]?.focus();
    if (next !== current) onSelect(tabs[next].value);
  };

  return (
    <div className="account-form__tabs" role="tablist">
      {tabs.map(({ value, label }, i) => (
        <button
          key={value}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          id={state.tabId(value)}
          aria-selected={state.selected === value}
          aria-controls={state.panel.id}
          tabIndex={state.selected === value ? 0 : -1}
          className="account-form__tab"
          onClick={() => onSelect(value)}
          onKeyDown={onKeyDown}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
