import './totals-strip.css';
import { useTranslation } from '../../../lib/i18n';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { useTenant } from '../../../lib/runtime';
import { formatRecordMoney, formatSignedMoney, toneOf } from './format';

export interface TotalItem {
  label: TranslationKey;
  /** A money amount (currency units), or a count when `count` is set. */
  value: number;
  /** A number of rows, written without currency. */
  count?: boolean;
  /**
   * `signed`: a net result, "+" green or "-" red by its sign; `plus` / `minus`: always that colour
   * (money in, money out); omitted: plain.
   */
  tone?: 'signed' | 'plus' | 'minus';
}

/** The totals of the whole range (not only the rows loaded), from the first page's answer. */
export function TotalsStrip({ items, loading = false }: { items: readonly TotalItem[]; loading?: boolean }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  return (
    <section className="totals-strip" aria-label={t('records_totals')} aria-busy={loading || undefined}>
      <dl className="totals-strip__list">
        {items.map((item) => {
          const tone = item.tone === 'signed' ? toneOf(item.value) : (item.tone ?? 'neutral');
          const text = loading ? '--' : item.count ? String(item.value) : item.tone === 'signed' ? formatSignedMoney(symbol, item.value) : formatRecordMoney(symbol, item.value);
          return (
            <div key={item.label} className="totals-strip__item" data-label={item.label}>
              <dt className="totals-strip__label">{t(item.label)}</dt>
              <dd className={`totals-strip__value totals-strip__value--${loading ? 'neutral' : tone}`}>{text}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
