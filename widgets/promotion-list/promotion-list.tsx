import './styles.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PromotionListProps } from '../../src/generated/widgets/promotion-list';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { isTranslationKey, type TranslationKey } from '../../src/lib/i18n-keys';
import { currentLanguageCode } from '../../src/lib/language';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { usePromotions, type Promotion } from '../../src/features/engagement';
import { formatRecordTime } from '../../src/features/records';
import { href } from '../../src/lib/routes';

const ALL = '';

/** The status label key of spec section 3 (promo_status_*). */
const statusKey = (status: NonNullable<Promotion['status']>) => `promo_status_${status}` as const;

/** A category's label: its promo_category_* key when the locales have one, else its code. */
function categoryLabel(t: (key: TranslationKey) => string, category: string): string {
  const key = `promo_category_${category.toLowerCase()}`;
  return isTranslationKey(key) ? t(key) : category;
}

function Period({ promotion, timeZone }: { promotion: Promotion; timeZone: string }) {
  const { t } = useTranslation();
  if (!promotion.startsAt && !promotion.endsAt) return <span className="promotion-card__period">{t('promo_period_always')}</span>;
  const day = (iso?: string) => (iso ? formatRecordTime(iso, timeZone).slice(0, 10) : '');
  return <span className="promotion-card__period">{t('promo_period', { start: day(promotion.startsAt) || '—', end: day(promotion.endsAt) || '—' })}</span>;
}

function PromotionList({ categories, detailTo = href('activityInfo') }: WidgetComponentProps<PromotionListProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const lang = currentLanguageCode(i18n, tenant);
  // Statuses are the member's: the list is read per member after hydration, as a visitor before.
  const list = usePromotions(lang, true, hydrated && scope ? scope : '');
  const [tab, setTab] = useState(ALL);
  const timeZone = tenantTimeZone(tenant);
  const data = list.data ?? [];
  const tabs = categories ?? [...new Set(data.map((p) => p.category))];
  const shown = tab === ALL ? data : data.filter((p) => p.category === tab);

  return (
    <div className="promotion-list">
      <div className="promotion-list__tabs" role="tablist" aria-label={t('promotions')}>
        {[ALL, ...tabs].map((c) => (
          <button key={c || 'all'} type="button" role="tab" aria-selected={tab === c} className={`promotion-list__tab${tab === c ? ' promotion-list__tab--on' : ''}`} onClick={() => setTab(c)}>
            {c === ALL ? t('promo_category_all') : categoryLabel(t, c)}
          </button>
        ))}
      </div>
      {!list.data ? (
        <div className="promotion-list__cards promotion-list__cards--loading" aria-busy="true" />
      ) : shown.length === 0 ? (
        <p className="promotion-list__empty">{t('no_data')}</p>
      ) : (
        <ul className="promotion-list__cards">
          {shown.map((p) => (
            <li key={p.code} className="promotion-card" data-testid="promotion-card" data-code={p.code}>
              <Link className="promotion-card__link" to={`${detailTo}?code=${encodeURIComponent(p.code)}`}>
                {p.imageUrl ? <img className="promotion-card__banner" src={p.imageUrl} alt="" loading="lazy" /> : null}
                <span className="promotion-card__body">
                  <span className="promotion-card__title">{p.title}</span>
                  <Period promotion={p} timeZone={timeZone} />
                  {p.status ? (
                    <span className={`promotion-card__status promotion-card__status--${p.status}`} data-testid="promotion-status">
                      {t(statusKey(p.status))}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default PromotionList;
