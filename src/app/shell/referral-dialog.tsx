import { useId, useState } from 'react';
import { useReferral } from '../../features/engagement';
import { useTranslation } from '../../lib/i18n';
import { useMemberScope } from '../../lib/runtime';
import { runtimeText, showToast } from '../../lib/feedback';
import { Icon } from '../../components/icons';
import { referralLink } from '../../lib/layout-rules';
import { Modal } from '../../components/modal';
import { copyText } from '../../lib/browser-actions';

/**
 * Referral / link management: the member's share link to registration (with the member's own
 * referral code from the server), with a copy button.
 */
export default function ReferralDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const { data, error } = useReferral(useMemberScope());
  // The dialog opens on a tap, never on the server: the host can be read while rendering.
  const [host] = useState(() => window.location.host);
  const link = data && host ? referralLink(host, data.code) : '';
  const copy = async () => {
    if (link && (await copyText(link))) void showToast('copied');
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
      <input id={fieldId} className="field__input referral-dialog__link" readOnly value={link} aria-busy={!link && !error} onFocus={(e) => e.currentTarget.select()} />
      {error ? (
        <p className="form-field__error" role="alert">
          {runtimeText(i18n, error.messageKey)}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--primary" disabled={!link} onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
    </Modal>
  );
}
