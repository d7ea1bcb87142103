import { useSnapshot } from 'valtio';
import { useTranslation } from '../../lib/i18n';
import { applyUpdate, updateStore } from '../../sw/page';

/** "A new version is available — Reload", once a new build's service worker waits to take over. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { waiting } = useSnapshot(updateStore);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span className="update-prompt__text">{t('update_available')}</span>
      <button type="button" className="update-prompt__button" onClick={applyUpdate}>
        {t('update_reload')}
      </button>
    </div>
  );
}
