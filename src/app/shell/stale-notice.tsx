import { FRESH_DATA, staleData } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n';
import { useProxyState } from '../../lib/hydration';

/**
 * The server answered from its cache because its database was out of reach (the API client saw
 * `Warning: 110`): a small bar says that some data may be out of date; it goes once an answer
 * comes fresh. It blocks nothing.
 */
export function StaleNotice() {
  const { t } = useTranslation();
  const stale = useProxyState(staleData, (s) => s.stale, FRESH_DATA);
  if (!stale) return null;
  return (
    <div className="stale-notice" role="status">
      {t('stale_data_notice')}
    </div>
  );
}
