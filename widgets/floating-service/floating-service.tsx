import { CONTACT_LABELS, ContactGlyph } from '../../src/components/contact-glyph';
import type { Contact } from '../../src/components/contacts';
import { useTranslation } from '../../src/lib/i18n';

/** The floating column of contact buttons, each opening its app or chat in a new context. */
export default function FloatingButtons({ contacts }: { contacts: readonly Contact[] }) {
  const { t } = useTranslation();
  return (
    <nav className="floating-service" aria-label={t('customer_service')}>
      {contacts.map((c) => (
        <a key={c.kind} className={`floating-service__button floating-service__button--${c.kind}`} href={c.url} target="_blank" rel="noopener noreferrer" aria-label={t(CONTACT_LABELS[c.kind])}>
          <ContactGlyph kind={c.kind} />
        </a>
      ))}
    </nav>
  );
}
