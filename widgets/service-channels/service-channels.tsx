import { CONTACT_LABELS, ContactGlyph } from '../../src/components/contact-glyph';
import type { ServiceHours } from '../../src/generated/tenant';
import { configuredContacts, type ContactKind } from '../../src/components/contacts';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { effectiveSettings, useRuntime } from '../../src/lib/runtime';

interface Channel {
  id: string;
  glyph: ContactKind;
  label: TranslationKey;
  url: string;
}

/** The hours line: around the clock when the service opens when it closes. */
function HoursLine({ hours }: { hours: ServiceHours }) {
  const { t } = useTranslation();
  return (
    <p className="service-channels__hours" data-testid="service-hours">
      {hours.from === hours.to ? t('service_hours_always') : t('service_hours', { from: hours.from, to: hours.to })}
    </p>
  );
}

/** Online service first, then every configured channel; each opens outside (its app, or a new tab). */
export default function ServiceChannelsView({ online, hours }: { online: boolean; hours: boolean }) {
  const { t } = useTranslation();
  const { tenant, startup } = useRuntime();
  const settings = effectiveSettings({ tenant, startup });
  const channels: Channel[] = [
    ...(online ? [{ id: 'online', glyph: 'liveChat' as const, label: 'online_service' as const, url: settings.customerService.url }] : []),
    ...configuredContacts(settings.contacts, startup.info?.contacts).map((c) => ({ id: c.kind, glyph: c.kind, label: CONTACT_LABELS[c.kind], url: c.url })),
  ];
  const serviceHours = hours ? settings.customerService.hours : undefined;
  return (
    <section className="service-channels" aria-labelledby="service-channels-title">
      <h2 id="service-channels-title" className="service-channels__title">
        {t('service_title')}
      </h2>
      <p className="service-channels__intro">{t('service_intro')}</p>
      {serviceHours ? <HoursLine hours={serviceHours} /> : null}
      {channels.length === 0 ? (
        <p className="service-channels__empty">{t('service_none')}</p>
      ) : (
        <ul className="service-channels__list">
          {channels.map((c) => (
            <li key={c.id}>
              <a className={`service-channel service-channel--${c.id}`} href={c.url} target="_blank" rel="noopener noreferrer" data-channel={c.id}>
                <span className="service-channel__icon">
                  <ContactGlyph kind={c.glyph} />
                </span>
                <span className="service-channel__name">{t(c.label)}</span>
                <span className="service-channel__hint">{t('service_opens_outside')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
