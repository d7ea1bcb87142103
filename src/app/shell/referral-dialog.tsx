import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { showToast } from '../../lib/feedback';
import { Icon } from '../../components/icons';
import { referralLink } from '../../lib/layout-rules';
import { Modal } from '../../components/modal';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Referral / link management: the member's share link to registration, with a copy button. */
export default function ReferralDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const [link] = useState(() => referralLink(window.location.host, code));
  const copy = async () => {
    if (await copyText(link)) void showToast('copied');
  };
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="referral-dialog">
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {t('referral')}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label={t('close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <label className="field__label" htmlFor={fieldId}>
        {t('invite_friends')}
      </label>
      <input id={fieldId} className="field__input referral-dialog__link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
    </Modal>
  );
}
