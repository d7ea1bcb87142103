import './range-bar.css';
import { useId, useState, type ChangeEvent } from 'react';
import { tenantTimeZone } from '../../../lib/app-config';
import { checkCustomRange, earliestDay, presetRange, zoneDate, type RangeChoice, type RangeProblem } from '../../../domain/date-range';
import { useTranslation } from '../../../lib/i18n';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { useTenant } from '../../../lib/runtime';
import { useClientValue } from '../../../lib/hydration';

/** The range a records screen shows: a preset, or custom days (YYYY-MM-DD, the tenant's calendar). */
export interface RangeValue {
  choice: RangeChoice;
  start?: string;
  end?: string;
}

/** Where every records screen starts: the tenant's today. */
export const TODAY_RANGE: RangeValue = { choice: 'today' };

const RANGE_CHOICES: readonly RangeChoice[] = ['today', 'yesterday', '7d', '30d', 'custom'];

const CHOICE_LABEL: Record<RangeChoice, TranslationKey> = {
  today: 'range_today',
  yesterday: 'range_yesterday',
  '7d': 'range_7d',
  '30d': 'range_30d',
  month: 'range_month',
  custom: 'range_custom',
};

/** The message of each problem the server also answers 400 for (date.* error codes). */
const RANGE_PROBLEM_KEY: Record<RangeProblem['code'], TranslationKey> = {
  'date.invalid': 'err_date_invalid',
  'date.range.order': 'err_date_range_order',
  'date.range.length': 'err_date_range_length',
  'date.range.old': 'err_date_range_old',
  'date.range.future': 'err_date_range_future',
};

/** The query parameters of a records call for a range (range, and start and end when custom). */
export function rangeQuery(v: RangeValue): { range: RangeChoice; start?: string; end?: string } {
  if (v.choice !== 'custom') return { range: v.choice };
  return { range: 'custom', start: v.start, end: v.end };
}

interface Draft {
  start: string;
  end: string;
  /** The tenant's today when the draft was last touched: the limits it is checked against. */
  today: string;
}

export interface RangeBarProps {
  value: RangeValue;
  /** Called with a preset, or with custom days once they pass the same checks as the server's. */
  onChange(v: RangeValue): void;
  choices?: readonly RangeChoice[];
}

/**
 * The date-range chips of the records screens (today, yesterday, last 7 and 30 days, custom).
 * Custom opens two date inputs limited to the last 90 days of the tenant's calendar (its time zone,
 * not the phone's); days that the server would refuse show the reason beside the inputs and are
 * not passed on, so the list keeps the last good range. "Today" is read in the browser only (on a
 * tap, or once the page runs there), never during the server's render.
 */
export function RangeBar({ value, onChange, choices = RANGE_CHOICES }: RangeBarProps) {
  const { t } = useTranslation();
  const timeZone = tenantTimeZone(useTenant());
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  // A custom value given from outside (a screen opened on one) shows its days; limits once in the browser.
  const clientToday = useClientValue(() => zoneDate(timeZone), '');
  const shown = draft ?? (value.choice === 'custom' && value.start !== undefined && value.end !== undefined ? { start: value.start, end: value.end, today: clientToday } : null);
  const problem = shown && shown.today ? checkCustomRange(shown.start, shown.end, shown.today) : null;
  const customOpen = shown !== null || value.choice === 'custom';

  const pick = (choice: RangeChoice) => {
    if (choice !== 'custom') {
      setDraft(null);
      if (choice !== value.choice) onChange({ choice });
      return;
    }
    if (customOpen) return;
    const today = zoneDate(timeZone);
    const days = presetRange(value.choice === 'custom' ? 'today' : value.choice, today);
    setDraft({ ...days, today });
    if (!checkCustomRange(days.start, days.end, today)) onChange({ choice: 'custom', ...days });
  };

  const edit = (field: 'start' | 'end') => (e: ChangeEvent<HTMLInputElement>) => {
    const today = zoneDate(timeZone);
    const base = shown ?? { start: today, end: today };
    const next: Draft = { start: base.start, end: base.end, [field]: e.target.value, today };
    setDraft(next);
    if (!checkCustomRange(next.start, next.end, today)) onChange({ choice: 'custom', start: next.start, end: next.end });
  };

  const limitsToday = shown?.today || clientToday;
  const min = limitsToday ? earliestDay(limitsToday) : undefined;
  const max = limitsToday || undefined;
  const problemId = `${id}-problem`;
  const fieldProps = (field: 'start' | 'end') => ({
    type: 'date',
    className: 'range-bar__date',
    value: shown?.[field] ?? '',
    min,
    max,
    onChange: edit(field),
    'aria-invalid': problem?.field === field || undefined,
    'aria-describedby': problem?.field === field ? problemId : undefined,
  });

  return (
    <div className="range-bar">
      <div className="range-bar__chips" role="group" aria-label={t('range_label')}>
        {choices.map((choice) => {
          const pressed = choice === 'custom' ? customOpen : !customOpen && value.choice === choice;
          return (
            <button key={choice} type="button" className="range-bar__chip" aria-pressed={pressed} data-choice={choice} onClick={() => pick(choice)}>
              {t(CHOICE_LABEL[choice])}
            </button>
          );
        })}
      </div>
      {customOpen && (
        <div className="range-bar__custom">
          <label className="range-bar__field">
            <span className="range-bar__label">{t('range_start')}</span>
            <input {...fieldProps('start')} />
          </label>
          <label className="range-bar__field">
            <span className="range-bar__label">{t('range_end')}</span>
            <input {...fieldProps('end')} />
          </label>
          {problem && (
            <p id={problemId} className="range-bar__problem" role="alert">
              {t(RANGE_PROBLEM_KEY[problem.code])}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
