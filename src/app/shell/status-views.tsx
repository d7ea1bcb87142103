import { useTranslation } from '../../lib/i18n';
import { useSystemStatus } from '../../lib/api/system';
import { HOME_PATH, startupView } from '../../lib/layout-rules';
import { useStartup } from '../../lib/runtime';

/** /m/maintenance: the platform is under maintenance; offers home again once the status clears. */
export function MaintenanceView() {
  const { t } = useTranslation();
  const { data } = useSystemStatus();
  const over = data !== undefined && startupView(data) !== 'maintenance';
  return (
    <main className="status-view status-view--maintenance">
      <div className="status-view__art" aria-hidden="true" />
      <h1 className="status-view__title">{t('maintenance_title')}</h1>
      <p className="status-view__text">{t('platform_maintenance')}</p>
      {over ? (
        <a className="button button--primary" href={HOME_PATH}>
          {t('home')}
        </a>
      ) : null}
    </main>
  );
}

/** Region or IP restriction: the whole site is replaced by this notice with the visitor's IP. */
export function RestrictedView() {
  const { t } = useTranslation();
  const startup = useStartup();
  const location = startup.location as { ip?: string } | undefined;
  return (
    <main className="status-view status-view--restricted">
      <div className="status-view__art" aria-hidden="true" />
      <h1 className="status-view__title">{t('restricted_title')}</h1>
      <p className="status-view__text">{t('access_restricted', { ip: location?.ip ?? '-' })}</p>
    </main>
  );
}

/** The lazy chunk's entry: which view the shell asked for. */
export default function StatusView({ view }: { view: 'maintenance' | 'restricted' }) {
  return view === 'restricted' ? <RestrictedView /> : <MaintenanceView />;
}

