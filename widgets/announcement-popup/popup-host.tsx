import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useHomeAnnouncements } from '../../src/features/home';
import { useContentLanguage } from '../../src/lib/language';
import { useRuntimeState, useTenant } from '../../src/lib/runtime';
import { usePopupTurn } from '../../src/components/popup-queue';
import { audienceOf, POPUP_LOAD_DELAY_MS, popupItemsFor, readPopupMemory, shouldShowPopup } from './rules';

/** The dialog and the HTML sanitiser load only when there is a popup to show. */
const Dialog = lazy(() => import('./announcement-popup'));

/**
 * Reads the home popups (mounted 500 ms after the widget), picks the audience's items and decides
 * whether they show. A later change of the list (a login or logout changes the audience) is read
 * again 500 ms after it happens.
 */
export default function PopupHost({ goTo }: { goTo: string }) {
  const { i18n } = useTranslation();
  const tenant = useTenant();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const firstTimeLogin = useRuntimeState((state) => state.session?.firstTimeLogin === true);
  const lang = useContentLanguage(i18n, tenant);
  const { data } = useHomeAnnouncements(lang);
  const audience = audienceOf(signedIn);
  const items = useMemo(() => popupItemsFor(data?.popups ?? [], audience, firstTimeLogin), [data, audience, firstTimeLogin]);
  const listKey = data ? `${audience}:${items.map((i) => `${i.id}`).join(',')}` : null;

  const [readKey, setReadKey] = useState<string | null>(null);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  useEffect(() => {
    if (listKey === null || listKey === readKey) return;
    // The first list is read as it arrives (the host itself mounts 500 ms late); later ones 500 ms after the change.
    const timer = setTimeout(() => setReadKey(listKey), readKey === null ? 0 : POPUP_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [listKey, readKey]);

  const show = listKey !== null && readKey === listKey && closedKey !== listKey && shouldShowPopup(items, readPopupMemory(audience));
  // One popup at a time: after any other popup (a contract prompt) or dialog is closed.
  const turn = usePopupTurn(show);
  if (!show || !turn) return null;
  return (
    <Suspense fallback={null}>
      <Dialog key={listKey} items={items} audience={audience} goTo={goTo} onClosed={() => setClosedKey(listKey)} />
    </Suspense>
  );
}
