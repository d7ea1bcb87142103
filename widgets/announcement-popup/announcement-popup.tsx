import './styles.css';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../src/components/modal';
import { richText } from '../../src/lib/rich-text';
import { linkAction, POPUP_CLOSE_MS, rememberClosed, rememberShown, type Audience, type PopupItem } from './rules';
import { openExternal } from '../../src/lib/browser-actions';
import { useLinkOpen } from '../../src/lib/runtime';

export interface PopupProps {
  items: readonly PopupItem[];
  audience: Audience;
  goTo: string;
  /** Called after the closing animation, once the show flag is stored off. */
  onClosed: () => void;
}

/** The announcement dialog: one item at a time, its HTML through the rich-text allow-list, prev/next, go-to and close. */
export default function AnnouncementPopupDialog({ items, audience, goTo, onClosed }: PopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const linkOpen = useLinkOpen();
  const [index, setIndex] = useState(0);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const item = items[Math.min(index, items.length - 1)];
  // The announcement HTML as React elements through the site's rich-text allow-list (no DOM sanitiser to load first).
  const content = useMemo(() => richText(item?.content), [item?.content]);

  useEffect(() => {
    rememberShown(audience, items);
  }, [audience, items]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  /** Plays the closing animation, then stores show=false (spec section 4). */
  const close = (then?: () => void) => {
    if (closing) return;
    setClosing(true);
    closeTimer.current = setTimeout(() => {
      rememberClosed(audience, items);
      onClosed();
      then?.();
    }, POPUP_CLOSE_MS);
  };

  // Links in the content never navigate the page by themselves: http(s) opens a new tab, a site path uses the router.
  const onContentClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = e.target instanceof Element ? e.target.closest('a') : null;
    if (!link) return;
    const action = linkAction(link.getAttribute('href'));
    if (action === 'default') return;
    e.preventDefault();
    const href = (link.getAttribute('href') ?? '').trim();
    if (action === 'external') openExternal(href);
    // A path of a route this tenant closes leads nowhere (it would only bounce home).
    else if (action === 'internal' && linkOpen(href)) close(() => void navigate(href));
  };

  if (!item) return null;
  const many = items.length > 1;
  return (
    <Modal labelledBy="announcement-popup-title" onDismiss={() => close()} className={closing ? 'announcement-popup announcement-popup--closing' : 'announcement-popup'}>
      <div className="modal__head">
        <h2 id="announcement-popup-title" className="modal__title">
          {item.title}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label={t('close')} onClick={() => close()}>
          {'×'}
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- catches clicks on the links inside the announcement HTML; the links are the focusable controls and Enter on one fires this click too */}
      <div className="announcement-popup__content" onClick={onContentClick}>
        {content}
      </div>
      <div className="announcement-popup__actions">
        {many ? (
          <div className="announcement-popup__pager">
            <button type="button" className="button button--secondary" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
              {t('prev')}
            </button>
            <span className="announcement-popup__page" aria-live="polite">
              {index + 1}/{items.length}
            </span>
            <button type="button" className="button button--secondary" onClick={() => setIndex((i) => i + 1)} disabled={index >= items.length - 1}>
              {t('next')}
            </button>
          </div>
        ) : null}
        {linkOpen(goTo) ? (
          <button type="button" className="button button--primary" onClick={() => close(() => void navigate(goTo))}>
            {t('go_to')}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
