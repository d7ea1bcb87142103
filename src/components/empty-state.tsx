import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import type { TranslationKey } from '../lib/i18n-keys';

/**
 * The empty-state panel: an illustration and 'no data' (or another key, with its values), and
 * under it what the player can do about it (`children`: a button to clear a search, say).
 */
export function EmptyState({ messageKey = 'no_data', params, children }: { messageKey?: TranslationKey; params?: Record<string, string | number>; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <svg className="empty-state__art" viewBox="0 0 64 48" width="96" height="72" aria-hidden="true" focusable="false">
        <rect x="6" y="14" width="52" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M6 24h16l4 6h12l4-6h16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M20 4l4 6M32 2v8M44 4l-4 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="empty-state__text">{params ? t(messageKey, params) : t(messageKey)}</p>
      {children}
    </div>
  );
}
