import { CONTACT_LABELS, ContactGlyph } from '../../src/components/contact-glyph';
import type { Contact } from '../../src/components/contacts';
import { Icon } from '../../src/components/icons';
import { usePopover } from '../../src/components/use-popover';
import { useTranslation } from '../../src/lib/i18n';

/**
 * One floating customer-service button (one target over the page, not a column of them over the
 * game tiles and chips): it opens the configured contacts above it, each opening its app or chat
 * in a new context. It closes on a second tap, a tap outside it or Escape.
 */
export default function FloatingButtons({ contacts }: { contacts: readonly Contact[] }) {
  const { t } = useTranslation();
  const { open, setOpen, listId, rootRef, toggleRef } = usePopover<HTMLElement>();
  return (
    <nav ref={rootRef} className={`floating-service${open ? ' floating-service--open' : ''}`} aria-label={t('customer_service')}>
      {open ? (
        <ul id={listId} className="floating-service__list">
          {contacts.map((c) => (
            <li key={c.kind}>
              <a
                className={`floating-service__button floating-service__button--${c.kind}`}
                href={c.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(CONTACT_LABELS[c.kind])}
                onClick={() => setOpen(false)}
              >
                <ContactGlyph kind={c.kind} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="floating-service__button floating-service__toggle"
        aria-label={t('customer_service')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'service'} />
      </button>
    </nav>
  );
}
