import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../components/icons';
import { LanguageOptions } from './language-switcher';
import { Modal } from '../../components/modal';

/** The language list as a dialog, for the `language` item action (pages without the header switcher). */
export default function LanguageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="language-dialog">
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {t('language')}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label={t('close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <LanguageOptions onChosen={onClose} />
    </Modal>
  );
}
