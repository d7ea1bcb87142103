import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useSystemStatus } from '../../lib/api/system';
import { tenantTimeZone, type TimeZoneWindow } from '../../lib/app-config';
import { zoneOffset } from '../../domain/date-range';
import { HOME_PATH } from '../../lib/layout-rules';
import { useStartup, useStartupState, useTenant, useZone } from '../../lib/runtime';
import { statusView } from '../../lib/startup-state';

const MINUTE_MS = 60_000;
/** A window ending within this long is watched for its end (a longer one relies on the poll). */
const WATCH_END_MS = 6 * 3_600_000;

/**
 * An instant as the tenant's wall clock, `YYYY-MM-DD HH:mm`: from the offsets the server sent
 * with the page when the instant falls in their window (the server render shows the same text),
 * else from the zone's rules.
 */
function zoneClock(zone: TimeZoneWindow | null, timeZone: string, instant: number): string {
  let offset: number | undefined;
  if (zone && instant >= zone.from && instant < zone.until) {
    for (const [from, minutes] of zone.offsets) if (from <= instant) offset = minutes;
  }
  offset ??= zoneOffset(timeZone, instant);
  return new Date(Math.floor(instant / MINUTE_MS) * MINUTE_MS + offset * MINUTE_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * /m/maintenance: the platform is under maintenance, until the window's end (in the tenant's time
 * zone) with the operator's message when there is one. The status is polled and asked again at
 * the window's end, and "check again" asks at once; once it is over the way home shows, and
 * "check again" goes there (a new page: new startup settings).
 */
function MaintenanceView() {
  const { t } = useTranslation();
  const startup = useStartup();
  const tenant = useTenant();
  const zone = useZone();
  const startupView = useStartupState().view;
  const { data, mutate } = useSystemStatus();
  const [checking, setChecking] = useState(false);
  // Over: the latest status says so, or (before one arrives) the page started with the site up
  // (/m/maintenance opened directly while nothing is under maintenance).
  const over = data !== undefined ? statusView(data) !== 'maintenance' : startupView !== 'maintenance';
  const shown = over ? null : data ? data.maintenanceWindow : startup.maintenanceWindow;
  const end = shown ? Date.parse(shown.endsAt) : NaN;

  // Asks again just after the window's end (besides the poll), so the way home shows at once.
  useEffect(() => {
    if (!Number.isFinite(end)) return;
    const wait = end - Date.now() + 1_000;
    if (wait < 0 || wait > WATCH_END_MS) return;
    const timer = setTimeout(() => void mutate(), wait);
    return () => clearTimeout(timer);
  }, [end, mutate]);

  const checkAgain = async () => {
    setChecking(true);
    try {
      const fresh = await mutate();
      if (fresh && statusView(fresh) !== 'maintenance') window.location.assign(HOME_PATH);
    } catch {
      // Still unreachable: the view stays as it is.
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className="status-view status-view--maintenance">
      <div className="status-view__art" aria-hidden="true" />
      <h1 className="status-view__title">{t(over ? 'site_up_title' : 'maintenance_title')}</h1>
      <p className="status-view__text" data-testid="maintenance-state">
        {t(over ? 'site_up_text' : 'platform_maintenance')}
      </p>
      {shown?.message ? (
        <p className="status-view__text status-view__message" data-testid="maintenance-message">
          {shown.message}
        </p>
      ) : null}
      {Number.isFinite(end) ? (
        <p className="status-view__text" data-testid="maintenance-until">
          {t('maintenance_until', { time: zoneClock(zone, tenantTimeZone(tenant), end) })}
        </p>
      ) : null}
      {over ? (
        <a className="button button--primary" href={HOME_PATH}>
          {t('home')}
        </a>
      ) : (
        <button type="button" className="button button--primary" onClick={() => void checkAgain()} disabled={checking}>
          {t('maintenance_check_again')}
        </button>
      )}
    </main>
  );
}

/** Region or IP restriction: the whole site is replaced by this notice with the visitor's IP. */
function RestrictedView() {
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
