/** The icon and name of each customer-service channel (floating buttons, the service page). */
import type { ContactKind } from './contacts';
import type { TranslationKey } from '../lib/i18n-keys';

export const CONTACT_LABELS: Record<ContactKind, TranslationKey> = {
  whatsapp: 'contact_whatsapp',
  viber: 'contact_viber',
  facebook: 'contact_facebook',
  liveChat: 'live_chat',
  telegram: 'contact_telegram',
};

/** Simple brand-neutral glyphs on a 24 grid (nothing trademarked). */
const GLYPHS: Record<ContactKind, string[]> = {
  whatsapp: ['M4 20l1.3-3.9A8 8 0 1 1 8 19z', 'M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2z'],
  viber: ['M6 4h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-6l-4 3v-3H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M9 8.5c.5 2.5 2 4 4.5 4.5l1-1.2-1.5-1-.8.7a4 4 0 0 1-1.7-1.7l.7-.8-1-1.5z'],
  facebook: ['M14 8h2.5V4.5H14A3.5 3.5 0 0 0 10.5 8v2.5H8V14h2.5v6H14v-6h2.5l.5-3.5h-3V8.5a.5.5 0 0 1 .5-.5z'],
  liveChat: ['M4 5h16v11H9l-5 4z', 'M8 10h.01', 'M12 10h.01', 'M16 10h.01'],
  telegram: ['M3 11.5L20 4l-3 16-5-4.5-3 3v-5l8-7.5-10 6z'],
};

export function ContactGlyph({ kind }: { kind: ContactKind }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {GLYPHS[kind].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
