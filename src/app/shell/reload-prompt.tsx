import { useState } from 'react';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n';

/**
 * The startup state's version check (src/lib/startup-state.ts): the server runs a newer version
 * than this page was built with. The visitor reloads when it suits them, or dismisses the offer.
 */
export function ReloadPrompt() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="reload-prompt" role="status">
      <span className="reload-prompt__text">{t('new_version_available')}</span>
      <button type="button" className="button button--primary reload-prompt__reload" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
      <button type="button" className="icon-button reload-prompt__close" aria-label={t('close')} onClick={() => setDismissed(true)}>
        <Icon name="close" />
      </button>
    </div>
  );
}
