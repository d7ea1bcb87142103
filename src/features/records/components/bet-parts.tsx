import './bet-parts.css';
import type { ReactNode } from 'react';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { isTranslationKey } from '../../../lib/i18n-keys';
import { useTenant } from '../../../lib/runtime';
import { formatRecordMoney, formatSignedMoney, toneOf } from './format';
import { RecordRow } from './record-states';

/** A category's name: the game menu's label when there is one, else its code. */
export function betCategoryName(t: TFunction, code: string): string {
  const key = `cat_${code}`;
  return isTranslationKey(key) ? t(key) : code;
}

/**
 * The category chips over a list of bets: "all", then the menu's categories; a category the
 * address names but the menu lacks still shows, so the pressed chip is visible.
 */
export function BetCategoryChips({ chips, value, onChange }: { chips: readonly string[]; value: string | undefined; onChange(next: string | null): void }) {
  const { t } = useTranslation();
  const shown = value && !chips.includes(value) ? [...chips, value] : chips;
  return (
    <div className="bet-categories" role="group" aria-label={t('bet_categories_label')}>
      <button type="button" className="record-chip" aria-pressed={value === undefined} onClick={() => onChange(null)}>
        {t('all')}
      </button>
      {shown.map((code) => (
        <button key={code} type="button" className="record-chip" aria-pressed={value === code} data-category={code} onClick={() => onChange(code)}>
          {betCategoryName(t, code)}
        </button>
      ))}
    </div>
  );
}

/** One bet in a list: its net result, signed and coloured, over its stake and win. */
export function BetRow({ bet, title, subtitle, onOpen }: { bet: { net: number; stake: number; win: number }; title: ReactNode; subtitle: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  return (
    <RecordRow
      title={title}
      subtitle={subtitle}
      amount={formatSignedMoney(symbol, bet.net)}
      amountTone={toneOf(bet.net)}
      badge={
        <span className="bet-stakes">
          {t('bet_row_stake', { amount: formatRecordMoney(symbol, bet.stake) })}
          {' · '}
          {t('bet_row_win', { amount: formatRecordMoney(symbol, bet.win) })}
        </span>
      }
      onOpen={onOpen}
    />
  );
}
