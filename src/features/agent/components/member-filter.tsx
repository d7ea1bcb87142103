import './member-filter.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { TranslationKey } from '../../../lib/i18n-keys';

export interface MemberFilterProps {
  /** The filter in force (from the address); '' none. */
  value: string;
  /** Called with the trimmed text on submit, '' on clear. */
  onChange(value: string): void;
  label: TranslationKey;
  placeholder: TranslationKey;
}

/** A username filter of the team screens: applied on submit (not on every key), cleared in one tap. */
export function MemberFilter({ value, onChange, label, placeholder }: MemberFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed elsewhere (back button, a link): the field follows it.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange(draft.trim());
  };
  return (
    <form className="member-filter" role="search" onSubmit={submit}>
      <input
        className="member-filter__input"
        type="search"
        value={draft}
        maxLength={64}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-label={t(label)}
        placeholder={t(placeholder)}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="member-filter__go">
        {t('team_filter_apply')}
      </button>
      {value ? (
        <button
          type="button"
          className="member-filter__clear"
          onClick={() => {
            setDraft('');
            onChange('');
          }}
        >
          {t('team_filter_clear')}
        </button>
      ) : null}
    </form>
  );
}
