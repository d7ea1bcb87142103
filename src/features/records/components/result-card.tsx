import './result-card.css';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { useTenant } from '../../../lib/runtime';
import { formatSignedMoney, toneOf } from './format';

/**
 * A range's net result: its label, the amount signed and tinted green or red by its sign, then
 * whatever explains it (`children`). `labelId` names the section for assistive technology.
 */
export function ResultCard({ labelId, label, amount, figure, children }: { labelId: string; label: TranslationKey; amount: number; figure?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  return (
    <section className={`result-card result-card--${toneOf(amount)}`} aria-labelledby={labelId} data-figure={figure}>
      <h2 className="result-card__label" id={labelId}>
        {t(label)}
      </h2>
      <p className="result-card__amount">{formatSignedMoney(symbol, amount)}</p>
      {children}
    </section>
  );
}
